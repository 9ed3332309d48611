import type { ActivityItem, ActivityTypeItem, Paged } from '@casino/contract';
import { apiPost, failureText, type ApiResult } from '../../api/client';
import { toast } from '../../ui/feedback';

export class ContentFailure extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.message || 'request failed');
  }
}

/** Toasts the failure (unless the page shows it in place) and throws it for the query. */
function fail(res: ApiResult<unknown>, shownInPlace = false): never {
  const text = failureText(res);
  if (text && !shownInPlace) toast(text, 'fail');
  throw new ContentFailure(res);
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
