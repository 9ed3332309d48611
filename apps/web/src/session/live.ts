import { LIVE_EVENT_TYPES, readLiveEvent, type LiveEvent, type StreamTicket } from '@casino/contract';
import { apiPost } from '../api/client';
import { setLiveUp, tellOrderNews } from './liveState';
import { pollBalanceNow, startBalancePolling, stopBalancePolling } from './polling';
import { useSession } from './store';

/**
 * issue 37 (DESIGN.md section 16): the member's live-update stream. A single-use ticket from
 * POST /api/stream/ticket opens GET /api/stream?ticket=... (the token never goes in a URL). While
 * the stream is up the balance poll stops and pushed values are applied; when it drops or is
 * refused, the spec's polling resumes at once and the stream is tried again with a growing delay.
 */

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

let es: EventSource | null = null;
let running = false;
let connecting = false;
let retry: number | undefined;
let delay = FIRST_RETRY_MS;

function apply(e: LiveEvent): void {
  const s = useSession.getState();
  if (e.type === 'balance') s.setBalance(e.balance);
  else if (e.type === 'inbox') s.setMessageNum(e.count);
  else if (e.type === 'order') tellOrderNews({ kind: e.kind, order_no: e.order_no, state: e.state });
}

/** the stream is gone: poll as the spec says, and try again later (or never, for a session that ended) */
function down(nextMs = delay): void {
  es?.close();
  es = null;
  setLiveUp(false);
  if (!running) return;
  if (useSession.getState().token) {
    startBalancePolling();
    pollBalanceNow();
  }
  window.clearTimeout(retry);
  retry = window.setTimeout(() => void connect(), nextMs);
  delay = Math.min(delay * 2, MAX_RETRY_MS);
}

async function connect(): Promise<void> {
  if (!running || connecting || es) return;
  connecting = true;
  // a 401 here is the balance poll's to act on (spec section 4: to /login without a dialog)
  const res = await apiPost<StreamTicket>('/api/stream/ticket', {}, { ignoreAuthErrors: true }).finally(() => (connecting = false));
  if (!running) return;
  if (res.code !== 200 || !res.data?.ticket) return down();
  const source = new EventSource(`/api/stream?ticket=${encodeURIComponent(res.data.ticket)}`);
  es = source;
  const dispatch = (ev: MessageEvent) => {
    let e: LiveEvent | null = null;
    try {
      e = readLiveEvent(JSON.parse(ev.data as string));
    } catch {
      e = null;
    }
    if (!e || es !== source) return;
    if (e.type === 'ready') {
      delay = FIRST_RETRY_MS;
      stopBalancePolling();
      setLiveUp(true);
      // orders may have moved while it was down: screens showing one read it again
      tellOrderNews(null);
    } else if (e.type === 'bye') {
      // revoked: the session is over (the next call meets 401); limit: another tab of the member took the place
      if (e.reason === 'revoked') {
        es.close();
        es = null;
        setLiveUp(false);
        if (running && useSession.getState().token) {
          startBalancePolling();
          pollBalanceNow();
        }
        return;
      }
      down(e.reason === 'limit' ? MAX_RETRY_MS : delay);
    } else apply(e);
  };
  for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, dispatch);
  // a refused ticket (an envelope, not a stream) or a cut connection: EventSource's own retry
  // would spend nothing useful (the ticket is used); a fresh one is asked for after the delay
  source.onerror = () => {
    if (es === source) down();
  };
}

/** while a member is signed in: polling at once, the stream as soon as it opens */
export function startLive(): void {
  if (running) return;
  running = true;
  delay = FIRST_RETRY_MS;
  startBalancePolling();
  void connect();
}

export function stopLive(): void {
  running = false;
  window.clearTimeout(retry);
  es?.close();
  es = null;
  setLiveUp(false);
  stopBalancePolling();
}
