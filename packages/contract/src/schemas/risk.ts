import { z } from 'zod';
import { adminMemberUsername, adminPage, adminPerPage, adminReason, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * Risk control (风控, DESIGN.md section 15, issue 36): sign-in log, links between members and
 * risk levels. Operator calls (POST JSON):
 *
 * - /admin/api/members/logins {username, page, per_page?} -> AdminPaged<MemberLoginRow>, newest first
 *   (registrations and sign-ins, with address, device id and user agent; members.view)
 * - /admin/api/members/links {username} -> MemberLinks (risk.view): each linked member with what
 *   they share (kind, masked value) and since when
 * - /admin/api/risk/search {kind, value} -> RiskSearchReply (risk.view): every member sharing the value
 * - /admin/api/members/risk-level {username, level, reason} -> { level, before } (risk.manage; audited)
 */

/** 正常, 观察, 限制优惠, 提款必审 */
export const RISK_LEVELS = ['normal', 'watch', 'no_promo', 'withdraw_review'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_NAMES: Record<string, string> = { normal: '正常', watch: '观察', no_promo: '限制优惠', withdraw_review: '提款必审' };
/** what each level does, in the words operators read beside it */
export const RISK_LEVEL_HINTS: Record<string, string> = {
  normal: '无限制',
  watch: '仅标记关注，不限制任何操作',
  no_promo: '不能获得存款优惠、返水、红包和活动彩金',
  withdraw_review: '每笔取款都须人工审核，不论金额',
};

/** what two linked members share */
export const LINK_KINDS = ['device', 'ip', 'card', 'usdt', 'realname', 'mobile'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_KIND_NAMES: Record<string, string> = { device: '设备', ip: 'IP地址', card: '银行卡', usdt: 'USDT地址', realname: '真实姓名', mobile: '手机号' };

/** a member_logins row: a registration or a sign-in */
export const LOGIN_KIND_NAMES: Record<string, string> = { register: '注册', login: '登录' };

/** what a promotion refused to a 限制优惠 member was (risk_promo_skips.what) */
export const RISK_SKIP_NAMES: Record<string, string> = { deposit_bonus: '存款优惠', rebate: '返水', red_packet: '红包', activity: '活动彩金' };

export const RISK_MSG = {
  level: '请选择风险等级（正常、观察、限制优惠、提款必审）',
  kind: '请选择查询类型（设备、IP地址、银行卡、USDT地址、真实姓名、手机号）',
  value: '请输入要查询的值（1到128字）',
  sameLevel: '该会员已是此风险等级',
  cardValue: '请输入完整的银行卡号',
  usdtValue: '请输入完整的USDT地址',
  ipValue: 'IP地址格式错误',
  ignoredIp: '该地址是本机或站点代理的地址，不作为关联依据',
  /** refusals to a 限制优惠 member */
  noDepositBonus: '您的账户暂不能参与存款优惠，请选择不参与优惠后再提交',
  noRebate: '您的账户暂不能领取返水，如有疑问请联系在线客服',
  noRedPacket: '您的账户暂不能领取红包，如有疑问请联系在线客服',
  noActivity: '您的账户暂不能参与优惠活动，如有疑问请联系在线客服',
  /** the deposit form's line in place of the bonus choices (the deposit itself stays open) */
  depositBonusWithheld: '您的账户暂不参与存款优惠，可正常存款，存款将全额到账。如有疑问请联系在线客服',
  /** the red-packet and activity pages' notes in place of their buttons */
  redPacketWithheld: '您的账户暂不参与抢红包活动，如有疑问请联系在线客服',
  activityWithheld: '您的账户暂不参与此优惠活动，如有疑问请联系在线客服',
  /** to the operator approving an activity with a bonus for such a member */
  noActivityBonus: '该会员风险等级为「限制优惠」，不能发放活动彩金（可拒绝申请，或以0彩金通过）',
} as const;

export const memberLoginsSchema = z.object({ username: adminMemberUsername, page: adminPage, per_page: adminPerPage }, { error: ADMIN_COMMON_MSG.username });
export const memberLinksSchema = z.object({ username: adminMemberUsername }, { error: ADMIN_COMMON_MSG.username });
export const riskSearchSchema = z.object(
  {
    kind: z.enum(LINK_KINDS, { error: RISK_MSG.kind }),
    value: z.string({ error: RISK_MSG.value }).trim().min(1, RISK_MSG.value).max(128, RISK_MSG.value),
  },
  { error: RISK_MSG.kind },
);
export type RiskSearchInput = z.output<typeof riskSearchSchema>;
export const memberRiskLevelSchema = z.object(
  { username: adminMemberUsername, level: z.enum(RISK_LEVELS, { error: RISK_MSG.level }), reason: adminReason },
  { error: ADMIN_COMMON_MSG.username },
);

export interface MemberLoginRow {
  id: number;
  /** register | login */
  kind: string;
  ip: string;
  /** the member site's device id (X-Device-Id), null when none was sent */
  device_id: string | null;
  user_agent: string;
  created_at: string;
}

/** one thing two members share */
export interface SharedValue {
  kind: LinkKind;
  /** masked for display (a card shows its last 4, a mobile its first 3 and last 4 ...) */
  value: string;
  /** since when both had it (Beijing time) */
  since: string;
}

export interface LinkedMember {
  username: string;
  risk_level: RiskLevel;
  status: 0 | 1;
  created_at: string;
  shared: SharedValue[];
  /** the earliest `since` of its shared values */
  since: string;
}

export interface MemberLinks {
  username: string;
  risk_level: RiskLevel;
  /** the most linked first, at most 100 of them (the rest are counted in `total`) */
  members: LinkedMember[];
  /** how many members are linked (all of them; more than `members` lists when the list is cut) */
  total: number;
  /** true when the list is cut, or a value was shared by more members than one reply reads (300; the rest by /risk/search) */
  truncated: boolean;
}

export interface RiskSearchRow {
  username: string;
  risk_level: RiskLevel;
  status: 0 | 1;
  /** where the value was seen: 注册 / 登录 / 绑定 / 资料 */
  seen_as: string;
  /** first and last time the member had it */
  first_at: string;
  last_at: string;
}

export interface RiskSearchReply {
  kind: LinkKind;
  /** the value as searched, masked like the links */
  value: string;
  members: RiskSearchRow[];
  truncated: boolean;
}

/** a risk level change (member 360's history) */
export interface RiskLevelChange {
  id: number;
  before: RiskLevel;
  after: RiskLevel;
  reason: string;
  operator: string;
  created_at: string;
}
