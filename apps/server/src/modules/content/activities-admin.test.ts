import { ACTIVITY_ADMIN_MSG, ADMIN_COMMON_MSG, CODE } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

const HOSTILE = [
  '<h2 onclick="steal()">活动规则</h2>',
  '<script>alert(1)</script>',
  '<p>第一段<img src="x" onerror="alert(2)"></p>',
  '<p><a href="javascript:alert(3)">点我</a> <a href="https://example.com/x" target="_blank">外链</a></p>',
  '<p style="background:url(javascript:alert(4));width:expression(alert(5))">样式</p>',
  '<iframe src="https://evil.example"></iframe><svg><script>alert(6)</script></svg>',
  '<img src="/media/activities/first-deposit.svg" alt="图">',
].join('');

describe('activities and activity types in the back office', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  const call = (path: string, body: unknown, token = admin) => t.post(`/admin/api/${path}`, body, { token });
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await call('operators/create', { username: 'cs_act', password: 'support123', role: 'support' });
    support = (await t.post('/admin/api/login', { username: 'cs_act', password: 'support123' })).data.token;
  });
  afterAll(() => t.stop());

  it('creates an activity whose hostile HTML is stored sanitized, audited, and shown to members', async () => {
    const types = await call('activity-types/list', {});
    expect(types.code, types.message).toBe(200);
    const type = types.data[0];
    expect(type).toMatchObject({ id: expect.any(Number), name: expect.any(String), activities: expect.any(Number) });

    const r = await call('activities/create', { type: type.id, title: '  新春加赠  ', banner: '/media/activities/first-deposit.svg', content: HOSTILE, memo: '内部备注', sort: 0, state: 1 });
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe(ACTIVITY_ADMIN_MSG.created);
    const stored = r.data.content as string;
    expect(stored).toContain('<h2>活动规则</h2>');
    expect(stored).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">外链</a>');
    expect(stored).toContain('<img src="/media/activities/first-deposit.svg" alt="图" />');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'style=', 'expression', '<iframe', '<svg', 'alert(']) expect(stored).not.toContain(bad);
    expect(r.data).toMatchObject({ title: '新春加赠', type: type.id, type_name: type.name, memo: '内部备注', state: 1 });

    // the preview answers exactly what was stored
    const preview = await call('activities/preview', { content: HOSTILE });
    expect(preview).toMatchObject({ code: 200, data: { html: stored } });

    const [row] = await audits('activity.create');
    expect(row.target).toBe(`activity:${r.data.id}`);
    expect(JSON.parse(row.detail).after).toMatchObject({ id: r.data.id, title: '新春加赠', content: stored });

    // the member site: in the list of its type and in the detail
    const list = await t.post('/api/activitylist', { type: type.id, page: 1 });
    expect(list.data.data.map((a: { id: number }) => a.id)).toContain(r.data.id);
    const seen = await t.post('/api/activitydeatil', { id: r.data.id });
    expect(seen).toMatchObject({ code: 200, data: { title: '新春加赠', content: stored } });
  });

  it('updates with before/after in the audit; hiding it takes it off the member site at once', async () => {
    const types = (await call('activity-types/list', {})).data;
    const created = (await call('activities/create', { type: types[0].id, title: '周末活动', banner: '/media/activities/first-deposit.svg', content: '<p>旧规则</p>' })).data;
    const got = await call('activities/get', { id: created.id });
    expect(got).toMatchObject({ code: 200, data: { id: created.id, content: '<p>旧规则</p>', sort: 0, state: 1 } });

    const u = await call('activities/update', { id: String(created.id), type: types[1].id, title: '周末活动（新）', banner: '/media/activities/first-deposit.svg', content: '<p>新规则</p>', sort: '5', state: 0 });
    expect(u.code, u.message).toBe(200);
    expect(u.data).toMatchObject({ type: types[1].id, title: '周末活动（新）', content: '<p>新规则</p>', sort: 5, state: 0 });
    const [row] = await audits('activity.update');
    const d = JSON.parse(row.detail);
    expect(d.before).toMatchObject({ title: '周末活动', content: '<p>旧规则</p>', state: 1 });
    expect(d.after).toMatchObject({ title: '周末活动（新）', content: '<p>新规则</p>', state: 0 });
    expect(await t.post('/api/activitydeatil', { id: created.id })).toMatchObject({ code: CODE.notFound });

    const listed = await call('activities/list', { state: 0, keyword: '周末' });
    expect(listed.data.data.map((a: { id: number }) => a.id)).toEqual([created.id]);
    expect(listed.data).toMatchObject({ total: 1, current_page: 1 });
    // a keyword's % and _ are plain characters
    expect((await call('activities/list', { keyword: '周_活动' })).data.total).toBe(0);
    expect((await call('activities/list', { keyword: '%周末%' })).data.total).toBe(0);

    const del = await call('activities/delete', { id: created.id });
    expect(del).toMatchObject({ code: 200, message: ACTIVITY_ADMIN_MSG.deleted });
    expect(JSON.parse((await audits('activity.delete'))[0].detail).before).toMatchObject({ id: created.id, title: '周末活动（新）' });
    expect(await call('activities/get', { id: created.id })).toMatchObject({ code: CODE.notFound, message: ACTIVITY_ADMIN_MSG.activityNotFound });
    expect(await call('activities/delete', { id: created.id })).toMatchObject({ code: CODE.notFound });
  });

  it('activity types: create, rename, refuse deleting one in use, delete an empty one; the member filter follows', async () => {
    const c = await call('activity-types/create', { name: '周年庆', sort: 99 });
    expect(c.code, c.message).toBe(200);
    const id = c.data.id as number;
    expect((await t.post('/api/activitytype', {})).data).toContainEqual({ id, name: '周年庆' });
    expect(JSON.parse((await audits('activity_type.create'))[0].detail).after).toMatchObject({ id, name: '周年庆' });

    expect(await call('activity-types/update', { id, name: '周年庆典', sort: 99, state: 1 })).toMatchObject({ code: 200 });
    const d = JSON.parse((await audits('activity_type.update'))[0].detail);
    expect(d).toMatchObject({ before: { name: '周年庆' }, after: { name: '周年庆典' } });
    expect((await t.post('/api/activitytype', {})).data).toContainEqual({ id, name: '周年庆典' });

    const a = (await call('activities/create', { type: id, title: '庆典', banner: '/media/activities/first-deposit.svg', content: '<p>x</p>' })).data;
    expect(await call('activity-types/delete', { id })).toMatchObject({ code: 400, message: ACTIVITY_ADMIN_MSG.typeInUse });
    await call('activities/delete', { id: a.id });
    expect(await call('activity-types/delete', { id })).toMatchObject({ code: 200 });
    expect((await t.post('/api/activitytype', {})).data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(await call('activity-types/delete', { id })).toMatchObject({ code: CODE.notFound, message: ACTIVITY_ADMIN_MSG.typeNotFound });
  });

  it('bad input answers the Chinese message and changes nothing', async () => {
    const before = await t.ctx.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const type = (await call('activity-types/list', {})).data[0].id;
    const ok = { type, title: '标题', banner: '/media/activities/first-deposit.svg', content: '<p>内容</p>' };
    const cases: [string, unknown, string][] = [
      ['activities/create', { ...ok, title: '' }, ACTIVITY_ADMIN_MSG.title],
      ['activities/create', { ...ok, title: 'x'.repeat(101) }, ACTIVITY_ADMIN_MSG.title],
      ['activities/create', { ...ok, title: '标题\u202e反' }, '活动标题不能包含控制字符或不可见的格式字符'],
      ['activities/create', { ...ok, type: 'abc' }, ACTIVITY_ADMIN_MSG.type],
      ['activities/create', { ...ok, type: 987654 }, ACTIVITY_ADMIN_MSG.typeNotFound],
      ['activities/create', { ...ok, banner: 'https://evil.example/a.png' }, ACTIVITY_ADMIN_MSG.banner],
      ['activities/create', { ...ok, banner: '/media/../../etc/passwd' }, ACTIVITY_ADMIN_MSG.banner],
      ['activities/create', { ...ok, content: '   ' }, ACTIVITY_ADMIN_MSG.content],
      ['activities/create', { ...ok, content: 'x'.repeat(20_001) }, ACTIVITY_ADMIN_MSG.content],
      ['activities/create', { ...ok, content: { $gt: '' } }, ACTIVITY_ADMIN_MSG.content],
      ['activities/create', { ...ok, sort: -1 }, ACTIVITY_ADMIN_MSG.sort],
      ['activities/create', { ...ok, state: 2 }, ACTIVITY_ADMIN_MSG.state],
      ['activities/create', { ...ok, memo: 'm'.repeat(501) }, ACTIVITY_ADMIN_MSG.memo],
      ['activities/create', [], ACTIVITY_ADMIN_MSG.title],
      ['activities/update', { ...ok, id: 'x' }, ACTIVITY_ADMIN_MSG.activityNotFound],
      ['activities/update', { ...ok, id: 99999999 }, ACTIVITY_ADMIN_MSG.activityNotFound],
      ['activities/get', { id: '1 OR 1=1' }, ACTIVITY_ADMIN_MSG.activityNotFound],
      ['activities/list', { page: 0 }, ADMIN_COMMON_MSG.page],
      ['activities/list', { per_page: 1000 }, ADMIN_COMMON_MSG.perPage],
      ['activities/preview', { content: 5 }, ACTIVITY_ADMIN_MSG.content],
      ['activity-types/create', { name: '' }, ACTIVITY_ADMIN_MSG.typeName],
      ['activity-types/create', { name: 'x'.repeat(33) }, ACTIVITY_ADMIN_MSG.typeName],
      ['activity-types/update', { id: 0, name: 'a' }, ACTIVITY_ADMIN_MSG.typeNotFound],
    ];
    for (const [path, body, message] of cases) {
      const r = await call(path, body);
      expect({ path, body, message: r.message, failed: r.code !== 200 && r.code !== 500 }).toEqual({ path, body, message, failed: true });
    }
    const after = await t.ctx.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('an operator without content.manage is refused every call (403), and nothing changes', async () => {
    const type = (await call('activity-types/list', {})).data[0].id;
    const body = { type, title: '越权', banner: '/media/activities/first-deposit.svg', content: '<p>x</p>', id: 1, name: 'x' };
    for (const path of ['activity-types/list', 'activity-types/create', 'activity-types/update', 'activity-types/delete', 'activities/list', 'activities/get', 'activities/create', 'activities/update', 'activities/delete', 'activities/preview']) {
      expect({ path, code: (await call(path, body, support)).code }).toEqual({ path, code: CODE.forbidden });
    }
    expect(await t.ctx.db.selectFrom('activities').select('id').where('title', '=', '越权').executeTakeFirst()).toBeUndefined();
    expect(await t.post('/admin/api/activities/list', {})).toMatchObject({ code: CODE.unauthorized });
  });
});
