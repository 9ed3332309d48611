import type { UrlReply } from '@casino/contract';
import { apiGet, apiPost } from '../../api/client';

/** Spec section 9: link URLs are forced to https; a page on this site's own host keeps the page's scheme. */
export function linkUrl(raw: string): string {
  const url = raw.trim();
  if (url.startsWith('//')) return `https:${url}`;
  try {
    const u = new URL(url, window.location.href);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    if (u.protocol === 'http:' && u.host !== window.location.host) u.protocol = 'https:';
    return u.toString();
  } catch {
    return '';
  }
}

export class UrlFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

/** POST /api/getservicerurl (or GET for the calls the spec names as GET): data.url, checked. */
export async function fetchFrameUrl(path: string, method: 'GET' | 'POST' = 'POST'): Promise<string> {
  const res = method === 'GET' ? await apiGet<UrlReply>(path) : await apiPost<UrlReply>(path, {});
  const url = res.code === 200 && typeof res.data?.url === 'string' ? linkUrl(res.data.url) : '';
  if (!url) throw new UrlFailure(res.code === 200 ? '' : res.message, Boolean(res.network));
  return url;
}
