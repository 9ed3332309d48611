import { z } from 'zod';
import { ADMIN_COMMON_MSG, adminFilter, adminPage, adminPerPage, type AdminPaged } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/**
 * Reports (issue 13), permission reports.view. Every report takes whole Beijing days
 * `from`..`to` (both included, 'YYYY-MM-DD'), at most 366 days.
 *
 * POST /admin/api/reports/daily   {from, to}                      -> ReportTable<ReportDayRow>
 * POST /admin/api/reports/monthly {from, to}                      -> ReportTable<ReportMonthRow>
 * POST /admin/api/reports/venues  {from, to}                      -> ReportTable<ReportVenueRow>
 * POST /admin/api/reports/members {from, to, page, username?}     -> ReportPaged<ReportMemberRow>
 * POST /admin/api/reports/agents  {from, to, page}                -> ReportPaged<ReportAgentRow>
 * POST /admin/api/reports/export  {report, from, to, username?}   -> { url } a single-use GET link
 *      (60 s) that answers the report as a streamed CSV file (UTF-8 with BOM).
 *
 * GGR = stakes of settled bets minus what they paid back (the members' net loss).
 * NGR = GGR - bonuses - rebates - red packets (operator adjustments are listed apart).
 */
export const REPORT_MSG = {
  from: '请选择开始日期',
  to: '请选择结束日期',
  day: '日期格式应为 YYYY-MM-DD（北京时间）',
  order: ADMIN_COMMON_MSG.dateOrder,
  span: '查询范围不能超过366天',
  report: '请选择报表类型',
} as const;

export const REPORT_MAX_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Beijing calendar day 'YYYY-MM-DD' (impossible dates refused), kept as the string. */
const reportDay = (missing: string) =>
  z
    .union([z.string().trim(), z.null()], { error: missing })
    .optional()
    .transform((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', message: missing });
        return z.NEVER;
      }
      const m = DAY.exec(v);
      const ok = m && Number(m[1]) >= 2000 && Number(m[1]) <= 2100 && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: REPORT_MSG.day });
        return z.NEVER;
      }
      return v;
    });

/** days from `from` to `to`, both included (calendar arithmetic, no time zone involved) */
export const reportSpanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeShape = { from: reportDay(REPORT_MSG.from), to: reportDay(REPORT_MSG.to) };

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = reportSpanDays(v.from, v.to);
  if (days < 1) ctx.addIssue({ code: 'custom', message: REPORT_MSG.order, path: ['from'] });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: REPORT_MSG.span, path: ['to'] });
}

export const reportRangeSchema = z.object(rangeShape, { error: ADMIN_COMMON_MSG.badRequest }).superRefine(checkRange);

export const reportMembersSchema = z
  .object({ ...rangeShape, page: adminPage, per_page: adminPerPage, username: adminFilter(32).transform((v) => v?.toLowerCase()) }, { error: ADMIN_COMMON_MSG.badRequest })
  .superRefine(checkRange);

export const reportAgentsSchema = z.object({ ...rangeShape, page: adminPage, per_page: adminPerPage }, { error: ADMIN_COMMON_MSG.badRequest }).superRefine(checkRange);

export const REPORT_KINDS = ['daily', 'monthly', 'venues', 'members', 'agents'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_NAMES: Record<ReportKind, string> = { daily: '日报表', monthly: '月报表', venues: '场馆报表', members: '会员报表', agents: '代理报表' };

export const reportExportSchema = z
  .object(
    {
      report: z.enum(REPORT_KINDS, { error: REPORT_MSG.report }),
      ...rangeShape,
      username: adminFilter(32).transform((v) => v?.toLowerCase()),
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  )
  .superRefine(checkRange);

/** Money in yuan; counts as integers. */
export interface ReportFigures {
  deposits: Yuan;
  deposit_count: number;
  withdrawals: Yuan;
  withdrawal_count: number;
  bonuses: Yuan;
  rebates: Yuan;
  red_packets: Yuan;
  adjustments_in: Yuan;
  adjustments_out: Yuan;
  bet_count: number;
  /** stakes of settled bets */
  bets: Yuan;
  valid_bets: Yuan;
  /** what settled bets paid back (stake + the members' result) */
  payouts: Yuan;
  ggr: Yuan;
  ngr: Yuan;
  new_members: number;
  /** members with at least one settled bet */
  active_members: number;
  first_deposits: number;
  first_deposit_amount: Yuan;
}

export interface ReportDayRow extends ReportFigures {
  /** YYYY-MM-DD, Beijing */
  day: string;
}
export interface ReportMonthRow extends ReportFigures {
  /** YYYY-MM, Beijing */
  month: string;
}

export interface ReportVenueRow {
  platform: string;
  venue_name: string;
  category_id: string;
  category_name: string;
  bet_count: number;
  bets: Yuan;
  valid_bets: Yuan;
  payouts: Yuan;
  ggr: Yuan;
}

export interface ReportMemberRow {
  member_id: number;
  username: string;
  deposits: Yuan;
  withdrawals: Yuan;
  bonuses: Yuan;
  rebates: Yuan;
  red_packets: Yuan;
  adjustments_in: Yuan;
  adjustments_out: Yuan;
  bet_count: number;
  bets: Yuan;
  valid_bets: Yuan;
  ggr: Yuan;
  ngr: Yuan;
}

export interface ReportAgentRow {
  /** the referrer as members gave it at sign-up (a username or a member id) */
  referrer: string;
  /** the referrer's username when it is one of our members */
  referrer_username: string | null;
  /** referred members who registered in the range */
  new_members: number;
  /** referred members with any movement in the range */
  members: number;
  deposits: Yuan;
  withdrawals: Yuan;
  bonuses: Yuan;
  rebates: Yuan;
  red_packets: Yuan;
  bets: Yuan;
  valid_bets: Yuan;
  ggr: Yuan;
  ngr: Yuan;
}

export interface ReportTable<R, T = Omit<R, 'day' | 'month'>> {
  rows: R[];
  totals: T;
  /** figures include everything rolled up until this Beijing time */
  as_of: string | null;
}

export interface ReportPaged<R> extends AdminPaged<R> {
  totals: Omit<R, 'member_id' | 'username' | 'referrer' | 'referrer_username'>;
  as_of: string | null;
}

/** column headers of the CSV files, in order (the first line after the BOM) */
export const REPORT_CSV_HEADERS: Record<ReportKind, string[]> = {
  daily: ['日期', '存款', '存款笔数', '取款', '取款笔数', '红利', '返水', '红包', '人工加款', '人工扣款', '注单数', '投注额', '有效投注', '派彩', 'GGR', 'NGR', '新增会员', '活跃会员', '首存人数', '首存金额'],
  monthly: ['月份', '存款', '存款笔数', '取款', '取款笔数', '红利', '返水', '红包', '人工加款', '人工扣款', '注单数', '投注额', '有效投注', '派彩', 'GGR', 'NGR', '新增会员', '活跃会员', '首存人数', '首存金额'],
  venues: ['场馆', '场馆名称', '分类', '分类名称', '注单数', '投注额', '有效投注', '派彩', 'GGR'],
  members: ['会员账号', '存款', '取款', '红利', '返水', '红包', '人工加款', '人工扣款', '注单数', '投注额', '有效投注', 'GGR', 'NGR'],
  agents: ['推荐人', '推荐人账号', '新增下级', '活跃下级', '存款', '取款', '红利', '返水', '红包', '投注额', '有效投注', 'GGR', 'NGR'],
};
