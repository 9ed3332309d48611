import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, SETTINGS_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

describe('settings/get and settings/update', () => {
  let t: TestApp;
  let owner: string;
  let auditor: string;
  const get = (token = owner) => t.post('/admin/api/settings/get', {}, { token });
  const update = (body: unknown, token = owner) => t.post('/admin/api/settings/update', body, { token });
  const rows = () => t.ctx.db.selectFrom('settings').selectAll().orderBy('key').execute();

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.post('/admin/api/operators/create', { username: 'audit_one', password: 'auditor123', role: 'auditor' }, { token: owner });
    auditor = (await t.post('/admin/api/login', { username: 'audit_one', password: 'auditor123' })).data.token;
  });
  afterAll(() => t.stop());

  it('answers every setting with its group', async () => {
    const reply = await get(auditor);
    expect(reply.code).toBe(200);
    expect(reply.data.settings).toMatchObject({ title: '鼎盛娱乐', site_state: 1, withdraw_daily_count: 5 });
    expect(reply.data.groups.site).toContain('title');
    expect(reply.data.groups.withdrawals).toContain('withdraw_daily_max');
    expect(reply.data.groups.payments).toContain('pay_methods');
  });

  it('updates named keys, audited with before and after, effective at once on this process', async () => {
    const reply = await update({ title: '鼎盛娱乐城', site_state: 0, webcontent: '<p>欢迎</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(reply).toMatchObject({ code: 200, message: SETTINGS_MSG.saved, data: { changed: ['title', 'site_state', 'webcontent'] } });
    const app = await t.post('/api/app', {});
    expect(app.data).toMatchObject({ title: '鼎盛娱乐城', site_state: 0 });
    expect(app.data.webcontent).toContain('<p>欢迎</p>');
    expect(app.data.webcontent).not.toMatch(/script|onerror/);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'settings.update').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: { title: '鼎盛娱乐', site_state: 1 }, after: { title: '鼎盛娱乐城', site_state: 0 } });
    // the same values again change nothing and write no audit row
    expect((await update({ title: '鼎盛娱乐城' })).data.changed).toEqual([]);
    expect(await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'settings.update').execute()).toHaveLength(1);
    await update({ site_state: 1 });
  });

  it('refuses bad values, unknown keys and rules across keys, changing nothing', async () => {
    const before = await rows();
    const cases: [unknown, string | RegExp][] = [
      [{}, SETTINGS_MSG.empty],
      [[], SETTINGS_MSG.empty],
      [{ nope: 1 }, SETTINGS_MSG.unknown('nope')],
      [{ title: '' }, '站点名称为1到50个字'],
      [{ title: 'x'.repeat(51) }, '站点名称为1到50个字'],
      [{ site_state: 2 }, '开关只能是0或1'],
      [{ h5_url: 'javascript:alert(1)' }, '请留空（不另设访问地址）或输入以 http:// 或 https:// 开头的网址'],
      [{ tg_bot_url: 'http://t.me/x' }, '请留空或输入以 https:// 开头的网址'],
      [{ usdtrate: -1 }, '汇率必须是大于0且不超过10000的数字'],
      [{ withdraw_daily_count: 'five' }, '每日取款次数须为 1 到 1,000 之间的整数'],
      [{ withdraw_max_per_txn: 300_000 }, '单笔最高金额不能高于每日最高金额'],
      [{ title: '好', usdtrate: 0 }, '汇率必须是大于0且不超过10000的数字'],
    ];
    for (const [body, message] of cases) {
      const reply = await update(body);
      expect(reply.code, JSON.stringify(body)).toBe(CODE.invalid);
      if (typeof message === 'string') expect(reply.message).toBe(message);
      else expect(reply.message).toMatch(message);
    }
    expect(await rows()).toEqual(before);
  });

  it('needs settings.update to change and settings.view to read', async () => {
    expect(await update({ title: '越权' }, auditor)).toMatchObject({ code: CODE.forbidden });
    await t.post('/admin/api/operators/create', { username: 'cs_two', password: 'support123', role: 'support' }, { token: owner });
    const support = (await t.post('/admin/api/login', { username: 'cs_two', password: 'support123' })).data.token;
    expect(await get(support)).toMatchObject({ code: CODE.forbidden });
  });
});
