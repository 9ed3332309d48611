import { z } from 'zod';
import { yuanToFen, type Yuan } from '../money.ts';
import { adminFilter, adminInt, adminPage, adminPerPage, adminReason, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * Risk signals, rules and events (风控事件, DESIGN.md section 15, issue 36 point 3). Each rule has
 * operator-set thresholds; when one fires on a member's bets, withdrawal or claims it opens one
 * risk event (one per piece of evidence) that an operator confirms or dismisses once, with a reason.
 * Operator calls (POST JSON):
 *
 * - /admin/api/risk/events {state?, rule?, username?, page, per_page?} -> AdminPaged<RiskEventRow>,
 *   newest first (risk.view)
 * - /admin/api/risk/event {id} -> RiskEventDetail, with its evidence (risk.view)
 * - /admin/api/risk/decide {id, decision: confirm|dismiss, reason} -> RiskEventDetail (risk.manage):
 *   once; a second decision is refused (RISK_EVENT_MSG.decided)
 * - /admin/api/risk/rules {} -> { rules: RiskRule[] } (risk.view)
 * - /admin/api/risk/rules-update {rule, enabled, params} -> RiskRule (risk.manage; audited)
 */

export const RISK_RULES = ['bonus_hunt', 'linked_opposite', 'linked_same_promo', 'low_turnover', 'big_win'] as const;
export type RiskRuleCode = (typeof RISK_RULES)[number];
export const RISK_RULE_NAMES: Record<string, string> = {
  bonus_hunt: '套利领优惠',
  linked_opposite: '关联账户对打',
  linked_same_promo: '关联账户同领优惠',
  low_turnover: '存款低流水提款',
  big_win: '单笔大额盈利',
};
/** what each rule looks for, in the words operators read beside its thresholds */
export const RISK_RULE_HINTS: Record<string, string> = {
  bonus_hunt: '领取存款赠送、返水、红包或活动彩金后，流水仅略超所需打码量，并在若干小时内提款',
  linked_opposite: '互相关联的会员在同一场赛事（同一局）押注对立的结果',
  linked_same_promo: '互相关联的会员领取同一个红包或参加同一个活动',
  low_turnover: '提款前一段时间内的存款，有效投注不足存款的一定比例即提款',
  big_win: '单笔注单盈利超过设定金额',
};

export const RISK_EVENT_STATES = ['open', 'confirmed', 'dismissed'] as const;
export type RiskEventState = (typeof RISK_EVENT_STATES)[number];
export const RISK_EVENT_STATE_NAMES: Record<string, string> = { open: '待处理', confirmed: '已确认', dismissed: '已排除' };
export const RISK_DECISIONS = ['confirm', 'dismiss'] as const;
export const RISK_DECISION_NAMES: Record<string, string> = { confirm: '确认风险', dismiss: '排除' };

/** what a piece of evidence is */
export const RISK_EVIDENCE_KINDS = ['bet', 'withdrawal', 'deposit', 'deposit_bonus', 'rebate', 'red_packet', 'activity'] as const;
export type RiskEvidenceKind = (typeof RISK_EVIDENCE_KINDS)[number];
export const RISK_EVIDENCE_KIND_NAMES: Record<string, string> = {
  bet: '注单',
  withdrawal: '取款单',
  deposit: '存款单',
  deposit_bonus: '存款赠送',
  rebate: '返水',
  red_packet: '红包',
  activity: '活动',
};

/** the thresholds of each rule, as operators set them (amounts in yuan) */
export const RISK_PARAM_NAMES: Record<string, string> = {
  within_hours: '领取后提款间隔（小时内）',
  margin_pct: '流水超出所需打码量不超过（%）',
  min_bonus: '优惠金额至少（元）',
  min_stake: '每方投注至少（元）',
  min_amount: '领取金额至少（元）',
  turnover_pct: '有效投注低于存款的（%）',
  lookback_days: '统计提款前存款的天数',
  min_deposit: '存款合计至少（元）',
  min_win: '单笔盈利至少（元）',
};
/** the figures an event keeps beside its evidence */
export const RISK_FIGURE_NAMES: Record<string, string> = {
  bonus: '优惠金额',
  required: '所需打码量',
  turnover: '期间有效投注',
  hours: '领取至提款（小时）',
  deposits: '期间存款',
  turnover_pct: '流水占存款（%）',
  win: '盈利',
  stake: '投注额',
  round: '赛事 / 局',
  amount: '金额',
};

export const RISK_EVENT_MSG = {
  id: '请选择风控事件',
  notFound: '风控事件不存在',
  decision: '请选择处理结果（确认风险或排除）',
  decided: '该风控事件已处理，不能重复处理',
  rule: '请选择风控规则',
  state: '事件状态参数错误',
  enabled: '请选择是否启用',
  params: '规则阈值格式错误',
  withinHours: '提款间隔须为1到720小时',
  marginPct: '流水超出比例须为0到500',
  turnoverPct: '流水比例须为1到1000',
  lookbackDays: '统计天数须为1到90天',
  amount: '金额须为0到10,000,000元，最多两位小数',
} as const;

/** an amount threshold in yuan (a number or digits), kept as fen; 0 to 10 million yuan */
const yuanThreshold = z.union([z.number(), z.string()], { error: RISK_EVENT_MSG.amount }).transform((v, ctx) => {
  const fen = yuanToFen(v);
  if (fen === null || fen < 0 || fen > 1_000_000_000) {
    ctx.addIssue({ code: 'custom', message: RISK_EVENT_MSG.amount });
    return z.NEVER;
  }
  return fen;
});
const intIn = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,6}$/, message)], { error: message }).transform(Number).pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** each rule's thresholds (fen inside, yuan on the wire) */
export const RISK_PARAM_SCHEMAS = {
  bonus_hunt: z.object({ within_hours: intIn(1, 720, RISK_EVENT_MSG.withinHours), margin_pct: intIn(0, 500, RISK_EVENT_MSG.marginPct), min_bonus: yuanThreshold }, { error: RISK_EVENT_MSG.params }),
  linked_opposite: z.object({ min_stake: yuanThreshold }, { error: RISK_EVENT_MSG.params }),
  linked_same_promo: z.object({ min_amount: yuanThreshold }, { error: RISK_EVENT_MSG.params }),
  low_turnover: z.object({ turnover_pct: intIn(1, 1000, RISK_EVENT_MSG.turnoverPct), lookback_days: intIn(1, 90, RISK_EVENT_MSG.lookbackDays), min_deposit: yuanThreshold }, { error: RISK_EVENT_MSG.params }),
  big_win: z.object({ min_win: yuanThreshold }, { error: RISK_EVENT_MSG.params }),
} as const;
export type RiskRuleParams = { [K in RiskRuleCode]: z.output<(typeof RISK_PARAM_SCHEMAS)[K]> };
/** which params are amounts (fen inside, yuan on the wire) */
export const RISK_MONEY_PARAMS: ReadonlySet<string> = new Set(['min_bonus', 'min_stake', 'min_amount', 'min_deposit', 'min_win']);

/** the thresholds a new site starts with (fen) */
export const RISK_RULE_DEFAULTS: { [K in RiskRuleCode]: { enabled: boolean; params: RiskRuleParams[K] } } = {
  bonus_hunt: { enabled: true, params: { within_hours: 24, margin_pct: 20, min_bonus: 1_000 } },
  linked_opposite: { enabled: true, params: { min_stake: 10_000 } },
  linked_same_promo: { enabled: true, params: { min_amount: 0 } },
  low_turnover: { enabled: true, params: { turnover_pct: 30, lookback_days: 7, min_deposit: 10_000 } },
  big_win: { enabled: true, params: { min_win: 5_000_000 } },
};

const ruleCode = z.enum(RISK_RULES, { error: RISK_EVENT_MSG.rule });
const eventId = adminInt(1, Number.MAX_SAFE_INTEGER, 0, RISK_EVENT_MSG.id).pipe(z.number().min(1, RISK_EVENT_MSG.id));

export const riskEventsSchema = z.object(
  {
    state: z.union([z.enum(RISK_EVENT_STATES), z.literal(''), z.null()], { error: RISK_EVENT_MSG.state }).optional().transform((v) => v || undefined),
    rule: z.union([ruleCode, z.literal(''), z.null()], { error: RISK_EVENT_MSG.rule }).optional().transform((v) => v || undefined),
    username: adminFilter(32, ADMIN_COMMON_MSG.username).transform((v) => v?.toLowerCase()),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type RiskEventsInput = z.output<typeof riskEventsSchema>;
export const riskEventSchema = z.object({ id: eventId }, { error: RISK_EVENT_MSG.id });
export const riskDecideSchema = z.object({ id: eventId, decision: z.enum(RISK_DECISIONS, { error: RISK_EVENT_MSG.decision }), reason: adminReason }, { error: RISK_EVENT_MSG.id });
export type RiskDecideInput = z.output<typeof riskDecideSchema>;
export const riskRulesSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });

/** one rule's new thresholds: its params checked by that rule's schema */
export const riskRulesUpdateSchema = z
  .object(
    {
      rule: ruleCode,
      enabled: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: RISK_EVENT_MSG.enabled }).transform(Boolean),
      params: z.record(z.string(), z.unknown(), { error: RISK_EVENT_MSG.params }),
    },
    { error: RISK_EVENT_MSG.rule },
  )
  .transform((v, ctx) => {
    const parsed = RISK_PARAM_SCHEMAS[v.rule].safeParse(v.params);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? RISK_EVENT_MSG.params });
      return z.NEVER;
    }
    return { rule: v.rule, enabled: v.enabled, params: parsed.data as Record<string, number> };
  });
export type RiskRulesUpdateInput = z.output<typeof riskRulesUpdateSchema>;

/** a rule as operators read and set it (amount params in yuan) */
export interface RiskRule {
  rule: RiskRuleCode;
  enabled: boolean;
  params: Record<string, number>;
  updated_by: string | null;
  updated_at: string | null;
  /** events of this rule still open */
  open: number;
}

/** one piece of evidence: an order, bet or claim, whose member and how much */
export interface RiskEvidenceItem {
  kind: RiskEvidenceKind;
  /** the order number, bet id (venue:bet id), claim or grab number, activity name */
  ref: string;
  username: string;
  amount: Yuan;
  at: string;
  /** e.g. the side bet, the venue's settlement text */
  note?: string;
}

export interface RiskEventRow {
  id: number;
  rule: RiskRuleCode;
  state: RiskEventState;
  username: string;
  /** the linked member on the other side (linked-account rules) */
  other_username: string | null;
  /** the event's figure in yuan (the win, the withdrawal, the stake, the claim) */
  amount: Yuan;
  /** one line in words */
  summary: string;
  opened_at: string;
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
}

export interface RiskEventDetail extends RiskEventRow {
  evidence: RiskEvidenceItem[];
  /** the rule's figures when it fired (amount figures in yuan; keys in RISK_FIGURE_NAMES) */
  figures: Record<string, number | string>;
  /** the thresholds the rule had when it fired (keys in RISK_PARAM_NAMES) */
  thresholds: Record<string, number>;
}
