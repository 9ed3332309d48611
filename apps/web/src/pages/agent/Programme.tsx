import { AppLink } from '../../lib/nav';
import { IconCoins, IconInfo, IconService } from '../../components/icons';

const PERKS = [
  { title: '专属推广链接', text: '扫码即注册，下级自动归属' },
  { title: '实时数据', text: '团队业绩随时查看' },
  { title: '月结佣金', text: '最高 45% 佣金比例' },
];

/**
 * A member without an agent record: the programme with its apply button (the portal is for
 * agents only; /api/agent/* answers them a refusal).
 */
export function Programme() {
  return (
    <div className="ag-body" data-testid="agent-programme">
      <section className="ag-ref ag-prog">
        <span className="ag-prog-icon">
          <IconCoins size={28} />
        </span>
        <div className="ag-ref-title">您还不是代理</div>
        <p className="ag-prog-text">加入代理计划，分享专属推广链接，好友注册游戏即可按月获得佣金。</p>
        <div className="ag-prog-perks">
          {PERKS.map((p) => (
            <span key={p.title}>
              <b>{p.title}</b>
              {p.text}
            </span>
          ))}
        </div>
        <AppLink to="/applyagent" className="btn-gold btn-block ag-prog-apply" data-testid="agent-apply">
          申请成为代理
        </AppLink>
        <AppLink to="/gamePage?dailiD=1&name=代理计划" className="ag-prog-more">
          了解代理计划与佣金方案 ›
        </AppLink>
      </section>
    </div>
  );
}

/** An agent whose record an operator suspended. */
export function Suspended() {
  return (
    <div className="ag-body" data-testid="agent-suspended">
      <section className="card ag-suspended">
        <IconInfo size={28} />
        <b>代理资格已暂停</b>
        <p>暂停期间不产生佣金，下级会员仍归属于您。如有疑问请联系在线客服。</p>
        <AppLink to="/kefu" className="btn-gold">
          <IconService size={14} />
          联系在线客服
        </AppLink>
      </section>
    </div>
  );
}
