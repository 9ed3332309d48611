import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 25: 最后登录 in the member list and the 360 view showed "-" for a member signed in
 * since registering (registration opens a session without recording a login). Registering
 * is now the member's first login; a later login moves it on.
 */
describe('members for operators: last login', () => {
  let t: TestApp;
  let owner: string;
  const call = (path: string, body: Record<string, unknown>) => t.post(path, body, { token: owner });
  const listed = async (username: string) => (await call('/admin/api/members/list', { username })).data.data[0];
  const profile = async (username: string) => (await call('/admin/api/members/get', { username })).data.profile;
  const wireNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  it('shows the sign-in of registration for a member who has only registered', async () => {
    const captcha = t.ctx.config.captcha ? await t.captcha('10.1.2.3') : {};
    const reg = await t.post(
      '/api/register',
      { name: 'fresh001', password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: '654321', ...captcha },
      { ip: '10.1.2.3', headers: { 'user-agent': 'RegPhone/1.0' } },
    );
    expect(reg.code, reg.message).toBe(200);
    // the member is signed in by registering: the token works
    expect((await t.post('/api/balance', {}, { token: reg.data.api_token })).code).toBe(200);

    const row = await listed('fresh001');
    expect(row.last_login_ip).toBe('10.1.2.3');
    // Beijing time, this minute (or the one before, at a minute's edge)
    expect(row.last_login_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect([wireNow(), new Date(Date.now() + 8 * 3600_000 - 60_000).toISOString().slice(0, 16).replace('T', ' ')]).toContain(row.last_login_at.slice(0, 16));
    expect(await profile('fresh001')).toMatchObject({ last_login_at: row.last_login_at, last_login_ip: '10.1.2.3' });
    const logins = (await call('/admin/api/members/records', { username: 'fresh001', kind: 'logins' })).data;
    expect(logins.total).toBe(1);
    expect(logins.data[0]).toMatchObject({ ip: '10.1.2.3', device: 'RegPhone/1.0' });
  });

  it('moves on to the latest login', async () => {
    const captcha = t.ctx.config.captcha ? await t.captcha('10.9.9.9') : {};
    const login = await t.post('/api/login', { name: 'fresh001', password: 'secret123', ...captcha }, { ip: '10.9.9.9', headers: { 'user-agent': 'LoginPhone/2.0' } });
    expect(login.code, login.message).toBe(200);
    expect(await listed('fresh001')).toMatchObject({ last_login_ip: '10.9.9.9' });
    expect(await profile('fresh001')).toMatchObject({ last_login_ip: '10.9.9.9' });
    const logins = (await call('/admin/api/members/records', { username: 'fresh001', kind: 'logins' })).data;
    expect(logins.total).toBe(2);
    expect(logins.data[0]).toMatchObject({ ip: '10.9.9.9', device: 'LoginPhone/2.0' });
  });

  it('the migration gives members signed in before the change their newest session, and leaves the others', async () => {
    const { m026 } = await import('../../db/migrations/026_last_login_backfill.ts');
    const db = t.ctx.db;
    await t.register('early001'); // signed in by registering, as before the change
    await t.register('nosess01');
    const id = async (u: string) => (await db.selectFrom('members').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    const [early, nosess, fresh] = [await id('early001'), await id('nosess01'), await id('fresh001')];
    const before = await listed('fresh001');
    await db.updateTable('members').set({ last_login_at: null, last_login_ip: null }).where('id', 'in', [early, nosess]).execute();
    await db.deleteFrom('sessions').where('subject_kind', '=', 'member').where('subject_id', '=', nosess).execute();
    // two sessions: the newer one is the last sign-in
    await db.updateTable('sessions').set({ created_at: Date.UTC(2026, 2, 1, 4, 0, 0), ip: '10.0.0.1' }).where('subject_kind', '=', 'member').where('subject_id', '=', early).execute();
    await db.insertInto('sessions').values({ token_hash: 'h5-last-login-test', subject_kind: 'member', subject_id: early, created_at: Date.UTC(2026, 2, 2, 4, 0, 0), last_seen_at: Date.UTC(2026, 2, 2, 4, 0, 0), ip: '10.0.0.2', user_agent: 'x' }).execute();
    expect((await listed('early001')).last_login_at).toBeNull();

    await m026().up(db);
    expect(await listed('early001')).toMatchObject({ last_login_at: '2026-03-02 12:00:00', last_login_ip: '10.0.0.2' });
    expect(await listed('nosess01')).toMatchObject({ last_login_at: null, last_login_ip: null });
    expect(await listed('fresh001')).toMatchObject({ last_login_at: before.last_login_at, last_login_ip: '10.9.9.9' });
    expect(fresh).toBeGreaterThan(0);
  });
});
