import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminPaged, TurnoverWaiveReply, TurnoverWaiverRow, TurnoverWaiverState } from '@casino/contract';
import { callEnvelope, call } from '../../api/client';
import { membersKey } from './members';

/** Turnover waivers (issue 25): the request, the pending ones and the second operator's decision. */
export const waiversKey = ['turnover-waivers'] as const;

export function useTurnoverWaivers(filter: { username?: string; state?: TurnoverWaiverState; page?: number; per_page?: number }, enabled = true) {
  return useQuery({
    queryKey: [...waiversKey, filter],
    queryFn: () => call<AdminPaged<TurnoverWaiverRow>>('/admin/api/turnover-waivers/list', { page: 1, per_page: 20, ...filter }),
    enabled,
    refetchInterval: 30_000,
  });
}

/** every decision changes the member's 剩余打码量 and rows: both lists are read again */
function useRefresh() {
  const qc = useQueryClient();
  // the dashboard too: the bell counts pending waivers (issue 34 point 8)
  return () => Promise.all([qc.invalidateQueries({ queryKey: waiversKey }), qc.invalidateQueries({ queryKey: membersKey }), qc.invalidateQueries({ queryKey: ['dashboard'] })]);
}

export function useTurnoverWaive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { username: string; requirement_id?: number; amount?: number; reason: string; request_id: string }) =>
      callEnvelope<TurnoverWaiveReply>('/admin/api/members/turnover-waive', body),
    onSuccess: refresh,
  });
}

export function useDecideWaiver() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, waiver_no, reason }: { decision: 'approve' | 'reject'; waiver_no: string; reason?: string }) =>
      callEnvelope<TurnoverWaiveReply>(`/admin/api/turnover-waivers/${decision}`, decision === 'reject' ? { waiver_no, reason } : { waiver_no }),
    onSuccess: refresh,
  });
}
