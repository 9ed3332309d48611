import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminMemberRow, AdminPaged, Member360, MemberRecordKind, MemberVenueBalances } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import type { TableRequest } from '../use-table';
import { compact } from '../use-table';

export interface MemberFilters {
  username?: string;
  realname?: string;
  mobile?: string;
  referrer?: string;
  vip?: number;
  status?: number;
  registered_from?: string;
  registered_to?: string;
  balance_min?: number;
  balance_max?: number;
}

export const membersKey = ['members'] as const;

export const listMembers: TableRequest<AdminMemberRow, MemberFilters> = async ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminMemberRow>>('/admin/api/members/list', { ...compact(filters), page: current, per_page: pageSize });

export function useMember(username: string) {
  return useQuery({ queryKey: [...membersKey, 'get', username], queryFn: () => call<Member360>('/admin/api/members/get', { username }) });
}

/** central, hold and every venue's balance, asked live (venues may be slow: their last figure is marked) */
export function useMemberBalances(username: string) {
  return useQuery({
    queryKey: [...membersKey, 'balances', username],
    queryFn: () => call<MemberVenueBalances>('/admin/api/members/balances', { username }),
    refetchInterval: 30_000,
  });
}

export function memberRecords(username: string, kind: MemberRecordKind): TableRequest<Record<string, unknown>, object> {
  return ({ current, pageSize }) => call<AdminPaged<Record<string, unknown>>>('/admin/api/members/records', { username, kind, page: current, per_page: pageSize });
}

/** Member actions: each names its call; the reply (a new password, a report) is shown to the operator. */
export type MemberAction =
  | 'freeze'
  | 'unfreeze'
  | 'reset-password'
  | 'reset-pay-password'
  | 'end-sessions'
  | 'recover-venues'
  | 'set-vip'
  | 'message'
  | 'verify-realname'
  | 'note'
  | 'adjust'
  | 'reveal-card';

export function useMemberAction(username: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: MemberAction; body: object }) => callEnvelope<unknown>(`/admin/api/members/${action}`, { username, ...body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey }),
  });
}
