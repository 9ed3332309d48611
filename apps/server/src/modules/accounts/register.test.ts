import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

const good = {
  name: 'player01',
  password: 'secret123',
  confirmPass: 'secret123',
  realname: '李四',
  paypassword: '654321',
};

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ captcha: true });
  });
  afterAll(() => t.stop());

  const memberCount = async () =>
    Number((await t.ctx.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('checks the rules in the spec order, each with its message, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, MSG.username],
      [{ ...good, name: 'abc12' }, MSG.username],
      [{ ...good, name: 'abc12', password: '1' }, MSG.username],
      [{ ...good, name: '   abc12   ' }, MSG.username],
      [{ ...good, name: 'a'.repeat(33) }, MSG.username],
      [{ ...good, name: '<script>' }, MSG.username],
      [{ ...good, password: undefined }, MSG.passwordLength],
      [{ ...good, password: '12345', confirmPass: '12345' }, MSG.passwordLength],
      [{ ...good, password: '12345', realname: '' }, MSG.passwordLength],
      [{ ...good, confirmPass: 'secret124' }, MSG.passwordMismatch],
      // rule 4 comes before rules 5 and 6 even when those fail too
      [{ ...good, confirmPass: 'other', realname: 'x', paypassword: '1' }, MSG.passwordMismatch],
      [{ ...good, confirmPass: undefined }, MSG.passwordMismatch],
      [{ ...good, realname: '李' }, MSG.realname],
      [{ ...good, realname: '  李 ' }, MSG.realname],
      [{ ...good, realname: '李四', paypassword: '12345' }, MSG.payPasswordLength],
      [{ ...good, paypassword: '1'.repeat(19) }, MSG.payPasswordLength],
      [{ ...good, paypassword: 123456 }, MSG.payPasswordLength],
      // rule 7: the captcha last
      [{ ...good }, MSG.captchaEmpty],
      [{ ...good, code: '', captcha_key: 'x' }, MSG.captchaEmpty],
      [{ ...good, code: 'zzzz', captcha_key: 'no-such-key' }, MSG.captchaWrong],
    ];
    for (const [body, message] of cases) {
      const reply = await t.post('/api/register', body);
      expect({ body, message: reply.message, code: reply.code }).toEqual({ body, message, code: 400 });
    }
    expect(await memberCount()).toBe(0);
  });

  it('refuses a wrong captcha answer and burns that image', async () => {
    const { captcha_key, code } = await t.captcha();
    const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
    const first = await t.post('/api/register', { ...good, captcha_key, code: wrong });
    expect(first).toMatchObject({ code: 400, message: MSG.captchaWrong });
    // the right answer no longer opens the same image
    const second = await t.post('/api/register', { ...good, captcha_key, code });
    expect(second).toMatchObject({ code: 400, message: MSG.captchaWrong });
    expect(await memberCount()).toBe(0);
  });

  it('registers with a captcha answered in any letter case and answers a working token', async () => {
    const { captcha_key, code } = await t.captcha();
    const reply = await t.post('/api/register', { ...good, pid: '8001', captcha_key, code: code.toUpperCase() });
    expect(reply).toMatchObject({ code: 200, message: MSG.registerOk });
    expect(reply.data.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await t.post('/api/user', {}, { token: reply.data.api_token });
    expect(user.code).toBe(200);
    expect(user.data).toMatchObject({ username: 'player01', realname: '李四', balance: 0, gameblance: 0, vip: 1, current_vip: 'VIP1' });
    const row = await t.ctx.db.selectFrom('members').selectAll().where('username', '=', 'player01').executeTakeFirstOrThrow();
    expect(row.referrer_pid).toBe('8001');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.pay_password_hash).toMatch(/^\$argon2id\$/);
    // the captcha image is used up
    const reuse = await t.post('/api/register', { ...good, name: 'player02', captcha_key, code });
    expect(reuse.message).toBe(MSG.captchaWrong);
  });

  it('opens the member wallet accounts at registration', async () => {
    const accounts = await t.ctx.db
      .selectFrom('ledger_accounts')
      .innerJoin('members', 'members.id', 'ledger_accounts.member_id')
      .select(['ledger_accounts.kind', 'ledger_accounts.balance'])
      .where('members.username', '=', 'player01')
      .orderBy('ledger_accounts.kind')
      .execute();
    expect(accounts).toEqual([
      { kind: 'central', balance: 0 },
      { kind: 'transit', balance: 0 },
      { kind: 'withdraw_hold', balance: 0 },
    ]);
  });

  it('refuses a taken username, whatever its letter case', async () => {
    const before = await memberCount();
    for (const name of ['player01', 'PLAYER01']) {
      const reply = await t.post('/api/register', { ...good, name, ...(await t.captcha()) });
      expect(reply).toMatchObject({ code: 400, message: MSG.usernameTaken });
    }
    expect(await memberCount()).toBe(before);
  });

  it('answers one winner when the same name registers twice at once', async () => {
    const [a, b] = await Promise.all([
      t.captcha().then((c) => t.post('/api/register', { ...good, name: 'racer001', ...c })),
      t.captcha().then((c) => t.post('/api/register', { ...good, name: 'racer001', ...c })),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.code === 400)?.message).toBe(MSG.usernameTaken);
  });
});
