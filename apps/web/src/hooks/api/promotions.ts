import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityItem,
  ActivityTypeItem,
  ActivityApplyRecord,
  DateFilter,
  FanshuiReply,
  Paged,
  RedPacketGrabReply,
  RedPacketInfo,
  RedPacketRecord,
  VipProgress,
} from '@casino/contract';
import { formatYuan } from '@casino/contract';
import { apiGet, apiPost, failureText, type ApiResult } from '../../api/client';
import { ApiFailure } from '../../api/failure';
import { refreshUserMoney } from '../../session/actions';
import { toast } from '../../ui/feedback';

/**
 * Promotions data for the member site (issue 11): rebates (/fanshui), red packets (/hongbao,
 * /welfare), VIP progress (/vip) and activity applications (/activityInfo, /activityRecord).
 * One TanStack Query hook per call; a non-200 answer carries the envelope as ApiFailure.
 */

/** The server's message of a failure (spec section 8), or null for a silent network failure. */
export function promoFailureText(err: unknown): string | null {
  return err instanceof ApiFailure ? failureText(err.result) : null;
}

async function post<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const res = await apiPost<T>(path, body);
  if (res.code !== 200 || res.data === undefined) throw new ApiFailure(res);
  return res.data;
}

export const promoKeys = {
  fanshui: (date: DateFilter, venue: string, type: number) => ['fanshui', date, venue, type] as const,
  redPacket: ['redpacket'] as const,
  redPacketRecords: ['redpacket-records'] as const,
  vipProgress: ['vip-progress'] as const,
  applications: ['activity-applications'] as const,
};

const nextPage = <T,>(last: Paged<T>) => (last.current_page < last.last_page && last.data.length > 0 ? last.current_page + 1 : undefined);

/** POST /api/getfanshui {date, page, api_type, type}: pages of rebate rows with the jisuan / nojisuan totals. */
export function useFanshui(date: DateFilter, venue: string, type: number) {
  return useInfiniteQuery({
    queryKey: promoKeys.fanshui(date, venue, type),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => post<FanshuiReply>('/api/getfanshui', { date, page: pageParam, api_type: venue, type }),
    getNextPageParam: (last) => nextPage(last.list),
  });
}

/** POST /api/dofanshui: claims every pending rebate; the member's money is refreshed after. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post<{ money: number }>('/api/dofanshui'),
    onSuccess: async (data) => {
      toast(`领取成功 ${formatYuan(data.money, true)} 元`, 'success');
      await Promise.all([qc.invalidateQueries({ queryKey: ['fanshui'] }), refreshUserMoney()]);
    },
    onError: (err) => {
      const text = promoFailureText(err);
      if (text) toast(text, 'fail');
    },
  });
}

/**
 * GET /api/userredpacket: today's allowance (sendnums, acquirednum, max_times) and the rules, as
 * the original front-end reads it (issue 19; a guest gets the rules with no allowance).
 */
export function useRedPacketInfo(session: string) {
  // the session in the key: a guest who logs in reads their own allowance, not the cached guest view
  return useQuery({
    queryKey: [...promoKeys.redPacket, session.slice(-8)],
    queryFn: async () => {
      const res = await apiGet<RedPacketInfo>('/api/userredpacket');
      if (res.code !== 200 || !res.data || !Array.isArray(res.data.rules)) throw new ApiFailure(res);
      return res.data;
    },
    staleTime: 10_000,
  });
}

/** POST /api/douserredpacket: one grab; the page shows the amount or the server's message. */
export function useGrabRedPacket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post<RedPacketGrabReply>('/api/douserredpacket'),
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: promoKeys.redPacket }), qc.invalidateQueries({ queryKey: promoKeys.redPacketRecords })]);
    },
    onSuccess: () => void refreshUserMoney(),
  });
}

/** POST /api/redpacket {page}: the member's red packets, newest first (issue 19: the original front-end's /welfare call). */
export function useRedPacketRecords() {
  return useInfiniteQuery({
    queryKey: promoKeys.redPacketRecords,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const res = await apiPost<Paged<RedPacketRecord>>('/api/redpacket', { page: pageParam });
      if (res.code !== 200 || !res.data || !Array.isArray(res.data.data)) throw new ApiFailure(res);
      return res.data;
    },
    getNextPageParam: nextPage,
  });
}

/** POST /api/vipprogress: the member's progress toward the next level and what keeps the current one. */
export function useVipProgress(enabled: boolean) {
  return useQuery({ queryKey: promoKeys.vipProgress, queryFn: () => post<VipProgress>('/api/vipprogress'), enabled, staleTime: 30_000 });
}

/** POST /api/activityApply {id}: one pending application per activity. */
export function useApplyActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<ActivityApplyRecord>('/api/activityApply', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: promoKeys.applications }),
  });
}

// ---- activities ----------------------------------------------------------------------------

/** Toasts the failure (unless the page shows it in place) and throws it for the query. */
function fail(res: ApiResult<unknown>, shownInPlace = false): never {
  const text = failureText(res);
  if (text && !shownInPlace) toast(text, 'fail');
  throw new ApiFailure(res);
}

/** POST /api/activitytype {} */
export async function fetchActivityTypes(): Promise<ActivityTypeItem[]> {
  const res = await apiPost<ActivityTypeItem[]>('/api/activitytype', {});
  if (res.code !== 200 || !Array.isArray(res.data)) fail(res);
  return res.data;
}

/** POST /api/activitylist {type?, page}: type 0 (or absent) is every type. */
export async function fetchActivities(type: number, page: number): Promise<Paged<ActivityItem>> {
  const res = await apiPost<Paged<ActivityItem>>('/api/activitylist', type ? { type, page } : { page });
  if (res.code !== 200 || !res.data || !Array.isArray(res.data.data)) fail(res);
  return res.data;
}

/**
 * POST /api/activitydeatil {id} (the spec's spelling); unknown id -> the server's message, which
 * the detail page shows as its empty state rather than a toast over it.
 */
export async function fetchActivity(id: number): Promise<ActivityItem> {
  const res = await apiPost<ActivityItem>('/api/activitydeatil', { id });
  if (res.code !== 200 || !res.data) fail(res, true);
  return res.data;
}
