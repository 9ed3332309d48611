import { describe, expect, it } from 'vitest';
import {
  ADMIN_COMMON_MSG,
  ADMIN_MEMBER_MSG,
  auditListSchema,
  check,
  memberSearchSchema,
  OPS_MSG,
  operatorCreateSchema,
  roleCreateSchema,
  SETTINGS_MSG,
  settingsUpdateSchema,
} from './index.ts';

describe('back-office call schemas', () => {
  it('takes Beijing dates and times, refusing impossible ones', () => {
    expect(check(auditListSchema, { from: '2026-02-28', to: '2026-02-28 23:59' })).toMatchObject({ ok: true, data: { from: '2026-02-28', to: '2026-02-28 23:59', page: 1, per_page: 20 } });
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '2026-01-01T00:00:00', '2026-01-01 24:00', 12]) {
      expect(check(auditListSchema, { from: bad })).toEqual({ ok: false, message: ADMIN_COMMON_MSG.date });
    }
    expect(check(auditListSchema, { from: '2028-02-29', page: '3', per_page: '' })).toMatchObject({ ok: true, data: { page: 3, per_page: 20 } });
    expect(check(auditListSchema, { page: 0 })).toEqual({ ok: false, message: ADMIN_COMMON_MSG.page });
  });

  it('member search: filters optional, amounts to fen, ranges in order', () => {
    expect(check(memberSearchSchema, { username: ' Ali ', balance_min: '10.5', vip: '', status: '0' })).toMatchObject({
      ok: true,
      data: { username: 'Ali', balance_min: 1050, vip: undefined, status: 0 },
    });
    expect(check(memberSearchSchema, { balance_min: 1.234 })).toEqual({ ok: false, message: ADMIN_COMMON_MSG.amount });
    expect(check(memberSearchSchema, { balance_min: 5, balance_max: 4 })).toEqual({ ok: false, message: ADMIN_MEMBER_MSG.balanceOrder });
    expect(check(memberSearchSchema, { status: 2 })).toEqual({ ok: false, message: ADMIN_MEMBER_MSG.status });
  });

  it('operators and roles: names, passwords, known permission slugs', () => {
    expect(check(operatorCreateSchema, { username: 'Fin_1', password: 'abcdefg1', role: 'finance' })).toMatchObject({ ok: true, data: { username: 'fin_1' } });
    expect(check(operatorCreateSchema, { username: 'a', password: 'abcdefg1', role: 'x' })).toEqual({ ok: false, message: OPS_MSG.operatorUsername });
    expect(check(operatorCreateSchema, { username: 'abc', password: 'abcdefgh', role: 'x' })).toEqual({ ok: false, message: OPS_MSG.operatorPassword });
    expect(check(roleCreateSchema, { code: 'night', name: '夜班', permissions: ['members.view', 'members.view'] })).toMatchObject({ ok: true, data: { permissions: ['members.view'] } });
    expect(check(roleCreateSchema, { code: 'night', name: '夜班', permissions: ['members.everything'] })).toEqual({ ok: false, message: OPS_MSG.rolePermissions });
    expect(check(roleCreateSchema, { code: 'Night', name: '夜班', permissions: ['*'] })).toEqual({ ok: false, message: OPS_MSG.roleCode });
  });

  it('settings/update: known keys only, each checked by its own rule with a Chinese message', () => {
    expect(check(settingsUpdateSchema, { title: ' 新站名 ', withdraw_daily_count: 3 })).toEqual({ ok: true, data: { title: '新站名', withdraw_daily_count: 3 } });
    expect(check(settingsUpdateSchema, {})).toEqual({ ok: false, message: SETTINGS_MSG.empty });
    expect(check(settingsUpdateSchema, { admin: true })).toEqual({ ok: false, message: SETTINGS_MSG.unknown('admin') });
    // number rules name the setting and its range
    expect(check(settingsUpdateSchema, { withdraw_daily_count: 0 })).toEqual({ ok: false, message: '每日取款次数须为 1 到 1,000 之间的整数' });
    expect(check(settingsUpdateSchema, { withdraw_daily_count: 2.5 })).toEqual({ ok: false, message: '每日取款次数须为 1 到 1,000 之间的整数' });
    expect(check(settingsUpdateSchema, { withdrawusdtrate: 0 })).toEqual({ ok: false, message: 'USDT取款汇率须大于 0 且不超过 10,000，最多4位小数' });
    expect(check(settingsUpdateSchema, { withdrawcashfee: 1.23456 })).toEqual({ ok: false, message: 'ERC20手续费须不小于 0 且不超过 10,000，最多4位小数' });
    expect(check(settingsUpdateSchema, { deposit_turnover_multiple: '2' })).toEqual({ ok: false, message: '存款流水倍数须为 0 到 100 之间的整数' });
    // site rules keep their own messages
    expect(check(settingsUpdateSchema, { h5_url: 5 })).toEqual({ ok: false, message: '请留空（不另设访问地址）或输入以 http:// 或 https:// 开头的网址' });
    expect(check(settingsUpdateSchema, { h5_url: '' })).toMatchObject({ ok: true });
    expect(check(settingsUpdateSchema, { withdraw_open_from: '25:00' })).toEqual({ ok: false, message: '时间格式应为 HH:mm' });
    expect(check(settingsUpdateSchema, { rebate_turnover_multiple: 2 })).toEqual({ ok: true, data: { rebate_turnover_multiple: 2 } });
  });
});
