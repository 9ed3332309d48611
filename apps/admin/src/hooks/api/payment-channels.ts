import { keepPreviousData, useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type {
  ChannelPayType,
  ChannelState,
  GatewayType,
  KeyChangeStatus,
  PaymentChannelCoverage,
  PaymentChannelKeyChangeList,
  PaymentChannelKeys,
  PaymentChannelList,
  PaymentChannelRow,
  PaymentChannelStats,
} from '@casino/contract';
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

/**
 * issue 34: a channel's 刷新 refetches the channel and its 每日统计 together (the stats are a
 * query of their own, under the same channel)
 */
export function useChannelRefresh(id: number, q: { refetch: () => Promise<unknown>; isFetching: boolean }) {
  const qc = useQueryClient();
  const statsKey = [...channelsKey, 'stats', id];
  const statsFetching = useIsFetching({ queryKey: statsKey }) > 0;
  return {
    refetch: () => Promise.all([q.refetch(), qc.refetchQueries({ queryKey: statsKey })]),
    isFetching: q.isFetching || statsFetching,
  };
}

/** issue 34: the online methods members do not see now (no enabled channel serves them, or their caps are used up) */
export function useChannelCoverage(enabled = true) {
  return useQuery({ queryKey: [...channelsKey, 'coverage'], queryFn: () => call<PaymentChannelCoverage>('/admin/api/payment-channels/coverage', {}), enabled });
}

/** issue 33: credential changes (default: waiting for a second operator); payments.channels_keys */
export function useKeyChanges(filters: { status?: KeyChangeStatus; channel_id?: number; page?: number }, enabled = true) {
  return useQuery({
    queryKey: [...channelsKey, 'key-changes', filters],
    queryFn: () => call<PaymentChannelKeyChangeList>('/admin/api/payment-channels/key-changes', { page: 1, per_page: 50, ...compact(filters) }),
    enabled,
    refetchInterval: 30_000,
  });
}

/** approve (a second operator: the proposer may not) or reject with a reason */
export function useKeyChangeDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: { decision: 'approve' | 'reject'; body: { id: number; reason?: string } }) => callEnvelope<unknown>(`/admin/api/payment-channels/key-change-${decision}`, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: channelsKey }),
  });
}
