import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type {
  ActivityApplyRecord,
  AdminAgentApplicationRow,
  AdminPaged,
  AdminRebateRerunReply,
  AdminRebateRunRow,
  AdminVipLevelRow,
  AdminVipLevelsReply,
  RedPacketPreviewReply,
  RedPacketRuleItem,
} from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/** Promotions back-office (issue 13): VIP levels, red-packet rules, application queues, rebate runs (promotion settings: hooks/api/settings.ts). */

// ---- VIP levels ---------------------------------------------------------------------------

export const vipLevelsKey = ['vip-levels'] as const;

export function useVipLevels() {
  return useQuery({ queryKey: vipLevelsKey, queryFn: () => call<AdminVipLevelsReply>('/admin/api/vip-levels/list') });
}

export function useVipLevelAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update' | 'delete'; body: object }) => callEnvelope<AdminVipLevelRow | { level: number }>(`/admin/api/vip-levels/${action}`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: vipLevelsKey }),
  });
}

// ---- red-packet rules -----------------------------------------------------------------------

/** a rule as the back-office lists it: the member's view plus what the operator set */
export interface AdminRedPacketRule extends RedPacketRuleItem {
  state: 0 | 1;
  mode: 'fixed' | 'percent';
  amount_min: number;
  percent_min: number;
  percent_max: number;
}

export const redPacketRulesKey = ['red-packet-rules'] as const;

export const listRedPacketRules: TableRequest<AdminRedPacketRule, object> = ({ current }) =>
  call<AdminPaged<AdminRedPacketRule>>('/admin/api/red-packet-rules/list', { page: current });

export function useRedPacketRuleAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update' | 'delete'; body: object }) => callEnvelope<unknown>(`/admin/api/red-packet-rules/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: redPacketRulesKey });
      void qc.invalidateQueries({ queryKey: ['red-packet-preview'] });
    },
  });
}

export function useRedPacketPreview(id: number | null, page: number) {
  return useQuery({
    queryKey: ['red-packet-preview', id, page],
    queryFn: () => call<RedPacketPreviewReply>('/admin/api/red-packet-rules/preview', { id, page }),
    enabled: id !== null,
  });
}

// ---- activity applications -----------------------------------------------------------------

export interface AdminActivityApplication extends ActivityApplyRecord {
  username: string;
  turnover_multiple: number;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** a bonus above the adjustment threshold or the daily cap: who approved first, and what (a second operator approves) */
  first_approved_by: string | null;
  first_bonus: number | null;
  first_turnover_multiple: number | null;
}
export interface ApplicationFilters {
  state?: 1 | 2 | 3;
  username?: string;
}

export const activityApplicationsKey = ['activity-applications'] as const;

export const listActivityApplications: TableRequest<AdminActivityApplication, ApplicationFilters> = ({ current, pageSize: _serverSized, ...filters }) =>
  call<AdminPaged<AdminActivityApplication>>('/admin/api/activity-applications/list', { ...compact(filters), page: current });

export function useActivityDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'approve' | 'reject'; body: object }) => callEnvelope<unknown>(`/admin/api/activity-applications/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: activityApplicationsKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

// ---- agent applications --------------------------------------------------------------------

export const agentApplicationsKey = ['agent-applications'] as const;

export const listAgentApplications: TableRequest<AdminAgentApplicationRow, ApplicationFilters> = ({ current, pageSize: _serverSized, ...filters }) =>
  call<AdminPaged<AdminAgentApplicationRow>>('/admin/api/agent-applications/list', { ...compact(filters), page: current });

export function useAgentDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'approve' | 'reject'; body: object }) => callEnvelope<unknown>(`/admin/api/agent-applications/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: agentApplicationsKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

// ---- rebate runs ----------------------------------------------------------------------------

export const rebateRunsKey = ['rebate-runs'] as const;

export const listRebateRuns: TableRequest<AdminRebateRunRow, object> = ({ current }) =>
  call<AdminPaged<AdminRebateRunRow>>('/admin/api/rebates/runs', { page: current });

export function useRebateRerun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => callEnvelope<AdminRebateRerunReply>('/admin/api/rebates/rerun', { day }),
    onSettled: () => qc.invalidateQueries({ queryKey: rebateRunsKey }),
  });
}
