import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { beijingClock, type ResponsibleSession, type ResponsibleState } from '@casino/contract';
import { apiPost, failureText, type ApiResult } from '../../api/client';
import { toast } from '../../ui/feedback';

/** Responsible play (issue 22): the member's limits, reality check and breaks (POST /api/responsible/*). */
export const RESPONSIBLE_KEY = ['responsible'] as const;

export function useResponsible(enabled = true) {
  return useQuery({
    queryKey: RESPONSIBLE_KEY,
    enabled,
    queryFn: async () => {
      const res = await apiPost<ResponsibleState>('/api/responsible/get', {});
      if (res.code !== 200 || !res.data) throw new Error(failureText(res) ?? '加载失败');
      return res.data;
    },
    retry: false,
    staleTime: 0,
  });
}

/** a moment as the wire's Beijing time string */
const wireTime = (ms: number) => beijingClock(ms).toISOString().slice(0, 19).replace('T', ' ');

/** the reality check's figures: the game session's settled bets since `since` (asked when the dialog opens at `at`) */
export function useSessionResult(since: number, at: number | null) {
  return useQuery({
    queryKey: ['responsible-session', since, at],
    enabled: at !== null,
    queryFn: async () => {
      const res = await apiPost<ResponsibleSession>('/api/responsible/session', { since: wireTime(since) });
      if (res.code !== 200 || !res.data) throw new Error(failureText(res) ?? '统计失败');
      return res.data;
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** one change (limit, reality, break): the answer's message is toasted and the state replaced */
export function useResponsibleChange() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const send = useCallback(
    async (path: '/api/responsible/limit' | '/api/responsible/reality' | '/api/responsible/break', body: Record<string, unknown>): Promise<ApiResult<ResponsibleState>> => {
      setBusy(true);
      try {
        const res = await apiPost<ResponsibleState>(path, body);
        const msg = failureText(res) ?? res.message;
        if (msg) toast(msg, res.code === 200 ? 'success' : 'fail');
        if (res.code === 200 && res.data) queryClient.setQueryData(RESPONSIBLE_KEY, res.data);
        return res;
      } finally {
        setBusy(false);
      }
    },
    [queryClient],
  );
  return { send, busy };
}
