import { CODE, PROMO_ADMIN_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { adminToken, central, memberId } from './testing.ts';

/**
 * The attacker's view of an activity approval: its bonus is a sum the operator types (up to
 * 100,000 yuan, turnover multiple 0 allowed), credited at once. That is a manual adjustment by
 * another door, and it went round both rules that hold adjustments: above
 * adjust_second_approval_over a second, different operator, and adjust_daily_immediate_max per
 * operator and Beijing day. Now a bonus above the threshold, or past the operator's daily cap
 * (immediate adjustments and bonuses together), waits for a second operator, who approves the
 * amount the first one set, once.
 */
describe('an activity bonus obeys the adjustment rules', () => {
  let t: TestApp;
  let owner: string;
  const tokens: Record<string, string> = {};
  let activities: { id: number }[];

  beforeAll(async () => {
    t = await startApp();
    owner = await adminToken(t);
    expect((await t.post('/admin/api/settings/update', { adjust_second_approval_over: 1000, adjust_daily_immediate_max: 1500 }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/roles/create', { code: 'promo_mgr', name: 'promo_mgr', permissions: ['promotions.view', 'promotions.manage', 'members.adjust'] }, { token: owner })).code).toBe(200);
    for (const name of ['promoa', 'promob']) {
      expect((await t.post('/admin/api/operators/create', { username: name, password: `${name}-pass-1`, role: 'promo_mgr' }, { token: owner })).code).toBe(200);
      tokens[name] = (await t.post('/admin/api/login', { username: name, password: `${name}-pass-1` })).data.token;
    }
    activities = (await t.post('/api/activitylist', { page: 1 })).data.data;
  });
  afterAll(() => t.stop());

  /** a pending application of a new member */
  async function application(username: string, activity = 0) {
    const token = await t.register(username);
    expect((await t.post('/api/activityApply', { id: activities[activity].id }, { token })).code).toBe(200);
    const list = await t.post('/admin/api/activity-applications/list', { state: 1, username, page: 1 }, { token: owner });
    return { applyNo: list.data.data[0].apply_no as string, id: await memberId(t, username) };
  }
  const approve = (applyNo: string, bonus: number, token: string, turnover_multiple = 0) => t.post('/admin/api/activity-applications/approve', { apply_no: applyNo, bonus, turnover_multiple }, { token });

  it('above the threshold one operator alone credits nothing; a second approves the same amount once', async () => {
    const a = await application('bonusatk1');
    const first = await approve(a.applyNo, 99_999, tokens.promoa);
    expect(first).toMatchObject({ code: 200, message: PROMO_ADMIN_MSG.approvedFirst, data: { state: 1 } });
    expect(await central(t, a.id)).toBe(0);
    // the same operator again, or with another amount: refused
    expect(await approve(a.applyNo, 99_999, tokens.promoa)).toMatchObject({ code: CODE.forbidden, message: PROMO_ADMIN_MSG.sameApprover });
    expect(await approve(a.applyNo, 1, tokens.promob)).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.secondAmount(99_999) });
    expect(await central(t, a.id)).toBe(0);
    // the second operator, ten times at once: credited once
    const replies = await Promise.all(Array.from({ length: 10 }, () => approve(a.applyNo, 99_999, tokens.promob)));
    expect(replies.map((r) => r.code)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.data.replayed === false)).toHaveLength(1);
    expect(await central(t, a.id)).toBe(9_999_900);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    // the list names the operators by name (the rows keep 'admin:<id>')
    const row = (await t.post('/admin/api/activity-applications/list', { username: 'bonusatk1', page: 1 }, { token: owner })).data.data[0];
    expect(row).toMatchObject({ state: 2, reviewed_by: 'promob', first_approved_by: 'promoa' });
  });

  it('past the daily cap a bonus waits too: many small bonuses do not add up past it alone', async () => {
    const credited: number[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await application(`bonuscap${i}`);
      const r = await approve(a.applyNo, 900, tokens.promob);
      expect(r.code, r.message).toBe(200);
      credited.push(await central(t, a.id));
    }
    // 900 is under the threshold; the cap of 1,500 a day lets the first through, then they wait
    expect(credited).toEqual([90_000, 0, 0, 0]);
    // one cap whichever door: after 900 of bonuses, a 700 adjustment by the same operator waits too
    const adj = await t.post('/admin/api/members/adjust', { username: 'bonuscap0', amount: 700, reason: '上限测试' }, { token: tokens.promob });
    expect(adj).toMatchObject({ code: 200, data: { state: 'pending', review: 'daily_cap' } });
    expect(await central(t, await memberId(t, 'bonuscap0'))).toBe(90_000);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
