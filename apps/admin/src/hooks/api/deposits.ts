import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDepositRow, AdminPaged, DepositStatus } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

export interface DepositFilters {
  state?: DepositStatus;
  username?: string;
}

export const depositsKey = ['deposits'] as const;

/** The deposits call pages by `page` only (its own page size). */
export const listDeposits: TableRequest<AdminDepositRow, DepositFilters> = ({ current, pageSize: _serverSized, ...filters }) =>
  call<AdminPaged<AdminDepositRow>>('/admin/api/deposits/list', { ...compact(filters), page: current });

export function useDepositAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'approve' | 'reject'; body: { deposit_no: string; reason?: string } }) => callEnvelope<unknown>(`/admin/api/deposits/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: depositsKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
