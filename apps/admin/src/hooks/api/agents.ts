import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type {
  AdminAgentDetail,
  AdminAgentFlagRow,
  AdminAgentMoveReply,
  AdminAgentPlan,
  AdminAgentRow,
  AdminAgentSettlementReply,
  AdminAgentStatementDetail,
  AdminAgentStatementRow,
  AdminPaged,
} from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/**
 * The affiliate programme's back-office calls (issue 20, DESIGN.md section 12): agents, plans,
 * monthly statements (two-person rule above the threshold), fraud flags and the month's
 * settlement run. Every decision is confirmed on screen and audited by the server.
 */

export const agentsKey = ['agents'] as const;
export const agentPlansKey = ['agent-plans'] as const;
export const agentStatementsKey = ['agent-statements'] as const;
export const agentFlagsKey = ['agent-flags'] as const;

export interface AgentFilters {
  username?: string;
  code?: string;
  state?: number;
  plan_id?: number;
}

export const listAgents: TableRequest<AdminAgentRow, AgentFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminAgentRow>>('/admin/api/agents/list', { ...compact(filters), page: current, per_page: pageSize });

export function useAgent(id: number, month?: string) {
  return useQuery({ queryKey: [...agentsKey, 'get', id, month ?? ''], queryFn: () => call<AdminAgentDetail>('/admin/api/agents/get', { id, ...(month ? { month } : {}) }), enabled: id > 0 });
}

/** agents matching a username (the pickers of create-upline and move-member) */
export function useAgentSearch(username: string) {
  return useQuery({
    queryKey: [...agentsKey, 'search', username],
    queryFn: () => call<AdminPaged<AdminAgentRow>>('/admin/api/agents/list', { ...compact({ username }), page: 1, per_page: 20 }),
    staleTime: 10_000,
  });
}

export type AgentAction = 'create' | 'update' | 'move-member';

export function useAgentAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: AgentAction; body: object }) => callEnvelope<AdminAgentRow | AdminAgentMoveReply>(`/admin/api/agents/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: agentsKey });
      void qc.invalidateQueries({ queryKey: agentPlansKey });
    },
  });
}

export function useAgentPlans() {
  return useQuery({ queryKey: agentPlansKey, queryFn: () => call<{ data: AdminAgentPlan[] }>('/admin/api/agent-plans/list') });
}

export function usePlanAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update'; body: object }) => callEnvelope<AdminAgentPlan>(`/admin/api/agent-plans/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: agentPlansKey });
      void qc.invalidateQueries({ queryKey: agentsKey });
    },
  });
}

export interface StatementFilters {
  month?: string;
  state?: number;
  username?: string;
}

export const listStatements: TableRequest<AdminAgentStatementRow, StatementFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminAgentStatementRow>>('/admin/api/agent-statements/list', { ...compact(filters), page: current, per_page: pageSize });

export function useStatement(id: number | null) {
  return useQuery({ queryKey: [...agentStatementsKey, 'get', id], queryFn: () => call<AdminAgentStatementDetail>('/admin/api/agent-statements/get', { id }), enabled: id !== null });
}

export type StatementAction = 'approve' | 'adjust' | 'reject';

/** Decisions take the statement's id and are idempotent on the server (approval credits once). */
export function useStatementAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: StatementAction; body: { id: number; amount?: number; reason?: string; flags_reviewed?: boolean } }) =>
      callEnvelope<AdminAgentStatementRow>(`/admin/api/agent-statements/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: agentStatementsKey });
      void qc.invalidateQueries({ queryKey: agentsKey });
    },
  });
}

/** /admin/api/agent-settlement/run {month}: writes the month's missing statements; approved ones stay. */
export function useSettlementRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => callEnvelope<AdminAgentSettlementReply>('/admin/api/agent-settlement/run', { month }),
    onSettled: () => void qc.invalidateQueries({ queryKey: agentStatementsKey }),
  });
}

export interface FlagFilters {
  state?: number;
  username?: string;
  agent_id?: number;
}

export const listFlags: TableRequest<AdminAgentFlagRow, FlagFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminAgentFlagRow>>('/admin/api/agent-flags/list', { ...compact(filters), page: current, per_page: pageSize });

export function useFlagClear() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callEnvelope<AdminAgentFlagRow>('/admin/api/agent-flags/clear', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: agentFlagsKey });
      void qc.invalidateQueries({ queryKey: agentsKey });
    },
  });
}
