import { useState } from 'react';
import { AGENT_FIGURE_LABEL, AGENT_STATEMENT_STATE_LABEL, type AgentFiguresYuan, type AgentStatementRow } from '@casino/contract';
import { Sheet } from '../../components/Sheet';
import { LoadFailed } from '../../components/EmptyState';
import { agentFailureText, useAgentStatement, useAgentStatements } from '../../hooks/api/agents';
import { QueryList } from '../fanshui/QueryList';
import { Fig } from './Downline';
import { figureText, money } from './Overview';
import { Money } from '../../components/Money';

const STATE_TAG: Record<number, string> = { 1: 'gold', 2: 'gold', 3: 'green', 4: 'red' };

/** 佣金: what was credited, and the monthly statements; one opens with its line items. */
export function StatementsTab({ paid }: { paid: number }) {
  const query = useAgentStatements();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="ag-body">
      <section className="ag-paid" data-testid="agent-paid-card">
        <span>累计已发放佣金（元）</span>
        <b className="num" data-testid="agent-paid-total">
          <Money>{money(paid)}</Money>
        </b>
        <small>审核通过后发放至中心钱包，需完成相应流水后方可提款</small>
      </section>
      <QueryList
        query={query}
        rowsOf={(p) => p.data}
        totalOf={(p) => p.total}
        testId="agent-statements"
        emptyTitle="暂无佣金报表"
        emptyText="每月初结算上月佣金，生成报表后显示在这里"
        render={(r) => <StatementItem key={r.id} row={r} onOpen={() => setOpen(r.id)} />}
      />
      <Sheet open={open !== null} title="佣金报表明细" onClose={() => setOpen(null)} testId="agent-statement-sheet" destroyOnClose>
        {open !== null ? <StatementDetail id={open} /> : null}
      </Sheet>
    </div>
  );
}

function StatementItem({ row, onOpen }: { row: AgentStatementRow; onOpen(): void }) {
  return (
    <button type="button" className="card rec-item ag-statement" onClick={onOpen} data-testid="agent-statement">
      <div className="rec-item-head">
        <span className="rec-item-title">
          {row.month} 月结
          <span className="rec-item-sub">{row.rate ? `佣金比例 ${row.rate}%` : '未达档位'}</span>
        </span>
        <span className={`rec-tag rec-tag--${STATE_TAG[row.state] ?? 'grey'}`} data-testid="agent-statement-state">
          {AGENT_STATEMENT_STATE_LABEL[row.state] ?? row.state}
        </span>
      </div>
      <div className="rec-item-figures ag-item-figs">
        <Fig label="活跃会员" value={row.active_members} />
        <Fig label="净盈利" value={row.net_profit} money />
        <Fig label="应发佣金" value={row.total} gold testId="agent-statement-total" />
      </div>
      <div className="rec-item-foot">
        <span>{row.paid_at ? `发放于 ${row.paid_at.slice(0, 16)}` : row.state === 4 ? '本期佣金未发放' : '等待审核'}</span>
        <span>查看明细 ›</span>
      </div>
    </button>
  );
}

const DETAIL_FIGURES: (keyof AgentFiguresYuan)[] = [
  'registrations',
  'first_deposits',
  'first_deposit_amount',
  'deposits',
  'withdrawals',
  'valid_bets',
  'active_members',
  'ggr',
  'bonuses',
  'rebates',
  'red_packets',
  'fees',
  'net_profit',
];

function Line({ label, value, strong, neg, testId }: { label: string; value: string; strong?: boolean; neg?: boolean; testId?: string }) {
  return (
    <div className={`ag-line${strong ? ' ag-line--strong' : ''}`}>
      <span>{label}</span>
      <b className={`num${neg ? ' ag-neg' : ''}`} data-testid={testId}>
        {/^-?[\d,]+\.\d{2}$/.test(value) ? <Money>{value}</Money> : value}
      </b>
    </div>
  );
}

/** The statement's line items: the month's figures, carryover, tier and rate, commission, override, adjustment. */
function StatementDetail({ id }: { id: number }) {
  const q = useAgentStatement(id);
  if (q.isPending)
    return (
      <div className="ag-detail" aria-busy="true" aria-label="加载中">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className="sk" style={{ height: 14, marginTop: 14, width: `${60 + ((i * 7) % 30)}%` }} />
        ))}
      </div>
    );
  if (q.isError) return <LoadFailed onRetry={() => void q.refetch()} text={agentFailureText(q.error) ?? '网络不稳定，请稍后再试'} />;
  const s = q.data;
  const f = s.figures;
  const base = s.net_profit + s.carryover_in;
  return (
    <div className="ag-detail" data-testid="agent-statement-detail">
      <div className="ag-detail-head">
        <b>{s.month}</b>
        <span className={`rec-tag rec-tag--${STATE_TAG[s.state] ?? 'grey'}`}>{AGENT_STATEMENT_STATE_LABEL[s.state]}</span>
      </div>
      <div className="ag-detail-group">
        <div className="ag-detail-title">当月业绩</div>
        {DETAIL_FIGURES.map((k) => (
          <Line key={k} label={AGENT_FIGURE_LABEL[k]} value={figureText(k, f)} neg={f[k] < 0} strong={k === 'net_profit'} />
        ))}
      </div>
      <div className="ag-detail-group">
        <div className="ag-detail-title">佣金计算</div>
        <Line label="上月结转" value={money(s.carryover_in)} neg={s.carryover_in < 0} />
        <Line label="计佣基数" value={money(base)} neg={base < 0} />
        <Line label="档位" value={s.tier_index === null ? '未达档位' : `第${s.tier_index}档 · ${s.rate}%`} />
        <Line label="佣金" value={money(s.commission)} />
        <Line label="下级代理分成" value={money(s.override)} />
        {s.adjustment ? <Line label="人工调整" value={money(s.adjustment)} neg={s.adjustment < 0} /> : null}
        {s.adjust_reason ? <p className="ag-note">调整原因：{s.adjust_reason}</p> : null}
        <Line label="结转下月" value={money(s.carryover_out)} neg={s.carryover_out < 0} />
        <Line label="应发佣金" value={money(s.total)} strong testId="agent-detail-total" />
        <Line label="发放时间" value={s.paid_at ?? '—'} />
      </div>
      {s.overrides.length ? (
        <div className="ag-detail-group">
          <div className="ag-detail-title">下级代理分成明细</div>
          {s.overrides.map((o) => (
            <Line key={o.username} label={`${o.username}（佣金 ${money(o.commission)}）`} value={money(o.override)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
