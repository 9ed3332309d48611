import { create } from 'zustand';
import type { OrderKind } from '@casino/contract';

/**
 * issue 37: whether the member's live-update stream is up (session/live.ts keeps it). While it
 * is, the site's polls of what the stream carries (balance, order states) stand down; when it
 * drops they resume (spec section 4's timers).
 */
export const useLive = create<{ up: boolean }>(() => ({ up: false }));

export function setLiveUp(up: boolean): void {
  // what the e2e tests (and a curious operator in devtools) can see
  document.documentElement.dataset.live = up ? 'up' : 'down';
  if (useLive.getState().up !== up) useLive.setState({ up });
}

/** an order's new state; null: the stream (re)connected, anything may have changed meanwhile */
export type OrderNews = { kind: OrderKind; order_no: string; state: 1 | 2 | 3 } | null;
const orderListeners = new Set<(e: OrderNews) => void>();

export function onOrderNews(fn: (e: OrderNews) => void): () => void {
  orderListeners.add(fn);
  return () => void orderListeners.delete(fn);
}

export function tellOrderNews(e: OrderNews): void {
  for (const fn of [...orderListeners]) fn(e);
}
