import { DEPOSIT_STATE, depositDecidableFrom, depositPhaseOf, type DepositPhase, type DepositStatus } from '@casino/contract';

/** An order's status as the member's records show it (spec section 4: 1 pending, 2 approved, 3 rejected). */
export function recordState(status: string): number {
  if (status === 'credited') return DEPOSIT_STATE.approved;
  if (status === 'pending' || status === 'review') return DEPOSIT_STATE.pending;
  return DEPOSIT_STATE.rejected;
}

/** statuses an operator may credit or reject (the contract's rule, which the back-office shows too) */
export const decidableFrom = depositDecidableFrom;

/** statuses a gateway's paid notify may still act on */
export const NOTIFIABLE: readonly DepositStatus[] = ['pending', 'expired'];

/**
 * issue 34: what the member sees of an order at `now` (the contract's one name per phase, and why):
 * the phase every member reply carries, so 支付信息, 交易记录 and 待处理订单 cannot disagree.
 */
export function memberPhase(
  d: { status: string; amount: number; paid_amount: number | null; paid_at: number | null; expires_at: number; reject_reason?: string | null; review_reason?: string | null },
  now: number,
): { phase: DepositPhase; phase_name: string; why: string } {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const p = depositPhaseOf(
    { status: d.status, amount: Number(d.amount), paid_amount: num(d.paid_amount), paid_at: num(d.paid_at), expires_at: Number(d.expires_at), reject_reason: d.reject_reason, review_reason: d.review_reason },
    now,
  );
  return { phase: p.phase, phase_name: p.name, why: p.why };
}
