import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AgentMemberRow, AgentSubagentRow } from '@casino/contract';
import { Tabs } from '../../components/Tabs';
import { useAgentMembers, useAgentSubagents } from '../../hooks/api/agents';
import { QueryList } from '../fanshui/QueryList';
import { money } from './Overview';
import { Money } from '../../components/Money';

/** One labelled figure of a list card; money figures in red when negative. */
export function Fig({ label, value, money: isMoney, gold, testId }: { label: string; value: number; money?: boolean; gold?: boolean; testId?: string }) {
  const tone = gold ? 'ag-gold' : isMoney && value < 0 ? 'ag-neg' : '';
  return (
    <div className="rec-fig">
      <span className="rec-fig-label">{label}</span>
      <span className={`rec-fig-value num ${tone}`} data-testid={testId}>
        {isMoney || gold ? <Money>{money(value)}</Money> : value}
      </span>
    </div>
  );
}

/** 'YYYY-MM' of the month before `month` */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** This month or last: the lists' figures are the chosen month's. */
function MonthTabs({ month, value, onChange }: { month: string; value: string; onChange(v: string): void }) {
  const items = [
    { value: month, label: '本月' },
    { value: previousMonth(month), label: '上月' },
  ];
  return (
    <div className="ag-months">
      <Tabs items={items} value={value} onChange={onChange} label="月份" className="ag-month-tabs" itemClass="ag-month-tab" testIdPrefix="agent-month-" />
      <span className="ag-months-note">{value} 业绩</span>
    </div>
  );
}

/** A month's list (this month or last) of the agent's downline, paged. */
function MonthList<P extends { data: R[]; total: number }, R>({
  month,
  useRows,
  testId,
  emptyTitle,
  emptyText,
  render,
}: {
  month: string;
  useRows(month: string): UseInfiniteQueryResult<InfiniteData<P>, Error>;
  testId: string;
  emptyTitle: string;
  emptyText: string;
  render(row: R): ReactNode;
}) {
  const [shown, setShown] = useState(month);
  const query = useRows(shown);
  return (
    <div className="ag-body">
      <MonthTabs month={month} value={shown} onChange={setShown} />
      <QueryList query={query} rowsOf={(p) => p.data} totalOf={(p) => p.total} testId={testId} emptyTitle={emptyTitle} emptyText={emptyText} render={render} />
    </div>
  );
}

/** 下级会员: username, registered, last sign-in and the month's deposits, valid bets, the member's own result (no real names, cards or contacts). */
export function MembersTab({ month }: { month: string }) {
  return (
    <MonthList
      month={month}
      useRows={useAgentMembers}
      testId="agent-members"
      emptyTitle="暂无下级会员"
      emptyText="分享您的推广链接，好友注册后即显示在这里"
      render={(r: AgentMemberRow) => <MemberItem key={r.username} row={r} />}
    />
  );
}

function MemberItem({ row }: { row: AgentMemberRow }) {
  return (
    <article className="card rec-item" data-testid="agent-member">
      <div className="rec-item-head">
        <span className="rec-item-title" data-testid="agent-member-name">
          {row.username}
        </span>
        <span>
          {row.flagged ? (
            <span className="rec-tag rec-tag--gold" data-testid="agent-member-flagged" title="疑似与代理为同一人，核查期间其盈利不计入">
              待核查
            </span>
          ) : null}
          <span className={`rec-tag rec-tag--${row.active ? 'green' : 'grey'}`}>{row.active ? '活跃' : '未活跃'}</span>
        </span>
      </div>
      <div className="rec-item-figures ag-item-figs">
        <Fig label="存款" value={row.deposits} money testId="agent-member-deposits" />
        <Fig label="有效投注" value={row.valid_bets} money testId="agent-member-bets" />
        {/* issue 34: the member's own result, from its side (negative: it lost), as its own records say */}
        <Fig label="会员输赢" value={row.win_loss} money testId="agent-member-winloss" />
      </div>
      <div className="rec-item-foot">
        <span>注册 {row.registered_at.slice(0, 16)}</span>
        <span>{row.last_login_at ? `最近登录 ${row.last_login_at.slice(0, 16)}` : '尚未登录'}</span>
      </div>
    </article>
  );
}

/** 下级代理: agents this agent referred, with the month's active members and net profit. */
export function SubagentsTab({ month }: { month: string }) {
  return (
    <MonthList
      month={month}
      useRows={useAgentSubagents}
      testId="agent-subagents"
      emptyTitle="暂无下级代理"
      emptyText="您推荐的会员成为代理后，即为您的下级代理，您可获得其佣金的分成"
      render={(r: AgentSubagentRow) => <SubagentItem key={r.username} row={r} />}
    />
  );
}

function SubagentItem({ row }: { row: AgentSubagentRow }) {
  return (
    <article className="card rec-item" data-testid="agent-subagent">
      <div className="rec-item-head">
        <span className="rec-item-title">
          {row.username}
          <span className="rec-item-sub">推广码 {row.code}</span>
        </span>
      </div>
      <div className="rec-item-figures ag-item-figs">
        <Fig label="下级会员" value={row.members} />
        <Fig label="活跃会员" value={row.active_members} />
        <Fig label="净盈利" value={row.net_profit} money />
      </div>
      <div className="rec-item-foot">
        <span>注册 {row.registered_at.slice(0, 16)}</span>
      </div>
    </article>
  );
}
