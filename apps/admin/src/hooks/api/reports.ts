import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { ReportAgentRow, ReportDayRow, ReportKind, ReportMemberRow, ReportMonthRow, ReportPaged, ReportTable, ReportVenueRow } from '@casino/contract';
import { call } from '../../api/client';

/** Reports (issue 13): whole Beijing days from..to, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

export type VenueTotals = Omit<ReportVenueRow, 'platform' | 'venue_name' | 'category_id' | 'category_name'>;

/** the report tables that come whole (one row per day, month or venue x category) */
export function useDailyReport(range: ReportRange | null, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'daily', range],
    queryFn: () => call<ReportTable<ReportDayRow>>('/admin/api/reports/daily', range!),
    enabled: enabled && range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyReport(range: ReportRange | null, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'monthly', range],
    queryFn: () => call<ReportTable<ReportMonthRow>>('/admin/api/reports/monthly', range!),
    enabled: enabled && range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useVenueReport(range: ReportRange | null, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'venues', range],
    queryFn: () => call<ReportTable<ReportVenueRow, VenueTotals>>('/admin/api/reports/venues', range!),
    enabled: enabled && range !== null,
    placeholderData: keepPreviousData,
  });
}

/** members and agents are paged on the server */
export function useMemberReport(q: (ReportRange & { username?: string }) | null, page: number, perPage: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'members', q, page, perPage],
    queryFn: () => call<ReportPaged<ReportMemberRow>>('/admin/api/reports/members', { ...q!, page, per_page: perPage }),
    enabled: enabled && q !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAgentReport(range: ReportRange | null, page: number, perPage: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'agents', range, page, perPage],
    queryFn: () => call<ReportPaged<ReportAgentRow>>('/admin/api/reports/agents', { ...range!, page, per_page: perPage }),
    enabled: enabled && range !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Asks for a single-use download link (60 s) and lets the browser download it natively: the
 * file streams to disk, a million rows never sit in the page's memory.
 */
export async function exportReport(report: ReportKind, q: ReportRange & { username?: string }) {
  const { url } = await call<{ url: string; expires_in: number }>('/admin/api/reports/export', { report, ...q });
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
