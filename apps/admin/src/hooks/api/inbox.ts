import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminBroadcastRow, AdminPaged, AdminTicketDetail, AdminTicketRow, BroadcastState } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/** Inbox sends with their progress (content.manage) and support tickets (support.chat). */
export const broadcastsKey = ['inbox-broadcasts'] as const;
export const ticketsKey = ['tickets'] as const;

export const listBroadcasts: TableRequest<AdminBroadcastRow, { state?: BroadcastState }> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminBroadcastRow>>('/admin/api/inbox/broadcasts', { ...compact(filters), page: current, per_page: pageSize });

export interface InboxSendForm {
  target: 'member' | 'vip' | 'all';
  username?: string;
  vip?: number;
  title: string;
  content: string;
}

export function useSendInbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxSendForm) => callEnvelope<AdminBroadcastRow>('/admin/api/inbox/send', body),
    onSettled: () => void qc.invalidateQueries({ queryKey: broadcastsKey }),
  });
}

export interface TicketFilters {
  state?: 0 | 1 | 2;
  contact?: string;
}

export const listTickets: TableRequest<AdminTicketRow, TicketFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminTicketRow>>('/admin/api/tickets/list', { ...compact(filters), page: current, per_page: pageSize });

export function useTicket(id: number | null) {
  return useQuery({ queryKey: [...ticketsKey, 'one', id], queryFn: () => call<AdminTicketDetail>('/admin/api/tickets/get', { id }), enabled: id !== null });
}

export function useTicketAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'reply' | 'close'; body: { id: number; content?: string; username?: string } }) =>
      callEnvelope<unknown>(`/admin/api/tickets/${action}`, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: ticketsKey }),
  });
}
