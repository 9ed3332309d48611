import { DEFAULT_ROLES } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { SCREENS } from './screens';
import { visibleScreens } from './visible';

const menuOf = (role: keyof typeof DEFAULT_ROLES) => visibleScreens(DEFAULT_ROLES[role].grants, SCREENS).map((s) => s.title);

describe('side menu by role', () => {
  test('a super admin sees every screen of the menu', () => {
    expect(menuOf('super')).toEqual(SCREENS.filter((s) => s.menu).map((s) => s.title));
  });

  test('finance reviewers see the cashier desk and members, not operators or the audit log', () => {
    expect(menuOf('finance')).toEqual(['仪表盘', '会员管理', '存款审核', '取款审核', '待处理转账']);
  });

  test('content editors see only the dashboard among these screens', () => {
    expect(menuOf('content')).toEqual(['仪表盘']);
  });

  test('the read-only auditor sees the audit log but not operators or roles', () => {
    const menu = menuOf('auditor');
    expect(menu).toContain('审计日志');
    expect(menu).not.toContain('操作员');
    expect(menu).not.toContain('角色权限');
  });

  test('no permission: no menu at all', () => {
    expect(visibleScreens([], SCREENS)).toEqual([]);
  });

  test('a screen whose calls have not landed stays out even for a super admin', () => {
    const notReady = SCREENS.map((s, i) => (i === 0 ? { ...s, ready: false } : s));
    expect(visibleScreens(['*'], notReady).map((s) => s.title)).not.toContain(SCREENS[0].title);
  });
});
