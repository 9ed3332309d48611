import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminPaged, AdminResponsibleRow, ResponsibleListState, ResponsibleState } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/**
 * Responsible play in the back-office (issue 22, DESIGN.md section 13): the list of members with
 * limits, time-outs or self-exclusions, one member's limits, breaks and history (member 360),
 * and the one change an operator may make: extending a break (never shortening it; audited).
 */

export const responsibleKey = ['responsible'] as const;

export interface ResponsibleFilters {
  state?: ResponsibleListState;
  username?: string;
}

export const listResponsible: TableRequest<AdminResponsibleRow, ResponsibleFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminResponsibleRow>>('/admin/api/responsible/list', { ...compact(filters), page: current, per_page: pageSize });

/** what /admin/api/responsible/get answers: the member's own view plus who it is */
export type AdminResponsibleState = ResponsibleState & { member_id: number; username: string };

export function useResponsibleOf(username: string) {
  return useQuery({
    queryKey: [...responsibleKey, 'get', username],
    queryFn: () => call<AdminResponsibleState>('/admin/api/responsible/get', { username }),
    enabled: username !== '',
  });
}

export function useResponsibleExtend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; duration: string; reason: string }) => callEnvelope<AdminResponsibleState>('/admin/api/responsible/extend', body),
    onSettled: () => void qc.invalidateQueries({ queryKey: responsibleKey }),
  });
}
