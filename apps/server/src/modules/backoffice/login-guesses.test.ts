import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, CODE, OPS_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { totpCodeAt } from './index.ts';

/**
 * issue 33 (6): an operator's second-factor guesses are counted per account across addresses,
 * before each is checked (20 at once from 20 addresses were all checked), and a disabled
 * operator is answered exactly as a wrong password (403 for the right one was an oracle).
 */
describe('operator sign-in: second-factor guesses and disabled accounts', () => {
  let t: TestApp;
  let owner: string;
  const login = (body: Record<string, unknown>, ip: string) => t.post('/admin/api/login', body, { ip });

  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
    owner = (await login({ username: 'admin', password: 'admin-test-password' }, '10.60.0.1')).data.token;
  });
  afterAll(() => t.stop());

  it('20 wrong codes at once from 20 addresses: only a few are checked, the rest refused', async () => {
    await t.post('/admin/api/operators/create', { username: 'otp_one', password: 'otppass123', role: 'finance' }, { token: owner });
    const token = (await login({ username: 'otp_one', password: 'otppass123' }, '10.61.0.1')).data.token;
    const setup = await t.post('/admin/api/me/totp/setup', {}, { token });
    const now = Date.now();
    expect((await t.post('/admin/api/me/totp/enable', { code: totpCodeAt(setup.data.secret, 'otp_one', now - 30_000) }, { token })).code).toBe(200);

    // codes that are certainly wrong: none of the steps around now
    const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCodeAt(setup.data.secret, 'otp_one', now + d)));
    const wrong: string[] = [];
    for (let n = 100_000; wrong.length < 20; n += 7919) if (!near.has(String(n))) wrong.push(String(n));
    const replies = await Promise.all(wrong.map((otp, i) => login({ username: 'otp_one', password: 'otppass123', otp }, `10.62.${i}.1`)));
    const checked = replies.filter((r) => r.message === OPS_MSG.otpWrong).length;
    const refused = replies.filter((r) => r.code === CODE.tooMany).length;
    expect(checked + refused).toBe(20);
    expect(checked).toBeLessThanOrEqual(5);
    // the account stays paused for second-factor guesses from yet another address
    expect((await login({ username: 'otp_one', password: 'otppass123', otp: wrong[0] }, '10.63.0.1')).code).toBe(CODE.tooMany);
  });

  it('a disabled operator is answered exactly as a wrong password, right password or not', async () => {
    await t.post('/admin/api/operators/create', { username: 'off_one', password: 'offpass123', role: 'support' }, { token: owner });
    expect((await t.post('/admin/api/operators/disable', { username: 'off_one' }, { token: owner })).code).toBe(200);
    const right = await login({ username: 'off_one', password: 'offpass123' }, '10.64.0.1');
    const wrong = await login({ username: 'off_one', password: 'wrong-pass1' }, '10.64.0.2');
    const unknown = await login({ username: 'nobody_here', password: 'offpass123' }, '10.64.0.3');
    expect(right).toEqual({ code: CODE.invalid, message: ADMIN_MSG.loginFailed, data: null });
    expect(wrong).toEqual(right);
    expect(unknown).toEqual(right);
    // enabled again, the right password signs in
    expect((await t.post('/admin/api/operators/enable', { username: 'off_one' }, { token: owner })).code).toBe(200);
    expect((await login({ username: 'off_one', password: 'offpass123' }, '10.64.0.4')).code).toBe(200);
  });
});
