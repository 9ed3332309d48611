import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { VipLevelRow } from '@casino/contract';
import { useSession } from '../../session/store';
import { AppLink } from '../../lib/nav';
import { vipLevel } from '../../components/VipBadge';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { IconCheck, IconClock, IconCrown, IconShield } from '../../components/icons';
import { LEVEL_TONES, REBATE_COLUMNS, VIP_LEVELS, VIP_QUERY, yuanText } from '../vip/vipLevels';
import '../../styles/tabs.css';
import './VipPrivilegePage.css';

/**
 * VIP特权 (/vipPrivilege?level=N): one tab per level; the deposit (recharge) and turnover
 * (flow) a level needs, whether the member has reached it, the level's maximum rebate per
 * category, and the promotion, retention and demotion rules of spec section 4.
 */
export default function VipPrivilegePage() {
  const [params, setParams] = useSearchParams();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const myLevel = token ? vipLevel(user) : 0;
  const q = useQuery(VIP_QUERY);
  const asked = Number(params.get('level'));
  const level = Number.isInteger(asked) && asked >= 1 && asked <= VIP_LEVELS ? asked : Math.min(VIP_LEVELS, Math.max(1, myLevel || 1));
  const tabs = useRef<HTMLDivElement>(null);

  // keep the chosen tab in view
  useEffect(() => {
    const el = tabs.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    el?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [level]);

  const row = q.data?.find((r) => Number(r.level) === level);
  return (
    <div className="vpr" data-testid="vip-privilege-page">
      <div ref={tabs} className="chip-tabs" role="tablist">
        {Array.from({ length: VIP_LEVELS }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            role="tab"
            aria-selected={n === level}
            className={n === level ? 'chip-tab vpr-tab chip-tab--on' : 'chip-tab vpr-tab'}
            data-testid={`vip-tab-${n}`}
            onClick={() => {
              if (n !== level) setParams({ level: String(n) }, { replace: true });
            }}
          >
            VIP{n}
          </button>
        ))}
      </div>

      <div className="page-body vpr-body">
        {q.data ? (
          row ? (
            <Level row={row} member={Boolean(token)} myLevel={myLevel} />
          ) : (
            <div className="card">
              <EmptyState title="暂无该等级信息" />
            </div>
          )
        ) : q.isError ? (
          <div className="card">
            <LoadFailed onRetry={() => void q.refetch()} />
          </div>
        ) : (
          <div className="card vpr-sk" aria-busy="true" aria-label="加载中">
            <span className="sk" style={{ width: '50%', height: 22 }} />
            <span className="sk" style={{ width: '100%', height: 64, marginTop: 14 }} />
            <span className="sk" style={{ width: '100%', height: 120, marginTop: 14 }} />
          </div>
        )}
        <Rules />
      </div>
    </div>
  );
}

function Level({ row, member, myLevel }: { row: VipLevelRow; member: boolean; myLevel: number }) {
  const level = Number(row.level);
  const reached = member && myLevel >= level;
  const [a, b] = LEVEL_TONES[(level - 1) % LEVEL_TONES.length]!;
  return (
    <>
      <section className="vpr-head" style={{ background: `linear-gradient(135deg, ${a} 0%, ${b} 100%)` }} data-testid="vip-privilege-level" data-level={level}>
        <div className="vpr-head-top">
          <span className="vpr-level">VIP{level}</span>
          <span className="vpr-name">{row.name}</span>
          {member ? (
            <span className={reached ? 'vpr-status vpr-status--ok' : 'vpr-status'} data-testid="vip-privilege-status">
              {reached ? '已达成' : '未达成'}
            </span>
          ) : (
            <AppLink to={`/login?redirect=${encodeURIComponent(`/vipPrivilege?level=${level}`)}`} className="vpr-status" data-testid="vip-privilege-status">
              登录查看
            </AppLink>
          )}
        </div>
        <div className="vpr-req">
          <div>
            <span>累计存款（元）</span>
            <b className="num" data-testid="vip-privilege-recharge">
              {yuanText(row.recharge)}
            </b>
          </div>
          <div>
            <span>累计流水（元）</span>
            <b className="num" data-testid="vip-privilege-flow">
              {yuanText(row.flow)}
            </b>
          </div>
        </div>
      </section>

      <section className="card vpr-card">
        <h2 className="vpr-h">
          <IconCrown size={16} strokeWidth={2.2} />
          最高返水比例
        </h2>
        <table className="vpr-table" data-testid="vip-privilege-rebates">
          <thead>
            <tr>
              <th>游戏类型</th>
              <th>最高返水</th>
            </tr>
          </thead>
          <tbody>
            {REBATE_COLUMNS.map((c) => (
              <tr key={c.key}>
                <td>{c.label}</td>
                <td className="num">{Number(row[c.key]) || 0}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function Rules() {
  const rules = [
    {
      icon: <IconCheck size={16} strokeWidth={2.2} />,
      title: '晋级规则',
      text: '累计存款与累计流水同时达到等级要求即可晋级；每天最多晋升一级，不可跳级，晋级于次日 24:00 前生效。',
    },
    {
      icon: <IconShield size={16} strokeWidth={2.2} />,
      title: '保级规则',
      text: '晋升至新等级后，需在 90 天内完成该等级的保级流水，即可保留当前等级。',
    },
    {
      icon: <IconClock size={16} strokeWidth={2.2} />,
      title: '降级规则',
      text: '若在一个季度（90 天）内未完成保级流水，系统将下调一个等级。',
    },
  ];
  return (
    <section className="card vpr-card" data-testid="vip-privilege-rules">
      <h2 className="vpr-h">
        <IconCrown size={16} strokeWidth={2.2} />
        等级规则
      </h2>
      {rules.map((r) => (
        <div key={r.title} className="vpr-rule">
          <span className="vpr-rule-icon">{r.icon}</span>
          <div>
            <h3>{r.title}</h3>
            <p>{r.text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
