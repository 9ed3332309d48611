import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdjustmentRow, AdjustmentState, AdjustReply, AdminPaged } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { membersKey } from './members';

/** Manual adjustments waiting for a second operator (issue 33 point 7): the queue and the decision. */
export const adjustmentsKey = ['adjustments'] as const;

export function useAdjustments(filter: { username?: string; state?: AdjustmentState; page?: number; per_page?: number }) {
  return useQuery({
    queryKey: [...adjustmentsKey, filter],
    queryFn: () => call<AdminPaged<AdjustmentRow>>('/admin/api/adjustments/list', { page: 1, per_page: 20, ...filter }),
    refetchInterval: 30_000,
  });
}

/** Decisions take the adjustment's number and are idempotent on the server; the balance, the list and the bell are read again. */
export function useDecideAdjustment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, adjustment_no, reason }: { decision: 'approve' | 'reject'; adjustment_no: string; reason?: string }) =>
      callEnvelope<AdjustReply>(`/admin/api/adjustments/${decision}`, decision === 'reject' ? { adjustment_no, reason } : { adjustment_no }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: adjustmentsKey });
      void qc.invalidateQueries({ queryKey: membersKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
