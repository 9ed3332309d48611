import { z } from 'zod';
import { MSG } from '../messages.ts';
import { yuanToFen, type Yuan } from '../money.ts';
import { plainLine } from '../text-rules.ts';
import { adminFilter, adminIntFilter, adminMemberUsername, adminPage, adminPerPage, adminReason, ADMIN_COMMON_MSG } from './admin-shared.ts';
import { intParam } from './params.ts';
import { intSetting, numberSetting } from './settings-rules.ts';

/**
 * Affiliate programme (issue 20, DESIGN.md section 12): agents, their downlines, commission
 * plans, live figures, monthly statements, fraud flags.
 *
 * Member calls (POST JSON, the member's own token; a member without an agent record answers
 * AGENT_MSG.notAgent with code 400):
 * - /api/agent/summary {}                         -> AgentSummary
 * - /api/agent/members {page, month?}             -> Paged<AgentMemberRow>   (no real names, cards, contacts)
 * - /api/agent/subagents {page, month?}           -> Paged<AgentSubagentRow>
 * - /api/agent/statements {page}                  -> Paged<AgentStatementRow>
 * - /api/agent/statement {id}                     -> AgentStatementDetail
 *
 * Operator calls (route table slugs in brackets):
 * - /admin/api/agents/list {username?, code?, state?, plan_id?, page, per_page}  [agents.view]   -> AdminPaged<AdminAgentRow>
 * - /admin/api/agents/get {id, month?}                                            [agents.view]   -> AdminAgentDetail
 * - /admin/api/agents/create {username, plan_id?, upline?, note?}                 [agents.manage] -> AdminAgentRow
 * - /admin/api/agents/update {id, plan_id?, state?, note?}                        [agents.manage] -> AdminAgentRow
 * - /admin/api/agents/move-member {username, to_agent_id (0 = none), reason}      [agents.manage] -> AdminAgentMoveReply
 * - /admin/api/agent-plans/list {}                                                [agents.view]   -> { data: AdminAgentPlan[] }
 * - /admin/api/agent-plans/create {name, rows}                                    [agents.manage] -> AdminAgentPlan
 * - /admin/api/agent-plans/update {id, name, rows, is_default?}                   [agents.manage] -> AdminAgentPlan
 * - /admin/api/agent-statements/list {month?, state?, username?, page, per_page}  [agents.view]   -> AdminPaged<AdminAgentStatementRow>
 * - /admin/api/agent-statements/get {id}                                          [agents.view]   -> AdminAgentStatementDetail
 * - /admin/api/agent-statements/approve {id, flags_reviewed?}                     [agents.settle] -> AdminAgentStatementRow
 * - /admin/api/agent-statements/adjust {id, amount, reason}                       [agents.settle] -> AdminAgentStatementRow
 * - /admin/api/agent-statements/reject {id, reason}                               [agents.settle] -> AdminAgentStatementRow
 * - /admin/api/agent-flags/list {state?, username?, agent_id?, page, per_page}    [agents.view]   -> AdminPaged<AdminAgentFlagRow>
 * - /admin/api/agent-flags/clear {id, reason}                                     [agents.manage] -> AdminAgentFlagRow
 * - /admin/api/agent-settlement/run {month}                                       [agents.settle] -> AdminAgentSettlementReply
 *
 * Money is yuan on the wire (fen inside); rates are percent on the wire (30 = 30 %, basis
 * points inside). Months are Beijing 'YYYY-MM'.
 */

export const AGENT_MSG = {
  notAgent: '您还不是代理，请先申请成为代理',
  agentDisabled: '您的代理资格已暂停，请联系在线客服',
  month: '月份格式应为 YYYY-MM（北京时间）',
  monthNotEnded: '只能结算已经结束的月份（北京时间）',
  statementNotFound: '佣金报表不存在',
  agentNotFound: '代理不存在',
  agentId: '请选择代理',
  memberNotFound: '会员不存在',
  alreadyAgent: '该会员已经是代理',
  uplineNotFound: '上级代理不存在',
  uplineSelf: '不能把代理设为自己的上级',
  uplineNotTop: '上级代理本身不能是下级代理（只支持两级）',
  planNotFound: '佣金方案不存在',
  planId: '请选择佣金方案',
  planName: '请输入方案名称（1到32字）',
  planRows: '请填写1到20个档位',
  planRowActive: '活跃人数门槛须为0到100,000之间的整数',
  planRowNet: '净盈利门槛须为0到10亿元之间的金额（最多两位小数）',
  planRowRate: '佣金比例须在0%到100%之间，最多两位小数',
  planRowOrder: '档位须从低到高排列：活跃人数与净盈利门槛不低于上一档，佣金比例不低于上一档',
  planDefaultOff: '默认方案不能取消默认，请把另一个方案设为默认',
  state: '状态参数错误',
  note: '备注最多200字',
  sameAgent: '会员已属于该代理',
  moveSelf: '不能把代理移到自己名下',
  moveAgentItself: '代理本人不能作为下级会员移动',
  /** issue 33: a move that would make an agent a member of its own downline (any depth) */
  moveLoop: '不能把代理转移到其自己的下级（含多级下级）名下，否则会形成循环',
  flagNotFound: '风险标记不存在',
  flagCleared: '该风险标记已处理',
  statementDecided: '该佣金报表已处理',
  statementSameOperator: '超过复核金额，需由另一位操作员复核通过',
  /** the total was raised above the settlement's figure by this operator: another one approves it */
  statementAdjuster: '您调高了该佣金单的金额，需由另一位操作员审核',
  /** issue 33: a statement whose agent has open fraud flags waits for an operator's explicit decision */
  statementFlagged: (members: number) => `该代理有${members}名下级会员疑似代理本人账户（风险标记待处理），其盈利未计入本报表；请先处理风险标记，或确认已核查后再批准`,
  adjustAmount: '请输入调整后的佣金（元，最多两位小数，不小于0）',
  created: '代理已创建',
  saved: '已保存',
  moved: '会员已转移',
  cleared: '已解除风险标记',
} as const;

/** agent record state: 1 active, 2 suspended (keeps its downline; earns nothing while suspended) */
export const AGENT_RECORD_STATE_LABEL: Record<number, string> = { 1: '正常', 2: '已暂停' };
/** flag kinds and their names */
export const AGENT_FLAG_KINDS = ['card', 'register_ip', 'login_ip', 'device', 'card_shared', 'usdt', 'realname', 'mobile'] as const;
export type AgentFlagKind = (typeof AGENT_FLAG_KINDS)[number];
export const AGENT_FLAG_KIND_LABEL: Record<AgentFlagKind, string> = {
  card: '与代理使用相同银行卡',
  register_ip: '与代理注册/登录IP相同（注册IP）',
  login_ip: '与代理注册/登录IP相同（登录IP）',
  device: '与代理使用相同设备',
  card_shared: '与其他下级会员使用相同银行卡',
  // issue 36 point 6: the links of risk control
  usdt: '与代理使用相同USDT地址',
  realname: '与代理真实姓名相同',
  mobile: '与代理手机号相同',
};
/** flag state: 1 open (member left out of figures), 2 cleared by an operator */
export const AGENT_FLAG_STATE_LABEL: Record<number, string> = { 1: '待处理', 2: '已解除' };
/** statement state: 1 pending review, 2 first approval (awaits a second operator), 3 paid, 4 rejected */
export const AGENT_STATEMENT_STATE_LABEL: Record<number, string> = { 1: '待审核', 2: '待复核', 3: '已发放', 4: '已拒绝' };

/** active member: valid bets of at least this many fen in the Beijing month (500 yuan) */
export const AGENT_ACTIVE_VALID_BETS_FEN = 50_000;

// ---- pieces ---------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** a Beijing month 'YYYY-MM' (required) */
export const agentMonth = z.string({ error: AGENT_MSG.month }).trim().regex(MONTH, AGENT_MSG.month);
/** an optional Beijing month: unset ('' / null / missing) -> undefined (the current month) */
export const agentMonthFilter = z
  .union([z.string().trim(), z.null()], { error: AGENT_MSG.month })
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (!MONTH.test(v)) {
      ctx.addIssue({ code: 'custom', message: AGENT_MSG.month });
      return z.NEVER;
    }
    return v;
  });

const idOf = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));

/** yuan (number or text, at most 2 decimals) to fen within [min, max] */
const fenIn = (message: string, minFen: number, maxFen: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen < minFen || fen > maxFen) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });

/** an optional operator note: missing / null -> undefined (unchanged), '' clears it */
const note = z
  .union([z.string().trim().max(200, AGENT_MSG.note).refine(...plainLine('备注')), z.null()], { error: AGENT_MSG.note })
  .optional()
  .transform((v) => v ?? undefined);

// ---- figures --------------------------------------------------------------------------------

/** an agent's figures for a day or a month, yuan (flagged members left out) */
export interface AgentFiguresYuan {
  registrations: number;
  first_deposits: number;
  first_deposit_amount: Yuan;
  deposits: Yuan;
  withdrawals: Yuan;
  valid_bets: Yuan;
  ggr: Yuan;
  bonuses: Yuan;
  rebates: Yuan;
  red_packets: Yuan;
  /** deposit fees: deposits x the deposit-fee percentage */
  fees: Yuan;
  /** GGR - bonuses - rebates - red packets - fees */
  net_profit: Yuan;
  active_members: number;
}

/** a row of a plan: the tier applies when both minimums are reached */
export interface AgentPlanRow {
  min_active: number;
  min_net_profit: Yuan;
  /** percent, e.g. 30 */
  rate: number;
}

// ---- member calls ---------------------------------------------------------------------------

/** POST /api/agent/summary {} */
export const agentSummarySchema = z.object({}, { error: MSG.badRequest });

export interface AgentSummary {
  code: string;
  /** the member site's register route with pid=<code> */
  link: string;
  /** PNG data URL of the link's QR code */
  qrcode: string;
  /** 1 active, 2 suspended */
  state: 1 | 2;
  /** 'YYYY-MM' Beijing, the month so far */
  month: string;
  today: AgentFiguresYuan;
  figures: AgentFiguresYuan;
  /** negative net profit carried in from earlier months (0 or below), yuan */
  carryover_in: Yuan;
  /** the tier the month reaches so far (null: no row reached); index counts the plan's rows from 1 */
  projected_tier: { index: number; rate: number } | null;
  /** commission the month would earn if it ended now, yuan */
  projected_commission: Yuan;
  /** override of the sub-agents' projected commission, yuan */
  projected_override: Yuan;
  plan: { id: number; name: string; rows: AgentPlanRow[] };
  members: number;
  subagents: number;
  /** commission credited so far (every paid statement), yuan */
  commission_paid: Yuan;
  /** downline members with an open fraud flag (issue 34): in members, their losses left out of the figures */
  flagged_members: number;
  /** when the figures were last brought up to date (Beijing 'YYYY-MM-DD HH:mm:ss'); null: not yet */
  updated_at: string | null;
}

/** POST /api/agent/members {page, month?} */
export const agentMembersSchema = z.object({ page: intParam(1, 100_000, 1), month: agentMonthFilter }, { error: MSG.badRequest });
export type AgentMembersInput = z.output<typeof agentMembersSchema>;

/** a downline member as its agent sees it: no real name, card or contact */
export interface AgentMemberRow {
  username: string;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  registered_at: string;
  last_login_at: string | null;
  /** the month's figures */
  deposits: Yuan;
  valid_bets: Yuan;
  /** GGR - bonuses - rebates - red packets of the member in the month: the agent's (house's) side, positive when the member lost */
  net: Yuan;
  /** the member's own result of its settled bets in the month: its side, negative when it lost (issue 34) */
  win_loss: Yuan;
  active: 0 | 1;
  /** 1: an open fraud flag; its losses do not count for the agent (issue 34) */
  flagged: 0 | 1;
}

/** POST /api/agent/subagents {page, month?} */
export const agentSubagentsSchema = agentMembersSchema;

export interface AgentSubagentRow {
  username: string;
  code: string;
  registered_at: string;
  members: number;
  /** the month's */
  active_members: number;
  net_profit: Yuan;
}

/** POST /api/agent/statements {page} */
export const agentStatementsSchema = z.object({ page: intParam(1, 100_000, 1) }, { error: MSG.badRequest });
/** POST /api/agent/statement {id} or {month} (one of them; the id wins when both are sent) */
export const agentStatementSchema = z
  .object({ id: idOf(AGENT_MSG.statementNotFound).optional(), month: agentMonthFilter }, { error: MSG.badRequest })
  .refine((v) => v.id !== undefined || v.month !== undefined, AGENT_MSG.statementNotFound);
export type AgentStatementInput = z.output<typeof agentStatementSchema>;

export interface AgentStatementRow {
  id: number;
  month: string;
  active_members: number;
  net_profit: Yuan;
  carryover_in: Yuan;
  carryover_out: Yuan;
  /** percent, 0 when no tier */
  rate: number;
  commission: Yuan;
  override: Yuan;
  /** commission + override (+ adjustment), what is credited */
  total: Yuan;
  state: 1 | 2 | 3 | 4;
  paid_at: string | null;
}

export interface AgentStatementDetail extends AgentStatementRow {
  figures: AgentFiguresYuan;
  /** the plan row reached, counted from 1 (null: none) */
  tier_index: number | null;
  /** the sub-agents whose commission earned the override */
  overrides: { username: string; commission: Yuan; override: Yuan }[];
  adjustment: Yuan;
  adjust_reason: string;
}

// ---- operator calls: agents -----------------------------------------------------------------

/** POST /admin/api/agents/list */
export const adminAgentsListSchema = z.object(
  {
    username: adminFilter(32),
    code: adminFilter(16),
    state: adminIntFilter(1, 2, AGENT_MSG.state),
    plan_id: adminIntFilter(1, Number.MAX_SAFE_INTEGER, AGENT_MSG.planId),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);

export interface AdminAgentRow {
  id: number;
  member_id: number;
  username: string;
  code: string;
  link: string;
  plan_id: number;
  plan_name: string;
  upline_agent_id: number | null;
  upline_username: string | null;
  state: 1 | 2;
  note: string;
  members: number;
  subagents: number;
  /** open fraud flags on its downline */
  open_flags: number;
  created_at: string;
}

/** POST /admin/api/agents/get {id, month?} */
export const adminAgentGetSchema = z.object({ id: idOf(AGENT_MSG.agentNotFound), month: agentMonthFilter }, { error: ADMIN_COMMON_MSG.badRequest });

export interface AdminAgentMoveRow {
  username: string;
  from_agent: string | null;
  to_agent: string | null;
  reason: string;
  operator: string;
  created_at: string;
}

export interface AdminAgentDetail {
  agent: AdminAgentRow;
  month: string;
  figures: AgentFiguresYuan;
  /** the month's Beijing days, oldest first */
  days: ({ day: string } & AgentFiguresYuan)[];
  projected_tier: { index: number; rate: number } | null;
  projected_commission: Yuan;
  moves: AdminAgentMoveRow[];
}

/** POST /admin/api/agents/create {username, plan_id?, upline?, note?} (upline: an agent's username or code) */
export const adminAgentCreateSchema = z.object(
  {
    username: adminMemberUsername,
    plan_id: adminIntFilter(1, Number.MAX_SAFE_INTEGER, AGENT_MSG.planId),
    upline: adminFilter(32),
    note,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminAgentCreateInput = z.output<typeof adminAgentCreateSchema>;

/** POST /admin/api/agents/update {id, plan_id?, state?, note?} */
export const adminAgentUpdateSchema = z.object(
  {
    id: idOf(AGENT_MSG.agentNotFound),
    plan_id: adminIntFilter(1, Number.MAX_SAFE_INTEGER, AGENT_MSG.planId),
    state: adminIntFilter(1, 2, AGENT_MSG.state),
    note,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminAgentUpdateInput = z.output<typeof adminAgentUpdateSchema>;

/** POST /admin/api/agents/move-member {username, to_agent_id, reason}: to_agent_id 0 = no agent */
export const adminAgentMoveSchema = z.object(
  {
    username: adminMemberUsername,
    to_agent_id: z
      .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, AGENT_MSG.agentId)], { error: AGENT_MSG.agentId })
      .transform(Number)
      .pipe(z.number({ error: AGENT_MSG.agentId }).int(AGENT_MSG.agentId).min(0, AGENT_MSG.agentId).max(Number.MAX_SAFE_INTEGER, AGENT_MSG.agentId)),
    reason: adminReason,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminAgentMoveInput = z.output<typeof adminAgentMoveSchema>;

export interface AdminAgentMoveReply {
  username: string;
  from_agent: string | null;
  to_agent: string | null;
}

// ---- operator calls: plans ------------------------------------------------------------------

const planRowSchema = z.object(
  {
    min_active: z.number({ error: AGENT_MSG.planRowActive }).int(AGENT_MSG.planRowActive).min(0, AGENT_MSG.planRowActive).max(100_000, AGENT_MSG.planRowActive),
    min_net_profit: fenIn(AGENT_MSG.planRowNet, 0, 100_000_000_000),
    /** percent -> basis points */
    rate: fenIn(AGENT_MSG.planRowRate, 0, 10_000),
  },
  { error: AGENT_MSG.planRows },
);
/** rows on the wire: yuan and percent; parsed: min_net_profit in fen, rate in basis points */
const planRows = z
  .array(planRowSchema, { error: AGENT_MSG.planRows })
  .min(1, AGENT_MSG.planRows)
  .max(20, AGENT_MSG.planRows)
  .refine((rows) => rows.every((r, i) => i === 0 || (r.min_active >= rows[i - 1].min_active && r.min_net_profit >= rows[i - 1].min_net_profit && r.rate >= rows[i - 1].rate)), AGENT_MSG.planRowOrder);
const planName = z.string({ error: AGENT_MSG.planName }).trim().min(1, AGENT_MSG.planName).max(32, AGENT_MSG.planName).refine(...plainLine('方案名称'));

export const adminAgentPlansListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
/** POST /admin/api/agent-plans/create {name, rows: [{min_active, min_net_profit (yuan), rate (%)}]} */
export const adminAgentPlanCreateSchema = z.object({ name: planName, rows: planRows }, { error: ADMIN_COMMON_MSG.badRequest });
export type AdminAgentPlanCreateInput = z.output<typeof adminAgentPlanCreateSchema>;
/** POST /admin/api/agent-plans/update {id, name, rows, is_default?} (is_default 1 makes it the default) */
export const adminAgentPlanUpdateSchema = z.object(
  {
    id: idOf(AGENT_MSG.planNotFound),
    name: planName,
    rows: planRows,
    is_default: adminIntFilter(0, 1, AGENT_MSG.state),
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminAgentPlanUpdateInput = z.output<typeof adminAgentPlanUpdateSchema>;

export interface AdminAgentPlan {
  id: number;
  name: string;
  is_default: 0 | 1;
  rows: AgentPlanRow[];
  /** agents on this plan */
  agents: number;
  updated_at: string;
}

// ---- operator calls: statements and settlement ------------------------------------------------

/** POST /admin/api/agent-statements/list */
export const adminAgentStatementsListSchema = z.object(
  {
    month: agentMonthFilter,
    state: adminIntFilter(1, 4, AGENT_MSG.state),
    username: adminFilter(32),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
/** POST /admin/api/agent-statements/get|approve {id} */
export const adminAgentStatementIdSchema = z.object({ id: idOf(AGENT_MSG.statementNotFound) }, { error: ADMIN_COMMON_MSG.badRequest });
/**
 * POST /admin/api/agent-statements/approve {id, flags_reviewed?}: flags_reviewed (true or 1) is
 * the operator's explicit decision to pay while the agent has open fraud flags (issue 33)
 */
export const adminAgentStatementApproveSchema = z.object(
  { id: idOf(AGENT_MSG.statementNotFound), flags_reviewed: z.union([z.boolean(), z.literal(0), z.literal(1), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v === true || v === 1) },
  { error: ADMIN_COMMON_MSG.badRequest },
);
/** POST /admin/api/agent-statements/adjust {id, amount (the commission total after adjustment, yuan), reason} */
export const adminAgentStatementAdjustSchema = z.object(
  { id: idOf(AGENT_MSG.statementNotFound), amount: fenIn(AGENT_MSG.adjustAmount, 0, 100_000_000_000), reason: adminReason },
  { error: ADMIN_COMMON_MSG.badRequest },
);
/** POST /admin/api/agent-statements/reject {id, reason} */
export const adminAgentStatementRejectSchema = z.object({ id: idOf(AGENT_MSG.statementNotFound), reason: adminReason }, { error: ADMIN_COMMON_MSG.badRequest });

export interface AdminAgentStatementRow extends AgentStatementRow {
  agent_id: number;
  username: string;
  code: string;
  adjustment: Yuan;
  adjust_reason: string;
  first_approved_by: string | null;
  approved_by: string | null;
  rejected_by: string | null;
  reject_reason: string;
  /** 1 when the total is above the two-person threshold */
  needs_second: 0 | 1;
  /** downline members of the agent with an open fraud flag now: approval waits for an explicit decision (issue 33) */
  open_flags: number;
  created_at: string;
}

export interface AdminAgentStatementDetail extends AdminAgentStatementRow {
  figures: AgentFiguresYuan;
  tier_index: number | null;
  overrides: { username: string; commission: Yuan; override: Yuan }[];
}

/** POST /admin/api/agent-settlement/run {month} (an ended Beijing month) */
export const adminAgentSettlementRunSchema = z.object({ month: agentMonth }, { error: AGENT_MSG.month });
export interface AdminAgentSettlementReply {
  month: string;
  /** statements written by this run */
  created: number;
  /** undecided statements (pending, approved once) brought to the figures as they are now */
  updated: number;
  /** statements already paid or rejected: left exactly as they are */
  skipped: number;
}

// ---- operator calls: flags ------------------------------------------------------------------

/** POST /admin/api/agent-flags/list */
export const adminAgentFlagsListSchema = z.object(
  {
    state: adminIntFilter(1, 2, AGENT_MSG.state),
    username: adminFilter(32),
    agent_id: adminIntFilter(1, Number.MAX_SAFE_INTEGER, AGENT_MSG.agentId),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
/** POST /admin/api/agent-flags/clear {id, reason} */
export const adminAgentFlagClearSchema = z.object({ id: idOf(AGENT_MSG.flagNotFound), reason: adminReason }, { error: ADMIN_COMMON_MSG.badRequest });

export interface AdminAgentFlagRow {
  id: number;
  /** the flagged downline member */
  username: string;
  agent_id: number;
  agent_username: string;
  kind: AgentFlagKind;
  /** what was shared, masked (a card's last 4 digits, an address) */
  detail: string;
  /** the other member of a card_shared flag */
  other_username: string | null;
  state: 1 | 2;
  cleared_by: string | null;
  cleared_at: string | null;
  clear_reason: string;
  created_at: string;
}

// ---- settings -------------------------------------------------------------------------------

/** Settings of the programme (site settings group 'agents'; defaults in the server's site/defaults.ts). */
export const agentsSettingsSchema = z.object({
  /** deposit fee deducted from net profit, percent of the downline's deposits */
  agent_deposit_fee_percent: numberSetting('代理存款手续费比例（%）', 0, 10, { decimals: 2 }),
  /** 1: a month's negative net profit is carried into the next month's base */
  agent_carryover: z.union([z.literal(0), z.literal(1)], { error: '开关只能是0或1' }),
  /** an upline's override of each sub-agent's commission, percent */
  agent_override_percent: numberSetting('上级代理分成比例（%）', 0, 50, { decimals: 2 }),
  /** turnover asked of credited commission, as a multiple of it */
  agent_commission_turnover_multiple: intSetting('代理佣金流水倍数', 0, 50),
  /** a statement total above this (whole yuan) needs a second, different operator; 0 never */
  agent_review_threshold: intSetting('代理佣金复核金额（元）', 0, 100_000_000),
});
export type AgentsSettings = z.infer<typeof agentsSettingsSchema>;

// ---- names (issue 20, H10): what the portal and the back-office call each figure -------------

/** the Chinese name of each figure of AgentFiguresYuan, in the order screens list them */
export const AGENT_FIGURE_LABEL: Record<keyof AgentFiguresYuan, string> = {
  registrations: '注册人数',
  first_deposits: '首存人数',
  first_deposit_amount: '首存金额',
  deposits: '存款',
  withdrawals: '取款',
  valid_bets: '有效投注',
  ggr: '游戏输赢',
  bonuses: '优惠彩金',
  rebates: '返水',
  red_packets: '红包',
  fees: '存款手续费',
  net_profit: '净盈利',
  active_members: '活跃会员',
};
/** figures counted in members (the rest are yuan) */
export const AGENT_COUNT_FIGURES: readonly (keyof AgentFiguresYuan)[] = ['registrations', 'first_deposits', 'active_members'];

// ---- statements: replies and inbox (issue 20, server agents/statements.ts) --------------------

export const AGENT_STATEMENT_MSG = {
  approvedFirst: (threshold: string) => `已初审通过：金额超过${threshold}元，需由另一位操作员复核后发放`,
  paid: (total: string) => `已发放佣金 ${total} 元`,
  paidNothing: '已审核通过（本期无佣金可发放）',
  adjusted: (total: string) => `已调整佣金为 ${total} 元`,
  rejected: '已拒绝该佣金报表',
  settled: (created: number, updated: number, skipped: number) => `结算完成：新生成${created}份，更新${updated}份，已处理的${skipped}份保持不变`,
  inboxPaidTitle: '代理佣金已发放',
  inboxPaid: (month: string, total: string) => `您 ${month} 的代理佣金 ${total} 元已发放到中心钱包。`,
  inboxRejectedTitle: '代理佣金报表未通过',
  inboxRejected: (month: string, reason: string) => `您 ${month} 的代理佣金报表未通过审核。原因：${reason}`,
} as const;
