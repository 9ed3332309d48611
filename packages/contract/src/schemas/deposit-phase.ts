import { formatYuan } from '../money.ts';
import type { DepositStatus } from './payments.ts';

/**
 * What a member sees of a deposit order (issue 34 point 3): ONE name and ONE set of actions per
 * state, on every member screen (支付信息, 交易记录, 待处理订单, the deposit page after the cashier)
 * and in every member reply (POST /api/payinfo, GET /pay/api/queryOrderNo, POST /api/gettransrecord
 * type 1). The server decides the phase (depositPhaseOf) and answers it with its name and why; the
 * site shows the name from here and offers exactly the actions listed here.
 *
 * - unpaid   待支付: waiting for the member's payment before its deadline: the countdown and the way to
 *                    pay (the cashier of an online order, the account of a bank or USDT order)
 * - review   待审核: paid, but not as ordered (金额不符 / 超时到账): an operator decides; never paid again
 * - credited 已到账
 * - rejected 已拒绝: an operator refused it (the why is their reason)
 * - expired  已过期: the deadline passed unpaid
 * - failed   已取消: the payment or the order failed at the gateway
 *
 * The spec's numeric state (1 pending review, 2 approved, 3 rejected) stays beside it for the
 * original client.
 */
export const DEPOSIT_PHASES = ['unpaid', 'review', 'credited', 'rejected', 'expired', 'failed'] as const;
export type DepositPhase = (typeof DEPOSIT_PHASES)[number];

export interface DepositPhaseLook {
  /** the one name every member screen and reply uses */
  name: string;
  /** tag colour */
  tone: 'gold' | 'green' | 'red' | 'grey';
  /** the countdown to the deadline and the way to pay are offered (only while unpaid) */
  pay: boolean;
}

export const DEPOSIT_PHASE: Record<DepositPhase, DepositPhaseLook> = {
  unpaid: { name: '待支付', tone: 'gold', pay: true },
  review: { name: '待审核', tone: 'gold', pay: false },
  credited: { name: '已到账', tone: 'green', pay: false },
  rejected: { name: '已拒绝', tone: 'red', pay: false },
  expired: { name: '已过期', tone: 'grey', pay: false },
  failed: { name: '已取消', tone: 'grey', pay: false },
};

/** why an order is where it is, as the member reads it (the first words of `why`) */
export const DEPOSIT_WHY = {
  mismatch: '金额不符',
  late: '超时到账',
  review: '等待财务审核',
  rejected: '订单已被拒绝',
  expired: '订单超时未支付',
  failed: '支付未完成',
} as const;

/** The fields of a stored order the phase is read from (amounts in fen, times in epoch ms). */
export interface DepositPhaseInput {
  status: DepositStatus | string;
  amount: number;
  paid_amount: number | null;
  paid_at: number | null;
  expires_at: number;
  reject_reason?: string | null;
  review_reason?: string | null;
}

/**
 * The member's phase of an order at `now`, with the why: an order still pending past its deadline
 * is expired already (the expiry job may not have run yet); a paid order under review says whether
 * it came late or differs from the order, with the amounts.
 */
export function depositPhaseOf(d: DepositPhaseInput, now: number): { phase: DepositPhase; name: string; why: string } {
  const yuan = (fen: number) => `¥${formatYuan(fen / 100, true)}`;
  const of = (phase: DepositPhase, why = '') => ({ phase, name: DEPOSIT_PHASE[phase].name, why });
  switch (d.status) {
    case 'pending':
      return now < d.expires_at ? of('unpaid') : of('expired', DEPOSIT_WHY.expired);
    case 'review': {
      if (d.paid_amount === null) return of('review', DEPOSIT_WHY.review);
      const paid = Number(d.paid_amount);
      const late = d.paid_at !== null && Number(d.paid_at) > d.expires_at;
      if (late) return of('review', `${DEPOSIT_WHY.late}：实付 ${yuan(paid)}，等待财务审核`);
      return of('review', `${DEPOSIT_WHY.mismatch}：实付 ${yuan(paid)}，订单 ${yuan(d.amount)}，等待财务审核`);
    }
    case 'credited':
      return of('credited');
    case 'rejected':
      return of('rejected', d.reject_reason?.trim() || DEPOSIT_WHY.rejected);
    case 'expired':
      return of('expired', DEPOSIT_WHY.expired);
    default:
      return of('failed', d.review_reason?.trim() || DEPOSIT_WHY.failed);
  }
}
