import { z } from 'zod';
import { MSG } from '../messages.ts';
import { yuanToFen } from '../money.ts';
import { apiTypeParam, DEFAULT_DATE_FILTER, type DateFilter } from './wallet.ts';
import { intParam } from './params.ts';

/**
 * Promotions (issue 11): rebates (返水), red packets (红包), VIP progress, activity applications.
 * One schema per call, shared by the server and the member site; wire money in yuan.
 */
export const PROMO_MSG = {
  // spec, verbatim
  nothingToClaim: '暂无领取额度！',
  redPacketOff: '红包已关闭',
  notEligible: '您暂未达到领取条件，快去完成吧！',
  guestPrompt: '精彩内容等你来体验，快来登录吧！',
  redPacketNetwork: '服务器异常，请稍后再试',
  // ours, same tone
  claimOk: '领取成功',
  outsideWindow: '抢红包时间为每天10:00-12:00（北京时间），请在活动时间内参与',
  grabOk: '恭喜您抢到红包',
  activityNotFound: '活动不存在或已下架',
  applyPending: '您已提交过该活动的申请，正在审核中，请耐心等待',
  applyOk: '申请已提交，等待客服审核',
} as const;

/** The red packet grabbing window and the deposit window, Beijing time (spec section 2). */
export const RED_PACKET_WINDOW = { startHour: 10, endHour: 12 } as const;

/** Rebate list filter `type`: 0 all, 1 pending (state 0), 2 claimed (state 1). */
export const REBATE_TYPES = [
  { value: 0, label: '全部' },
  { value: 1, label: '待领取' },
  { value: 2, label: '已领取' },
] as const;

/** POST /api/getfanshui {date (1-4), page, api_type, type} */
export const getFanshuiSchema = z.object(
  {
    date: intParam(1, 4, DEFAULT_DATE_FILTER) as z.ZodType<DateFilter, unknown>,
    page: intParam(1, 100_000, 1),
    api_type: apiTypeParam,
    type: intParam(0, 2, 0) as z.ZodType<0 | 1 | 2, unknown>,
  },
  { error: MSG.badRequest },
);
export type GetFanshuiQuery = z.output<typeof getFanshuiSchema>;

/** calls without fields: POST /api/dofanshui, /api/douserredpacket, /api/vipprogress */
export const emptyBodySchema = z.object({}, { error: MSG.badRequest });

/** POST /api/redpacket {page}, POST /api/activityApplyLog {page}; GET /api/userredpacket reads (and ignores) a page too */
export const pageOnlySchema = z.object({ page: intParam(1, 100_000, 1) }, { error: MSG.badRequest });

/** POST /api/activityApply {id}: apply for the activity of /activityInfo?id= */
export const activityApplySchema = z.object({ id: intParam(1, 2_000_000_000, 0) }, { error: MSG.badRequest });

/** rows per page of the promotion lists */
export const PROMO_PER_PAGE = 15;

/** A rebate record (spec section 3) with the day and venue code. */
export interface RebateRecord {
  id: number;
  /** the venue's Chinese name */
  gamename: string;
  platform: string;
  /** Beijing day the bets were settled, YYYY-MM-DD */
  day: string;
  /** valid bets of that day at that venue, yuan */
  valid_amount: number;
  money: number;
  /** 0 not claimed, 1 claimed */
  state: 0 | 1;
  created_at: string;
  updated_at: string;
}

/** data of POST /api/getfanshui */
export interface FanshuiReply {
  list: { data: RebateRecord[]; total: number; last_page: number; current_page: number; per_page: number };
  /** total claimed, yuan */
  jisuan: number;
  /** total pending (claimable), yuan */
  nojisuan: number;
}

/** a rule of GET /api/userredpacket rules[] (spec: start_time, end_time, day_flow, flow_money, recharge) */
export interface RedPacketRuleItem {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
  /** grabs a day */
  day_flow: number;
  /** the largest amount one grab can bring, yuan (percent rules: of the deposits) */
  flow_money: number;
  /** deposits needed in the window, yuan */
  recharge: number;
  /** deposits above which the next rule applies, yuan (null: no bound) */
  recharge_max: number | null;
  /** how the amount is drawn, in words */
  amount_text: string;
  turnover_multiple: number;
}

/** data of GET /api/userredpacket (issue 19; the original front-end's /hongbao and /welfare read it) */
export interface RedPacketInfo {
  switch: 0 | 1;
  sendnums: number;
  acquirednum: number;
  max_times: number;
  /** deposits counted for today's window, yuan */
  deposits: number;
  /** whether now is inside 10:00-12:00 Beijing */
  in_window: boolean;
  /** server time, wire format (the page's countdown and note) */
  now: string;
  rules: RedPacketRuleItem[];
  /**
   * issue 36 (ours, beside the spec's fields): true for a 限制优惠 member, who may not grab, so
   * the page says so (RISK_MSG.redPacketWithheld) instead of offering a grab the server refuses;
   * absent for others and from an older server
   */
  withheld?: true;
}

/** a row of POST /api/redpacket {page}, paged (spec: money, redpacketmoney, created_at, usetime) */
export interface RedPacketRecord {
  grab_no: string;
  /** deposits counted, yuan */
  money: number;
  redpacketmoney: number;
  turnover_multiple: number;
  created_at: string;
  usetime: string;
}

/** data of POST /api/douserredpacket */
export interface RedPacketGrabReply {
  redpacketmoney: number;
  sendnums: number;
}

/** a row of POST /api/activityApplyLog (spec: activity_name, state, created_at) */
export interface ActivityApplyRecord {
  apply_no: string;
  activity_id: number;
  activity_name: string;
  /** 1 pending review, 2 approved, 3 rejected */
  state: 1 | 2 | 3;
  bonus: number;
  reason: string;
  created_at: string;
}

export const ACTIVITY_STATE_LABEL: Record<number, string> = { 1: '审核中', 2: '已通过', 3: '已拒绝' };

/** data of POST /api/vipprogress */
export interface VipProgress {
  vip: number;
  paysum: number;
  /** cumulative valid bets counted so far (settled daily), yuan */
  flow: number;
  /**
   * the last Beijing day (YYYY-MM-DD) whose valid bets `flow` counts (the latest settled rebate
   * day), so the site can date the figure; absent or null when the server does not say (issue 25)
   */
  flow_through?: string | null;
  next: { level: number; name: string; recharge: number; flow: number; percent: number; flow_percent: number } | null;
  retention: { level: number; required: number; done: number; deadline: string; days_left: number } | null;
  history: { day: string; from: number; to: number; reason: string }[];
}

// ---- back-office ---------------------------------------------------------------------------

export const PROMO_ADMIN_MSG = {
  applyNo: '请输入申请单号',
  applyNotFound: '申请不存在',
  alreadyDecided: '该申请已处理',
  reason: '请输入拒绝原因（最多200字）',
  bonus: '请输入正确的彩金金额（最多两位小数，单笔不超过10万元）',
  multiple: '打码倍数必须是0到50之间的整数',
  ruleName: '请输入规则名称（最多64字）',
  ruleTime: '请输入正确的生效时间（开始早于结束）',
  ruleDeposit: '请输入正确的存款范围',
  ruleGrabs: '每日可抢次数必须是1到20之间的整数',
  ruleAmount: '请输入正确的红包金额范围（0.01-10万元，最小不大于最大）',
  rulePercent: '请输入正确的存款比例（0.01%-100%，最小不大于最大）',
  ruleNotFound: '红包规则不存在',
  approved: '审核通过',
  rejected: '已拒绝',
  // an activity bonus obeys the manual-adjustment rules: above the threshold or past the daily cap, a second operator
  approvedFirst: '已记录第一位审核：彩金超过人工调整双人复核门槛或您今日的直接调整上限，需另一位操作员复核后入账',
  sameApprover: '第二位审核人不能是第一位审核人',
  secondAmount: (yuan: number) => `复核的彩金须与第一位审核人填写的 ${yuan.toFixed(2)} 元一致`,
} as const;

const fenField = (message: string, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen < 0 || fen > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });

const applyNo = z.string({ error: PROMO_ADMIN_MSG.applyNo }).trim().min(1, PROMO_ADMIN_MSG.applyNo).max(40, PROMO_ADMIN_MSG.applyNotFound);
const multiple = z.number({ error: PROMO_ADMIN_MSG.multiple }).int(PROMO_ADMIN_MSG.multiple).min(0, PROMO_ADMIN_MSG.multiple).max(50, PROMO_ADMIN_MSG.multiple);

/** POST /admin/api/activity-applications/list {state?, username?, page} */
export const adminApplicationsListSchema = z.object(
  {
    state: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: MSG.badRequest }).optional(),
    username: z.string({ error: MSG.badRequest }).trim().max(32, MSG.badRequest).optional(),
    page: intParam(1, 100_000, 1),
  },
  { error: MSG.badRequest },
);

/** POST /admin/api/activity-applications/approve {apply_no, bonus?, turnover_multiple?} (bonus in yuan) */
export const adminApplicationApproveSchema = z.object(
  {
    apply_no: applyNo,
    bonus: fenField(PROMO_ADMIN_MSG.bonus, 10_000_000).optional(),
    turnover_multiple: multiple.optional(),
  },
  { error: PROMO_ADMIN_MSG.applyNo },
);

/** POST /admin/api/activity-applications/reject {apply_no, reason} */
export const adminApplicationRejectSchema = z.object(
  {
    apply_no: applyNo,
    reason: z.string({ error: PROMO_ADMIN_MSG.reason }).trim().min(1, PROMO_ADMIN_MSG.reason).max(200, PROMO_ADMIN_MSG.reason),
  },
  { error: PROMO_ADMIN_MSG.applyNo },
);

const wireTime = z
  .string({ error: PROMO_ADMIN_MSG.ruleTime })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, PROMO_ADMIN_MSG.ruleTime);

/**
 * A red-packet rule as an operator writes it (times Beijing `YYYY-MM-DD HH:mm:ss`, money yuan,
 * percents as percent, e.g. 1.5 = 1.5 %). mode 'fixed' draws within amount_min..amount_max;
 * 'percent' within percent_min..percent_max of the counted deposits, capped by amount_max.
 */
const ruleShape = {
  name: z.string({ error: PROMO_ADMIN_MSG.ruleName }).trim().min(1, PROMO_ADMIN_MSG.ruleName).max(64, PROMO_ADMIN_MSG.ruleName),
  start_time: wireTime,
  end_time: wireTime,
  deposit_min: fenField(PROMO_ADMIN_MSG.ruleDeposit, 100_000_000_00),
  deposit_max: fenField(PROMO_ADMIN_MSG.ruleDeposit, 100_000_000_00).nullable().optional(),
  grabs: z.number({ error: PROMO_ADMIN_MSG.ruleGrabs }).int(PROMO_ADMIN_MSG.ruleGrabs).min(1, PROMO_ADMIN_MSG.ruleGrabs).max(20, PROMO_ADMIN_MSG.ruleGrabs),
  mode: z.enum(['fixed', 'percent'], { error: PROMO_ADMIN_MSG.ruleAmount }),
  amount_min: fenField(PROMO_ADMIN_MSG.ruleAmount, 10_000_000).optional(),
  amount_max: fenField(PROMO_ADMIN_MSG.ruleAmount, 10_000_000),
  percent_min: z.number({ error: PROMO_ADMIN_MSG.rulePercent }).min(0.01, PROMO_ADMIN_MSG.rulePercent).max(100, PROMO_ADMIN_MSG.rulePercent).optional(),
  percent_max: z.number({ error: PROMO_ADMIN_MSG.rulePercent }).min(0.01, PROMO_ADMIN_MSG.rulePercent).max(100, PROMO_ADMIN_MSG.rulePercent).optional(),
  turnover_multiple: multiple.optional(),
  state: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }).optional(),
};

type RuleInput = {
  start_time: string;
  end_time: string;
  deposit_min: number;
  deposit_max?: number | null;
  mode: 'fixed' | 'percent';
  amount_min?: number;
  amount_max: number;
  percent_min?: number;
  percent_max?: number;
};

function ruleChecks(v: RuleInput, ctx: z.RefinementCtx) {
  if (v.start_time >= v.end_time) ctx.addIssue({ code: 'custom', message: PROMO_ADMIN_MSG.ruleTime, path: ['end_time'] });
  if (v.deposit_max != null && v.deposit_max < v.deposit_min) ctx.addIssue({ code: 'custom', message: PROMO_ADMIN_MSG.ruleDeposit, path: ['deposit_max'] });
  if (v.mode === 'fixed') {
    if (!v.amount_min || v.amount_min < 1 || v.amount_max < v.amount_min) ctx.addIssue({ code: 'custom', message: PROMO_ADMIN_MSG.ruleAmount, path: ['amount_min'] });
  } else {
    if (v.amount_max < 1) ctx.addIssue({ code: 'custom', message: PROMO_ADMIN_MSG.ruleAmount, path: ['amount_max'] });
    if (v.percent_min === undefined || v.percent_max === undefined || v.percent_max < v.percent_min)
      ctx.addIssue({ code: 'custom', message: PROMO_ADMIN_MSG.rulePercent, path: ['percent_min'] });
  }
}

/** POST /admin/api/red-packet-rules/create */
export const adminRedPacketRuleCreateSchema = z.object(ruleShape, { error: PROMO_ADMIN_MSG.ruleName }).superRefine(ruleChecks);
export type RedPacketRuleInput = z.output<typeof adminRedPacketRuleCreateSchema>;

/** POST /admin/api/red-packet-rules/update {id, ...the whole rule} */
export const adminRedPacketRuleUpdateSchema = z
  .object({ id: z.number({ error: PROMO_ADMIN_MSG.ruleNotFound }).int().min(1, PROMO_ADMIN_MSG.ruleNotFound), ...ruleShape }, { error: PROMO_ADMIN_MSG.ruleName })
  .superRefine(ruleChecks);

/** POST /admin/api/red-packet-rules/delete {id} */
export const adminRedPacketRuleDeleteSchema = z.object(
  { id: z.number({ error: PROMO_ADMIN_MSG.ruleNotFound }).int().min(1, PROMO_ADMIN_MSG.ruleNotFound) },
  { error: PROMO_ADMIN_MSG.ruleNotFound },
);

/** POST /admin/api/red-packet-rules/list {page}, /admin/api/rebates/runs {page} */
export const adminPageSchema = pageOnlySchema;
