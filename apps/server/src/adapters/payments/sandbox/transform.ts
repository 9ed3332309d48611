import type { GatewayOrder, GatewayOrderState } from '../types.ts';

/** The sandbox gateway's order JSON (query answers and notifies) to ours; null when malformed. */
export function toGatewayOrder(v: unknown): GatewayOrder | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const fen = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : null);
  const state = o.state;
  if (state !== 'pending' && state !== 'paid' && state !== 'failed') return null;
  if (typeof o.order_no !== 'string' || typeof o.merchant_order_no !== 'string') return null;
  const amount = fen(o.amount_fen);
  if (amount === null || amount === 0) return null;
  const paid = o.paid_fen === null || o.paid_fen === undefined ? null : fen(o.paid_fen);
  if (state === 'paid' && paid === null) return null;
  return {
    gatewayOrderNo: o.order_no,
    merchantOrderNo: o.merchant_order_no,
    state: state as GatewayOrderState,
    amount,
    paidAmount: paid,
    paidAt: typeof o.paid_at === 'number' ? o.paid_at : null,
  };
}
