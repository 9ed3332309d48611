import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * Live updates (issue 37, DESIGN.md section 16): one server-sent event stream per tab carries
 * the member's balance, unread inbox count and deposit / withdrawal state changes within a
 * second of the commit, from any server process.
 *
 * - POST /api/stream/ticket {}        -> StreamTicket (member token): single-use, short-lived
 * - GET  /api/stream?ticket=...       -> text/event-stream of LiveEvent (event name = type); a
 *   refused ticket is answered with the envelope (code 401, LIVE_MSG.ticket), never a stream
 *
 * The member token never appears in a URL: EventSource cannot send a header, so the ticket
 * (useless after its first use or LIVE_LIMITS.ticketSeconds) stands in for it. Spec clients keep
 * polling /api/balance and are not affected.
 */
export const LIVE_LIMITS = {
  /** a ticket not used within this many seconds is refused */
  ticketSeconds: 30,
  /** a comment line this often keeps proxies from closing an idle stream; sessions are checked as often */
  heartbeatSeconds: 15,
  /** open streams per member in one server process: a further one ends the oldest */
  streamsPerMember: 5,
  /** tickets a member may ask for per minute */
  ticketsPerMinute: 30,
} as const;

export const LIVE_MSG = {
  ticket: '实时连接已失效，请重新连接',
  unavailable: '实时推送暂不可用，已改为定时刷新',
} as const;

/** strict: a ticket is always for the session's own member; a body naming anyone is refused */
export const streamTicketSchema = z.strictObject({}, { error: MSG.badRequest });

export interface StreamTicket {
  ticket: string;
  expires_in: number;
}

export type OrderKind = 'deposit' | 'withdrawal';

/**
 * What a stream sends. `ready` comes first on every connection, followed at once by the current
 * `balance` and `inbox`, so a client that reconnects has missed nothing. `bye` ends a stream the
 * server closes on purpose (the session ended: the client must not reconnect with that token;
 * `limit`: a newer stream of the member took its place; `closing`: the server is stopping).
 */
export type LiveEvent =
  | { type: 'ready' }
  /** the central wallet in yuan, as POST /api/balance answers data.balance */
  | { type: 'balance'; balance: number }
  /** unread inbox messages, as POST /api/messagenum answers data.count */
  | { type: 'inbox'; count: number }
  /** an order's state as the records show it (spec section 4: 1 pending review, 2 approved, 3 rejected) */
  | { type: 'order'; kind: OrderKind; order_no: string; state: 1 | 2 | 3 }
  | { type: 'bye'; reason: 'revoked' | 'limit' | 'closing' | 'unavailable' };

export const LIVE_EVENT_TYPES = ['ready', 'balance', 'inbox', 'order', 'bye'] as const;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A pushed event's data read defensively (no zod: the member site's signed-in chunk stays small). */
export function readLiveEvent(raw: unknown): LiveEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  switch (e.type) {
    case 'ready':
      return { type: 'ready' };
    case 'balance':
      return typeof e.balance === 'number' && Number.isFinite(e.balance) ? { type: 'balance', balance: e.balance } : null;
    case 'inbox':
      return isCount(e.count) ? { type: 'inbox', count: e.count } : null;
    case 'order':
      return (e.kind === 'deposit' || e.kind === 'withdrawal') && typeof e.order_no === 'string' && e.order_no.length <= 64 && (e.state === 1 || e.state === 2 || e.state === 3)
        ? { type: 'order', kind: e.kind, order_no: e.order_no, state: e.state }
        : null;
    case 'bye':
      return e.reason === 'revoked' || e.reason === 'limit' || e.reason === 'closing' || e.reason === 'unavailable' ? { type: 'bye', reason: e.reason } : null;
    default:
      return null;
  }
}
