import { formatYuan } from './money.ts';
import { DEFAULT_ROLES } from './permissions.ts';
import { AGENT_FLAG_KIND_LABEL, AGENT_STATEMENT_STATE_LABEL } from './schemas/agents.ts';
import { GAME_CATEGORY_NAMES } from './schemas/games.ts';
import { DEPOSIT_STATUS_NAMES } from './schemas/payments.ts';
import { DEPOSIT_REFUND_STATE_NAMES } from './schemas/deposit-refunds.ts';
import { PAY_TYPE_NAMES } from './schemas/settings-payments.ts';
import { LINK_KIND_NAMES, LOGIN_KIND_NAMES, RISK_LEVEL_NAMES, RISK_SKIP_NAMES } from './schemas/risk.ts';
import { TURNOVER_WAIVER_STATE_NAMES } from './schemas/admin-turnover.ts';
import { ADJUSTMENT_STATE_NAMES } from './schemas/admin-adjustments.ts';
import { RISK_DECISION_NAMES, RISK_EVENT_STATE_NAMES, RISK_EVIDENCE_KIND_NAMES, RISK_PARAM_NAMES, RISK_RULE_NAMES } from './schemas/risk-events.ts';

/**
 * The Chinese name of every code an operator meets (issue 25): ledger kinds and accounts, who
 * started a movement, deposit methods, kinds and states, withdrawal and transfer states, turnover
 * sources, audit actions and the fields of audit details and records. ONE dictionary: the server
 * uses it where it answers a name beside a code (accounts, actors, audit targets), the back-office
 * everywhere it shows a code. A code missing here still reads as words (`readableLabel`), never as
 * snake_case.
 */

/** ledger entry kinds (apps/server/src/modules/wallet/accounts.ts ENTRY_KINDS) */
export const ENTRY_KIND_NAMES: Record<string, string> = {
  deposit: '存款入账',
  withdraw_hold: '取款冻结',
  withdraw_payout: '取款出款',
  withdraw_return: '取款退回',
  transit_hold: '转入场馆（途中）',
  venue_transfer_out: '转入场馆',
  transit_return: '转账退回',
  venue_transfer_in: '场馆转出',
  adjustment: '人工调整',
  bonus: '优惠彩金',
  rebate: '返水',
  red_packet: '红包',
  commission: '代理佣金',
  seamless_debit: '免转下注', // issue 38
  seamless_credit: '免转派彩',
  seamless_rollback: '免转撤单',
};

/** a member's own accounts: member:{id}:{kind} */
export const MEMBER_ACCOUNT_NAMES: Record<string, string> = { central: '中心钱包', withdraw_hold: '取款冻结', transit: '转账途中' };

/** the house's accounts: house:{name} */
export const HOUSE_ACCOUNT_NAMES: Record<string, string> = {
  deposits: '存款收入',
  payouts: '取款支出',
  bonus: '优惠支出',
  rebate: '返水支出',
  red_packet: '红包支出',
  adjustments: '人工调整',
  commission: '佣金支出',
};

/** What the name lookups of `accountName` and `actorName` may know (usernames, venue names). */
export interface NameLookup {
  member?: (id: number) => string | undefined;
  venue?: (platform: string) => string | undefined;
  operator?: (id: number) => string | undefined;
}

/**
 * A ledger account as operators read it: 会员 walker01 · 中心钱包, PP电子 · 清算, 平台 · 优惠支出.
 * Unknown shapes answer the code itself (a new account kind shows, rather than a blank).
 */
export function accountName(code: string, lookup: NameLookup = {}): string {
  const member = /^member:(\d+):([a-z_]+)$/.exec(code);
  if (member) {
    const id = Number(member[1]);
    return `会员 ${lookup.member?.(id) ?? `#${id}`} · ${MEMBER_ACCOUNT_NAMES[member[2]] ?? readableLabel(member[2])}`;
  }
  const venue = /^venue:(.+):clearing$/.exec(code);
  if (venue) return `${lookup.venue?.(venue[1]) ?? venue[1].toUpperCase()} · 清算`;
  const seamless = /^venue:(.+):seamless$/.exec(code); // issue 38
  if (seamless) return `${lookup.venue?.(seamless[1]) ?? seamless[1].toUpperCase()} · 免转`;
  const house = /^house:([a-z_]+)$/.exec(code);
  if (house) return `平台 · ${HOUSE_ACCOUNT_NAMES[house[1]] ?? readableLabel(house[1])}`;
  return code;
}

/** The member id of a member account code, to look its username up. */
export function accountMemberId(code: string): number | null {
  const m = /^member:(\d+):/.exec(code);
  return m ? Number(m[1]) : null;
}

/** Who started a movement (ledger created_by): system, admin:{id}, member. */
export function actorName(code: string | null | undefined, lookup: NameLookup = {}): string {
  if (!code || code === 'system') return '系统';
  if (code === 'job') return '定时任务';
  if (code === 'member') return '会员本人';
  const admin = /^admin:(\d+)$/.exec(code);
  if (admin) return `操作员 ${lookup.operator?.(Number(admin[1])) ?? `#${admin[1]}`}`;
  return code;
}

/** The operator id of an actor code admin:{id}. */
export function actorOperatorId(code: string | null | undefined): number | null {
  const m = code ? /^admin:(\d+)$/.exec(code) : null;
  return m ? Number(m[1]) : null;
}

/**
 * A ledger reference as operators read it: order numbers as they are; the machine prefixes named
 * (transfer:CST... -> 转账 CST..., admin-adjust:uuid -> 人工调整 uuid).
 */
export function referenceName(reference: string | null | undefined): string {
  if (!reference) return '';
  const m = /^([a-z][a-z_-]*):(.+)$/.exec(reference);
  if (!m) return reference;
  const prefix: Record<string, string> = { transfer: '转账', 'admin-adjust': '人工调整', rebate: '返水', red_packet: '红包', 'red-packet': '红包', activity: '活动', commission: '佣金', seed: '初始资金' };
  return `${prefix[m[1]] ?? readableLabel(m[1])} ${m[2]}`;
}

export const DEPOSIT_KIND_NAMES: Record<string, string> = { manual: '人工转账', online: '在线支付' };
export const WITHDRAW_STATE_NAMES: Record<number, string> = { 1: '审核中', 2: '已出款', 3: '已拒绝' };
export const WITHDRAW_REVIEW_NAMES: Record<string, string> = { pending: '待审核', approved_once: '待复核', approved: '已出款', rejected: '已拒绝' };
export const WITHDRAW_KIND_NAMES: Record<string, string> = { bank: '银行卡', usdt: 'USDT' };
export const CARD_TYPE_NAMES: Record<number, string> = { 1: '银行卡', 2: 'USDT' };
export const TRANSFER_DIRECTION_NAMES: Record<string, string> = { to_venue: '中心钱包 → 场馆', from_venue: '场馆 → 中心钱包' };
export const TRANSFER_STATUS_NAMES: Record<number, string> = { 0: '失败', 1: '成功', 2: '待确认' };
export const TURNOVER_SOURCE_NAMES: Record<string, string> = {
  deposit: '存款',
  deposit_bonus: '存款赠送',
  rebate: '返水',
  red_packet: '红包',
  adjustment: '人工调整',
  activity: '活动彩金',
  commission: '代理佣金',
};
/** issue 38: seamless venues (SEAMLESS.md): a venue's mode, a round's state, a wallet call and its answer */
export const VENUE_MODE_NAMES: Record<string, string> = { transfer: '转账钱包', seamless: '免转钱包' };
export const SEAMLESS_ROUND_STATE_NAMES: Record<string, string> = { open: '未结算', credited: '已派彩', rolled_back: '已撤单' };
export const SEAMLESS_TX_KIND_NAMES: Record<string, string> = { debit: '下注扣款', credit: '派彩', rollback: '撤单退款' };
export const SEAMLESS_CODE_NAMES: Record<number, string> = {
  0: '成功',
  1001: '余额不足',
  1002: '已被限制（亏损限额、冷静期、自我排除或账户冻结）',
  2001: '签名错误或已过期',
  2002: '玩家不存在或场馆不是免转模式',
  2003: '请求格式错误',
  3001: '所指下注不存在',
  3002: '该局已派彩或已撤单',
  5000: '系统繁忙，请重试',
};
export const BET_STATUS_NAMES: Record<number, string> = { 0: '无效', 1: '已结算', 2: '未结算' };
/** issue 36: the side of a shared round a bet took (bets.side; a match's result picked) */
export const BET_SIDE_NAMES: Record<string, string> = { home: '主胜', draw: '平局', away: '客胜' };
export const REBATE_STATE_NAMES: Record<number, string> = { 0: '待领取', 1: '已领取' };
export const CHAT_STATE_NAMES: Record<string, string> = { queued: '排队中', open: '接待中', closed: '已结束' };
export const TICKET_STATE_NAMES: Record<number, string> = { 0: '待回复', 1: '已回复', 2: '已关闭' };
export const DIFFERENCE_STATE_NAMES: Record<string, string> = { open: '未处理', resolved: '已处理' };
// issue 22: responsible play (limits, reality checks, breaks)
export const RESPONSIBLE_KIND_NAMES: Record<string, string> = { deposit: '存款限额', loss: '亏损限额', reality: '游戏时长提醒', timeout: '冷静期', exclusion: '自我排除' };
export const RESPONSIBLE_PERIOD_NAMES: Record<string, string> = { day: '每日', week: '每周', month: '每月' };
export const RESPONSIBLE_DURATION_NAMES: Record<string, string> = { '24h': '24小时', '7d': '7天', '30d': '30天', '6m': '6个月', '1y': '1年', '2y': '2年', '5y': '5年' };
export const RESPONSIBLE_STATE_NAMES: Record<string, string> = { timeout: '冷静期中', exclusion: '自我排除中', limits: '设有限额' };
// issue 21: payment channels
export const GATEWAY_TYPE_NAMES: Record<string, string> = { sandbox: '沙盒网关（签名JSON）', sifang: '通用四方支付' };
// the game provider a venue is reached through (venues.provider; the adapters in apps/server/src/adapters/venues)
export const VENUE_PROVIDER_NAMES: Record<string, string> = { sandbox: '沙盒供应商' };
export const SIGN_TYPE_NAMES: Record<string, string> = { md5: 'MD5', sha256: 'SHA-256', hmac_sha256: 'HMAC-SHA256' };
export const CHANNEL_STATE_NAMES: Record<string, string> = { enabled: '启用', disabled: '停用', paused: '已自动暂停' };
// issue 33: channel credential changes awaiting a second operator; issue 34: methods the cashier hides
export const KEY_CHANGE_KIND_NAMES: Record<string, string> = { create: '新增通道', update: '修改通道设置' };
export const KEY_CHANGE_STATUS_NAMES: Record<string, string> = { pending: '待批准', approved: '已批准', rejected: '已拒绝' };
export const CHANNEL_COVERAGE_NAMES: Record<string, string> = { no_channel: '没有启用的通道支持此方式', cap_used: '支持此方式的通道今日限额已用完' };
export const AMOUNT_UNIT_NAMES: Record<string, string> = { yuan: '元', fen: '分' };
export const RESPONSIBLE_ACTOR_NAMES: Record<string, string> = { member: '会员本人', operator: '操作员' };

/** Names of the back-office actions in the audit log (the action code stays the filter). */
export const AUDIT_ACTION_NAMES: Record<string, string> = {
  login: '登录',
  'login.refused': '登录被拒绝',
  'member.adjust': '余额调整',
  'member.freeze': '冻结会员',
  'member.unfreeze': '解冻会员',
  'member.password.reset': '重置登录密码',
  'member.paypassword.reset': '重置支付密码',
  'member.sessions.end': '结束会话',
  'member.venues.recover': '回收场馆余额',
  'member.vip': '修改VIP',
  'member.message': '发送站内信',
  'member.note': '内部备注',
  'member.realname': '实名状态',
  'member.card.reveal': '查看完整卡号',
  'card.reveal': '查看完整卡号',
  'member.turnover.waive': '减免打码量',
  'member.turnover.waive_request': '申请减免打码量（待复核）', // issue 25: above the threshold
  'turnover_waiver.approve': '打码减免复核通过',
  'turnover_waiver.reject': '打码减免复核拒绝',
  // issue 33: manual adjustments above the threshold or past the operator's daily cap
  'member.adjust_request': '申请余额调整（待复核）',
  'member_adjustment.approve': '余额调整复核通过',
  'member_adjustment.reject': '余额调整复核拒绝',
  'withdrawal.claim': '预备出款',
  'withdrawal.release': '释放取款单',
  'withdrawal.approve_first': '取款初审通过',
  'withdrawal.approve': '取款审核通过',
  'withdrawal.reject': '取款拒绝',
  'withdrawal.reveal_cards': '查看取款完整卡号',
  'deposit.approve': '存款入账',
  'deposit.reject': '存款拒绝',
  'deposit_account.create': '新增收款账户',
  'deposit_account.update': '修改收款账户',
  'deposit_account.approve': '批准收款账户', // a second operator: a new account or changed details
  'deposit_refund.mark_refunded': '标记存款已退款', // issue 33
  'transfer.settle': '处理待定转账',
  'reconciliation.resolve': '处理对账差异',
  'red_packet_rule.create': '新增红包规则',
  'red_packet_rule.update': '修改红包规则',
  'red_packet_rule.delete': '删除红包规则',
  'operator.create': '新建操作员',
  'operator.update': '修改操作员',
  'operator.disable': '停用操作员',
  'operator.enable': '启用操作员',
  'operator.password.reset': '重置操作员密码',
  'operator.password.self': '修改自己的密码',
  'operator.totp.enable': '开启两步验证',
  'operator.totp.disable': '关闭两步验证',
  'operator.totp.reset': '重置两步验证',
  'role.create': '新建角色',
  'role.update': '修改角色',
  'settings.update': '修改设置',
  'banner.create': '新增横幅',
  'banner.update': '修改横幅',
  'banner.delete': '删除横幅',
  'content.upload': '上传图片',
  'notice.create': '新增公告',
  'notice.update': '修改公告',
  'notice.delete': '删除公告',
  'article.update': '修改文章',
  'sponsor.update': '修改赞助合作',
  'bank.create': '新增银行',
  'bank.update': '修改银行',
  'activity.create': '新增活动',
  'activity.update': '修改活动',
  'activity.delete': '删除活动',
  'activity_type.create': '新增活动分类',
  'activity_type.update': '修改活动分类',
  'activity_type.delete': '删除活动分类',
  'inbox.send': '群发站内信',
  'ticket.reply': '回复工单',
  'ticket.close': '关闭工单',
  'activity_application.approve': '活动申请通过',
  'activity_application.approve_first': '活动彩金初审（待复核）', // above the adjustment threshold or past the daily cap
  'activity_application.reject': '活动申请拒绝',
  'agent_application.approve': '代理申请通过',
  'agent_application.reject': '代理申请拒绝',
  'vip_level.create': '新增VIP等级',
  'vip_level.update': '修改VIP等级',
  'vip_level.delete': '删除VIP等级',
  'rebate_run.rerun': '重新结算返水',
  'venue.update': '修改场馆',
  'venue.mode': '修改场馆钱包模式', // issue 38
  'game.update': '修改游戏',
  'catalogue.sync': '同步游戏目录',
  'chat.take': '接入客服会话',
  'chat.handover': '转接客服会话',
  'chat.close': '结束客服会话',
  'reconciliation.rerun': '重新对账',
  'reports.export': '导出报表',
  'agent.create': '新建代理',
  'agent.update': '修改代理',
  'agent.move_member': '转移下级会员',
  'agent_flag.clear': '解除代理关联标记',
  'agent_plan.create': '新建佣金方案',
  'agent_plan.update': '修改佣金方案',
  'agent_settlement.run': '重新结算佣金',
  'agent_statement.approve_first': '佣金单初审通过',
  'agent_statement.approve': '佣金单审核通过',
  'agent_statement.adjust': '调整佣金单',
  'agent_statement.reject': '佣金单拒绝',
  'responsible.extend': '延长自我排除',
  'payment_channel.create': '新增支付通道',
  'payment_channel.update': '修改支付通道',
  'payment_channel.delete': '删除支付通道',
  'payment_channel.reveal': '查看支付通道密钥',
  'payment_channel.key_change': '提交支付通道密钥修改',
  'payment_channel.key_approve': '批准支付通道密钥修改',
  'payment_channel.key_reject': '拒绝支付通道密钥修改',
  'bets.export': '导出注单', // issue 36: 注单查询
  'member.risk_level': '修改风险等级', // issue 36
  'risk.decide': '处理风控事件', // issue 36 point 3
  'risk.rules_update': '修改风控规则',
};

/** What an audit row is about (its target code's prefix). */
export const AUDIT_TARGET_NAMES: Record<string, string> = {
  member: '会员',
  admin: '操作员',
  deposit: '存款单',
  withdrawal: '取款单',
  withdrawals: '取款列表',
  transfer: '转账单',
  chat: '客服会话',
  ticket: '工单',
  role: '角色',
  banner: '横幅',
  notice: '公告',
  article: '文章',
  sponsor: '赞助合作',
  bank: '银行',
  activity: '活动',
  activity_type: '活动分类',
  activity_application: '活动申请',
  agent_application: '代理申请',
  vip_level: 'VIP等级',
  red_packet_rule: '红包规则',
  rebate_run: '返水结算',
  venue: '场馆',
  game: '游戏',
  catalogue: '游戏目录',
  settings: '设置',
  deposit_account: '收款账户',
  reconciliation: '对账',
  difference: '对账差异',
  upload: '上传文件',
  inbox: '站内信',
  daily: '日报表',
  monthly: '月报表',
  venues: '场馆报表',
  members: '会员报表',
  agents: '代理报表',
  turnover_waiver: '打码减免单',
  member_adjustment: '调整单', // issue 33
  agent: '代理',
  agent_plan: '佣金方案',
  agent_settlement: '佣金结算',
  agent_statement: '佣金单',
  agent_flag: '代理关联标记',
  responsible: '自我管理',
  payment_channel: '支付通道',
  bets: '注单', // issue 36: 注单查询 exports
  risk: '风控', // issue 36
  risk_event: '风控事件', // issue 36 point 3
  risk_rule: '风控规则',
};

/**
 * An audit target as operators read it: 会员 walker01, 存款单 D2026..., 客服会话 #3. `names` holds
 * the usernames the server looked up for member:{id} and admin:{id}.
 */
export function auditTargetName(target: string, lookup: NameLookup = {}): string {
  const i = target.indexOf(':');
  const kind = i < 0 ? target : target.slice(0, i);
  const rest = i < 0 ? '' : target.slice(i + 1);
  const label = AUDIT_TARGET_NAMES[kind] ?? readableLabel(kind);
  if (!rest) return label;
  if (kind === 'member' && /^\d+$/.test(rest)) return `${label} ${lookup.member?.(Number(rest)) ?? `#${rest}`}`;
  if (kind === 'admin' && /^\d+$/.test(rest)) return `${label} ${lookup.operator?.(Number(rest)) ?? `#${rest}`}`;
  if (kind === 'venue') return `${label} ${lookup.venue?.(rest) ?? rest.toUpperCase()}`;
  return /^\d+$/.test(rest) ? `${label} #${rest}` : `${label} ${rest}`;
}

/**
 * Labels of the fields of records and audit details (the member 360's record lists, the audit
 * log's before/after table, the reconciliation references).
 */
export const FIELD_LABELS: Record<string, string> = {
  // issue 36 point 3: a risk rule's thresholds in its audit row (the labels below win on a shared key)
  ...RISK_PARAM_NAMES,
  id: '编号',
  // issue 36: risk control
  risk_level: '风险等级',
  rule: '规则', // issue 36 point 3: risk rules and events
  decision: '处理结果',
  params: '阈值',
  evidence_kind: '证据类型',
  device_id: '设备ID',
  shared: '共享信息',
  since: '关联起始',
  seen_as: '出现于',
  first_at: '首次',
  last_at: '最近',
  links: '关联账户数',
  created_at: '时间',
  // issue 22: responsible play
  duration: '时长',
  ends_at: '结束时间',
  starts_at: '开始时间',
  kind: '类型',
  type: '类型',
  amount: '金额',
  balance_after: '变动后余额',
  reference: '关联单号',
  memo: '说明',
  remark: '备注',
  source: '来源',
  credited: '入账金额',
  required: '要求打码',
  done: '已完成',
  filled: '已完成',
  waived: '已减免',
  remaining: '剩余',
  platform: '场馆',
  direction: '方向',
  status: '状态',
  state: '状态',
  transfer_id: '转账单号',
  bet_id: '注单号',
  game: '游戏',
  game_name: '游戏',
  // issue 36: a bet's raw record (注单查询's detail)
  game_code: '游戏代码',
  pulled_at: '拉取时间',
  turnover_counted: '已计打码量',
  rolled_up: '已计入报表',
  round_id: '局号/赛事',
  side: '投注方',
  bet_amount: '投注额',
  valid_amount: '有效投注',
  win_amount: '派彩',
  payout: '派彩',
  settled_at: '结算时间',
  deposit_no: '存款单号',
  withdraw_no: '取款单号',
  withdraw_nos: '取款单号',
  paytype: '方式',
  bonus_amount: '赠送金额',
  bonus: '彩金',
  reason: '原因',
  ip: '地址',
  device: '设备',
  user_agent: '设备',
  success: '结果',
  operator: '操作员',
  action: '动作',
  target: '对象',
  detail: '详情',
  from: '转出账户',
  to: '转入账户',
  created_by: '发起方',
  attempts: '查询次数',
  last_error: '最后错误',
  bank: '银行',
  bank_no_last4: '卡号后四位',
  last4: '卡号后四位',
  card_type: '卡类型',
  card_id: '卡片编号',
  category_id: '分类',
  credited_amount: '入账金额',
  credited_at: '入账时间',
  paid_amount: '实付金额',
  refund: '退款金额', // issue 33: owed to the member
  refund_amount: '退款金额',
  limit_left: '限额剩余',
  decided_at: '处理时间',
  claimed_at: '领取时间',
  completed_at: '完成时间',
  needs_two: '需双人审核',
  turnover_multiple: '打码倍数',
  turnover: '打码量',
  win_loss: '输赢',
  grab_no: '红包单号',
  day: '日期',
  vip: 'VIP',
  central_change: '中心钱包变动',
  username: '会员',
  member: '会员',
  member_id: '会员编号',
  entry_id: '账本分录',
  entry_kind: '分录类型',
  idempotency_key: '幂等键',
  review: '审核进度',
  claimed_by: '预备出款人',
  first_approved_by: '初审人',
  decided_by: '处理人',
  note_id: '备注编号',
  note: '备注',
  content: '内容',
  title: '标题',
  message_id: '站内信编号',
  sessions_ended: '结束的会话',
  second_factor: '两步验证',
  realname_verified: '已实名',
  recovered: '已回收',
  total: '合计',
  pending: '待确认',
  failed: '失败',
  admin: '客服',
  admin_id: '客服编号',
  override: '强制接管',
  name: '名称',
  role: '角色',
  ip_allowlist: 'IP白名单',
  permissions: '权限',
  totp: '两步验证',
  expected: '应有',
  reported: '场馆报告',
  difference: '差额',
  actual: '实际',
  members: '会员数',
  rows: '条数',
  added: '新增',
  updated: '更新',
  removed: '移除',
  locked: '已领取',
  flow_delta: '流水变化',
  changes: '变动',
  keys: '修改项',
  url: '地址',
  sort: '排序',
  listed: '上架',
  difference_id: '差异编号',
  gateway: '通道',
  gateway_order_no: '通道单号',
  provider: '供应商',
  account: '账户',
  check: '检查',
  requested_by: '发起人',
  computed_at: '运算时间',
  computed_by: '运算者',
  differences: '差异数',
  report: '报表',
  from_date: '开始日期',
  to_date: '结束日期',
  broadcast_id: '群发编号',
  reply_id: '回复编号',
  apply_no: '申请单号',
  activity_id: '活动编号',
  activity_name: '活动',
  mode: '方式',
  percent_min: '最低比例',
  percent_max: '最高比例',
  amount_min: '最低金额',
  recharge: '累计存款门槛',
  flow: '累计流水门槛',
  retention_flow: '保级流水',
  // issue 21: payment channels
  gateway_type: '网关类型',
  merchant_id: '商户号',
  methods: '支付方式',
  daily_cap: '每日限额',
  weight: '权重',
  notify_ips: '回调IP白名单',
  sign_type: '签名方式',
  amount_unit: '金额单位',
  channel_id: '支付通道',
  channel: '支付通道',
  paused_reason: '暂停原因',
  // issue 33: manual adjustments waiting for a second operator
  adjustment_no: '调整单号',
  request_id: '请求编号',
  threshold: '双人复核门槛',
  // a turnover waiver sent for review (member.turnover.waive_request)
  waiver_no: '减免单号',
  requirement_id: '打码记录编号',
  figure: '申请金额',
  // agents: a new agent, a member moved, a flag cleared, a plan changed, a month settled, a statement decided
  agent: '代理',
  code: '代码', // an agent's invite code, a role's code (role.create)
  plan_id: '佣金方案编号',
  upline_agent_id: '上级代理编号',
  from_agent: '原代理',
  to_agent: '新代理',
  flag: '风险标记编号',
  is_default: '默认方案',
  month: '月份',
  first_run: '首次结算',
  created: '新建',
  kept: '未变',
  statements: '报表数',
  commission: '佣金',
  payable: '应发佣金',
  open_flags: '待处理风险标记',
  override_entry_id: '上级分成分录',
  // operators
  must_change_password: '须修改密码',
  day_cap: '每日直接调整上限',
  day_immediate: '今日已直接调整',
  // issue 33: channel credentials (keys appear as fingerprints only)
  sign_key: '商户密钥指纹',
  notify_key: '回调密钥指纹',
  order_url: '下单地址',
  query_url: '查询地址',
  sifang: '四方网关设置',
  change_id: '修改单号',
  proposed_by: '提交人',
};

/** The references of a reconciliation difference (the daily check's items), where they differ from FIELD_LABELS. */
export const RECON_REF_LABELS: Record<string, string> = {
  deposit_no: '存款单',
  withdraw_no: '取款单',
  transfer_id: '转账号',
  entry_id: '分录',
  entry_kind: '分录类型',
  reference: '分录引用',
  idempotency_key: '幂等键',
  member_id: '会员ID',
  username: '会员',
  platform: '场馆',
  direction: '方向',
  difference_id: '差异编号',
  gateway: '通道',
  gateway_order_no: '通道单号',
  status: '我方状态',
  provider: '供应商',
  account: '账户',
  check: '检查',
};

/** A field or code with no entry: its words, so snake_case never shows (ip_allowlist -> ip allowlist). */
export function readableLabel(key: string): string {
  return key.replace(/_fen$/, '').replace(/[_.:]+/g, ' ').trim();
}

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? FIELD_LABELS[key.replace(/_fen$/, '')] ?? SETTING_NAMES[key] ?? readableLabel(key);
}

/** fields whose values are yuan on the wire (audit details are answered in yuan: see the server's audit presenter) */
const MONEY_FIELDS = new Set([
  'amount',
  'paid_amount',
  'credited_amount',
  'bonus_amount',
  'refund', // issue 33
  'refund_amount',
  'limit_left',
  'bonus',
  'balance',
  'balance_after',
  'turnover',
  'credited',
  'required',
  'done',
  'waived',
  'remaining',
  'bet_amount',
  'valid_amount',
  'win_loss',
  'central_change',
  'expected',
  'reported',
  'difference',
  'actual',
  'flow_delta',
  'amount_min',
  'recharge',
  'flow',
  'retention_flow',
  'daily_cap',
  'figure', // a turnover waiver's amount at its request
  'commission', // an agent statement's own commission
  'payable',
  'threshold', // the second-operator threshold of adjustments, waivers, applications and agent statements
  'day_cap',
  'day_immediate',
]);
export const isMoneyField = (key: string) => MONEY_FIELDS.has(key);

/** the code dictionaries by field, for values of records and audit details; `area` is the action's or record's domain */
function codeDictionary(key: string, area: string): Record<string | number, string> | undefined {
  switch (key) {
    case 'kind':
      if (area === 'agent_flag') return AGENT_FLAG_KIND_LABEL; // a cleared flag's reason (issue 20)
      if (area === 'login') return LOGIN_KIND_NAMES; // issue 36: a registration or a sign-in
      if (area === 'risk') return LINK_KIND_NAMES;
      return area === 'deposit' ? DEPOSIT_KIND_NAMES : area === 'withdrawal' ? WITHDRAW_KIND_NAMES : ENTRY_KIND_NAMES;
    case 'entry_kind':
      return ENTRY_KIND_NAMES;
    case 'risk_level': // issue 36
      return RISK_LEVEL_NAMES;
    case 'rule': // issue 36 point 3: risk rules and events
      return area === 'risk' ? RISK_RULE_NAMES : undefined;
    case 'decision':
      return area === 'risk' ? RISK_DECISION_NAMES : undefined;
    case 'evidence_kind':
      return RISK_EVIDENCE_KIND_NAMES;
    case 'link_kind':
      return LINK_KIND_NAMES;
    case 'skipped':
      return RISK_SKIP_NAMES;
    case 'keys':
      return area === 'settings' ? SETTING_NAMES : undefined;
    case 'role':
      return ROLE_NAMES;
    case 'source':
      return TURNOVER_SOURCE_NAMES;
    case 'paytype':
      return PAY_TYPE_NAMES;
    case 'gateway_type':
      return GATEWAY_TYPE_NAMES;
    case 'sign_type':
      return SIGN_TYPE_NAMES;
    case 'amount_unit':
      return AMOUNT_UNIT_NAMES;
    case 'direction':
      return TRANSFER_DIRECTION_NAMES;
    case 'review':
      return WITHDRAW_REVIEW_NAMES;
    case 'card_type':
      return CARD_TYPE_NAMES;
    case 'category_id':
      return GAME_CATEGORY_NAMES;
    case 'status':
      if (area === 'deposit') return DEPOSIT_STATUS_NAMES;
      if (area === 'deposit_refund') return DEPOSIT_REFUND_STATE_NAMES; // issue 33
      if (area === 'transfer') return TRANSFER_STATUS_NAMES;
      if (area === 'bet') return BET_STATUS_NAMES;
      if (area === 'operator' || area === 'member') return { 1: '正常', 0: '停用' };
      return undefined;
    case 'state':
      if (area === 'risk') return RISK_EVENT_STATE_NAMES; // issue 36 point 3: a risk event's state
      if (area === 'withdrawal') return WITHDRAW_STATE_NAMES;
      if (area === 'chat') return CHAT_STATE_NAMES;
      if (area === 'ticket') return TICKET_STATE_NAMES;
      if (area === 'reconciliation') return DIFFERENCE_STATE_NAMES;
      if (area === 'rebate') return REBATE_STATE_NAMES;
      if (area === 'payment_channel') return CHANNEL_STATE_NAMES;
      // a turnover waiver's request (member.turnover.waive_request) and its decision; an adjustment's decision
      if (area === 'turnover_waiver' || area === 'member') return TURNOVER_WAIVER_STATE_NAMES;
      if (area === 'member_adjustment') return ADJUSTMENT_STATE_NAMES;
      if (area === 'agent_statement') return AGENT_STATEMENT_STATE_LABEL;
      return undefined;
    default:
      return undefined;
  }
}

/** What operators call each site setting (settings screens' confirmations, 修改设置 audit entries). */
export const SETTING_NAMES: Record<string, string> = {
  title: '站点名称',
  site_state: '站点状态',
  repair_tips: '维护提示',
  redpacket_switch: '红包活动开关',
  h5_url: 'H5 站点地址',
  ios_download_url: 'App 下载页地址',
  ios_download_qrcode: '下载二维码地址',
  tg_login_url: 'Telegram 登录链接',
  tg_bot_url: 'Telegram 机器人链接',
  usdtrate: '存款 USDT 汇率',
  pay_methods: '存款方式',
  deposit_turnover_multiple: '存款流水倍数',
  withdraw_max_per_txn: '单笔最高取款（元）',
  withdraw_daily_count: '每日取款次数',
  withdraw_daily_max: '每日最高取款（元）',
  withdraw_open_from: '取款开放时间（起）',
  withdraw_open_to: '取款开放时间（止）',
  withdraw_second_approval_over: '双人审核门槛（元）',
  deposit_second_approval_over: '存款双人审核门槛（元）',
  turnover_waive_review_threshold: '打码量减免复核门槛（元）',
  adjust_second_approval_over: '人工调整双人复核门槛（元）', // issue 33
  adjust_daily_immediate_max: '每位操作员每日直接调整上限（元）', // issue 33
  operator_2fa_required: '资金角色两步验证',
  responsible_reality_default_minutes: '游戏时长提醒默认间隔（分钟）',
  withdrawusdtrate: '取款 USDT 汇率',
  withdrawcashfee: 'ERC20 链上手续费（USDT）',
  withdrawfeeusdttrc: 'TRC20 链上手续费（USDT）',
  index_modal: '首页欢迎弹窗',
  webcontent: '欢迎弹窗内容',
  service_url: '在线客服链接',
  agent_login_url: '代理登录链接',
  deposit_bonus_multiples: '存款赠送流水倍数',
  deposit_bonus_daily_cap: '每日赠送上限（元）',
  payment_gateway: '在线支付网关',
  payment_channel_pause_failures: '通道自动暂停失败次数',
  payment_channel_pause_minutes: '通道失败统计时长（分钟）',
  rebate_turnover_multiple: '返水打码倍数',
  rebate_fishing_rate: '捕鱼游戏返水比例',
  rebate_settle_delay_minutes: '返水结算延迟（分钟）',
  vip_retention_percent: 'VIP保级流水比例',
  vip_retention_days: 'VIP保级周期（天）',
  agent_deposit_fee_percent: '代理存款手续费比例（%）',
  agent_carryover: '代理负盈利结转下月',
  agent_override_percent: '上级代理分成比例（%）',
  agent_commission_turnover_multiple: '代理佣金流水倍数',
  agent_review_threshold: '代理佣金双人复核金额（元）',
};

/** The built-in roles by name (an operator-made role keeps the code its creator typed). */
export const ROLE_NAMES: Record<string, string> = {
  // the first back-office account's role (made by the operators migration, not one of DEFAULT_ROLES)
  owner: '超级管理员（初始账号）',
  ...Object.fromEntries(Object.entries(DEFAULT_ROLES).map(([code, r]) => [code, r.name])),
};

/** The domain of an audit action (deposit.approve -> deposit) or of a record list. */
export function areaOf(action: string): string {
  const head = action.split('.')[0];
  return head === 'member' && action.startsWith('member.venues') ? 'transfer' : head;
}

/** fields that are yes/no whatever number they carry */
const FLAG_FIELDS = new Set(['needs_two', 'second_factor', 'realname_verified', 'override', 'totp', 'listed', 'success', 'first_run', 'truncated', 'is_default']);

/**
 * A value of a record or an audit detail as operators read it: money in yuan with two decimals,
 * yes/no, codes by name, lists joined; `area` picks the dictionary of ambiguous fields (state).
 */
export function valueText(key: string, value: unknown, area = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (FLAG_FIELDS.has(key) && (value === 0 || value === 1)) return value ? '是' : '否';
  if (typeof value === 'number' && isMoneyField(key)) return formatYuan(value, true);
  const dict = codeDictionary(key, area);
  if (dict && (typeof value === 'string' || typeof value === 'number') && dict[value] !== undefined) return dict[value];
  if (key === 'created_by' && typeof value === 'string') return actorName(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? objectText(v as Record<string, unknown>, area) : valueText(key, v, area))).join('、');
  if (typeof value === 'object') return objectText(value as Record<string, unknown>, area);
  return String(value);
}

function objectText(o: Record<string, unknown>, area: string): string {
  return Object.entries(o)
    .map(([k, v]) => `${fieldLabel(k)}：${valueText(k, v, area)}`)
    .join('；');
}

/** One line of an audit detail's before/after table. */
export interface AuditDetailLine {
  key: string;
  label: string;
  /** absent when the detail has no before/after for this field (a plain value: reason, username ...) */
  before?: string;
  after?: string;
  value?: string;
}

/**
 * An audit detail as a table of named fields: before/after side by side where the detail has
 * them, then the other fields (reason, amounts ...) with their one value.
 */
export function auditDetailLines(action: string, detail: Record<string, unknown> | null | undefined): AuditDetailLine[] {
  if (!detail) return [];
  const area = areaOf(action);
  const asObject = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  const before = asObject(detail.before);
  const after = asObject(detail.after);
  const lines: AuditDetailLine[] = [];
  if ('before' in detail || 'after' in detail) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    for (const key of keys) {
      const b = before ? valueText(key, before[key], area) : '—';
      const a = after ? valueText(key, after[key], area) : '—';
      lines.push({ key, label: fieldLabel(key), before: b, after: a });
    }
  }
  for (const [key, v] of Object.entries(detail)) {
    if (key === 'before' || key === 'after') continue;
    lines.push({ key, label: fieldLabel(key), value: valueText(key, v, area) });
  }
  return lines;
}
