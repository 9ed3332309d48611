import { describe, expect, it } from 'vitest';
import { accountName, actorName, auditDetailLines, auditTargetName, fieldLabel, referenceName, valueText } from './names.ts';

/** The dictionary operators read codes through (issue 25). */
describe('names of codes', () => {
  const lookup = { member: (id: number) => (id === 2 ? 'walker01' : undefined), venue: (p: string) => (p === 'pp' ? 'PP电子' : undefined), operator: (id: number) => (id === 1 ? 'admin' : undefined) };

  it('names ledger accounts, with the usernames and venue names it is given', () => {
    expect(accountName('member:2:central', lookup)).toBe('会员 walker01 · 中心钱包');
    expect(accountName('member:9:withdraw_hold', lookup)).toBe('会员 #9 · 取款冻结');
    expect(accountName('venue:pp:clearing', lookup)).toBe('PP电子 · 清算');
    expect(accountName('venue:xyz:clearing')).toBe('XYZ · 清算');
    expect(accountName('house:bonus')).toBe('平台 · 优惠支出');
    expect(accountName('house:new_pot')).toBe('平台 · new pot');
  });

  it('names who started a movement and what an audit row is about', () => {
    expect(actorName('system')).toBe('系统');
    expect(actorName('admin:1', lookup)).toBe('操作员 admin');
    expect(actorName('admin:7', lookup)).toBe('操作员 #7');
    expect(auditTargetName('member:2', lookup)).toBe('会员 walker01');
    expect(auditTargetName('deposit:D20261127000000000001')).toBe('存款单 D20261127000000000001');
    expect(auditTargetName('chat:3')).toBe('客服会话 #3');
    expect(auditTargetName('withdrawals')).toBe('取款列表');
    expect(referenceName('transfer:CST123')).toBe('转账 CST123');
    expect(referenceName('D20261127000000000001')).toBe('D20261127000000000001');
  });

  it('formats values: money in yuan, yes/no, codes by their area, never snake_case', () => {
    expect(valueText('amount', 80000.5)).toBe('80,000.50');
    expect(valueText('needs_two', 1)).toBe('是');
    expect(valueText('second_factor', false)).toBe('否');
    expect(valueText('status', 'credited', 'deposit')).toBe('已入账');
    expect(valueText('state', 3, 'withdrawal')).toBe('已拒绝');
    expect(valueText('state', 'queued', 'chat')).toBe('排队中');
    expect(valueText('source', 'deposit_bonus')).toBe('存款赠送');
    expect(valueText('kind', 'venue_transfer_out')).toBe('转入场馆');
    expect(valueText('kind', 'manual', 'deposit')).toBe('人工转账');
    expect(valueText('reason', null)).toBe('—');
    expect(fieldLabel('ip_allowlist')).toBe('IP白名单');
    expect(fieldLabel('some_new_field')).toBe('some new field');
    expect(fieldLabel('amount_fen')).toBe('金额');
  });

  it('lays an audit detail out as before/after lines of named fields', () => {
    const lines = auditDetailLines('deposit.approve', { before: { status: 'pending', amount: 800 }, after: { status: 'credited', amount: 800 }, reason: '到账' });
    expect(lines).toEqual([
      { key: 'status', label: '状态', before: '待支付/待审核', after: '已入账' },
      { key: 'amount', label: '金额', before: '800.00', after: '800.00' },
      { key: 'reason', label: '原因', value: '到账' },
    ]);
    expect(auditDetailLines('login', { second_factor: true, user_agent: 'Mozilla' })).toEqual([
      { key: 'second_factor', label: '两步验证', value: '是' },
      { key: 'user_agent', label: '设备', value: 'Mozilla' },
    ]);
  });

  it('names every field of a turnover waiver sent for review, money in yuan', () => {
    // the server's detail of member.turnover.waive_request, as the audit presenter answers it
    const detail = { waiver_no: 'TW2026120200000001', requirement_id: null, amount: null, figure: 13862, threshold: 5000, reason: '核实', before: { remaining: 13862 }, after: { remaining: 13862, state: 'pending' } };
    expect(auditDetailLines('member.turnover.waive_request', detail)).toEqual([
      { key: 'remaining', label: fieldLabel('remaining'), before: '13,862.00', after: '13,862.00' },
      { key: 'state', label: '状态', before: '—', after: '待复核' },
      { key: 'waiver_no', label: '减免单号', value: 'TW2026120200000001' },
      { key: 'requirement_id', label: '打码记录编号', value: '—' },
      { key: 'amount', label: '金额', value: '—' },
      { key: 'figure', label: '申请金额', value: '13,862.00' },
      { key: 'threshold', label: '双人复核门槛', value: '5,000.00' },
      { key: 'reason', label: '原因', value: '核实' },
    ]);
    expect(valueText('state', 'rejected', 'member_adjustment')).toBe('已拒绝');
    expect(valueText('role', 'owner')).toBe('超级管理员（初始账号）');
  });

  it('names the fields of agent audits (member moved, month settled, statement paid)', () => {
    expect(auditDetailLines('agent.move_member', { member: 'demo888', from_agent: null, to_agent: 'walker02', reason: '归属' }).map((l) => l.label)).toEqual(['会员', '原代理', '新代理', '原因']);
    const paid = auditDetailLines('agent_statement.approve', { month: '2026-11', commission: 1234.5, open_flags: 0, before: { state: 2 }, after: { state: 3 } });
    expect(paid).toContainEqual({ key: 'state', label: '状态', before: '待复核', after: '已发放' });
    expect(paid).toContainEqual({ key: 'commission', label: '佣金', value: '1,234.50' });
    expect(paid.map((l) => l.label)).toContain('月份');
    expect(valueText('is_default', 1)).toBe('是');
  });
});
