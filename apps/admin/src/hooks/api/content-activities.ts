import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from './use-query';
import type { AdminActivityDetail, AdminActivityRow, AdminActivityTypeRow, AdminHtmlPreview, AdminPaged } from '@casino/contract';
import { call, callEnvelope } from '../../api/client';
import { compact, type TableRequest } from '../use-table';

/** Activities and their types (/admin/api/activities/*, /admin/api/activity-types/*), content.manage. */
export const activitiesKey = ['activities'] as const;
export const activityTypesKey = ['activity-types'] as const;

export interface ActivityFilters {
  type?: number;
  state?: 0 | 1;
  keyword?: string;
}

export const listActivities: TableRequest<AdminActivityRow, ActivityFilters> = ({ current, pageSize, ...filters }) =>
  call<AdminPaged<AdminActivityRow>>('/admin/api/activities/list', { ...compact(filters), page: current, per_page: pageSize });

export function useActivityTypes() {
  return useQuery({ queryKey: activityTypesKey, queryFn: () => call<AdminActivityTypeRow[]>('/admin/api/activity-types/list') });
}

export function useActivity(id: number | null) {
  return useQuery({ queryKey: [...activitiesKey, 'one', id], queryFn: () => call<AdminActivityDetail>('/admin/api/activities/get', { id }), enabled: id !== null, gcTime: 0 });
}

export interface ActivityForm {
  type: number;
  title: string;
  banner: string;
  content: string;
  memo?: string;
  sort?: number;
  state?: 0 | 1;
}

export function useSaveActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ActivityForm }) =>
      callEnvelope<AdminActivityDetail>(id ? '/admin/api/activities/update' : '/admin/api/activities/create', id ? { id, ...body } : body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: activitiesKey });
      void qc.invalidateQueries({ queryKey: activityTypesKey });
    },
  });
}

export function useDeleteActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEnvelope<{ id: number }>('/admin/api/activities/delete', { id }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: activitiesKey });
      void qc.invalidateQueries({ queryKey: activityTypesKey });
    },
  });
}

export function useActivityTypeAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'create' | 'update' | 'delete'; body: object }) => callEnvelope<unknown>(`/admin/api/activity-types/${action}`, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: activityTypesKey });
      void qc.invalidateQueries({ queryKey: activitiesKey });
    },
  });
}

/**
 * The HTML as the server would store it (its sanitizer), for the phone-width preview; asked
 * again after the operator stops typing for a moment.
 */
export function useHtmlPreview(content: string, enabled = true) {
  return useQuery({
    queryKey: ['html-preview', content],
    queryFn: ({ signal }) => call<AdminHtmlPreview>('/admin/api/activities/preview', { content }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
  });
}
