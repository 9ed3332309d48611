import { z } from 'zod';
import { adminDate, adminFilter, adminIntFilter, adminMemberUsername, adminPage, adminPerPage, adminReason, adminYuanFilter, ADMIN_COMMON_MSG } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/**
 * Members for operators (issue 12). Every call takes the member's username.
 *
 * - POST /admin/api/members/list {username?, realname?, mobile?, referrer?, vip?, status?,
 *   registered_from?, registered_to?, balance_min?, balance_max?, page, per_page?}
 *   -> AdminPaged<AdminMemberRow>, newest registration first. `username` matches a prefix; the
 *   others exactly (referrer = the referrer code the member registered with).
 * - POST /admin/api/members/get {username} -> Member360 (everything but the paged records)
 * - POST /admin/api/members/balances {username} -> { central, hold, transit, venues: [...] } live
 * - POST /admin/api/members/records {username, kind, page, per_page?} -> AdminPaged<record of kind>
 * - POST /admin/api/members/reveal-card {username, card_id, reason} -> { bank_no } (cards.reveal; audited)
 * - actions (members.edit unless noted; each audited with the reason):
 *   freeze {username, reason} / unfreeze {username, reason}   (freeze ends the member's sessions)
 *   reset-password {username, reason} -> { password }         (new random login password, shown once; ends sessions)
 *   reset-pay-password {username, reason} -> { pay_password } (6 random digits, shown once)
 *   end-sessions {username, reason} -> { ended }
 *   recover-venues {username, reason} -> RecoverReport         (every venue balance back to the central wallet)
 *   set-vip {username, vip, reason}
 *   message {username, title, content, reason}               (an inbox message)
 *   verify-realname {username, verified, reason}
 *   note {username, content}                                   (an internal note; reason = the note)
 */
export const ADMIN_MEMBER_MSG = {
  notFound: '会员不存在',
  vip: 'VIP等级必须是0到99之间的整数',
  vipUnknown: 'VIP等级不存在',
  status: '状态参数错误',
  kind: '记录类型错误',
  cardId: '请选择卡片',
  cardNotFound: '卡片不存在',
  title: '请输入消息标题（1到100字）',
  content: '请输入消息内容（1到5000字）',
  note: '请输入备注内容（1到1000字）',
  alreadyFrozen: '该会员已是冻结状态',
  notFrozen: '该会员未被冻结',
  balanceOrder: '最低余额不能大于最高余额',
  mobile: '手机号格式错误',
  verified: '请选择是否已实名',
} as const;

/** Paged record lists of the member 360 view. Kinds whose module is not built yet answer an empty page. */
export const MEMBER_RECORD_KINDS = [
  'ledger',
  'turnover',
  'transfers',
  'bets',
  'deposits',
  'withdrawals',
  'rebates',
  'red_packets',
  'logins',
  'audit',
] as const;
export type MemberRecordKind = (typeof MEMBER_RECORD_KINDS)[number];

export const memberSearchSchema = z
  .object(
    {
      username: adminFilter(32),
      realname: adminFilter(32),
      mobile: adminFilter(20, ADMIN_MEMBER_MSG.mobile),
      referrer: adminFilter(32),
      vip: adminIntFilter(0, 99, ADMIN_MEMBER_MSG.vip),
      /** 1 active, 0 frozen */
      status: adminIntFilter(0, 1, ADMIN_MEMBER_MSG.status),
      registered_from: adminDate,
      registered_to: adminDate,
      balance_min: adminYuanFilter,
      balance_max: adminYuanFilter,
      page: adminPage,
      per_page: adminPerPage,
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  )
  .superRefine((v, ctx) => {
    if (v.balance_min !== undefined && v.balance_max !== undefined && v.balance_min > v.balance_max) {
      ctx.addIssue({ code: 'custom', path: ['balance_max'], message: ADMIN_MEMBER_MSG.balanceOrder });
    }
  });
export type MemberSearchInput = z.output<typeof memberSearchSchema>;

export const memberTargetSchema = z.object({ username: adminMemberUsername }, { error: ADMIN_COMMON_MSG.username });

export const memberRecordsSchema = z.object(
  {
    username: adminMemberUsername,
    kind: z.enum(MEMBER_RECORD_KINDS, { error: ADMIN_MEMBER_MSG.kind }),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.username },
);

export const memberRevealCardSchema = z.object(
  {
    username: adminMemberUsername,
    card_id: z.union([z.number(), z.string().trim().regex(/^\d{1,12}$/, ADMIN_MEMBER_MSG.cardId)], { error: ADMIN_MEMBER_MSG.cardId }).transform(Number),
    reason: adminReason,
  },
  { error: ADMIN_COMMON_MSG.username },
);

/** freeze, unfreeze, reset-password, reset-pay-password, end-sessions, recover-venues */
export const memberActionSchema = z.object({ username: adminMemberUsername, reason: adminReason }, { error: ADMIN_COMMON_MSG.username });

export const memberSetVipSchema = z.object(
  {
    username: adminMemberUsername,
    vip: z.union([z.number(), z.string().trim().regex(/^\d{1,2}$/, ADMIN_MEMBER_MSG.vip)], { error: ADMIN_MEMBER_MSG.vip }).transform(Number).pipe(z.number().int(ADMIN_MEMBER_MSG.vip).min(0, ADMIN_MEMBER_MSG.vip).max(99, ADMIN_MEMBER_MSG.vip)),
    reason: adminReason,
  },
  { error: ADMIN_COMMON_MSG.username },
);

export const memberMessageSchema = z.object(
  {
    username: adminMemberUsername,
    title: z.string({ error: ADMIN_MEMBER_MSG.title }).trim().min(1, ADMIN_MEMBER_MSG.title).max(100, ADMIN_MEMBER_MSG.title),
    content: z.string({ error: ADMIN_MEMBER_MSG.content }).trim().min(1, ADMIN_MEMBER_MSG.content).max(5000, ADMIN_MEMBER_MSG.content),
    reason: adminReason,
  },
  { error: ADMIN_COMMON_MSG.username },
);

export const memberVerifyRealnameSchema = z.object(
  {
    username: adminMemberUsername,
    verified: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: ADMIN_MEMBER_MSG.verified }).transform((v) => v === true || v === 1),
    reason: adminReason,
  },
  { error: ADMIN_COMMON_MSG.username },
);

export const memberNoteSchema = z.object(
  {
    username: adminMemberUsername,
    content: z.string({ error: ADMIN_MEMBER_MSG.note }).trim().min(1, ADMIN_MEMBER_MSG.note).max(1000, ADMIN_MEMBER_MSG.note),
  },
  { error: ADMIN_COMMON_MSG.username },
);

export interface AdminMemberRow {
  id: number;
  username: string;
  realname: string;
  /** masked except its first 3 and last 4 digits */
  mobile: string;
  vip: number;
  /** 1 active, 0 frozen */
  status: 0 | 1;
  realname_verified: 0 | 1;
  /** the referrer code the member registered with */
  referrer: string | null;
  /** the agent the member belongs to now (follows an operator's move), null for none */
  agent: { username: string; code: string } | null;
  balance: Yuan;
  created_at: string;
  last_login_at: string | null;
  last_login_ip: string | null;
  /** issue 36: 正常 / 观察 / 限制优惠 / 提款必审 (RISK_LEVEL_NAMES) */
  risk_level: import('./risk.ts').RiskLevel;
}

export interface AdminMemberCard {
  id: number;
  /** 1 bank card, 2 USDT address */
  type: 1 | 2;
  bank: string;
  bank_owner: string;
  /** masked: **** **** **** 1234 */
  bank_no: string;
  created_at: string;
  deleted_at: string | null;
}

export interface Member360 {
  profile: AdminMemberRow & { email: string; birthday: string; register_ip: string; paysum: Yuan; transferstatus: number };
  /** fen owed before a withdrawal, in yuan */
  turnover_remaining: Yuan;
  /** issue 36: the risk level's changes, newest first (the level itself is profile.risk_level) */
  risk_history: import('./risk.ts').RiskLevelChange[];
  balances: { central: Yuan; withdraw_hold: Yuan; transit: Yuan };
  cards: AdminMemberCard[];
  sessions: { created_at: string; last_seen_at: string; ip: string; device: string }[];
  /** the agent the member belongs to now (code set), else the member its referrer code names */
  referrer: { username: string; id: number; code?: string } | null;
  referred: { total: number; recent: { username: string; created_at: string }[] };
  notes: { id: number; operator: string; content: string; created_at: string }[];
  /** record kinds that have data behind them on this site (others answer empty pages) */
  record_kinds: string[];
}

export interface MemberVenueBalances {
  central: Yuan;
  withdraw_hold: Yuan;
  transit: Yuan;
  /** seamless: a 免转 venue (issue 38): members play it from the central wallet, so its balance is not theirs to hold */
  venues: { platform: string; name: string; balance: Yuan; live: boolean; seamless?: true }[];
}
