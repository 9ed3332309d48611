/**
 * Operator permission slugs (DESIGN.md sections 5 and 11). Every /admin/api call names the one
 * it needs in the server's route table; a role is a set of these, '*' meaning all.
 */
export const PERMISSIONS = {
  'dashboard.view': '查看仪表盘',
  'members.view': '查看会员',
  'members.edit': '编辑会员（冻结、重置密码、VIP、备注、消息）',
  'members.adjust': '会员资金调整',
  'members.turnover_waive': '减免会员打码量',
  'cards.reveal': '查看完整卡号',
  'deposits.view': '查看存款',
  'deposits.review': '审核存款',
  'withdrawals.view': '查看取款',
  'withdrawals.review': '审核取款',
  'transfers.view': '查看场馆转账',
  'transfers.settle': '处理待定转账',
  'reconciliation.view': '查看对账差异',
  'reconciliation.resolve': '处理对账差异',
  'promotions.view': '查看优惠（返水、红包、活动申请）',
  'promotions.manage': '管理优惠与活动申请',
  'content.manage': '管理内容',
  'games.manage': '管理场馆与游戏',
  'support.chat': '在线客服',
  'settings.view': '查看站点设置',
  'settings.update': '修改站点设置',
  'reports.view': '查看报表',
  'operators.manage': '管理操作员与角色',
  'audit.view': '查看审计日志',
  // issue 20: affiliate programme
  'agents.view': '查看代理（代理、方案、佣金报表、风险标记）',
  'agents.manage': '管理代理（新建、方案、转移会员、解除风险标记）',
  'agents.settle': '代理佣金结算与审核发放',
  // issue 22: responsible play
  'responsible.view': '查看自我管理（限额、冷静期、自我排除）',
  'responsible.manage': '延长会员的自我排除',
  // issue 21: payment channels (gateway merchant accounts)
  'payments.channels': '管理支付通道',
  'payments.channels_reveal': '查看支付通道密钥',
  // issue 33: refunds owed to members (what an approval could not credit under their deposit limits)
  'deposits.refunds': '处理存款退款（标记已退款）',
  // issue 33: a channel's merchant id, keys, gateway addresses and notify allowlist; a change waits for a second holder
  'payments.channels_keys': '修改与审批支付通道密钥（商户号、密钥、网关地址、回调IP白名单）',
  // issue 36: risk control (关联账户、登录记录、风险等级、注单查询)
  'risk.view': '查看风控（关联账户、关联查询、注单查询）',
  'risk.manage': '管理风控（设置会员风险等级、处理风控事件、修改风控规则）',
} as const;
export type Permission = keyof typeof PERMISSIONS;
/** what a role holds: every slug, or a list */
export type Grant = '*' | Permission;

/** The roles every site starts with; operators may add more. */
export const DEFAULT_ROLES: Record<string, { name: string; grants: Grant[] }> = {
  super: { name: '超级管理员', grants: ['*'] },
  finance: {
    name: '财务审核',
    grants: ['dashboard.view', 'members.view', 'deposits.view', 'deposits.review', 'withdrawals.view', 'withdrawals.review', 'transfers.view', 'transfers.settle', 'reports.view', 'agents.view', 'agents.settle', 'deposits.refunds', 'payments.channels_keys', 'risk.view'],
  },
  risk: {
    name: '风控',
    grants: ['dashboard.view', 'members.view', 'members.edit', 'members.turnover_waive', 'cards.reveal', 'deposits.view', 'withdrawals.view', 'transfers.view', 'reconciliation.view', 'reconciliation.resolve', 'promotions.view', 'audit.view', 'agents.view', 'agents.manage', 'responsible.view', 'responsible.manage', 'risk.view', 'risk.manage'],
  },
  content: { name: '内容编辑', grants: ['dashboard.view', 'content.manage', 'promotions.view', 'games.manage'] },
  support: { name: '客服', grants: ['dashboard.view', 'members.view', 'support.chat', 'promotions.view', 'responsible.view'] },
  auditor: {
    name: '只读审计',
    grants: ['dashboard.view', 'members.view', 'deposits.view', 'withdrawals.view', 'transfers.view', 'reconciliation.view', 'promotions.view', 'settings.view', 'reports.view', 'audit.view', 'agents.view', 'responsible.view', 'risk.view'],
  },
};

/**
 * Slugs that move or release money (issue 25): a role holding any of them (cashier, risk, super
 * admin) must sign in with a second factor while the site setting operator_2fa_required is on.
 */
export const MONEY_PERMISSIONS: readonly Permission[] = [
  'members.adjust',
  'members.turnover_waive',
  'deposits.review',
  'withdrawals.review',
  'transfers.settle',
  'reconciliation.resolve',
  'promotions.manage',
  // issue 20: approving a statement credits commission
  'agents.settle',
  // issue 21: a channel's merchant account and keys decide where members' deposits go
  'payments.channels',
  'payments.channels_reveal',
  // issue 33: marking a refund owed to a member as paid back
  'deposits.refunds',
  // issue 33: credentials decide whose signature credits an order
  'payments.channels_keys',
];

export function holdsMoneyPermission(held: readonly string[]): boolean {
  return held.includes('*') || MONEY_PERMISSIONS.some((p) => held.includes(p));
}

export function grants(held: readonly string[], needed: Permission): boolean {
  return held.includes('*') || held.includes(needed);
}
