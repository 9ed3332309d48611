import { useQuery } from './use-query';
import type { DashboardDay, DashboardPending, DashboardSummary } from '@casino/contract';
import { call } from '../../api/client';

/** pending counts are asked for this often (the badge and its sound) */
export const PENDING_POLL_MS = 15_000;

/** the queues that wait for an operator, as the dashboard and the bell name them (a path when a screen handles it) */
export const PENDING_QUEUES: { key: keyof DashboardPending; label: string; path?: string }[] = [
  { key: 'deposits', label: '待审存款', path: '/cashier/deposits' },
  { key: 'withdrawals', label: '待审取款', path: '/cashier/withdrawals' },
  { key: 'venue_transfers', label: '待处理转账', path: '/cashier/transfers' },
  { key: 'activity_applications', label: '活动申请', path: '/promotions/activity-applications' },
  { key: 'agent_applications', label: '代理申请', path: '/promotions/agent-applications' },
  { key: 'reconciliation', label: '对账差异', path: '/reconciliation/differences' },
  // issue 21: a payment channel paused itself after repeated order failures (its screen: payment channels)
  { key: 'payment_channels_paused', label: '支付通道已暂停', path: '/cashier/channels?state=paused' },
  // issue 34 point 8, issue 33 point 7: waiting for a second operator
  { key: 'turnover_waivers', label: '待复核减免', path: '/cashier/turnover-waivers' },
  { key: 'member_adjustments', label: '待复核调整', path: '/cashier/adjustments' },
  { key: 'channel_key_changes', label: '通道密钥待批', path: '/cashier/channel-key-changes' },
  // issue 36 point 3: risk events no operator has decided yet
  { key: 'risk_events', label: '待处理风控事件', path: '/risk/events' },
];

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
