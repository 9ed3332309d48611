import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { LOGIN_SLOW_AFTER, loginDelayMs } from './service.ts';

describe('rate limits on login, register and captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
    await t.register('limited01');
  });
  afterAll(() => t.stop());

  it('after 5 failed logins an account slows down but its owner still gets in, from any address (no lock-out)', async () => {
    for (let i = 0; i < LOGIN_SLOW_AFTER; i++) {
      const reply = await t.post('/api/login_pc', { name: 'limited01', password: 'wrong-pass' }, { ip: `10.0.0.${i}` });
      expect(reply.message).toBe(MSG.loginFailed);
    }
    // a stranger's further guess waits, and is still just a wrong password (never 429 for the account)
    let started = Date.now();
    expect(await t.post('/api/login_pc', { name: 'limited01', password: 'wrong-pass' }, { ip: '10.0.0.9' })).toMatchObject({ code: CODE.invalid, message: MSG.loginFailed });
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(LOGIN_SLOW_AFTER) - 50);
    // the owner, from yet another address, waits too and gets in
    started = Date.now();
    const owner = await t.post('/api/login_pc', { name: 'LIMITED01', password: 'secret123' }, { ip: '10.0.1.1' });
    expect(owner.code, owner.message).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(LOGIN_SLOW_AFTER + 1) - 50);
  });

  it('the slow-down grows with the failures and stops at 8 seconds', () => {
    expect([0, 4, 5, 6, 7, 8, 20].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000]);
  });

  it('pauses an address after 20 failed logins across accounts', async () => {
    await t.register('limited02');
    for (let i = 0; i < 20; i++) {
      const reply = await t.post('/api/login_pc', { name: `ghost${i}x`, password: 'nope12' }, { ip: '10.9.9.9' });
      expect(reply.message).toBe(MSG.loginFailed);
    }
    const blocked = await t.post('/api/login_pc', { name: 'limited02', password: 'secret123' }, { ip: '10.9.9.9' });
    expect(blocked.code).toBe(CODE.tooMany);
    // another address is unaffected
    expect((await t.post('/api/login_pc', { name: 'limited02', password: 'secret123' }, { ip: '10.9.9.8' })).code).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    await t.register('limited03');
    for (let i = 0; i < 4; i++) await t.post('/api/login_pc', { name: 'limited03', password: 'bad-one' }, { ip: '10.3.0.1' });
    expect((await t.post('/api/login_pc', { name: 'limited03', password: 'secret123' }, { ip: '10.3.0.1' })).code).toBe(200);
    for (let i = 0; i < 4; i++) await t.post('/api/login_pc', { name: 'limited03', password: 'bad-one' }, { ip: '10.3.0.1' });
    // had the count kept the first four, this one would wait loginDelayMs(8) = 8 s
    const started = Date.now();
    expect((await t.post('/api/login_pc', { name: 'limited03', password: 'secret123' }, { ip: '10.3.0.1' })).code).toBe(200);
    expect(Date.now() - started).toBeLessThan(loginDelayMs(8) / 2);
  });

  it('limits registrations per address to 10 an hour', async () => {
    const body = (i: number) => ({ name: `burst${i}00`, password: 'secret123', confirmPass: 'secret123', realname: '王五', paypassword: '654321' });
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/register', body(i), { ip: '10.7.7.7' })).code).toBe(200);
    }
    const refused = await t.post('/api/register', body(10), { ip: '10.7.7.7' });
    expect(refused.code).toBe(CODE.tooMany);
    expect(refused.message).toMatch(/^操作过于频繁，请\d+分钟后再试！$/);
    const exists = await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'burst1000').executeTakeFirst();
    expect(exists).toBeUndefined();
  });

  it('limits captcha images per address to 30 a minute', async () => {
    const withCaptcha = await startApp({ rateLimits: true, captcha: true });
    try {
      for (let i = 0; i < 30; i++) {
        const reply = await withCaptcha.get('/api/captcha', { ip: '10.5.5.5' });
        expect(reply.code).toBe(200);
        expect(reply.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      }
      expect((await withCaptcha.get('/api/captcha', { ip: '10.5.5.5' })).code).toBe(CODE.tooMany);
      expect((await withCaptcha.get('/api/captcha', { ip: '10.5.5.6' })).code).toBe(200);
    } finally {
      await withCaptcha.stop();
    }
  });

  it('answers no image when the captcha is switched off, so the site hides the field', async () => {
    expect(await t.get('/api/captcha', { ip: '10.5.5.7' })).toMatchObject({ code: 200, data: null });
  });
});
