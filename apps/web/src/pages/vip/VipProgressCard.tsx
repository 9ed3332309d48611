import { formatYuan, type VipProgress } from '@casino/contract';
import { LoadFailed } from '../../components/EmptyState';
import { useVipProgress } from '../../hooks/api/promotions';
import './VipProgressCard.css';

const REASON: Record<string, string> = { promotion: '晋级', demotion: '降级' };

/**
 * The member's own standing on /vip (POST /api/vipprogress): deposit and turnover progress toward
 * the next level (spec section 9: value / threshold, rounded, capped at 100), and the turnover
 * that keeps the current level before its retention deadline.
 */
export function VipProgressCard() {
  const q = useVipProgress(true);
  if (q.isError) {
    return (
      <section className="card vpc">
        <LoadFailed onRetry={() => void q.refetch()} text="晋级进度加载失败" />
      </section>
    );
  }
  if (!q.data) {
    return (
      <section className="card vpc" aria-busy="true" aria-label="加载中">
        <span className="sk" style={{ display: 'block', width: '40%', height: 16 }} />
        <span className="sk" style={{ display: 'block', height: 10, marginTop: 14 }} />
        <span className="sk" style={{ display: 'block', height: 10, marginTop: 14 }} />
      </section>
    );
  }
  return <Progress p={q.data} />;
}

function Bar({ label, hint, value, target, pct, testId }: { label: string; hint?: string; value: number; target: number; pct: number; testId: string }) {
  return (
    <div className="vpc-row" data-testid={testId}>
      <div className="vpc-row-head">
        <span>
          {label}
          {hint ? (
            <small className="vpc-hint" data-testid={`${testId}-hint`}>
              {hint}
            </small>
          ) : null}
        </span>
        <span className="num">
          {formatYuan(value, true)} / {formatYuan(target, true)}
        </span>
      </div>
      <div className="vpc-bar">
        <i style={{ width: `${pct}%` }} />
      </div>
      <span className="vpc-pct num">{pct}%</span>
    </div>
  );
}

/**
 * The turnover figure is not live: the nightly rebate settlement adds each day's valid bets to
 * it (issue 25: 0.00 beside a day of bets read as a fault). Dated when the server says up to
 * which day it counts; otherwise when it updates.
 */
function flowHint(through: string | null | undefined): string {
  return through ? `统计至 ${through.slice(5, 10).replace('-', '月')}日 · 每日凌晨更新` : '每日凌晨更新';
}

function Progress({ p }: { p: VipProgress }) {
  const keepPct = p.retention ? (p.retention.required > 0 ? Math.min(100, Math.round((p.retention.done / p.retention.required) * 100)) : 100) : 0;
  return (
    <section className="card vpc" data-testid="vip-my-progress">
      <h2 className="vpc-h">
        {p.next ? (
          <>
            距离 <b>VIP{p.next.level}</b> {p.next.name}
          </>
        ) : (
          '您已是最高等级'
        )}
      </h2>
      {p.next ? (
        <>
          <Bar label="累计存款" value={p.paysum} target={p.next.recharge} pct={p.next.percent} testId="vip-progress-recharge" />
          <Bar label="累计流水" hint={flowHint(p.flow_through)} value={p.flow} target={p.next.flow} pct={p.next.flow_percent} testId="vip-progress-flow" />
          <p className="vpc-note">
            存款实时累计；流水为已结算的有效投注，每日凌晨结算前一天的投注后更新，当天的投注次日计入。存款与流水同时达标后，于次日凌晨自动晋级（每天最多晋升一级）。
          </p>
        </>
      ) : null}
      {p.retention ? (
        <div className="vpc-keep" data-testid="vip-retention">
          <div className="vpc-row-head">
            <span>
              VIP{p.retention.level} 保级流水
              <small className="vpc-hint">{flowHint(p.flow_through)}</small>
            </span>
            <span className="num">
              {formatYuan(p.retention.done, true)} / {formatYuan(p.retention.required, true)}
            </span>
          </div>
          <div className="vpc-bar vpc-bar--keep">
            <i style={{ width: `${keepPct}%` }} />
          </div>
          <p className="vpc-note">
            请在 <b className="num">{p.retention.deadline.slice(0, 10)}</b> 前（剩余 {p.retention.days_left} 天）完成保级流水，否则将下调一个等级。
          </p>
        </div>
      ) : null}
      {p.history.length ? (
        <ul className="vpc-history" data-testid="vip-history">
          {p.history.slice(0, 3).map((h) => (
            <li key={`${h.day}-${h.to}`}>
              <span className="num">{h.day}</span>
              <span>
                {REASON[h.reason] ?? h.reason} VIP{h.from} → VIP{h.to}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
