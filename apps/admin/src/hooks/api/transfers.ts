import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaged, AdminTransferRow, AdminTransferSettleReply } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

export interface TransferFilters {
  state?: 'pending' | 'success' | 'failed' | 'all';
  username?: string;
  platform?: string;
}

export const transfersKey = ['transfers'] as const;

export const listTransfers: TableRequest<AdminTransferRow, TransferFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminTransferRow>>('/admin/api/transfers/list', { ...compact(filters), page: current, per_page: pageSize });

/** Asks the venue about a transfer left pending and settles it by its answer. */
export function useSettleTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (transfer_id: string) => callEnvelope<AdminTransferSettleReply>('/admin/api/transfers/settle', { transfer_id }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: transfersKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
