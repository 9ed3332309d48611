import { PROMO_ADMIN_MSG, PROMO_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { remaining } from '../turnover/index.ts';
import { adminToken, central, expectClean, memberId } from './testing.ts';

/** Activity applications: one pending per activity, operators decide once, bonus through the ledger (SQLite and PostgreSQL). */
describe('activity applications', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let other: string;
  let id: number;
  let activities: { id: number; title: string }[];

  beforeAll(async () => {
    t = await startApp();
    admin = await adminToken(t);
    token = await t.register('apply001');
    other = await t.register('apply002');
    id = await memberId(t, 'apply001');
    activities = (await t.post('/api/activitylist', { page: 1 })).data.data;
  });
  afterAll(() => t.stop());

  it('a member applies once per activity while pending; unknown activities and hostile ids are refused', async () => {
    const r = await t.post('/api/activityApply', { id: activities[0].id }, { token });
    expect(r).toMatchObject({ code: 200, message: PROMO_MSG.applyOk, data: { activity_name: activities[0].title, state: 1 } });
    expect(await t.post('/api/activityApply', { id: activities[0].id }, { token })).toMatchObject({ code: 400, message: PROMO_MSG.applyPending });
    expect((await t.post('/api/activityApply', { id: activities[1].id }, { token })).code).toBe(200);
    expect(await t.post('/api/activityApply', { id: 999999 }, { token })).toMatchObject({ code: 404, message: PROMO_MSG.activityNotFound });
    expect((await t.post('/api/activityApply', { id: '1; drop table members' }, { token })).code).toBe(400);
    expect((await t.post('/api/activityApply', { id: activities[0].id })).code).toBe(401);
    // concurrent applications for one activity: one pending row
    const race = await Promise.all(Array.from({ length: 5 }, () => t.post('/api/activityApply', { id: activities[2].id }, { token: other })));
    expect(race.filter((x) => x.code === 200)).toHaveLength(1);
  });

  it('lists the member own applications with the spec states, newest first', async () => {
    const log = await t.post('/api/activityApplyLog', { page: 1 }, { token });
    expect(log.data.total).toBe(2);
    expect(log.data.data.map((a: { activity_name: string; state: number }) => [a.activity_name, a.state])).toEqual([
      [activities[1].title, 1],
      [activities[0].title, 1],
    ]);
    expect((await t.post('/api/activityApplyLog', { page: 1 }, { token: other })).data.total).toBe(1);
  });

  it('approval with a bonus credits it once from the bonus account with its turnover; concurrent approvals have one effect', async () => {
    const list = await t.post('/admin/api/activity-applications/list', { state: 1, username: 'apply001', page: 1 }, { token: admin });
    expect(list.data.total).toBe(2);
    const applyNo = list.data.data.find((a: { activity_id: number }) => a.activity_id === activities[0].id).apply_no;
    const before = await central(t, id);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/admin/api/activity-applications/approve', { apply_no: applyNo, bonus: 88.8, turnover_multiple: 5 }, { token: admin })),
    );
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(replies.filter((r) => r.data.replayed === false)).toHaveLength(1);
    expect((await central(t, id)) - before).toBe(8880);
    expect(await remaining(t.ctx.db, id)).toBe(8880 * 5);
    // the other decision is refused
    expect(await t.post('/admin/api/activity-applications/reject', { apply_no: applyNo, reason: '不符合' }, { token: admin })).toMatchObject({
      code: 400,
      message: PROMO_ADMIN_MSG.alreadyDecided,
    });
    // the member is told once in the inbox
    const inbox = await t.post('/api/messagelist', { page: 1 }, { token });
    expect(inbox.data.data.filter((m: { title: string }) => m.title === '活动申请已通过')).toHaveLength(1);
    expect(inbox.data.data[0].content).toContain('88.80');
    const audits = await t.ctx.db.selectFrom('admin_audit').select('action').where('target', '=', `activity_application:${applyNo}`).execute();
    expect(audits.map((a) => a.action)).toEqual(['activity_application.approve']);
    await expectClean(t);
  });

  it('rejection keeps the reason, moves nothing, and the member sees states 2 and 3', async () => {
    const list = await t.post('/admin/api/activity-applications/list', { state: 1, username: 'apply001', page: 1 }, { token: admin });
    const applyNo = list.data.data[0].apply_no;
    expect((await t.post('/admin/api/activity-applications/reject', { apply_no: applyNo }, { token: admin })).message).toBe(PROMO_ADMIN_MSG.reason);
    const before = await central(t, id);
    expect((await t.post('/admin/api/activity-applications/reject', { apply_no: applyNo, reason: '未满足活动条件' }, { token: admin })).code).toBe(200);
    expect(await central(t, id)).toBe(before);
    const log = await t.post('/api/activityApplyLog', { page: 1 }, { token });
    expect(log.data.data.map((a: { state: number; reason: string }) => [a.state, a.reason])).toEqual([
      [3, '未满足活动条件'],
      [2, ''],
    ]);
    // once decided, the member may apply for that activity again
    expect((await t.post('/api/activityApply', { id: activities[1].id }, { token })).code).toBe(200);
    expect(await t.post('/admin/api/activity-applications/approve', { apply_no: 'HDNOPE' }, { token: admin })).toMatchObject({ code: 404, message: PROMO_ADMIN_MSG.applyNotFound });
    expect((await t.post('/admin/api/activity-applications/approve', { apply_no: applyNo, bonus: -1 }, { token: admin })).message).toBe(PROMO_ADMIN_MSG.bonus);
    await expectClean(t);
  });

  it('an operator without promotions.manage cannot decide', async () => {
    const created = await t.post('/admin/api/operators/create', { username: 'support01', password: 'support-pass-123', role: 'support' }, { token: admin });
    if (created.code !== 200) return expect.fail(`operators/create: ${created.message}`);
    const login = await t.post('/admin/api/login', { username: 'support01', password: 'support-pass-123' });
    const r = await t.post('/admin/api/activity-applications/approve', { apply_no: 'HDX' }, { token: login.data.token });
    expect(r.code).toBe(403);
    expect((await t.post('/admin/api/activity-applications/list', { page: 1 }, { token: login.data.token })).code).toBe(200);
  });
});
