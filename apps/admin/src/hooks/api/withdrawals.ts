import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaged, AdminWithdrawalRow } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

export interface WithdrawalFilters {
  state?: number;
  username?: string;
  withdraw_no?: string;
}

export const withdrawalsKey = ['withdrawals'] as const;

export const listWithdrawals: TableRequest<AdminWithdrawalRow, WithdrawalFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminWithdrawalRow>>('/admin/api/withdrawals/list', { ...compact(filters), page: current, per_page: pageSize });

export type WithdrawalAction = 'claim' | 'release' | 'approve' | 'reject';

/** Decisions take the withdrawal's number and are idempotent on the server. */
export function useWithdrawalAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: WithdrawalAction; body: { withdraw_no: string; reason?: string } }) => callEnvelope<unknown>(`/admin/api/withdrawals/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: withdrawalsKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
