import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import { useEffect, useRef } from 'react';
import type { AdminPaged, DifferenceStateName, ReconCheck, ReconciliationRow, ReconDayResult, ReconDayRow, ReconItemRow } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/** Every reconciliation query starts with this key: a resolve or a re-run refreshes them all. */
export const reconKey = ['reconciliation'] as const;

// ---- venue differences (issue 14's list and resolve) ----

export interface DifferenceFilters {
  state?: DifferenceStateName | 'all';
}

/** The list call pages by `page` only (20 per page on the server). */
export const listDifferences: TableRequest<ReconciliationRow, DifferenceFilters> = ({ current, pageSize: _serverSized, state }) =>
  call<AdminPaged<ReconciliationRow>>('/admin/api/reconciliation/list', { state: state === 'all' ? undefined : state, page: current });

export function useResolveDifference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; note: string }) => callEnvelope<null>('/admin/api/reconciliation/resolve', body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: reconKey });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

// ---- daily reconciliation (issue 13) ----

/** how often a day whose run is queued or running is asked for again */
export const RECON_POLL_MS = 2_000;

/** the run of a day is not over yet (the screen polls and shows it running) */
export const reconRunning = (d: ReconDayResult | null | undefined) => d?.state === 'queued' || d?.state === 'running';

/**
 * The stored result and run state of a Beijing day; null while the day was never run. Polled
 * while its run is queued or running; when the run ends, the day's differences and the list of
 * days are fetched again.
 */
export function useReconDay(day: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: [...reconKey, 'day', day],
    queryFn: () => call<ReconDayResult | null>('/admin/api/reconciliation/daily', { day }),
    refetchInterval: (q) => (reconRunning(q.state.data) ? RECON_POLL_MS : false),
  });
  const state = query.data?.state;
  const previous = useRef(state);
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if ((was === 'queued' || was === 'running') && (state === 'done' || state === 'failed')) {
      void qc.invalidateQueries({ queryKey: [...reconKey, 'items'] });
      void qc.invalidateQueries({ queryKey: [...reconKey, 'days'] });
    }
  }, [state, qc]);
  return query;
}

export interface ItemFilters {
  day: string;
  check?: ReconCheck | 'all';
}

export const listItems: TableRequest<ReconItemRow, ItemFilters> = ({ current, pageSize, day, check }) =>
  call<AdminPaged<ReconItemRow>>('/admin/api/reconciliation/daily-items', compact({ day, check: check === 'all' ? undefined : check, page: current, per_page: pageSize }));

export function useReconDays(page: number) {
  return useQuery({
    queryKey: [...reconKey, 'days', page],
    queryFn: () => call<AdminPaged<ReconDayRow>>('/admin/api/reconciliation/days', { page, per_page: 10 }),
  });
}

/**
 * Asks for a day to be computed again (audited). The server answers at once with the day queued
 * or running; the day's query takes that answer and polls until the run is over.
 */
export function useRerunDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => callEnvelope<ReconDayResult>('/admin/api/reconciliation/run', { day }),
    onSuccess: (env, day) => {
      qc.setQueryData([...reconKey, 'day', day], env.data);
      void qc.invalidateQueries({ queryKey: [...reconKey, 'days'] });
    },
  });
}
