import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaged, LinkKind, MemberLinks, MemberLoginRow, RiskEventDetail, RiskEventRow, RiskEventState, RiskLevel, RiskRule, RiskRuleCode, RiskSearchReply } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';
import { membersKey } from './members';
import { useQuery } from './use-query';

/** Risk control (issue 36): sign-in log, links, search by a shared value, risk levels. */
export const riskKey = ['risk'] as const;

/** member 360's 登录记录: registrations and sign-ins, paged by the server */
export function memberLogins(username: string): TableRequest<MemberLoginRow, object> {
  return ({ current, pageSize }) => call<AdminPaged<MemberLoginRow>>('/admin/api/members/logins', { username, page: current, per_page: pageSize });
}

/** member 360's 关联账户 (risk.view) */
export function useMemberLinks(username: string, enabled = true) {
  return useQuery({ queryKey: [...riskKey, 'links', username], queryFn: () => call<MemberLinks>('/admin/api/members/links', { username }), enabled: enabled && Boolean(username) });
}

/** everyone sharing a value (risk.view); asked only once the operator searches */
export function useRiskSearch(kind: LinkKind, value: string) {
  return useQuery({ queryKey: [...riskKey, 'search', kind, value], queryFn: () => call<RiskSearchReply>('/admin/api/risk/search', { kind, value }), enabled: Boolean(value) });
}

/** /admin/api/members/risk-level (risk.manage; audited with the reason) */
export function useSetRiskLevel(username: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { level: RiskLevel; reason: string }) => callEnvelope<unknown>('/admin/api/members/risk-level', { username, ...body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: membersKey }), qc.invalidateQueries({ queryKey: riskKey })]),
  });
}

// ---- issue 36 point 3: risk events and rules ----

/** 风控事件's filters as the server takes them */
export interface RiskEventFilters {
  state?: RiskEventState;
  rule?: RiskRuleCode;
  username?: string;
}

export const riskEventsKey = [...riskKey, 'events'] as const;

/** one page of risk events, newest first (risk.view) */
export const listRiskEvents: TableRequest<RiskEventRow, RiskEventFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<RiskEventRow>>('/admin/api/risk/events', { ...compact(filters), page: current, per_page: pageSize });

/** one event with its evidence (the drawer) */
export function useRiskEvent(id: number | null) {
  return useQuery({ queryKey: [...riskEventsKey, 'one', id], queryFn: () => call<RiskEventDetail>('/admin/api/risk/event', { id }), enabled: id !== null });
}

/** /admin/api/risk/decide (risk.manage): confirm or dismiss once, with a reason */
export function useDecideRiskEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; decision: 'confirm' | 'dismiss'; reason: string }) => callEnvelope<RiskEventDetail>('/admin/api/risk/decide', body),
    // the list, the drawer, the bell's and the dashboard's counts
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: riskKey }), qc.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}

/** every rule with its thresholds (risk.view) */
export function useRiskRules() {
  return useQuery({ queryKey: [...riskKey, 'rules'], queryFn: () => call<{ rules: RiskRule[] }>('/admin/api/risk/rules') });
}

/** /admin/api/risk/rules-update (risk.manage; audited) */
export function useUpdateRiskRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { rule: RiskRuleCode; enabled: boolean; params: Record<string, number | string> }) => callEnvelope<RiskRule>('/admin/api/risk/rules-update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...riskKey, 'rules'] }),
  });
}
