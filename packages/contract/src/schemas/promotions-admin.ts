import { z } from 'zod';
import { yuanToFen, type Yuan } from '../money.ts';
import { plainLine } from '../text-rules.ts';
import { adminFilter, adminIntFilter, adminPage, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * Promotions back-office, part 2 (issue 13): VIP levels, the red-packet preview, agent
 * applications and rebate re-runs. One schema per call; money in yuan and rates in percent on
 * the wire (the server keeps fen and basis points).
 */

// ---- VIP levels -----------------------------------------------------------------------------

export const VIP_ADMIN_MSG = {
  level: 'VIP等级必须是1到50之间的整数',
  name: '请输入等级名称（1到32字）',
  recharge: '请输入正确的累计存款门槛（元，最多两位小数，不超过1亿）',
  flow: '请输入正确的累计流水门槛（元，最多两位小数，不超过100亿）',
  rate: '返水比例须在0%到5%之间，最多两位小数',
  notFound: 'VIP等级不存在',
  exists: '该VIP等级已存在',
  notNext: (next: number) => `新等级必须紧接当前最高等级，应为 VIP${next}`,
  order: '门槛须逐级递增：累计存款与累计流水不能低于上一级，也不能高于下一级',
  onlyTop: '只能删除最高的VIP等级',
  lastLevel: '至少保留一个VIP等级',
  hasMembers: '仍有会员处于该等级，不能删除',
  created: 'VIP等级已新增',
  saved: 'VIP等级已保存',
  deleted: 'VIP等级已删除',
} as const;

/** the rate columns of a level, as the member's /vip page names them */
export const VIP_RATE_FIELDS = ['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery'] as const;
export type VipRateField = (typeof VIP_RATE_FIELDS)[number];
export const VIP_RATE_LABELS: Record<VipRateField, string> = {
  realperson: '真人视讯',
  sport: '体育赛事',
  e_sport: '电子竞技',
  joker: '棋牌游戏',
  electron: '电子游艺',
  lottery: '彩票游戏',
};

/** yuan (number or text, at most 2 decimals) to fen within [0, maxFen] */
const fenOf = (message: string, maxFen: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen < 0 || fen > maxFen) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });

/** a percent with at most 2 decimals (0.45 = 0.45 %) to basis points, 0..500 */
const rateBp = fenOf(VIP_ADMIN_MSG.rate, 500);

const vipLevelNo = z.number({ error: VIP_ADMIN_MSG.level }).int(VIP_ADMIN_MSG.level).min(1, VIP_ADMIN_MSG.level).max(50, VIP_ADMIN_MSG.level);

const vipLevelShape = {
  level: vipLevelNo,
  name: z.string({ error: VIP_ADMIN_MSG.name }).trim().min(1, VIP_ADMIN_MSG.name).max(32, VIP_ADMIN_MSG.name).refine(...plainLine('等级名称')),
  recharge: fenOf(VIP_ADMIN_MSG.recharge, 10_000_000_000),
  flow: fenOf(VIP_ADMIN_MSG.flow, 1_000_000_000_000),
  realperson: rateBp,
  sport: rateBp,
  e_sport: rateBp,
  joker: rateBp,
  electron: rateBp,
  lottery: rateBp,
};

/** POST /admin/api/vip-levels/list {} */
export const adminVipLevelsListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
/** POST /admin/api/vip-levels/create {level, name, recharge, flow, realperson, ..., lottery} */
export const adminVipLevelCreateSchema = z.object(vipLevelShape, { error: VIP_ADMIN_MSG.level });
/** POST /admin/api/vip-levels/update: the whole level, named by `level` */
export const adminVipLevelUpdateSchema = adminVipLevelCreateSchema;
/** POST /admin/api/vip-levels/delete {level} */
export const adminVipLevelDeleteSchema = z.object({ level: vipLevelNo }, { error: VIP_ADMIN_MSG.level });
/** a level as stored: fen and basis points */
export type VipLevelInput = z.output<typeof adminVipLevelCreateSchema>;

/** a row of vip-levels/list: yuan and percent, as /api/uservip answers */
export interface AdminVipLevelRow {
  level: number;
  name: string;
  recharge: Yuan;
  flow: Yuan;
  realperson: number;
  sport: number;
  e_sport: number;
  joker: number;
  electron: number;
  lottery: number;
  /** what keeping the level asks per retention period, yuan (flow x vip_retention_percent) */
  retention_flow: Yuan;
}

/** data of vip-levels/list */
export interface AdminVipLevelsReply {
  data: AdminVipLevelRow[];
  total: number;
  retention_percent: number;
  retention_days: number;
}

// ---- red-packet preview ---------------------------------------------------------------------

export const RED_PACKET_PREVIEW_MSG = {
  id: '红包规则不存在',
} as const;

/** the result notices of red-packet-rules/create|update|delete */
export const RED_PACKET_RULE_MSG = {
  created: '红包规则已新建',
  saved: '红包规则已保存，立即生效',
  deleted: '红包规则已删除',
} as const;

/** POST /admin/api/red-packet-rules/preview {id, page?} */
export const adminRedPacketPreviewSchema = z.object(
  {
    id: z.number({ error: RED_PACKET_PREVIEW_MSG.id }).int(RED_PACKET_PREVIEW_MSG.id).min(1, RED_PACKET_PREVIEW_MSG.id).max(2_000_000_000, RED_PACKET_PREVIEW_MSG.id),
    page: adminPage,
  },
  { error: RED_PACKET_PREVIEW_MSG.id },
);

export interface RedPacketPreviewMember {
  member_id: number;
  username: string;
  vip: number;
  /** deposits counted in the window, yuan */
  deposits: Yuan;
  /** grabs the rule allows a day */
  grabs: number;
  grabs_used: number;
  grabs_left: number;
}

/** data of red-packet-rules/preview */
export interface RedPacketPreviewReply {
  rule: { id: number; name: string; active: boolean; state: number };
  /** the Beijing day the grabs count for */
  day: string;
  window_from: string;
  window_to: string;
  /** the site's red-packet switch */
  switch: 0 | 1;
  /** the deposit ranges (yuan) this rule answers, after the active rules with higher minimums took theirs */
  ranges: { min: number; max: number | null }[];
  /** members qualifying today, and their deposits in the window, yuan */
  count: number;
  deposits_total: Yuan;
  data: RedPacketPreviewMember[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

// ---- agent applications ---------------------------------------------------------------------

export const AGENT_ADMIN_MSG = {
  id: '代理申请不存在',
  alreadyDecided: '该代理申请已处理',
  reason: '请输入拒绝原因（1到200字）',
  state: '状态参数错误',
  approved: '已通过代理申请，会员已收到站内信',
  rejected: '已拒绝代理申请，会员已收到站内信',
} as const;

export const AGENT_STATE_LABEL: Record<number, string> = { 1: '待审核', 2: '已通过', 3: '已拒绝' };

const agentId = z.number({ error: AGENT_ADMIN_MSG.id }).int(AGENT_ADMIN_MSG.id).min(1, AGENT_ADMIN_MSG.id).max(Number.MAX_SAFE_INTEGER, AGENT_ADMIN_MSG.id);

/** POST /admin/api/agent-applications/list {state?, username?, page} (pending: oldest first) */
export const adminAgentApplicationsListSchema = z.object(
  {
    state: adminIntFilter(1, 3, AGENT_ADMIN_MSG.state),
    username: adminFilter(32),
    page: adminPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
/** POST /admin/api/agent-applications/approve {id} */
export const adminAgentApproveSchema = z.object({ id: agentId }, { error: AGENT_ADMIN_MSG.id });
/** POST /admin/api/agent-applications/reject {id, reason} */
export const adminAgentRejectSchema = z.object(
  {
    id: agentId,
    reason: z.string({ error: AGENT_ADMIN_MSG.reason }).trim().min(1, AGENT_ADMIN_MSG.reason).max(200, AGENT_ADMIN_MSG.reason).refine(...plainLine('拒绝原因')),
  },
  { error: AGENT_ADMIN_MSG.id },
);

export interface AdminAgentApplicationRow {
  id: number;
  username: string;
  realname: string;
  mobile: string;
  apply_info: string;
  /** 1 pending, 2 approved, 3 rejected */
  state: 1 | 2 | 3;
  review_note: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

// ---- rebate runs ----------------------------------------------------------------------------

export const REBATE_RUN_MSG = {
  day: '请输入正确的日期（YYYY-MM-DD）',
  notPast: '只能重算已经结束的日期（今天之前，北京时间）',
  tooOld: '只能重算最近366天内的日期',
  done: '重算完成',
} as const;

/** POST /admin/api/rebates/rerun {day} (a Beijing day that has ended) */
export const adminRebateRerunSchema = z.object(
  {
    day: z
      .string({ error: REBATE_RUN_MSG.day })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, REBATE_RUN_MSG.day)
      .refine((v) => {
        const [y, m, d] = v.split('-').map(Number);
        const date = new Date(Date.UTC(y, m - 1, d));
        return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      }, REBATE_RUN_MSG.day),
  },
  { error: REBATE_RUN_MSG.day },
);

/** a row of rebates/runs */
export interface AdminRebateRunRow {
  day: string;
  members: number;
  rows: number;
  amount: Yuan;
  holder: string;
  /** who ran it: 定时任务, or 操作员 <username> for a re-run (issue 25) */
  holder_name: string;
  created_at: string;
  reruns: number;
  rerun_at: string | null;
  /**
   * 'settled' by the daily job, 'rerun' by an operator since; 'running' while a pass is part-way
   * through the day's members (the figures are the last finished pass's, zeros before the first)
   */
  status: 'settled' | 'rerun' | 'running';
  /** while running: chunks of members the pass has settled so far, and whether it is the first */
  progress: { chunks: number; first_run: boolean } | null;
}

/** data of rebates/rerun */
export interface AdminRebateRerunReply {
  day: string;
  /** true when the day had not been settled before this run */
  first_run: boolean;
  members: number;
  rows: number;
  amount: Yuan;
  /** rows added, amounts changed, rows removed (their bets voided), claimed rows left as paid */
  added: number;
  updated: number;
  removed: number;
  locked: number;
  /** valid bets added to members' VIP flow by this run, yuan (negative: voided) */
  flow_delta: Yuan;
}
