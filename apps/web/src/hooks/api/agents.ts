import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadUser } from '../../session/actions';
import { useSession } from '../../session/store';
import { AGENT_MSG, type AgentMemberRow, type AgentStatementDetail, type AgentStatementRow, type AgentSubagentRow, type AgentSummary, type Paged } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { ApiFailure } from '../../api/failure';

/**
 * The agent portal's data (issue 20, DESIGN.md section 12): POST JSON with the member's own
 * token. A member without an agent record is answered AGENT_MSG.notAgent (code 400), which the
 * portal shows as the programme with its apply button rather than as an error.
 */

async function post<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await apiPost<T>(path, body);
  if (res.code !== 200 || res.data === undefined || res.data === null) throw new ApiFailure(res);
  return res.data;
}

/** The server's message of a failure, or null for a silent network failure. */
export function agentFailureText(err: unknown): string | null {
  return err instanceof ApiFailure ? failureText(err.result) : null;
}

/** whether a failure is the server saying "you are not an agent" (not a fault to retry) */
export function isNotAgent(err: unknown): boolean {
  return err instanceof ApiFailure && err.result.message === AGENT_MSG.notAgent;
}

/** whether a failure is the server saying the agent is suspended */
export function isSuspended(err: unknown): boolean {
  return err instanceof ApiFailure && err.result.message === AGENT_MSG.agentDisabled;
}

export const agentKeys = {
  all: ['agent'] as const,
  summary: ['agent', 'summary'] as const,
  members: (month: string) => ['agent', 'members', month] as const,
  subagents: (month: string) => ['agent', 'subagents', month] as const,
  statements: ['agent', 'statements'] as const,
  statement: (id: number) => ['agent', 'statement', id] as const,
};

const nextPage = <T,>(last: Paged<T>) => (last.current_page < last.last_page && last.data.length > 0 ? last.current_page + 1 : undefined);

/** a refusal (not an agent, suspended) is an answer: asking again would say the same */
const retryUnlessRefused = (count: number, err: Error) => !isNotAgent(err) && !isSuspended(err) && count < 1;

/** POST /api/agent/summary: the link and its QR code, the month so far, the plan, credited commission (fetched again on focus and each minute: the figures' rollup runs every minute) */
export function useAgentSummary() {
  return useQuery({ queryKey: agentKeys.summary, queryFn: () => post<AgentSummary>('/api/agent/summary'), retry: retryUnlessRefused, refetchOnWindowFocus: true, refetchInterval: 60_000 });
}

/**
 * The member's agent state kept fresh (issue 34): an application approved while the member
 * centre is open flips 代理加盟 to 代理中心 without a reload. The member's userInfo (isagent) is
 * read again on mount, when the page comes back into view, and each minute while a signed-in
 * member is not an agent yet.
 */
export function useAgentStateRefresh() {
  const signedIn = useSession((s) => Boolean(s.token));
  const isAgent = useSession((s) => s.user?.isagent === 1);
  useEffect(() => {
    if (!signedIn || isAgent) return;
    const again = () => {
      if (document.visibilityState === 'visible') void loadUser();
    };
    again();
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    const timer = window.setInterval(again, 60_000);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
      window.clearInterval(timer);
    };
  }, [signedIn, isAgent]);
}

/** POST /api/agent/members {page, month?}: the downline with the month's figures */
export function useAgentMembers(month: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: agentKeys.members(month),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => post<Paged<AgentMemberRow>>('/api/agent/members', { page: pageParam, month: month || undefined }),
    getNextPageParam: nextPage,
    retry: retryUnlessRefused,
    enabled,
  });
}

/** POST /api/agent/subagents {page, month?}: agents this agent referred */
export function useAgentSubagents(month: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: agentKeys.subagents(month),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => post<Paged<AgentSubagentRow>>('/api/agent/subagents', { page: pageParam, month: month || undefined }),
    getNextPageParam: nextPage,
    retry: retryUnlessRefused,
    enabled,
  });
}

/** POST /api/agent/statements {page}: monthly statements, newest first */
export function useAgentStatements(enabled = true) {
  return useInfiniteQuery({
    queryKey: agentKeys.statements,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => post<Paged<AgentStatementRow>>('/api/agent/statements', { page: pageParam }),
    getNextPageParam: nextPage,
    retry: retryUnlessRefused,
    enabled,
  });
}

/** POST /api/agent/statement {id}: one statement with its line items */
export function useAgentStatement(id: number | null) {
  return useQuery({
    queryKey: agentKeys.statement(id ?? 0),
    queryFn: () => post<AgentStatementDetail>('/api/agent/statement', { id }),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}
