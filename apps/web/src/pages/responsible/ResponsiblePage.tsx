import { useEffect, useState } from 'react';
import { Dialog } from '../../ui/imperative';
import {
  check,
  EXCLUSION_DURATIONS,
  formatYuan,
  responsibleLimitSchema,
  RESPONSIBLE_DURATION_NAMES,
  RESPONSIBLE_KIND_NAMES,
  RESPONSIBLE_PERIOD_NAMES,
  TIMEOUT_DURATIONS,
  type BreakKind,
  type ResponsibleLimitKind,
  type ResponsiblePeriod,
} from '@casino/contract';
import { useResponsible, useResponsibleChange } from '../../hooks/api/responsible';
import { toast } from '../../ui/feedback';
import { IconClock, IconShield } from '../../components/icons';
import './ResponsiblePage.css';

const yuan = (n: number | null) => (n === null ? '未设置' : `${formatYuan(n, true)}元`);

/**
 * /responsible 自我管理 (issue 22, DESIGN.md section 13): the member's deposit and loss limits per
 * Beijing day, week and month, the reality-check interval, a time-out or self-exclusion, and the
 * history of every change. The server decides what applies when; this page shows its answer.
 */
export default function ResponsiblePage() {
  const q = useResponsible();
  const { send, busy } = useResponsibleChange();
  const [editing, setEditing] = useState<{ kind: ResponsibleLimitKind; period: ResponsiblePeriod } | null>(null);
  const [amount, setAmount] = useState('');
  const [minutes, setMinutes] = useState('');
  // an open confirmation must not outlive the page (antd-mobile's imperative dialogs stay otherwise)
  useEffect(() => () => Dialog.clear(), []);

  if (q.isPending) return <div className="rg-page rg-loading">加载中…</div>;
  if (q.isError || !q.data)
    return (
      <div className="rg-page rg-error">
        <p>{q.error?.message ?? '加载失败'}</p>
        <button type="button" className="rg-btn" onClick={() => void q.refetch()}>重试</button>
      </div>
    );
  const s = q.data;

  const saveLimit = async () => {
    if (!editing) return;
    const parsed = check(responsibleLimitSchema, { ...editing, amount });
    if (!parsed.ok) return toast(parsed.message, 'fail');
    const res = await send('/api/responsible/limit', { ...editing, amount: amount.trim() });
    if (res.code === 200) setEditing(null);
  };

  const takeBreak = async (kind: BreakKind, duration: string) => {
    const name = RESPONSIBLE_KIND_NAMES[kind];
    const ok = await Dialog.confirm({
      title: `确认开始${name}（${RESPONSIBLE_DURATION_NAMES[duration]}）`,
      content: (
        <div className="rg-warning" data-testid="rg-break-warning">
          <p>{name}立即生效，期间<strong>不能提前结束</strong>{kind === 'exclusion' ? '，客服也无法为您缩短' : ''}。</p>
          <p>期间不能存款、转入场馆、进入游戏、领取红包、申请活动，也不会收到优惠消息；场馆余额将自动回收到中心钱包。</p>
          <p>登录、查看记录和取款不受影响。</p>
        </div>
      ),
      confirmText: `确认${name}`,
      cancelText: '再想想',
    });
    if (ok) await send('/api/responsible/break', { kind, duration });
  };

  return (
    <div className="rg-page" data-testid="responsible-page">
      <section className="rg-intro">
        <IconShield />
        <div>
          <h2>负责任博彩</h2>
          <p>为自己设置限额和休息时间。降低限额与开始冷静期立即生效；提高或取消限额需等待24小时。</p>
        </div>
      </section>

      {s.active_break && (
        <section className="rg-break-on" data-testid="rg-active-break">
          <strong>您正在{RESPONSIBLE_KIND_NAMES[s.active_break.kind]}中</strong>
          <p>至 {s.active_break.ends_at}（北京时间）结束。期间不能存款、转入场馆、进入游戏、领取红包和申请活动；登录、查看记录和取款不受影响。</p>
        </section>
      )}

      {(['deposit', 'loss'] as const).map((kind) => (
        <section className="rg-card" key={kind}>
          <h3>{RESPONSIBLE_KIND_NAMES[kind]}</h3>
          <p className="rg-sub">{kind === 'deposit' ? '创建存款订单时计入（含待支付订单）' : '按已结算注单的净输赢计算，达到后不能转入场馆和进入游戏'}</p>
          {s.limits.filter((l) => l.kind === kind).map((l) => (
            <div className="rg-row" key={l.period} data-testid={`rg-limit-${kind}-${l.period}`}>
              <div className="rg-row-main">
                <span className="rg-period">{RESPONSIBLE_PERIOD_NAMES[l.period]}</span>
                <span className="rg-amount">{yuan(l.amount)}</span>
                {l.amount !== null && <span className="rg-used">已用 {formatYuan(l.used, true)} · 剩余 {formatYuan(l.left ?? 0, true)}</span>}
                {l.pending && (
                  <span className="rg-pending" data-testid="rg-pending">
                    待生效：{l.pending.amount === null ? '取消限额' : yuan(l.pending.amount)}，{l.pending.effective_at} 起
                  </span>
                )}
              </div>
              <button type="button" className="rg-link" onClick={() => { setEditing({ kind, period: l.period }); setAmount(l.amount === null ? '' : String(l.amount)); }}>
                {l.amount === null ? '设置' : '修改'}
              </button>
            </div>
          ))}
          {editing?.kind === kind && (
            <div className="rg-edit" data-testid="rg-limit-edit">
              <label>
                {RESPONSIBLE_PERIOD_NAMES[editing.period]}{RESPONSIBLE_KIND_NAMES[kind]}（元，留空或0表示取消）
                <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="rg-amount-input" />
              </label>
              <div className="rg-edit-actions">
                <button type="button" className="rg-btn ghost" onClick={() => setEditing(null)}>取消</button>
                <button type="button" className="rg-btn" disabled={busy} onClick={() => void saveLimit()} data-testid="rg-save-limit">保存</button>
              </div>
            </div>
          )}
        </section>
      ))}

      <section className="rg-card">
        <h3><IconClock /> 游戏时长提醒</h3>
        <p className="rg-sub">游戏中每隔设定的分钟数提醒您已玩多久。当前：{s.reality_minutes ? `每${s.reality_minutes}分钟` : '已关闭'}{s.reality_default ? `（网站默认${s.reality_default_minutes ? `${s.reality_default_minutes}分钟` : '关闭'}）` : ''}</p>
        <div className="rg-chips">
          {[15, 30, 60, 120, 0].map((m) => (
            <button type="button" key={m} className={`rg-chip${s.reality_minutes === m ? ' on' : ''}`} disabled={busy} onClick={() => void send('/api/responsible/reality', { minutes: m })}>
              {m ? `${m}分钟` : '关闭'}
            </button>
          ))}
        </div>
        <div className="rg-inline">
          <input inputMode="numeric" placeholder="自定义分钟（1-240）" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          <button type="button" className="rg-btn" disabled={busy || !minutes} onClick={() => void send('/api/responsible/reality', { minutes })}>保存</button>
        </div>
      </section>

      <section className="rg-card">
        <h3>冷静期</h3>
        <p className="rg-sub">暂停一段时间，期间不能存款和游戏，到期自动恢复。</p>
        <div className="rg-chips">
          {TIMEOUT_DURATIONS.map((d) => (
            <button type="button" key={d} className="rg-chip" disabled={busy} onClick={() => void takeBreak('timeout', d)} data-testid={`rg-timeout-${d}`}>
              {RESPONSIBLE_DURATION_NAMES[d]}
            </button>
          ))}
        </div>
      </section>

      <section className="rg-card rg-danger">
        <h3>自我排除</h3>
        <p className="rg-sub">较长时间停止使用本站，任何人都不能提前解除，客服只能延长。</p>
        <div className="rg-chips">
          {EXCLUSION_DURATIONS.map((d) => (
            <button type="button" key={d} className="rg-chip" disabled={busy} onClick={() => void takeBreak('exclusion', d)} data-testid={`rg-exclusion-${d}`}>
              {RESPONSIBLE_DURATION_NAMES[d]}
            </button>
          ))}
        </div>
      </section>

      <section className="rg-card">
        <h3>变更记录</h3>
        {s.history.length === 0 ? (
          <p className="rg-empty">暂无记录</p>
        ) : (
          <ul className="rg-history" data-testid="rg-history">
            {s.history.map((h) => (
              <li key={h.id}>
                <span>{h.summary}{h.actor === 'operator' ? '（操作员）' : ''}</span>
                <small>申请 {h.requested_at} · 生效 {h.effective_at}{h.ends_at ? ` · 结束 ${h.ends_at}` : ''}</small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
