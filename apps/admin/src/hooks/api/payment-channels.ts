import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { ChannelPayType, ChannelState, GatewayType, PaymentChannelKeys, PaymentChannelList, PaymentChannelRow, PaymentChannelStats } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/**
 * Payment channels (issue 21, contract payment-channels.ts): the gateway merchant accounts online
 * deposits are routed through. Every change is audited by the server; keys come back masked,
 * only `reveal` (its own permission and a reason) answers them whole.
 */

export const channelsKey = ['payment-channels'] as const;

export interface ChannelFilters {
  state?: ChannelState;
  gateway_type?: GatewayType;
  paytype?: ChannelPayType;
  keyword?: string;
}

export const listChannels: TableRequest<PaymentChannelRow, ChannelFilters> = ({ current, pageSize, ...filters }) =>
  call<PaymentChannelList>('/admin/api/payment-channels/list', { ...compact(filters), page: current, per_page: pageSize });

export function useChannel(id: number) {
  return useQuery({ queryKey: [...channelsKey, 'get', id], queryFn: () => call<PaymentChannelRow>('/admin/api/payment-channels/get', { id }), enabled: id > 0 });
}

/** per Beijing day of [from, to] (the server's default: the last 30 days) */
export function useChannelStats(id: number, range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...channelsKey, 'stats', id, range.from ?? '', range.to ?? ''],
    queryFn: () => call<PaymentChannelStats>('/admin/api/payment-channels/stats', { id, ...compact(range) }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export type ChannelAction = 'create' | 'update' | 'delete';

export function useChannelAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: ChannelAction; body: object }) => callEnvelope<PaymentChannelRow>(`/admin/api/payment-channels/${action}`, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: channelsKey }),
  });
}

/** the keys in full: payments.channels_reveal, kept in the audit log with the reason */
export function useChannelReveal() {
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callEnvelope<PaymentChannelKeys>('/admin/api/payment-channels/reveal', body),
  });
}
