import { z } from 'zod';
import { MSG } from '../messages.ts';
import { yuanToFen, type Yuan } from '../money.ts';
import { plainLine } from '../text-rules.ts';
import { adminFilter, adminPage, adminPerPage } from './admin-shared.ts';

/**
 * Responsible play (issue 22, DESIGN.md section 13): limits, reality checks, time-outs and
 * self-exclusion that members set and the server enforces.
 *
 * Member calls (POST JSON, the member's own token):
 * - /api/responsible/get {}                                          -> ResponsibleState
 * - /api/responsible/limit {kind: deposit|loss, period: day|week|month, amount} -> ResponsibleState
 *   (amount in yuan; 0 or '' removes the limit, after the cooling-off)
 * - /api/responsible/reality {minutes}                               -> ResponsibleState (0 = off)
 * - /api/responsible/break {kind: timeout|exclusion, duration}       -> ResponsibleState
 * - /api/responsible/session {since}                                 -> ResponsibleSession
 *   (the reality check: net result of the member's settled bets placed since `since`, Beijing time)
 *
 * Operator calls (route table slugs in brackets):
 * - /admin/api/responsible/list {state?, username?, page, per_page}  [responsible.view]   -> AdminPaged<AdminResponsibleRow>
 * - /admin/api/responsible/get {username}                            [responsible.view]   -> ResponsibleState
 * - /admin/api/responsible/extend {username, duration, reason}       [responsible.manage] -> ResponsibleState
 *
 * Rules: the lowest limit applies; lowering a limit or starting a break takes effect at once;
 * raising or removing a limit 24 hours after the request. No one ends a break early; operators
 * may only extend a self-exclusion (or turn a time-out into one).
 */

export const RESPONSIBLE_KINDS = ['deposit', 'loss'] as const;
export type ResponsibleLimitKind = (typeof RESPONSIBLE_KINDS)[number];
export const RESPONSIBLE_PERIODS = ['day', 'week', 'month'] as const;
export type ResponsiblePeriod = (typeof RESPONSIBLE_PERIODS)[number];
export const BREAK_KINDS = ['timeout', 'exclusion'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];
export const TIMEOUT_DURATIONS = ['24h', '7d', '30d'] as const;
export const EXCLUSION_DURATIONS = ['6m', '1y', '2y', '5y'] as const;
export type BreakDuration = (typeof TIMEOUT_DURATIONS)[number] | (typeof EXCLUSION_DURATIONS)[number];

/** hours a raise or removal waits before it applies */
export const RESPONSIBLE_COOLING_OFF_HOURS = 24;
/** the reality check's interval when the member has not chosen one (minutes): the first value of
 * the operator's site setting responsible_reality_default_minutes, which is what applies */
export const REALITY_DEFAULT_MINUTES = 60;
/** the reality check's net result looks back at most this far (a session longer than this counts its last day) */
export const REALITY_SESSION_MAX_MS = 24 * 3_600_000;
export const REALITY_MAX_MINUTES = 240;
/** the largest limit a member may set (fen): 1 亿元 */
export const RESPONSIBLE_MAX_LIMIT_FEN = 10_000_000_000;

export const RESPONSIBLE_MSG = {
  kind: '请选择限额类型（存款限额或亏损限额）',
  period: '请选择限额周期（每日、每周或每月）',
  amount: '请输入限额金额（0到1亿元，最多两位小数；0或留空表示取消限额）',
  minutes: '请选择提醒间隔（0到240分钟的整数，0表示关闭）',
  since: '请提供游戏开始时间（格式 YYYY-MM-DD HH:mm:ss，北京时间）',
  breakKind: '请选择冷静期或自我排除',
  duration: '请选择时长：冷静期可选24小时、7天、30天；自我排除可选6个月、1年、2年、5年',
  username: '请输入会员账号',
  memberNotFound: '会员不存在',
  state: '状态参数错误',
  extendNotExcluded: '该会员不在自我排除中，只能延长正在进行的自我排除',
  extendShorter: (end: string) => `只能延长自我排除，不能缩短：新的结束时间须晚于当前结束时间 ${end}（北京时间）`,
  breakShorter: (name: string, end: string) => `您正在${name}中，至 ${end}（北京时间）结束；新的时长须晚于当前结束时间，且不能提前结束`,
  limitSet: '限额已生效',
  limitPending: (at: string) => `提高或取消限额须等待24小时冷静期，将于 ${at}（北京时间）生效`,
  realitySet: '提醒间隔已保存',
  breakSet: (name: string, end: string) => `${name}已开始，至 ${end}（北京时间）结束`,
  extended: '自我排除已延长',
  /** a break refuses a call: the rule and when it ends */
  onBreak: (name: string, end: string, what: string) => `您正在${name}中，至 ${end}（北京时间）结束，期间不能${what}。登录、查看记录和取款不受影响`,
  /**
   * a deposit limit refuses an order (issue 34): nothing left says the limit is reached; else the
   * amount passes what is left (all of it when nothing is used yet)
   */
  depositLimit: (period: string, limit: string, left: string) =>
    Number(left.replace(/,/g, '')) > 0
      ? `本次存款金额超出您设置的${period}存款限额${limit}元${left === limit ? '' : '的剩余额度'}，本周期还可存款${left}元`
      : `已达到您设置的${period}存款限额${limit}元，本周期内不能再存款`,
  /** a reached loss limit refuses transfers in and game launch */
  lossLimit: (period: string, limit: string, what: string) => `已达到您设置的${period}亏损限额${limit}元，本周期结束前不能${what}`,
} as const;

/** what a break or a reached loss limit refuses, as the refusal names it */
export const RESPONSIBLE_BLOCKED = {
  deposit: '存款',
  transferIn: '转入游戏场馆',
  launch: '进入游戏',
  redPacket: '领取红包',
  activity: '申请活动',
  agentApply: '申请代理',
} as const;
export type ResponsibleBlocked = keyof typeof RESPONSIBLE_BLOCKED;

// ---- pieces ---------------------------------------------------------------------------------

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string({ error: message }).trim().pipe(z.enum(values, { error: message }));

/** a limit in yuan (number or digits), 0 / '' / null -> null (remove) */
const limitAmount = z
  .union([z.number(), z.string(), z.null()], { error: RESPONSIBLE_MSG.amount })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const fen = yuanToFen(typeof v === 'string' ? v.trim() : v);
    if (fen === null || fen < 0 || fen > RESPONSIBLE_MAX_LIMIT_FEN) {
      ctx.addIssue({ code: 'custom', message: RESPONSIBLE_MSG.amount });
      return z.NEVER;
    }
    return fen === 0 ? null : fen;
  });

const minutes = z
  .union([z.number(), z.string().trim().regex(/^\d{1,4}$/, RESPONSIBLE_MSG.minutes)], { error: RESPONSIBLE_MSG.minutes })
  .transform(Number)
  .pipe(z.number({ error: RESPONSIBLE_MSG.minutes }).int(RESPONSIBLE_MSG.minutes).min(0, RESPONSIBLE_MSG.minutes).max(REALITY_MAX_MINUTES, RESPONSIBLE_MSG.minutes));

const username = z.string({ error: RESPONSIBLE_MSG.username }).trim().min(1, RESPONSIBLE_MSG.username).max(32, RESPONSIBLE_MSG.username);

// ---- member calls ---------------------------------------------------------------------------

export const responsibleGetSchema = z.object({}, { error: MSG.badRequest });

export const responsibleLimitSchema = z.object(
  {
    kind: oneOf(RESPONSIBLE_KINDS, RESPONSIBLE_MSG.kind),
    period: oneOf(RESPONSIBLE_PERIODS, RESPONSIBLE_MSG.period),
    /** fen, null = remove */
    amount: limitAmount,
  },
  { error: MSG.badRequest },
);
export type ResponsibleLimitInput = z.output<typeof responsibleLimitSchema>;

export const responsibleRealitySchema = z.object({ minutes }, { error: MSG.badRequest });

/** the game session's start, Beijing wire time */
export const responsibleSessionSchema = z.object(
  { since: z.string({ error: RESPONSIBLE_MSG.since }).trim().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, RESPONSIBLE_MSG.since) },
  { error: MSG.badRequest },
);

/** the reality check's figures for one game session */
export interface ResponsibleSession {
  /** the window counted (since is moved up to at most REALITY_SESSION_MAX_MS back) */
  since: string;
  until: string;
  /** settled bets placed in the window */
  bet_count: number;
  bet_amount: Yuan;
  /** the member's net result (positive: won) */
  net_result: Yuan;
}

export const responsibleBreakSchema = z
  .object(
    {
      kind: oneOf(BREAK_KINDS, RESPONSIBLE_MSG.breakKind),
      duration: z.string({ error: RESPONSIBLE_MSG.duration }).trim(),
    },
    { error: MSG.badRequest },
  )
  .superRefine((v, ctx) => {
    const allowed: readonly string[] = v.kind === 'timeout' ? TIMEOUT_DURATIONS : EXCLUSION_DURATIONS;
    if (!allowed.includes(v.duration)) ctx.addIssue({ code: 'custom', message: RESPONSIBLE_MSG.duration, path: ['duration'] });
  })
  .transform((v) => ({ kind: v.kind, duration: v.duration as BreakDuration }));
export type ResponsibleBreakInput = z.output<typeof responsibleBreakSchema>;

/** one limit as the member sees it (yuan; null = none) */
export interface ResponsibleLimitView {
  kind: ResponsibleLimitKind;
  period: ResponsiblePeriod;
  /** the limit in effect now */
  amount: Yuan | null;
  /** deposited (orders waiting when created, credited ones by what was credited when it was) or lost (settled bets) in the period so far */
  used: Yuan;
  /** what is left in the period (null: no limit) */
  left: Yuan | null;
  /** a raise or removal waiting for its cooling-off */
  pending: { amount: Yuan | null; effective_at: string } | null;
  /** when the current period ends (Beijing) */
  period_end: string;
}

export interface ResponsibleBreakView {
  kind: BreakKind;
  starts_at: string;
  ends_at: string;
}

export interface ResponsibleHistoryRow {
  id: number;
  /** deposit | loss | reality | timeout | exclusion */
  kind: string;
  period: ResponsiblePeriod | null;
  amount: Yuan | null;
  minutes: number | null;
  duration: string | null;
  /** member | operator */
  actor: string;
  requested_at: string;
  effective_at: string;
  ends_at: string | null;
  /** operator's reason (operator changes) */
  reason: string | null;
  /** a human summary: 每日存款限额 1000元 */
  summary: string;
}

export interface ResponsibleState {
  limits: ResponsibleLimitView[];
  /** the member's interval (minutes; 0 = off) */
  reality_minutes: number;
  /** true while the member has not chosen one (the site default applies) */
  reality_default: boolean;
  /** the operator's default interval (site setting responsible_reality_default_minutes) */
  reality_default_minutes: number;
  /** the break in force now, if any */
  active_break: ResponsibleBreakView | null;
  history: ResponsibleHistoryRow[];
  /** server time (Beijing), to show "from now" */
  now: string;
}

// ---- operator calls -------------------------------------------------------------------------

/** list filter: members in a time-out, in self-exclusion, or with any limit */
export const RESPONSIBLE_LIST_STATES = ['timeout', 'exclusion', 'limits'] as const;
export type ResponsibleListState = (typeof RESPONSIBLE_LIST_STATES)[number];

export const adminResponsibleListSchema = z.object(
  {
    state: z
      .union([z.string().trim(), z.null()], { error: RESPONSIBLE_MSG.state })
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        if (!(RESPONSIBLE_LIST_STATES as readonly string[]).includes(v)) {
          ctx.addIssue({ code: 'custom', message: RESPONSIBLE_MSG.state });
          return z.NEVER;
        }
        return v as ResponsibleListState;
      }),
    username: adminFilter(32),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: MSG.badRequest },
);

export const adminResponsibleGetSchema = z.object({ username }, { error: MSG.badRequest });

export const adminResponsibleExtendSchema = z.object(
  {
    username,
    duration: oneOf(EXCLUSION_DURATIONS, RESPONSIBLE_MSG.duration),
    reason: z.string({ error: '请输入操作原因（1到200字）' }).trim().min(1, '请输入操作原因（1到200字）').max(200, '请输入操作原因（1到200字）').refine(...plainLine('原因')),
  },
  { error: MSG.badRequest },
);

export interface AdminResponsibleRow {
  member_id: number;
  username: string;
  /** timeout | exclusion | null */
  break_kind: BreakKind | null;
  break_ends_at: string | null;
  /** e.g. 每日存款 1000元；每月亏损 5000元 */
  limits: string;
  last_change_at: string;
}
