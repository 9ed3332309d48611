import { useSearchParams } from 'react-router';
import { PageSkeleton } from '../../components/PageSkeleton';
import { LoadFailed } from '../../components/EmptyState';
import { Tabs } from '../../components/Tabs';
import { agentFailureText, isNotAgent, isSuspended, useAgentSummary } from '../../hooks/api/agents';
import { Overview } from './Overview';
import { MembersTab, SubagentsTab } from './Downline';
import { StatementsTab } from './Statements';
import { Programme, Suspended } from './Programme';
import '../../money/records.css';
import './AgentPage.css';

const TABS = [
  { value: 'home', label: '概览' },
  { value: 'members', label: '下级会员' },
  { value: 'subagents', label: '下级代理' },
  { value: 'statements', label: '佣金' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * 代理中心 (/agent, issue 20): the agent portal inside the member site, on the member's own
 * session, in its own chunk (a guest's first load carries none of it). It is where
 * getAgentLoginUrl points for an agent and where /gamePage?dailiD=1 takes one. A member without
 * an agent record is shown the programme with its apply button instead.
 * The tab lives in the query (?tab=members) so that back and a shared address keep it.
 */
export default function AgentPage() {
  const [params, setParams] = useSearchParams();
  const summary = useAgentSummary();
  const asked = params.get('tab');
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : 'home';

  if (summary.isPending) return <PageSkeleton />;
  if (summary.isError) {
    if (isNotAgent(summary.error)) return <Programme />;
    if (isSuspended(summary.error)) return <Suspended />;
    return (
      <div className="page-body">
        <LoadFailed onRetry={() => void summary.refetch()} text={agentFailureText(summary.error) ?? '网络不稳定，请稍后再试'} testId="agent-error" retryTestId="agent-retry" />
      </div>
    );
  }

  const data = summary.data;
  return (
    <div className="ag" data-testid="agent-portal">
      <div className="ag-tabs-wrap">
        <Tabs
          items={TABS}
          value={tab}
          onChange={(v) => setParams(v === 'home' ? {} : { tab: v }, { replace: true })}
          label="代理中心"
          className="ag-tabs"
          itemClass="ag-tab"
          testIdPrefix="agent-tab-"
        />
      </div>
      {tab === 'home' ? <Overview summary={data} /> : null}
      {tab === 'members' ? <MembersTab month={data.month} /> : null}
      {tab === 'subagents' ? <SubagentsTab month={data.month} /> : null}
      {tab === 'statements' ? <StatementsTab paid={data.commission_paid} /> : null}
    </div>
  );
}
