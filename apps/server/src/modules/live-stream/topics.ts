import type { Kysely } from 'kysely';
import type { OrderKind } from '@casino/contract';
import { announce } from '../../db/hooks.ts';

/**
 * What the live streams listen for, announced by the modules that commit it (db/hooks.ts:
 * once the transaction commits) and carried to the other processes by the live cache's bus.
 * The balance needs no topic of its own: the ledger already announces CENTRAL_CHANGED.
 */
export const LIVE_TOPICS = {
  /** keys: member ids whose unread inbox count may have changed */
  inbox: 'live:inbox',
  /** keys: `${member_id}|${d|w}|${state}|${order_no}` (an order's state as the records show it) */
  orders: 'live:orders',
} as const;

/** the inbox of these members changed (a message, a read); announced once `db`'s transaction commits */
export function announceInbox(db: Kysely<any>, memberIds: readonly number[]): Promise<void> {
  return announce(db, LIVE_TOPICS.inbox, memberIds);
}

export interface OrderChange {
  member_id: number;
  kind: OrderKind;
  order_no: string;
  /** spec section 4: 1 pending review, 2 approved, 3 rejected */
  state: number;
}

export function orderKey(c: OrderChange): string {
  return `${Number(c.member_id)}|${c.kind === 'deposit' ? 'd' : 'w'}|${c.state}|${c.order_no}`;
}

export function parseOrderKey(key: string | number): (OrderChange & { state: 1 | 2 | 3 }) | null {
  const m = /^(\d{1,15})\|([dw])\|([123])\|([A-Za-z0-9_-]{1,64})$/.exec(String(key));
  if (!m) return null;
  return { member_id: Number(m[1]), kind: m[2] === 'd' ? 'deposit' : 'withdrawal', state: Number(m[3]) as 1 | 2 | 3, order_no: m[4] };
}

/** orders whose state changed; announced once `db`'s transaction commits */
export function announceOrders(db: Kysely<any>, changes: readonly OrderChange[]): Promise<void> {
  return announce(db, LIVE_TOPICS.orders, changes.map(orderKey));
}
