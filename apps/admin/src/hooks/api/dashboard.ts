import { useQuery } from '@tanstack/react-query';
import type { DashboardDay, DashboardSummary } from '@casino/contract';
import { call } from '../../api/client';

/** pending counts are asked for this often (the badge and its sound) */
export const PENDING_POLL_MS = 15_000;

export function useDashboardSummary(enabled = true) {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: () => call<DashboardSummary>('/admin/api/dashboard/summary'),
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: true,
    enabled,
  });
}

export function useDashboardSeries(days = 30) {
  return useQuery({
    queryKey: ['dashboard', 'series', days],
    queryFn: () => call<{ days: DashboardDay[] }>('/admin/api/dashboard/series', { days }),
    staleTime: 5 * 60_000,
  });
}
