import type { Yuan } from '../money.ts';
import { queueSchemas } from './second-operator.ts';

/**
 * Manual adjustments and the second operator (issue 33 point 7, DESIGN.md sections 4 and 11).
 *
 * - POST /admin/api/members/adjust {username, amount, reason, turnover_multiple?, request_id?}
 *   (members.adjust) -> AdjustReply. Applied at once when the amount (either way) is at most the
 *   setting adjust_second_approval_over and the operator's immediate adjustments of the Beijing day
 *   stay within adjust_daily_immediate_max (whole yuan; 0 = no such limit); otherwise the call
 *   records a waiting adjustment (state pending, its ADJ number and request id in the reply) that a
 *   second, different operator approves or rejects. A retry with the same request_id answers the
 *   same adjustment.
 * - POST /admin/api/adjustments/list {state?, username?, page, per_page?} (members.view)
 *   -> AdminPaged<AdjustmentRow>, newest first
 * - POST /admin/api/adjustments/approve {adjustment_no} (members.adjust): posts a waiting
 *   adjustment once; refused to the operator who asked for it
 * - POST /admin/api/adjustments/reject {adjustment_no, reason} (members.adjust): no money moves
 */
export const ADJUSTMENT_MSG = {
  adjustmentNo: '请输入调整单号',
  rejectReason: '请输入拒绝原因（1到200字）',
  state: '状态参数错误',
  notFound: '调整单不存在',
  pending: (threshold: string) => `调整金额超过双人复核门槛 ${threshold} 元，已提交，需另一位操作员批准后生效`,
  pendingDaily: (cap: string) => `您今日直接生效的调整已达 ${cap} 元上限，本笔已提交，需另一位操作员批准后生效`,
  sameApprover: '不能批准自己提交的调整，请由另一位操作员处理',
  decided: '该调整单已处理',
  approved: '已批准，调整已入账',
  rejected: '已拒绝该调整，余额未变动',
  requestReused: '该请求编号已用于另一笔调整',
} as const;

export const ADJUSTMENT_STATES = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];
/** why an adjustment waits for a second operator: its amount, or the operator's day of immediate ones */
export type AdjustmentReview = 'threshold' | 'daily_cap';
export const ADJUSTMENT_STATE_NAMES: Record<AdjustmentState, string> = { pending: '待复核', applied: '已入账', rejected: '已拒绝' };
export const ADJUSTMENT_REVIEW_NAMES: Record<AdjustmentReview, string> = { threshold: '超过双人复核门槛', daily_cap: '超过每日直接调整上限' };

const queue = queueSchemas('adjustment_no', ADJUSTMENT_STATES, {
  state: ADJUSTMENT_MSG.state,
  no: ADJUSTMENT_MSG.adjustmentNo,
  notFound: ADJUSTMENT_MSG.notFound,
  rejectReason: ADJUSTMENT_MSG.rejectReason,
});
export const adjustmentListSchema = queue.list;
export const adjustmentApproveSchema = queue.approve;
export const adjustmentRejectSchema = queue.reject;

export interface AdjustmentRow {
  /** ADJ + Beijing yyyyMMdd + 8 digits: the adjustment's number everywhere (关联单号) */
  adjustment_no: string;
  /** the requesting operator's idempotency id */
  request_id: string;
  username: string;
  /** yuan: positive credits, negative debits */
  amount: Yuan;
  turnover_multiple: number;
  reason: string;
  state: AdjustmentState;
  /** a second, different operator decides (or decided) */
  needs_two: boolean;
  review: AdjustmentReview | null;
  requested_by: string;
  requested_at: string;
  decided_by: string | null;
  decided_at: string | null;
  reject_reason: string | null;
}

export interface AdjustReply extends AdjustmentRow {
  /** the member's central wallet after the call (yuan) */
  balance: Yuan;
  /** the ledger entry once posted */
  entry_id: number | null;
  /** a retry of a request already answered: nothing changed this time */
  replayed: boolean;
}
