import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDepositDetail, AdminDepositRefundRow, AdminPaged, DepositRefundState } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { useQuery } from './use-query';

/**
 * Issue 33: the review's view of one deposit under the member's deposit limits and breaks, and the
 * refunds owed to members that finance pays back and marks.
 */
export const depositRefundsKey = ['deposit-refunds'] as const;

/** what approving the order would credit and owe back, with the reviewer's warnings */
export function useDepositDetail(depositNo: string | null) {
  return useQuery({
    queryKey: ['deposit-detail', depositNo],
    queryFn: () => call<AdminDepositDetail>('/admin/api/deposits/get', { deposit_no: depositNo }),
    enabled: depositNo !== null,
    staleTime: 0,
  });
}

export function useDepositRefunds(filter: { state?: DepositRefundState; username?: string; page: number }) {
  return useQuery({
    queryKey: [...depositRefundsKey, filter],
    queryFn: () => call<AdminPaged<AdminDepositRefundRow> & { owed_total: number }>('/admin/api/deposit-refunds/list', filter),
    refetchInterval: 30_000,
  });
}

export function useMarkRefunded() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callEnvelope<AdminDepositRefundRow>('/admin/api/deposit-refunds/mark-refunded', body),
    onSettled: () => void qc.invalidateQueries({ queryKey: depositRefundsKey }),
  });
}
