import { apiGet } from '../api/client';
import { session, SESSION_KEYS } from './storage';

/**
 * GET /api/getVisitUrl once at start (spec section 7): the server answers code 200 with data.url
 * only when an operator set an entry address (h5_url) other than this site; then the member is
 * sent there in the same window, with register?pid={pid} appended when a referrer code is known.
 * Any other answer (no address, a network failure) keeps the member here. As a guard of our own,
 * an address on this very origin is never followed: that would reload the site for ever.
 */
export async function followVisitUrl(): Promise<void> {
  const res = await apiGet<{ url?: unknown }>('/api/getVisitUrl');
  if (res.code !== 200 || !res.data || typeof res.data.url !== 'string') return;
  const target = visitTarget(res.data.url, window.location.href, currentPid());
  if (target) leaveFor(target);
}

/** Where to go for a getVisitUrl answer `url` seen from `here`, or null to stay. */
export function visitTarget(url: string, here: string, pid: string | null): string | null {
  const raw = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(raw, here);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.origin === new URL(here).origin) return null;
  if (!pid) return raw;
  // the original client appends to data.url as it is; a URL ending in neither / nor # gets a /
  // so that the path stays a path (https://m.example.com -> https://m.example.com/register?pid=)
  const sep = /[/#]$/.test(raw) ? '' : '/';
  return `${raw}${sep}register?pid=${encodeURIComponent(pid)}`;
}

/** A pid in this address (the hash route's query or the page's own) or remembered this visit. */
function currentPid(): string | null {
  const hashQuery = window.location.hash.split('?')[1] ?? '';
  const pid = new URLSearchParams(hashQuery).get('pid') ?? new URLSearchParams(window.location.search).get('pid') ?? session.get(SESSION_KEYS.pid);
  return pid && pid.trim() ? pid.trim() : null;
}

/**
 * Same window, without a history entry (Back must not land on a page that leaves again). Inside
 * our own desktop phone frame the whole page goes: the other site refuses to be framed by us.
 */
function leaveFor(target: string): void {
  let win: Window = window;
  try {
    if (window.top && window.top !== window && window.top.location.origin === window.location.origin) win = window.top;
  } catch {
    // framed by someone else: leave only the frame
  }
  win.location.replace(target);
}
