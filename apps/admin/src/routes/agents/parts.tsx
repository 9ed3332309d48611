import { AGENT_COUNT_FIGURES, AGENT_FIGURE_LABEL, beijingClock, AGENT_FLAG_STATE_LABEL, AGENT_RECORD_STATE_LABEL, AGENT_STATEMENT_STATE_LABEL, type AgentFiguresYuan } from '@casino/contract';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useAgentPlans, useAgentSearch } from '../../hooks/api/agents';
import { useDebounced } from '../../lib/use-debounced';
import { yuan } from '../../lib/format';

/** Shared pieces of the agent screens: state tags (the contract's Chinese names), figures, pickers. */

const STATEMENT_COLOR: Record<number, string> = { 1: 'orange', 2: 'purple', 3: 'green', 4: 'red' };
/**
 * An agent's referral link in full (issue 34 point 11): a server without a public address answers
 * a relative link, and the site's own origin is then its start. The new-agent result and the
 * detail show the same text.
 */
export const fullAgentLink = (link: string) => new URL(link, window.location.origin).toString();

export function StatementStateTag({ state }: { state: number }) {
  return <Tag color={STATEMENT_COLOR[state]}>{AGENT_STATEMENT_STATE_LABEL[state] ?? `状态${state}`}</Tag>;
}

export function AgentStateTag({ state }: { state: number }) {
  return <Tag color={state === 1 ? 'green' : 'default'}>{AGENT_RECORD_STATE_LABEL[state] ?? `状态${state}`}</Tag>;
}

export function FlagStateTag({ state }: { state: number }) {
  return <Tag color={state === 1 ? 'red' : 'default'}>{AGENT_FLAG_STATE_LABEL[state] ?? `状态${state}`}</Tag>;
}

/** one figure as an operator reads it: members as a count, money as yuan */
export function figure(key: keyof AgentFiguresYuan, f: AgentFiguresYuan): string {
  return AGENT_COUNT_FIGURES.includes(key) ? `${f[key]} 人` : yuan(f[key]);
}

export const FIGURE_KEYS = Object.keys(AGENT_FIGURE_LABEL) as (keyof AgentFiguresYuan)[];

/** the current Beijing month, 'YYYY-MM' */
export function beijingMonth(offset = 0, now = Date.now()): string {
  const d = beijingClock(now);
  const m = d.getUTCFullYear() * 12 + d.getUTCMonth() + offset;
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
}

/** the last `count` Beijing months, newest first (month pickers) */
export function recentMonths(count = 12): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const m = beijingMonth(-i);
    return { value: m, label: i === 0 ? `${m}（本月）` : i === 1 ? `${m}（上月）` : m };
  });
}

/** A plan picker fed by /admin/api/agent-plans/list; the default plan is marked. */
export function PlanSelect(props: { value?: number; onChange?: (v: number | undefined) => void; allowClear?: boolean; placeholder?: string; style?: React.CSSProperties }) {
  const plans = useAgentPlans();
  return (
    <Select
      {...props}
      loading={plans.isPending}
      options={(plans.data?.data ?? []).map((p) => ({ value: p.id, label: p.is_default ? `${p.name}（默认）` : p.name }))}
      notFoundContent={plans.isError ? '方案读取失败' : '暂无方案'}
    />
  );
}

/** An agent picker searching by username; `none` offers 无代理 (value 0). */
export function AgentSelect(props: { value?: number; onChange?: (v: number) => void; none?: boolean; known?: { id: number; username: string; code: string }; placeholder?: string; style?: React.CSSProperties }) {
  const { none, known, ...rest } = props;
  const [text, setText] = useState('');
  const typed = useDebounced(text, 300);
  const found = useAgentSearch(typed);
  const options = [
    ...(none ? [{ value: 0, label: '无代理（移出代理）' }] : []),
    ...[...(known ? [known] : []), ...(found.data?.data ?? []).filter((a) => a.id !== known?.id)].map((a) => ({ value: a.id, label: `${a.username}（推广码 ${a.code}）` })),
  ];
  return <Select {...rest} showSearch={{ filterOption: false, onSearch: setText }} loading={found.isFetching} options={options} notFoundContent={found.isError ? '代理读取失败' : '没有匹配的代理'} />;
}
