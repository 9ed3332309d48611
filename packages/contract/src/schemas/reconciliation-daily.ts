import { z } from 'zod';
import { ADMIN_COMMON_MSG, adminPage, adminPerPage } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/**
 * The daily reconciliation (issue 13): for one Beijing day, the ledger's movements against the
 * deposits, withdrawals and venue transfers that caused them, the venues' balances against our
 * books, the gateway's records against our online orders, and the ledger's verify(). Stored per
 * day by a daily job; an operator may run a day again.
 */
export const RECON_DAILY_MSG = {
  day: '请选择对账日期（YYYY-MM-DD）',
  future: '不能选择未来的日期',
  tooOld: '只能对账最近 400 天内的日期',
  check: '检查项不存在',
  notComputed: '该日尚未对账',
  /** the run was accepted: it computes in the background */
  rerun: '已提交重新对账，正在后台运算',
  /** a run of that day is queued or running already: its state is answered, nothing new starts */
  inProgress: '该日正在对账，请等待本次运算完成',
  /** the result could not be stored */
  storeFailed: '对账结果保存失败，请稍后重新对账（详情见服务器日志）',
} as const;

/** why a run failed, when one of its checks could not be computed */
export function reconCheckFailed(title: string): string {
  return `「${title}」运算出错，本次对账未完成，请稍后重新对账（详情见服务器日志）`;
}

/** a day's run: queued (accepted), running (one process computes it), done, failed (with a message) */
export const RECON_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ReconRunState = (typeof RECON_RUN_STATES)[number];

/** the checks of a day, in the order the screen shows them */
export const RECON_CHECKS = ['deposits', 'withdrawals', 'transfers', 'venues', 'seamless', 'gateway', 'ledger'] as const;
export type ReconCheck = (typeof RECON_CHECKS)[number];

export const RECON_CHECK_TITLES: Record<ReconCheck, string> = {
  deposits: '存款入账 vs 账本',
  withdrawals: '取款 vs 账本',
  transfers: '场馆转账 vs 清算账户',
  venues: '场馆余额 vs 账面',
  seamless: '免转注单 vs 供应商局报表', // issue 38
  gateway: '在线存款 vs 支付通道',
  ledger: '账本自检 verify()',
};

/** what a difference is, shown in words beside its references */
export const RECON_ITEM_KINDS = {
  deposit_without_entry: '存款已入账但账本无对应分录',
  deposit_amount_mismatch: '存款入账金额与账本分录不符',
  deposit_bonus_without_entry: '存款赠送未记入账本',
  entry_without_deposit: '账本存款分录找不到已入账的存款单',
  withdrawal_hold_missing: '取款单无冻结分录',
  withdrawal_payout_missing: '已出款取款单无出款分录',
  withdrawal_return_missing: '已拒绝取款单无退回分录',
  withdrawal_amount_mismatch: '取款金额与账本分录不符',
  entry_without_withdrawal: '账本取款分录找不到对应取款单',
  transfer_without_entry: '已完成转账无清算分录',
  transfer_amount_mismatch: '转账金额与清算分录不符',
  entry_without_transfer: '清算分录找不到对应的已完成转账',
  venue_balance_mismatch: '场馆报告余额与账面不符',
  venue_no_answer: '场馆未应答',
  gateway_not_paid: '通道未确认支付，我方已记为支付',
  gateway_amount_mismatch: '通道支付金额与订单不符',
  gateway_paid_not_credited: '通道已支付，我方订单未入账',
  gateway_no_answer: '支付通道未应答',
  ledger_violation: '账本自检不通过',
  // issue 38: seamless rounds against the provider's round report
  seamless_missing_ours: '供应商有此局的下注，我方没有',
  seamless_missing_theirs: '我方有此局的下注，供应商报表没有',
  seamless_state_mismatch: '局的状态与供应商不符',
  seamless_amount_mismatch: '下注或派彩金额与供应商不符',
  seamless_flagged: '派彩所指的下注未收到（已入账，待核）',
  seamless_no_answer: '供应商未提供局报表',
} as const;
export type ReconItemKind = keyof typeof RECON_ITEM_KINDS;

/** how far back a day may be asked for or run */
export const RECON_MAX_DAYS_BACK = 400;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** a Beijing calendar day 'YYYY-MM-DD' (the server refuses future days and days too far back) */
export const reconDay = z.string({ error: RECON_DAILY_MSG.day }).trim().refine((v) => {
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 2000 && mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}, RECON_DAILY_MSG.day);

/** POST /admin/api/reconciliation/daily {day}: the stored result of a day (null when not run yet) */
export const reconDailySchema = z.object({ day: reconDay }, { error: RECON_DAILY_MSG.day });
export type ReconDailyInput = z.output<typeof reconDailySchema>;

/**
 * POST /admin/api/reconciliation/run {day}: asks for the day to be computed again
 * (reconciliation.resolve); answers at once with the day in state queued or running
 */
export const reconRunSchema = reconDailySchema;
export type ReconRunInput = ReconDailyInput;

/** POST /admin/api/reconciliation/daily-items {day, check?, page, per_page?}: the day's differences */
export const reconItemsSchema = z.object(
  {
    day: reconDay,
    check: z
      .union([z.enum(RECON_CHECKS, { error: RECON_DAILY_MSG.check }), z.literal(''), z.null()], { error: RECON_DAILY_MSG.check })
      .optional()
      .transform((v) => (v ? v : undefined)),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type ReconItemsInput = z.output<typeof reconItemsSchema>;

/** POST /admin/api/reconciliation/days {page}: the days run, newest first */
export const reconDaysSchema = z.object({ page: adminPage, per_page: adminPerPage }, { error: ADMIN_COMMON_MSG.badRequest });
export type ReconDaysInput = z.output<typeof reconDaysSchema>;

/** a figure of a check: yuan amounts or plain counts */
export interface ReconFigure {
  label: string;
  /** ours (the source tables, or our books) */
  ours: number;
  /** theirs (the ledger, the venue, the gateway) */
  theirs: number;
  /** 'yuan' or 'count' */
  unit: 'yuan' | 'count';
}

export interface ReconCheckResult {
  check: ReconCheck;
  title: string;
  ok: boolean;
  /** differences listed for this check */
  differences: number;
  /** more differences existed than were listed */
  truncated: boolean;
  figures: ReconFigure[];
  /** one line on how the check was made (what was compared, how many) */
  note: string;
}

export interface ReconDayResult {
  day: string;
  /** the day's run: while queued or running the screen polls; failed carries `error` */
  state: ReconRunState;
  /** when the current (or last) run was asked for, and by whom ('job' or an operator) */
  requested_at: string;
  requested_by: string;
  /** when the current (or last) run started computing */
  started_at: string | null;
  /** why the last run failed (state failed) */
  error: string | null;
  /** the last completed result (null until a run has completed; kept while a new one runs or after it failed) */
  status: 'clean' | 'differences' | null;
  differences: number;
  checks: ReconCheckResult[];
  computed_at: string | null;
  /** 'job' or the operator's username */
  computed_by: string | null;
  duration_ms: number | null;
}

export interface ReconDayRow {
  day: string;
  state: ReconRunState;
  status: 'clean' | 'differences' | null;
  differences: number;
  computed_at: string | null;
  computed_by: string | null;
  requested_by: string;
}

export interface ReconItemRow {
  id: number;
  check: ReconCheck;
  kind: ReconItemKind;
  kind_text: string;
  /** the main reference: an order number, entry id, transfer id, difference id or account */
  reference: string;
  /** every reference of the difference, by name (deposit_no, entry_id, transfer_id, member, platform ...) */
  refs: Record<string, string | number>;
  /** yuan, when the difference is an amount */
  expected: Yuan | null;
  actual: Yuan | null;
  note: string;
}
