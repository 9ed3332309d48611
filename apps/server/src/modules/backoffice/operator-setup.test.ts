import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, OPS_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { totpCodeAt } from './index.ts';

const OWNER_PASSWORD = 'admin-test-password';

/**
 * Issue 25: first sign-in steps, as the site runs by default (OPERATOR_SETUP on). A new operator,
 * or one whose password another operator reset, sets their own password first; a role holding
 * money permissions (cashier, risk, super admin) enrols a second factor while the setting
 * operator_2fa_required is on. Until then every call but the operator's own account answers 403.
 */
describe('operators: first sign-in steps', () => {
  let t: TestApp;
  const login = (username: string, password: string, otp?: string) => t.post('/admin/api/login', { username, password, otp });
  const call = (path: string, token: string, body: Record<string, unknown> = {}) => t.post(path, body, { token });
  /** enrols a second factor for the signed-in operator; answers a function giving fresh codes */
  async function enrol(token: string, username: string) {
    const setup = await call('/admin/api/me/totp/setup', token);
    expect(setup.code, setup.message).toBe(200);
    expect(await call('/admin/api/me/totp/enable', token, { code: totpCodeAt(setup.data.secret, username, Date.now()) })).toMatchObject({ code: 200, data: { totp_enabled: true, must_enrol_totp: false } });
    // each later code from the next step on (a code is good once)
    let offset = 0;
    return () => totpCodeAt(setup.data.secret, username, Date.now() + (offset += 30_000));
  }
  let owner: string;
  let ownerOtp: () => string;

  beforeAll(async () => {
    t = await startApp({ operatorSetup: true });
  });
  afterAll(() => t.stop());

  it('the first operator (password given in ADMIN_PASSWORD) keeps it, but as super admin must enrol a second factor first', async () => {
    const r = await login('admin', OWNER_PASSWORD);
    expect(r).toMatchObject({ code: 200, data: { must_change_password: false, must_enrol_totp: true } });
    owner = r.data.token;
    expect(await call('/admin/api/me', owner)).toMatchObject({ code: 200, data: { must_change_password: false, totp_required: true, must_enrol_totp: true } });
    // every other call is refused until the enrolment, and changes nothing
    expect(await call('/admin/api/settings/get', owner)).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustEnrolTotp });
    expect(await call('/admin/api/operators/create', owner, { username: 'sneak_op', password: 'sneakpass1', role: 'support' })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustEnrolTotp });
    expect(await t.ctx.db.selectFrom('admins').select('id').where('username', '=', 'sneak_op').executeTakeFirst()).toBeUndefined();
    ownerOtp = await enrol(owner, 'admin');
    expect(await call('/admin/api/settings/get', owner)).toMatchObject({ code: 200 });
    // the super admin cannot switch it off, as before
    expect(await call('/admin/api/me/totp/disable', owner, { code: ownerOtp() })).toMatchObject({ code: CODE.forbidden });
  });

  it('a new cashier sets their own password, then enrols, before any other call', async () => {
    expect(await call('/admin/api/operators/create', owner, { username: 'cash_one', password: 'given-pass1', role: 'finance' })).toMatchObject({ code: 200 });
    const r = await login('cash_one', 'given-pass1');
    expect(r).toMatchObject({ code: 200, data: { must_change_password: true, must_enrol_totp: true } });
    const token = r.data.token;
    expect(await call('/admin/api/withdrawals/list', token)).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustChangePassword });
    expect(await call('/admin/api/me', token)).toMatchObject({ code: 200, data: { must_change_password: true, must_enrol_totp: true } });
    // the given password cannot be kept
    expect(await call('/admin/api/me/password', token, { old_password: 'given-pass1', new_password: 'given-pass1' })).toMatchObject({ message: OPS_MSG.samePassword });
    expect(await call('/admin/api/me/password', token, { old_password: 'given-pass1', new_password: 'own-pass-22' })).toMatchObject({ code: 200 });
    // this session stays; the next step is the second factor
    expect(await call('/admin/api/withdrawals/list', token)).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustEnrolTotp });
    const otp = await enrol(token, 'cash_one');
    expect(await call('/admin/api/withdrawals/list', token)).toMatchObject({ code: 200 });
    // signing in again: the own password and a code, no step owed
    expect(await login('cash_one', 'given-pass1')).toMatchObject({ code: 400, message: '管理员账号或密码错误！' });
    expect(await login('cash_one', 'own-pass-22', otp())).toMatchObject({ code: 200, data: { must_change_password: false, must_enrol_totp: false } });
    // while the site requires it, a cashier cannot switch the second factor off
    expect(await call('/admin/api/me/totp/disable', token, { code: otp() })).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.totpRequired });
  });

  it('a role without money permissions only sets its password; a reset by another operator asks again', async () => {
    await call('/admin/api/operators/create', owner, { username: 'help_one', password: 'given-pass2', role: 'support' });
    let token = (await login('help_one', 'given-pass2')).data.token;
    expect(await call('/admin/api/me', token)).toMatchObject({ data: { must_change_password: true, totp_required: false, must_enrol_totp: false } });
    expect(await call('/admin/api/members/list', token)).toMatchObject({ message: OPS_MSG.mustChangePassword });
    await call('/admin/api/me/password', token, { old_password: 'given-pass2', new_password: 'own-pass-33' });
    expect(await call('/admin/api/members/list', token)).toMatchObject({ code: 200 });

    expect(await call('/admin/api/operators/reset-password', owner, { username: 'help_one', password: 'reset-pass4' })).toMatchObject({ code: 200 });
    expect(await call('/admin/api/members/list', token)).toMatchObject({ code: CODE.unauthorized });
    const again = await login('help_one', 'reset-pass4');
    expect(again.data).toMatchObject({ must_change_password: true, must_enrol_totp: false });
    token = again.data.token;
    expect(await call('/admin/api/members/list', token)).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustChangePassword });
    await call('/admin/api/me/password', token, { old_password: 'reset-pass4', new_password: 'own-pass-55' });
    expect(await call('/admin/api/members/list', token)).toMatchObject({ code: 200 });
    const audit = await call('/admin/api/audit/list', owner, { operator: 'help_one', action: 'operator.password.self' });
    expect(audit.data.data[0].detail).toMatchObject({ before: { must_change_password: true }, after: { must_change_password: false } });
  });

  it('the setting operator_2fa_required off: money roles are no longer asked to enrol', async () => {
    expect(await call('/admin/api/settings/update', owner, { operator_2fa_required: 0 })).toMatchObject({ code: 200 });
    try {
      await call('/admin/api/operators/create', owner, { username: 'risk_one', password: 'given-pass3', role: 'risk' });
      const token = (await login('risk_one', 'given-pass3')).data.token;
      await call('/admin/api/me/password', token, { old_password: 'given-pass3', new_password: 'own-pass-66' });
      expect(await call('/admin/api/me', token)).toMatchObject({ data: { totp_required: false, must_enrol_totp: false } });
      expect(await call('/admin/api/members/list', token)).toMatchObject({ code: 200 });
      expect(await call('/admin/api/settings/update', owner, { operator_2fa_required: 2 })).toMatchObject({ code: 400, message: '开关只能是0或1' });
      // on again: the risk operator's next call asks for the enrolment
      expect(await call('/admin/api/settings/update', owner, { operator_2fa_required: 1 })).toMatchObject({ code: 200 });
      expect(await call('/admin/api/members/list', token)).toMatchObject({ code: CODE.forbidden, message: OPS_MSG.mustEnrolTotp });
    } finally {
      await t.site.set('operator_2fa_required', 1);
    }
  });
});

describe('the first operator with a generated password', () => {
  it('must set their own at first sign-in', async () => {
    const t = await startApp({ operatorSetup: true, adminPassword: undefined });
    try {
      const row = await t.ctx.db.selectFrom('admins').select(['username', 'must_change_password']).executeTakeFirstOrThrow();
      expect(row).toEqual({ username: 'admin', must_change_password: 1 });
    } finally {
      await t.stop();
    }
  });
});
