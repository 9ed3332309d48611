import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaged, LinkKind, MemberLinks, MemberLoginRow, RiskLevel, RiskSearchReply } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import type { TableRequest } from '../use-table';
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
