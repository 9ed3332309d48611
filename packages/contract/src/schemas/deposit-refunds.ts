import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { Yuan } from '../money.ts';
import { adminFilter, adminPage, adminReason } from './admin-shared.ts';
import type { AdminDepositRow } from './payments.ts';
import type { ResponsibleBreakView, ResponsiblePeriod } from './responsible.ts';

/**
 * Deposit limits at review (issue 33 point 3, DESIGN.md sections 4 and 13): an operator's approval
 * credits at most what the member's lowest deposit limit leaves; the rest of what was paid is a
 * refund owed to the member, listed for finance until marked refunded. During a time-out or
 * self-exclusion nothing is credited: the whole payment is owed back (docs/decisions.md).
 *
 * Operator calls (route table slugs in brackets):
 * - /admin/api/deposits/get {deposit_no}                        [deposits.view]    -> AdminDepositDetail
 * - /admin/api/deposit-refunds/list {state?, username?, page}   [deposits.view]    -> AdminPaged<AdminDepositRefundRow>
 * - /admin/api/deposit-refunds/mark-refunded {id | deposit_no, reason} [deposits.refunds] -> AdminDepositRefundRow
 */

export const DEPOSIT_REFUND_STATES = ['owed', 'refunded'] as const;
export type DepositRefundState = (typeof DEPOSIT_REFUND_STATES)[number];
export const DEPOSIT_REFUND_STATE_NAMES: Record<DepositRefundState, string> = { owed: '待退款', refunded: '已退款' };
/** why part of a payment is owed back */
export const DEPOSIT_REFUND_REASON_NAMES: Record<string, string> = { limit: '超出存款限额', break: '冷静期/自我排除期间的付款' };

export const DEPOSIT_REFUND_MSG = {
  state: '状态参数错误',
  idOrNo: '请提供退款编号或存款单号',
  id: '退款编号格式错误',
  notFound: '该存款没有待退款记录',
  marked: '已标记为已退款',
  markedBefore: '该退款已标记为已退款',
  /** the approval's answer when part (or all) of the payment is owed back */
  approvedPartly: (credited: string, refund: string) => `已入账 ${credited} 元；超出会员存款限额的 ${refund} 元已记为待退款，请财务退回会员`,
  approvedNone: (refund: string) => `会员存款限额已用完：未入账，${refund} 元已记为待退款，请财务退回会员`,
  approvedOnBreak: (refund: string) => `会员在冷静期/自我排除中：未入账，${refund} 元已记为待退款，请财务退回会员`,
  /** the order's reject reason when nothing could be credited */
  rejectLimit: (refund: string) => `超出您设置的存款限额，${refund} 元将退回您的付款账户`,
  rejectBreak: (refund: string) => `您在冷静期/自我排除期间付款，${refund} 元将退回您的付款账户`,
} as const;

/** the member's inbox when an approval credits part of a payment */
export const DEPOSIT_REFUND_INBOX = {
  approvedPartly: (no: string, credited: string, refund: string) =>
    `您的存款订单 ${no} 已审核通过，${credited} 元已存入中心钱包；超出您设置的存款限额的 ${refund} 元将退回您的付款账户。`,
} as const;

/** /admin/api/deposits/get {deposit_no} */
export const adminDepositGetSchema = z.object(
  { deposit_no: z.string({ error: '请输入订单号' }).trim().min(1, '请输入订单号').max(40, '订单不存在').regex(/^[A-Za-z0-9]+$/, '订单不存在') },
  { error: MSG.badRequest },
);

export const adminDepositRefundListSchema = z.object(
  {
    state: z
      .union([z.string().trim(), z.null()], { error: DEPOSIT_REFUND_MSG.state })
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        if (!(DEPOSIT_REFUND_STATES as readonly string[]).includes(v)) {
          ctx.addIssue({ code: 'custom', message: DEPOSIT_REFUND_MSG.state });
          return z.NEVER;
        }
        return v as DepositRefundState;
      }),
    username: adminFilter(32),
    page: adminPage,
  },
  { error: MSG.badRequest },
);

/** {id} or {deposit_no}, and the operator's note of how it was refunded */
export const adminDepositRefundMarkSchema = z
  .object(
    {
      id: z
        .union([z.number(), z.string().trim().regex(/^\d{1,12}$/, DEPOSIT_REFUND_MSG.id), z.null()], { error: DEPOSIT_REFUND_MSG.id })
        .optional()
        .transform((v) => (v === undefined || v === null || v === '' ? undefined : Number(v)))
        .pipe(z.number().int(DEPOSIT_REFUND_MSG.id).min(1, DEPOSIT_REFUND_MSG.id).optional()),
      deposit_no: z
        .union([z.string().trim().max(40, DEPOSIT_REFUND_MSG.notFound).regex(/^[A-Za-z0-9]*$/, DEPOSIT_REFUND_MSG.notFound), z.null()], { error: DEPOSIT_REFUND_MSG.idOrNo })
        .optional()
        .transform((v) => (v ? v : undefined)),
      reason: adminReason,
    },
    { error: MSG.badRequest },
  )
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.deposit_no === undefined) ctx.addIssue({ code: 'custom', message: DEPOSIT_REFUND_MSG.idOrNo, path: ['id'] });
  });
export type AdminDepositRefundMarkInput = z.output<typeof adminDepositRefundMarkSchema>;

export interface AdminDepositRefundRow {
  id: number;
  deposit_no: string;
  username: string;
  /** owed to the member */
  amount: Yuan;
  /** what the member paid, and what of it was credited */
  paid_amount: Yuan;
  credited_amount: Yuan;
  /** limit | break */
  reason: string;
  reason_name: string;
  state: DepositRefundState;
  state_name: string;
  created_by: string;
  created_at: string;
  refunded_by: string | null;
  refunded_at: string | null;
  /** the finance operator's note when marking it refunded */
  note: string | null;
}

/** one deposit limit in force, as the review shows it (yuan) */
export interface DepositLimitHeadroom {
  period: ResponsiblePeriod;
  period_name: string;
  amount: Yuan;
  /** counted in the period, this order left out */
  used: Yuan;
  left: Yuan;
}

/** /admin/api/deposits/get: the order, and what approving it would do under the member's limits */
export interface AdminDepositDetail {
  row: AdminDepositRow;
  /** the member's deposit limits in force (none: empty) */
  limits: DepositLimitHeadroom[];
  /** the lowest left (null: no limit) */
  left: Yuan | null;
  /** a time-out or self-exclusion in force */
  active_break: (ResponsibleBreakView & { kind_name: string }) | null;
  /** while the order can be approved: what approving it credits now, and what is owed back */
  preview: { paid: Yuan; credit: Yuan; refund: Yuan } | null;
  /** the refund recorded for it, once decided */
  refund: AdminDepositRefundRow | null;
  /** warnings for the reviewer (break, limit reached, part owed back) */
  hints: string[];
}
