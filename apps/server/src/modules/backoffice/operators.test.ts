import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG, OPS_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { totpCodeAt } from './index.ts';
import { LOGIN_SLOW_AFTER, loginDelayMs } from '../accounts/index.ts';

const OWNER_PASSWORD = 'admin-test-password';

describe('operators: roles, sessions, second factor, audit', () => {
  let t: TestApp;
  let owner: string;
  const login = (body: Record<string, unknown>, ip?: string) => t.post('/admin/api/login', body, { ip });
  const call = (path: string, token: string, body: Record<string, unknown> = {}, ip?: string) => t.post(path, body, { token, ip });
  const auditCount = async () => Number((await t.ctx.db.selectFrom('admin_audit').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startApp();
    owner = (await login({ username: 'admin', password: OWNER_PASSWORD })).data.token;
  });
  afterAll(() => t.stop());

  it('seeds the default roles; the first operator holds every permission', async () => {
    const reply = await call('/admin/api/roles/list', owner);
    expect(reply.code).toBe(200);
    const codes = reply.data.roles.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['owner', 'super', 'finance', 'risk', 'content', 'support', 'auditor']));
    expect(reply.data.roles.find((r: { code: string }) => r.code === 'owner')).toMatchObject({ permissions: ['*'], operators: 1 });
    expect(await call('/admin/api/me', owner)).toMatchObject({ data: { username: 'admin', role: 'owner', permissions: ['*'], totp_enabled: false, totp_recommended: true, idle_minutes: 30 } });
  });

  it('creates operators with a role, refuses duplicates and weak passwords, audits the creation', async () => {
    const created = await call('/admin/api/operators/create', owner, { username: 'Fin_One', password: 'finance123', role: 'finance' });
    expect(created).toMatchObject({ code: 200, data: { username: 'fin_one', role: 'finance', status: 1, totp_enabled: false, created_by: 'admin' } });
    expect(await call('/admin/api/operators/create', owner, { username: 'fin_one', password: 'finance123', role: 'finance' })).toMatchObject({ code: 400, message: OPS_MSG.operatorTaken });
    expect(await call('/admin/api/operators/create', owner, { username: 'fin_two', password: 'short1', role: 'finance' })).toMatchObject({ message: OPS_MSG.operatorPassword });
    expect(await call('/admin/api/operators/create', owner, { username: 'fin_two', password: 'finance123', role: 'nope' })).toMatchObject({ message: OPS_MSG.roleUnknown });
    expect(await call('/admin/api/operators/create', owner, { username: 'fin_two', password: 'finance123', role: 'finance', ip_allowlist: ['10.0.0.300'] })).toMatchObject({ message: OPS_MSG.ipList });
    const rows = await call('/admin/api/audit/list', owner, { action: 'operator.create' });
    expect(rows.data.data).toHaveLength(1);
    expect(rows.data.data[0]).toMatchObject({ operator: 'admin', target: `admin:${created.data.id}`, detail: { after: { username: 'fin_one', role: 'finance' } } });
  });

  it('a role cannot grant what its creator lacks', async () => {
    // an operator manager without money permissions
    await call('/admin/api/roles/create', owner, { code: 'hr', name: '人事', permissions: ['operators.manage', 'dashboard.view'] });
    await call('/admin/api/operators/create', owner, { username: 'hr_one', password: 'hrpass123', role: 'hr' });
    const hr = (await login({ username: 'hr_one', password: 'hrpass123' })).data.token;
    const before = await auditCount();
    expect(await call('/admin/api/roles/create', hr, { code: 'sneaky', name: '越权', permissions: ['members.adjust'] })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.escalation });
    expect(await call('/admin/api/roles/create', hr, { code: 'sneaky', name: '越权', permissions: ['*'] })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.escalation });
    expect(await call('/admin/api/operators/create', hr, { username: 'fin_hr', password: 'finance123', role: 'finance' })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.escalation });
    expect(await call('/admin/api/roles/update', hr, { code: 'hr', permissions: ['operators.manage', 'members.adjust'] })).toMatchObject({ code: CODE.forbidden });
    expect(await call('/admin/api/operators/update', hr, { username: 'hr_one', role: 'super' })).toMatchObject({ message: OPS_MSG.notSelf });
    expect(await call('/admin/api/operators/update', hr, { username: 'fin_one', role: 'super' })).toMatchObject({ code: CODE.forbidden });
    // acting on someone who holds more is refused too
    expect(await call('/admin/api/operators/disable', hr, { username: 'admin' })).toMatchObject({ code: CODE.forbidden });
    expect(await call('/admin/api/operators/reset-password', hr, { username: 'fin_one', password: 'taken0ver1' })).toMatchObject({ code: CODE.forbidden });
    expect(await auditCount()).toBe(before);
    // within its own slugs it may
    expect(await call('/admin/api/roles/create', hr, { code: 'viewer', name: '看板', permissions: ['dashboard.view'] })).toMatchObject({ code: 200 });
    expect((await call('/admin/api/roles/list', owner)).data.roles.find((r: { code: string }) => r.code === 'sneaky')).toBeUndefined();
  });

  it('role changes take effect on the next call; super roles are fixed', async () => {
    const fin = (await login({ username: 'fin_one', password: 'finance123' })).data.token;
    expect(await call('/admin/api/audit/list', fin)).toMatchObject({ code: CODE.forbidden });
    await call('/admin/api/roles/update', owner, { code: 'finance', permissions: ['dashboard.view', 'audit.view'] });
    expect(await call('/admin/api/audit/list', fin)).toMatchObject({ code: 200 });
    expect(await call('/admin/api/roles/update', owner, { code: 'owner', permissions: ['dashboard.view'] })).toMatchObject({ message: OPS_MSG.roleBuiltin });
  });

  it('disabling an operator ends their sessions at once and refuses their login', async () => {
    await call('/admin/api/operators/create', owner, { username: 'sup_one', password: 'support123', role: 'support' });
    const token = (await login({ username: 'sup_one', password: 'support123' })).data.token;
    expect(await call('/admin/api/me', token)).toMatchObject({ code: 200 });
    expect(await call('/admin/api/operators/disable', owner, { username: 'sup_one' })).toMatchObject({ code: 200, data: { status: 0 } });
    expect(await call('/admin/api/me', token)).toMatchObject({ code: CODE.unauthorized });
    // issue 33: answered as a wrong password, right password or not (nothing leaks)
    expect(await login({ username: 'sup_one', password: 'support123' })).toMatchObject({ code: CODE.invalid, message: '管理员账号或密码错误！' });
    expect(await login({ username: 'sup_one', password: 'wrong-pass1' })).toMatchObject({ message: '管理员账号或密码错误！' });
    await call('/admin/api/operators/enable', owner, { username: 'sup_one' });
    expect(await login({ username: 'sup_one', password: 'support123' })).toMatchObject({ code: 200 });
    expect(await call('/admin/api/operators/disable', owner, { username: 'admin' })).toMatchObject({ message: OPS_MSG.notSelf });
  });

  it('sessions end after 30 minutes without a call', async () => {
    const token = (await login({ username: 'sup_one', password: 'support123' })).data.token;
    const session = await t.ctx.db.selectFrom('sessions').select(['token_hash']).where('subject_kind', '=', 'admin').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: Date.now() - 29 * 60_000 }).where('token_hash', '=', session.token_hash).execute();
    expect(await call('/admin/api/me', token)).toMatchObject({ code: 200 });
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: Date.now() - 31 * 60_000 }).where('token_hash', '=', session.token_hash).execute();
    expect(await call('/admin/api/me', token)).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
  });

  it('enrols a second factor with a code, then login needs it; a code is good once', async () => {
    await call('/admin/api/operators/create', owner, { username: 'risk_one', password: 'riskpass1', role: 'risk' });
    const token = (await login({ username: 'risk_one', password: 'riskpass1' })).data.token;
    const setup = await call('/admin/api/me/totp/setup', token);
    expect(setup.code).toBe(200);
    expect(setup.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(setup.data.otpauth_url).toContain(`secret=${setup.data.secret}`);
    // the secret is sealed at rest
    const row = await t.ctx.db.selectFrom('admins').select(['totp_pending', 'totp_secret']).where('username', '=', 'risk_one').executeTakeFirstOrThrow();
    expect(row.totp_pending).not.toContain(setup.data.secret);
    expect(row.totp_secret).toBeNull();
    expect(await call('/admin/api/me/totp/enable', token, { code: '000000' === totpCodeAt(setup.data.secret, 'risk_one') ? '111111' : '000000' })).toMatchObject({ message: OPS_MSG.otpWrong });
    const now = Date.now();
    expect(await call('/admin/api/me/totp/enable', token, { code: totpCodeAt(setup.data.secret, 'risk_one', now) })).toMatchObject({ code: 200, data: { totp_enabled: true } });

    expect(await login({ username: 'risk_one', password: 'riskpass1' })).toMatchObject({ code: 400, message: OPS_MSG.otpRequired });
    expect(await login({ username: 'risk_one', password: 'riskpass1', otp: '12345' })).toMatchObject({ message: OPS_MSG.otpWrong });
    // the enrolment's code was used: the next step's code signs in (one step of drift allowed)
    const next = totpCodeAt(setup.data.secret, 'risk_one', now + 30_000);
    expect(await login({ username: 'risk_one', password: 'riskpass1', otp: next })).toMatchObject({ code: 200 });
    expect(await login({ username: 'risk_one', password: 'riskpass1', otp: next })).toMatchObject({ message: OPS_MSG.otpWrong });
    const audit = await call('/admin/api/audit/list', owner, { operator: 'risk_one', action: 'operator.totp.' });
    expect(audit.data.data.map((r: { action: string }) => r.action)).toEqual(['operator.totp.enable']);
  });

  it('a super admin with a second factor cannot switch it off; another super admin can reset it', async () => {
    const setup = await call('/admin/api/me/totp/setup', owner);
    const now = Date.now();
    await call('/admin/api/me/totp/enable', owner, { code: totpCodeAt(setup.data.secret, 'admin', now - 30_000) });
    expect(await call('/admin/api/me/totp/disable', owner, { code: totpCodeAt(setup.data.secret, 'admin', now + 30_000) })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.totpRequiredForSuper });
    expect(await login({ username: 'admin', password: OWNER_PASSWORD })).toMatchObject({ message: OPS_MSG.otpRequired });
    await call('/admin/api/operators/create', owner, { username: 'boss_two', password: 'bosspass1', role: 'super' });
    const boss = (await login({ username: 'boss_two', password: 'bosspass1' })).data.token;
    expect(await call('/admin/api/operators/reset-totp', boss, { username: 'admin' })).toMatchObject({ code: 200 });
    expect(await login({ username: 'admin', password: OWNER_PASSWORD })).toMatchObject({ code: 200 });
    owner = (await login({ username: 'admin', password: OWNER_PASSWORD })).data.token;
  });

  it('an address allowlist refuses other addresses', async () => {
    await call('/admin/api/operators/update', owner, { username: 'sup_one', ip_allowlist: ['10.1.0.0/16', '::1'] });
    expect(await login({ username: 'sup_one', password: 'support123' }, '192.168.1.5')).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.ipNotAllowed });
    const token = (await login({ username: 'sup_one', password: 'support123' }, '10.1.20.30')).data.token;
    expect(await call('/admin/api/me', token, {}, '10.1.20.31')).toMatchObject({ code: 200 });
    // the same token from an address outside the list is refused on every call
    expect(await call('/admin/api/me', token, {}, '192.168.1.5')).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.ipNotAllowed });
  });

  it('changes its own password: the old one is checked and other sessions end', async () => {
    const a = (await login({ username: 'hr_one', password: 'hrpass123' })).data.token;
    const b = (await login({ username: 'hr_one', password: 'hrpass123' })).data.token;
    expect(await call('/admin/api/me/password', a, { old_password: 'nope', new_password: 'newhrpass1' })).toMatchObject({ message: OPS_MSG.oldPasswordWrong });
    expect(await call('/admin/api/me/password', a, { old_password: 'hrpass123', new_password: 'newhrpass1' })).toMatchObject({ code: 200 });
    expect(await call('/admin/api/me', a)).toMatchObject({ code: 200 });
    expect(await call('/admin/api/me', b)).toMatchObject({ code: CODE.unauthorized });
    expect(await login({ username: 'hr_one', password: 'newhrpass1' })).toMatchObject({ code: 200 });
  });

  it('the audit log is append-only and filtered newest first', async () => {
    await expect(t.ctx.db.updateTable('admin_audit').set({ action: 'forged' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('admin_audit').execute()).rejects.toThrow(/append-only/);
    const all = await call('/admin/api/audit/list', owner, { per_page: 100 });
    const times = all.data.data.map((r: { id: number }) => r.id);
    expect([...times].sort((x: number, y: number) => y - x)).toEqual(times);
    expect(await call('/admin/api/audit/list', owner, { from: '2026-02-30' })).toMatchObject({ code: 400 });
    expect((await call('/admin/api/audit/list', owner, { operator: 'nobody' })).data.total).toBe(0);
    expect((await call('/admin/api/audit/list', owner, { to: '2000-01-01' })).data.total).toBe(0);
  });
});

describe('operator login with the captcha on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ captcha: true });
  });
  afterAll(() => t.stop());

  it('asks for the captcha, checks it on the server and uses it once', async () => {
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD })).toMatchObject({ code: 400, message: MSG.captchaEmpty });
    const img = await t.post('/admin/api/captcha', {});
    expect(img.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = await t.captchaAnswer(img.data.key);
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD, captcha_key: img.data.key, code: 'zzzz' })).toMatchObject({ message: MSG.captchaWrong });
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD, captcha_key: img.data.key, code })).toMatchObject({ message: MSG.captchaWrong });
    const again = await t.post('/admin/api/captcha', {});
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD, captcha_key: again.data.key, code: (await t.captchaAnswer(again.data.key)).toUpperCase() })).toMatchObject({ code: 200 });
  });
});

describe('operator rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  it('pauses wrong current passwords typed by a signed-in operator', async () => {
    const token = (await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD })).data.token;
    const change = (old: string) => t.post('/admin/api/me/password', { old_password: old, new_password: 'brand-new-1' }, { token });
    for (let i = 0; i < 5; i++) expect(await change('wrong-guess')).toMatchObject({ code: 400, message: OPS_MSG.oldPasswordWrong });
    expect(await change(OWNER_PASSWORD)).toMatchObject({ code: CODE.tooMany });
    expect(await t.post('/admin/api/me', {}, { token })).toMatchObject({ code: 200 });
  });

  // issue 25: the member rule (issue 14): a guessed account slows down, its owner is never locked out
  it('after 5 wrong passwords an operator account slows down, but its owner still gets in, from any address', async () => {
    for (let i = 0; i < LOGIN_SLOW_AFTER; i++) expect(await t.post('/admin/api/login', { username: 'admin', password: 'wrong' }, { ip: `10.20.0.${i}` })).toMatchObject({ code: 400, message: '管理员账号或密码错误！' });
    // a stranger's further guess waits and is still just a wrong password (never 429 for the account)
    let started = Date.now();
    expect(await t.post('/admin/api/login', { username: 'admin', password: 'wrong' }, { ip: '10.20.0.9' })).toMatchObject({ code: 400, message: '管理员账号或密码错误！' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(LOGIN_SLOW_AFTER) - 50);
    started = Date.now();
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD }, { ip: '10.20.1.1' })).toMatchObject({ code: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(LOGIN_SLOW_AFTER + 1) - 50);
    // the success cleared the count: no wait now
    started = Date.now();
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD }, { ip: '10.20.1.2' })).toMatchObject({ code: 200 });
    expect(Date.now() - started).toBeLessThan(loginDelayMs(LOGIN_SLOW_AFTER));
  });

  it('the per-address limit stays: 10 wrong passwords pause that address, not others', async () => {
    for (let i = 0; i < 10; i++) await t.post('/admin/api/login', { username: `ghost${i}`, password: 'wrong' }, { ip: '10.30.0.1' });
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD }, { ip: '10.30.0.1' })).toMatchObject({ code: CODE.tooMany });
    expect(await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD }, { ip: '10.30.0.2' })).toMatchObject({ code: 200 });
  });

  it("a super admin's password reset clears the operator's failed logins", async () => {
    const owner = (await t.post('/admin/api/login', { username: 'admin', password: OWNER_PASSWORD }, { ip: '10.40.0.1' })).data.token;
    expect(await t.post('/admin/api/operators/create', { username: 'slow_one', password: 'slowpass1', role: 'support' }, { token: owner })).toMatchObject({ code: 200 });
    for (let i = 0; i < LOGIN_SLOW_AFTER + 2; i++) await t.post('/admin/api/login', { username: 'slow_one', password: 'wrong' }, { ip: `10.41.0.${i}` });
    expect(await t.post('/admin/api/operators/reset-password', { username: 'slow_one', password: 'freshpass2' }, { token: owner })).toMatchObject({ code: 200 });
    // had the count kept its 7 failures, this sign-in would wait loginDelayMs(7) = 4 s
    const started = Date.now();
    expect(await t.post('/admin/api/login', { username: 'slow_one', password: 'freshpass2' }, { ip: '10.42.0.1' })).toMatchObject({ code: 200 });
    expect(Date.now() - started).toBeLessThan(loginDelayMs(LOGIN_SLOW_AFTER));
  }, 30_000);
});
