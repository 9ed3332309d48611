import { z } from 'zod';
import type { Yuan } from '../money.ts';
import { ADMIN_COMMON_MSG, adminDate, adminFilter, adminPage, adminPerPage, adminYuanFilter, type AdminPaged } from './admin-shared.ts';

/**
 * 注单查询 (issue 36 point 5, DESIGN.md section 15): every bet of every venue for operators
 * holding risk.view.
 * - POST /admin/api/bets/list {username?, agent?, platform?, game?, round_id?, bet_from?, bet_to?, settle_from?,
 *   settle_to?, state?, stake_min?, stake_max?, result_min?, result_max?, totals?, page, per_page?}
 *   -> BetSearchPage: newest bet first (by settle time, newest first, when only a settle time is
 *   given). Without a time range the last BET_SEARCH_DEFAULT_DAYS Beijing days are searched; a
 *   range spans at most BET_SEARCH_MAX_DAYS days. `totals` (default true) adds the filter's totals,
 *   summed over at most BET_TOTALS_MAX_ROWS bets (past that: null, narrow the filter).
 * - POST /admin/api/bets/get {platform, bet_id} -> BetDetail
 * - POST /admin/api/bets/export {the list's filters} -> {url, expires_in}: a single-use link to the
 *   CSV (at most BET_EXPORT_MAX_ROWS bets), audited as bets.export
 */
export const BET_SEARCH_MAX_DAYS = 31;
export const BET_SEARCH_DEFAULT_DAYS = 7;
export const BET_TOTALS_MAX_ROWS = 100_000;
export const BET_EXPORT_MAX_ROWS = 200_000;

export const ADMIN_BET_MSG = {
  span: `查询时间跨度不能超过${BET_SEARCH_MAX_DAYS}天`,
  stakeOrder: '投注额下限不能大于上限',
  resultOrder: '输赢下限不能大于上限',
  state: '注单状态不正确',
  betId: '请输入注单号',
  platform: '请选择场馆',
  notFound: '注单不存在',
  agentNotFound: '代理不存在',
  roundId: '局号最长64个字符',
  totalsCapped: `筛选结果超过${BET_TOTALS_MAX_ROWS.toLocaleString('en-US')}条，合计未统计，请缩小时间范围或增加筛选条件`,
} as const;

/** the states an operator filters by; wire code -> bets.status */
export const BET_STATE_CODES = { settled: 1, unsettled: 2, void: 0 } as const;
export type BetStateCode = keyof typeof BET_STATE_CODES;

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** a checked Beijing wire date as a comparable instant (its zone does not change differences) */
function wireMs(v: string, endOfDay: boolean): number {
  const m = DATE_PARTS.exec(v)!;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return m[4] === undefined && endOfDay ? ms + 86_400_000 : ms;
}

const filterShape = {
  username: adminFilter(32),
  /** the agent's username or invitation code: the bets of its members (its current downline) */
  agent: adminFilter(32),
  platform: adminFilter(40),
  /** the venue's game code, exact */
  game: adminFilter(64),
  /** issue 36: the provider's round id, exact (a match's bets on every side) */
  round_id: adminFilter(64, ADMIN_BET_MSG.roundId),
  bet_from: adminDate,
  bet_to: adminDate,
  settle_from: adminDate,
  settle_to: adminDate,
  state: z
    .union([z.enum(['settled', 'unsettled', 'void', 'all', '']), z.null()], { error: ADMIN_BET_MSG.state })
    .optional()
    .transform((v): BetStateCode | undefined => (v && v !== 'all' ? v : undefined)),
  stake_min: adminYuanFilter,
  stake_max: adminYuanFilter,
  result_min: adminYuanFilter,
  result_max: adminYuanFilter,
};

type FilterOut = { [K in keyof typeof filterShape]: z.output<(typeof filterShape)[K]> };

function checkFilters(v: FilterOut, ctx: z.RefinementCtx) {
  for (const [from, to] of [
    [v.bet_from, v.bet_to],
    [v.settle_from, v.settle_to],
  ] as const) {
    if (from && to) {
      const a = wireMs(from, false);
      const b = wireMs(to, true);
      if (a >= b) ctx.addIssue({ code: 'custom', message: ADMIN_COMMON_MSG.dateOrder });
      else if (b - a > BET_SEARCH_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: ADMIN_BET_MSG.span });
    }
  }
  if (v.stake_min !== undefined && v.stake_max !== undefined && v.stake_min > v.stake_max) ctx.addIssue({ code: 'custom', message: ADMIN_BET_MSG.stakeOrder });
  if (v.result_min !== undefined && v.result_max !== undefined && v.result_min > v.result_max) ctx.addIssue({ code: 'custom', message: ADMIN_BET_MSG.resultOrder });
}

export const betSearchSchema = z
  .object(
    {
      ...filterShape,
      totals: z.union([z.boolean(), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v !== false),
      page: adminPage,
      per_page: adminPerPage,
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  )
  .superRefine(checkFilters);
export type BetSearchInput = z.output<typeof betSearchSchema>;

export const betExportSchema = z.object(filterShape, { error: ADMIN_COMMON_MSG.badRequest }).superRefine(checkFilters);
export type BetExportInput = z.output<typeof betExportSchema>;

export const betGetSchema = z.object(
  {
    platform: z.string({ error: ADMIN_BET_MSG.platform }).trim().min(1, ADMIN_BET_MSG.platform).max(40, ADMIN_BET_MSG.notFound),
    bet_id: z.string({ error: ADMIN_BET_MSG.betId }).trim().min(1, ADMIN_BET_MSG.betId).max(64, ADMIN_BET_MSG.notFound),
  },
  { error: ADMIN_BET_MSG.betId },
);

export interface BetSearchRow {
  platform: string;
  /** the catalogue's venue name (the code upper-cased when the catalogue no longer has it) */
  venue_name: string;
  /** the provider's bet number */
  bet_id: string;
  username: string;
  game_code: string;
  game_name: string;
  category_id: string;
  bet_amount: Yuan;
  valid_amount: Yuan;
  /** the member's result: + the member won, - the member lost */
  win_loss: Yuan;
  /** stake + result for a settled bet, 0 otherwise */
  payout: Yuan;
  /** 0 void, 1 settled, 2 unsettled (BET_STATUS_NAMES) */
  status: 0 | 1 | 2;
  created_at: string;
  settled_at: string | null;
}

export interface BetTotals {
  count: number;
  stake: Yuan;
  valid: Yuan;
  /** settled bets only: stake + result */
  payout: Yuan;
  win_loss: Yuan;
}

export interface BetSearchPage extends AdminPaged<BetSearchRow> {
  /** the window searched, Beijing times [from, to) of bet (or settle) time */
  window: { by: 'bet' | 'settle'; from: string; to: string };
  /** null when not asked for, or when more than BET_TOTALS_MAX_ROWS bets match (totals_note says so) */
  totals: BetTotals | null;
  totals_note?: string;
  /** every venue of the catalogue (the venue filter's choices: risk operators may not read the games screens) */
  venues: { platform: string; name: string }[];
}

export interface BetDetail extends BetSearchRow {
  member_id: number;
  /**
   * the provider's round (局号 / 赛事) from its bet record or seamless wallet call: a match's
   * fixture, shared by every bet on it; null for a bet pulled before rounds were kept
   */
  round_id: string | null;
  /** the side of a shared round the bet took, a code (BET_SIDE_NAMES); null when none */
  side: string | null;
  /** the provider's settlement text (赛果、牌局) */
  detail: string;
  turnover_counted: boolean;
  pulled_at: string;
  /** every stored field of the record as pulled from the venue (money in fen, times in ms) */
  raw: Record<string, string | number | null>;
}

/** column headers of the bets CSV, in order */
export const BET_CSV_HEADERS = ['注单号', '场馆', '场馆代码', '会员', '游戏', '游戏代码', '游戏类型', '投注额', '有效投注', '派彩', '会员输赢', '状态', '投注时间', '结算时间', '结算详情'];
