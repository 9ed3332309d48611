import { DEFAULT_ROLES } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { SCREENS } from './screens';
import { visibleScreens } from './visible';

const menuOf = (role: keyof typeof DEFAULT_ROLES) => visibleScreens(DEFAULT_ROLES[role].grants, SCREENS).map((s) => s.title);

describe('side menu by role', () => {
  test('a super admin sees every screen of the menu', () => {
    expect(menuOf('super')).toEqual(SCREENS.filter((s) => s.menu).map((s) => s.title));
  });

  test('finance reviewers see the cashier desk, members, reports, agents (issue 20: they pay commission) and receiving accounts, not operators or the audit log', () => {
    expect(menuOf('finance')).toEqual(['仪表盘', '会员管理', '存款审核', '取款审核', '待处理转账', '存款退款', '通道密钥审批', '报表', '风控事件', '风控规则', '注单查询', '代理列表', '佣金审核', '佣金方案', '风险标记', '收款账户']);
  });

  test('issue 20: agent screens need agents.view; content editors and customer service do not see them', () => {
    for (const role of ['content', 'support'] as const) for (const hidden of ['代理列表', '佣金审核', '佣金方案', '风险标记']) expect(menuOf(role)).not.toContain(hidden);
    expect(menuOf('risk')).toEqual(expect.arrayContaining(['代理列表', '佣金审核', '风险标记']));
  });

  test('issue 22: 自我管理 needs responsible.view: risk, customer service and the auditor see it; finance and content editors do not', () => {
    for (const role of ['risk', 'support', 'auditor'] as const) expect(menuOf(role)).toContain('自我管理');
    for (const role of ['finance', 'content'] as const) expect(menuOf(role)).not.toContain('自我管理');
  });

  test('issue 21: 支付通道 needs payments.channels: no default role but the super admin holds it', () => {
    expect(menuOf('super')).toContain('支付通道');
    for (const role of ['finance', 'risk', 'content', 'support', 'auditor'] as const) expect(menuOf(role)).not.toContain('支付通道');
    expect(visibleScreens(['payments.channels'], SCREENS).map((s) => s.title)).toEqual(['支付通道']);
    // issue 33: approvers of channel credentials (finance) get the approval screen alone
    expect(visibleScreens(['payments.channels_keys'], SCREENS).map((s) => s.title)).toEqual(['通道密钥审批']);
  });

  test('content editors see content, games and (read-only) promotions; not money, settings or operators', () => {
    const menu = menuOf('content');
    expect(menu).toEqual(expect.arrayContaining(['横幅管理', '公告管理', '活动管理', '文章管理', '站内信', '场馆管理', '游戏管理', 'VIP等级', '红包规则']));
    for (const hidden of ['会员管理', '存款审核', '取款审核', '报表', '站点与维护', '欢迎弹窗', '客服工作台', '操作员', '审计日志']) expect(menu).not.toContain(hidden);
  });

  test('customer service sees the chat desk, tickets and members, not content or money', () => {
    const menu = menuOf('support');
    expect(menu).toEqual(expect.arrayContaining(['客服工作台', '聊天记录', '留言工单', '会员管理']));
    for (const hidden of ['横幅管理', '存款审核', '报表', '场馆管理']) expect(menu).not.toContain(hidden);
  });

  test('the read-only auditor sees the audit log but not operators or roles', () => {
    const menu = menuOf('auditor');
    expect(menu).toContain('审计日志');
    expect(menu).not.toContain('操作员');
    expect(menu).not.toContain('角色权限');
  });

  test('issue 36: 注单查询 needs risk.view: finance, risk and the auditor see it; content editors and customer service do not', () => {
    for (const role of ['finance', 'risk', 'auditor'] as const) expect(menuOf(role)).toContain('注单查询');
    for (const role of ['content', 'support'] as const) expect(menuOf(role)).not.toContain('注单查询');
  });

  test('issue 36 point 3: 风控事件 and 风控规则 need risk.view (deciding and setting need risk.manage, checked by the server)', () => {
    for (const role of ['finance', 'risk', 'auditor'] as const) expect(menuOf(role)).toEqual(expect.arrayContaining(['风控事件', '风控规则']));
    for (const role of ['content', 'support'] as const) expect(menuOf(role)).not.toContain('风控事件');
  });

  test('no permission: no menu at all', () => {
    expect(visibleScreens([], SCREENS)).toEqual([]);
  });

  test('a screen whose calls have not landed stays out even for a super admin', () => {
    const notReady = SCREENS.map((s, i) => (i === 0 ? { ...s, ready: false } : s));
    expect(visibleScreens(['*'], notReady).map((s) => s.title)).not.toContain(SCREENS[0].title);
  });
});
