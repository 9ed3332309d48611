import { z } from 'zod';
import { formatYuan, yuanToFen, type Yuan } from '../money.ts';
import { plainLine } from '../text-rules.ts';
import { adminMemberUsername, ADMIN_COMMON_MSG } from './admin-shared.ts';
import { queueSchemas } from './second-operator.ts';

/**
 * Turnover (打码量) waivers by operators (issue 25, DESIGN.md section 11).
 *
 * - POST /admin/api/members/turnover-waive {username, requirement_id?, amount?, reason, request_id?}
 *   (members.turnover_waive) -> TurnoverWaiveReply. One requirement row, or every open row
 *   (oldest first) when requirement_id is absent; amount = how much to waive in yuan, absent = all
 *   that remains. Up to the setting turnover_waive_review_threshold (yuan; 0 = never) it applies at
 *   once; above it the call records a pending waiver that a second, different operator approves or
 *   rejects. A retry with the same request_id answers the same waiver.
 * - POST /admin/api/turnover-waivers/list {state?, username?, page, per_page?} (members.view)
 *   -> AdminPaged<TurnoverWaiverRow>, newest first
 * - POST /admin/api/turnover-waivers/approve {waiver_no} (members.turnover_waive): applies a pending
 *   waiver once; refused to the operator who asked for it
 * - POST /admin/api/turnover-waivers/reject {waiver_no, reason} (members.turnover_waive)
 */
export const TURNOVER_WAIVE_MSG = {
  requirementId: '打码记录编号错误',
  amount: '请输入正确的减免金额（大于0，最多两位小数）',
  reason: '请输入减免原因（1到200字）',
  waiverNo: '请输入减免单号',
  rejectReason: '请输入拒绝原因（1到200字）',
  state: '状态参数错误',
  notFound: '减免单不存在',
  requirementNotFound: '该会员没有这条打码记录',
  nothingOpen: '该会员没有未完成的打码量，无需减免',
  rowDone: '这条打码记录已完成，无需减免',
  tooMuch: (left: string) => `减免金额超过剩余打码量（剩余 ${left} 元）`,
  applied: (amount: string) => `已减免打码量 ${amount} 元`,
  pending: (threshold: string) => `减免金额超过 ${threshold} 元，已提交，需另一位操作员复核`,
  sameApprover: '不能复核自己提交的减免，请由另一位操作员处理',
  decided: '该减免单已处理',
  rejected: '已拒绝该减免',
  requestReused: '该请求编号已用于另一笔减免',
} as const;

/** the most one waiver names: 10,000,000,000 yuan (turnover of a 50x bonus can be large) */
const MAX_WAIVE_FEN = 1_000_000_000_000;

export const TURNOVER_WAIVER_STATES = ['pending', 'applied', 'rejected'] as const;
export type TurnoverWaiverState = (typeof TURNOVER_WAIVER_STATES)[number];
export const TURNOVER_WAIVER_STATE_NAMES: Record<TurnoverWaiverState, string> = { pending: '待复核', applied: '已减免', rejected: '已拒绝' };

const waiveReason = z.string({ error: TURNOVER_WAIVE_MSG.reason }).trim().min(1, TURNOVER_WAIVE_MSG.reason).max(200, TURNOVER_WAIVE_MSG.reason).refine(...plainLine('减免原因'));

export const turnoverWaiveSchema = z.object(
  {
    username: adminMemberUsername,
    /** one requirement row; absent, null or '' = every open row, oldest first */
    requirement_id: z
      .union([z.number(), z.string().trim().regex(/^\d{0,15}$/, TURNOVER_WAIVE_MSG.requirementId), z.null()], { error: TURNOVER_WAIVE_MSG.requirementId })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === '') return undefined;
        const n = Number(v);
        if (!Number.isSafeInteger(n) || n < 1) {
          ctx.addIssue({ code: 'custom', message: TURNOVER_WAIVE_MSG.requirementId });
          return z.NEVER;
        }
        return n;
      }),
    /** yuan to waive, turned into fen; absent, null or '' = all that remains */
    amount: z
      .union([z.number(), z.string(), z.null()], { error: TURNOVER_WAIVE_MSG.amount })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === '') return undefined;
        const fen = yuanToFen(v);
        if (fen === null || fen <= 0 || fen > MAX_WAIVE_FEN) {
          ctx.addIssue({ code: 'custom', message: TURNOVER_WAIVE_MSG.amount });
          return z.NEVER;
        }
        return fen;
      }),
    reason: waiveReason,
    /** the operator's own id for this request: a retry with the same id answers the same waiver */
    request_id: z.string().trim().min(8).max(64).optional().catch(undefined),
  },
  { error: ADMIN_COMMON_MSG.username },
);
export type TurnoverWaiveInput = z.output<typeof turnoverWaiveSchema>;

const queue = queueSchemas('waiver_no', TURNOVER_WAIVER_STATES, {
  state: TURNOVER_WAIVE_MSG.state,
  no: TURNOVER_WAIVE_MSG.waiverNo,
  notFound: TURNOVER_WAIVE_MSG.notFound,
  rejectReason: TURNOVER_WAIVE_MSG.rejectReason,
});
export const turnoverWaiverListSchema = queue.list;
export const turnoverWaiverApproveSchema = queue.approve;
export const turnoverWaiverRejectSchema = queue.reject;

export interface TurnoverWaiverRow {
  waiver_no: string;
  username: string;
  /** the one requirement row waived; null = the member's open rows, oldest first */
  requirement_id: number | null;
  /** yuan asked for; null = all that remains */
  amount: Yuan | null;
  /** what the request came to when it was made (the figure the threshold was compared with) */
  amount_at_request: Yuan;
  /** yuan actually waived (applied waivers) */
  applied_amount: Yuan | null;
  reason: string;
  state: TurnoverWaiverState;
  /** above the threshold: a second, different operator decides */
  needs_two: boolean;
  requested_by: string;
  requested_at: string;
  decided_by: string | null;
  decided_at: string | null;
  reject_reason: string | null;
}

export interface TurnoverWaiveReply {
  waiver: TurnoverWaiverRow;
  /** the member's 剩余打码量 after the call */
  remaining: Yuan;
  /** a retry of a request already answered: nothing changed this time */
  replayed: boolean;
}

/** yuan as the waiver messages show it */
export const waiveYuan = (y: number) => formatYuan(y, true);
