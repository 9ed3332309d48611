import { DEPOSIT_STATE, depositDecidableFrom, type DepositStatus } from '@casino/contract';

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
