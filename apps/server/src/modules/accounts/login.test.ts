import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

describe('POST /api/login_pc and /api/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ captcha: true });
    await t.register('member01');
  });
  afterAll(() => t.stop());

  it('asks for both name and password first, then the captcha', async () => {
    for (const body of [{}, { name: 'member01' }, { password: 'secret123' }, { name: '  ', password: 'x' }, { name: 'member01', password: '' }]) {
      expect(await t.post('/api/login_pc', body)).toMatchObject({ code: 400, message: MSG.loginRequired });
    }
    expect(await t.post('/api/login_pc', { name: 'member01', password: 'secret123' })).toMatchObject({
      code: 400,
      message: MSG.captchaEmpty,
    });
    expect(
      await t.post('/api/login_pc', { name: 'member01', password: 'secret123', code: 'zz', captcha_key: 'nope' }),
    ).toMatchObject({ code: 400, message: MSG.captchaWrong });
  });

  it('refuses a wrong password or an unknown name with one message', async () => {
    for (const [name, password] of [['member01', 'wrong-pass'], ['nobody99', 'secret123']]) {
      const reply = await t.post('/api/login_pc', { name, password, ...(await t.captcha()) });
      expect(reply).toMatchObject({ code: 400, message: MSG.loginFailed, data: null });
    }
  });

  it('logs in on both paths, any letter case of the name, each with its own session', async () => {
    const a = await t.post('/api/login_pc', { name: 'Member01', password: 'secret123', ...(await t.captcha()) });
    const b = await t.post('/api/login', { name: 'member01', password: 'secret123', ...(await t.captcha()) });
    expect(a).toMatchObject({ code: 200, message: MSG.loginOk });
    expect(b.code).toBe(200);
    expect(a.data.api_token).not.toBe(b.data.api_token);
    for (const token of [a.data.api_token, b.data.api_token]) {
      expect((await t.post('/api/balance', {}, { token })).code).toBe(200);
    }
    const member = await t.ctx.db.selectFrom('members').select(['last_login_at', 'last_login_ip']).where('username', '=', 'member01').executeTakeFirstOrThrow();
    expect(member.last_login_ip).toBe('127.0.0.1');
    expect(member.last_login_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a frozen account even with the right password', async () => {
    await t.register('frozen01');
    await t.ctx.db.updateTable('members').set({ status: 0 }).where('username', '=', 'frozen01').execute();
    const reply = await t.post('/api/login_pc', { name: 'frozen01', password: 'secret123', ...(await t.captcha()) });
    expect(reply).toMatchObject({ code: 403, message: MSG.accountDisabled });
  });
});
