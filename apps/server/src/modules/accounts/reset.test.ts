import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEVICE_ID, MSG, RESET_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { LOGIN_SLOW_AFTER, loginDelayMs } from './service.ts';
import { newMember, withdraw } from '../withdrawals/testing.ts';

const PAY = '654321';
const CARD = '6225 8812 3456 7890';
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcXyZw';

const facts = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  realname: '张三',
  paypassword: PAY,
  card_last4: '7890',
  password: 'fresh-pass1',
  confirmPass: 'fresh-pass1',
  ...extra,
});

async function bindBankCard(t: TestApp, token: string, no = CARD) {
  const r = await t.post('/api/bindcard', { bank_owner: '张三', bank: '招商银行', bank_no: no, bank_address: '深圳市福田支行', pay_pass: PAY }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data.id as number;
}

const hashOf = async (t: TestApp, username: string) =>
  (await t.ctx.db.selectFrom('members').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow()).password_hash;

const login = (t: TestApp, name: string, password: string, ip?: string) => t.post('/api/login_pc', { name, password }, { ip });

describe('POST /api/resetPassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('checks the fields in order and changes nothing on bad input', async () => {
    const token = await t.register('resetrules');
    await bindBankCard(t, token);
    const before = await hashOf(t, 'resetrules');
    const cases: [unknown, string][] = [
      [{}, RESET_MSG.name],
      [facts(''), RESET_MSG.name],
      [facts('resetrules', { realname: '张' }), MSG.realname],
      [facts('resetrules', { realname: 12 }), MSG.realname],
      [facts('resetrules', { paypassword: '123' }), MSG.payPasswordLength],
      [facts('resetrules', { paypassword: 'x'.repeat(19) }), MSG.payPasswordLength],
      [facts('resetrules', { card_last4: '789' }), RESET_MSG.card],
      [facts('resetrules', { card_last4: '78<9' }), RESET_MSG.card],
      [facts('resetrules', { password: '12345', confirmPass: '12345' }), MSG.passwordLength],
      [facts('resetrules', { password: 'p'.repeat(33), confirmPass: 'p'.repeat(33) }), RESET_MSG.newTooLong],
      [facts('resetrules', { confirmPass: 'other-pass' }), MSG.passwordMismatch],
      [facts('resetrules', { name: 'n'.repeat(5000) }), RESET_MSG.mismatch],
      [[1, 2], MSG.badRequest],
      ['"text"', MSG.badRequest],
    ];
    for (const [body, message] of cases) {
      const r = await t.post('/api/resetPassword', body);
      expect({ body, code: r.code, message: r.message }).toEqual({ body, code: CODE.invalid, message });
    }
    expect(await hashOf(t, 'resetrules')).toBe(before);
    expect((await t.post('/api/user', {}, { token })).code).toBe(200);
  });

  it('a proven owner sets a new password and every session of the account ends', async () => {
    const first = await t.register('resetowner');
    await bindBankCard(t, first);
    const second = (await login(t, 'resetowner', 'secret123')).data.api_token as string;
    const other = await t.register('resetother');

    const r = await t.post('/api/resetPassword', facts('ResetOwner'));
    expect(r).toEqual({ code: 200, message: RESET_MSG.ok, data: null });

    for (const token of [first, second]) {
      expect((await t.post('/api/user', {}, { token })).code).toBe(CODE.unauthorized);
    }
    // another member's session is untouched
    expect((await t.post('/api/user', {}, { token: other })).code).toBe(200);
    expect((await login(t, 'resetowner', 'secret123')).message).toBe(MSG.loginFailed);
    expect((await login(t, 'resetowner', 'fresh-pass1')).code).toBe(200);
  });

  it('accepts the last 4 of a bound USDT address, ignoring case', async () => {
    const token = await t.register('resetusdt1');
    const r = await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY }, { token });
    expect(r.code, r.message).toBe(200);
    expect((await t.post('/api/resetPassword', facts('resetusdt1', { card_last4: 'xYzW' }))).code).toBe(200);
    expect((await login(t, 'resetusdt1', 'fresh-pass1')).code).toBe(200);
  });

  it('answers one message for every wrong fact, an unknown account and an unbound card', async () => {
    const token = await t.register('resetwrong');
    const cardId = await bindBankCard(t, token);
    const noCard = await t.register('resetnocard');
    const before = await hashOf(t, 'resetwrong');
    const wrong: Record<string, unknown>[] = [
      facts('resetwrong', { realname: '李四' }),
      facts('resetwrong', { paypassword: '999999' }),
      facts('resetwrong', { card_last4: '1234' }),
      facts('nosuchmember'),
      facts('resetnocard'),
    ];
    for (const body of wrong) {
      const r = await t.post('/api/resetPassword', body);
      expect({ body, r }).toEqual({ body, r: { code: CODE.invalid, message: RESET_MSG.mismatch, data: null } });
    }
    // a card the member unbound no longer proves anything
    expect((await t.post('/api/delcard', { id: cardId }, { token })).code).toBe(200);
    expect((await t.post('/api/resetPassword', facts('resetwrong'))).message).toBe(RESET_MSG.mismatch);

    expect(await hashOf(t, 'resetwrong')).toBe(before);
    expect((await t.post('/api/user', {}, { token })).code).toBe(200);
    expect((await t.post('/api/user', {}, { token: noCard })).code).toBe(200);
  });

  it('a frozen account stays frozen', async () => {
    const token = await t.register('resetfrozen');
    await bindBankCard(t, token);
    await t.ctx.db.updateTable('members').set({ status: 0 }).where('username', '=', 'resetfrozen').execute();
    const before = await hashOf(t, 'resetfrozen');
    expect(await t.post('/api/resetPassword', facts('resetfrozen'))).toMatchObject({ code: CODE.forbidden, message: MSG.accountDisabled });
    expect(await hashOf(t, 'resetfrozen')).toBe(before);
  });
});

describe('POST /api/resetPassword rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  // issue 33 (4): five strangers' wrong payment passwords at the reset made the victim's own
  // withdrawals and card binds answer 429 for 15 minutes and their reset 60 minutes
  it('strangers’ failed resets never pause the owner: withdrawals, card binds and the reset itself still answer', async () => {
    const victim = await newMember(t, 'limitacct1', 500);
    const card = await bindBankCard(t, victim.token);
    for (let i = 0; i < 5; i++) {
      const r = await t.post('/api/resetPassword', facts('limitacct1', { paypassword: `00000${i}` }), { ip: `10.1.0.${i}` });
      expect(r).toMatchObject({ code: CODE.invalid, message: RESET_MSG.mismatch });
    }
    // the owner, signed in: the withdrawal and a card bind go through
    expect(await withdraw(t, victim.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ code: 200 });
    expect(await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY }, { token: victim.token })).toMatchObject({ code: 200 });
    // and their own reset, with every fact right, from their own address
    expect(await t.post('/api/resetPassword', facts('limitacct1'), { ip: '10.1.1.1' })).toMatchObject({ code: 200 });
    expect((await login(t, 'limitacct1', 'fresh-pass1', '10.1.1.1')).code).toBe(200);
  });

  it('pauses a guessing device after 10 failed resets, whatever its addresses', async () => {
    const token = await t.register('limitdev01');
    await bindBankCard(t, token);
    const headers = { [DEVICE_ID.header]: '0b7c6a52-4d1e-4f7a-9d3c-1a2b3c4d5e6f' };
    for (let i = 0; i < 10; i++) {
      const r = await t.post('/api/resetPassword', facts(i % 2 ? 'limitdev01' : `ghostdev${i}`, { card_last4: '0000' }), { ip: `10.5.0.${i}`, headers });
      expect(r.message).toBe(RESET_MSG.mismatch);
    }
    expect(await t.post('/api/resetPassword', facts('limitdev01'), { ip: '10.5.1.1', headers })).toMatchObject({ code: CODE.tooMany, message: MSG.tooManyAttempts(60) });
    // the owner on another device is not paused
    expect((await t.post('/api/resetPassword', facts('limitdev01'), { ip: '10.5.1.2' })).code).toBe(200);
  });

  it('a proven owner’s logins are no longer slowed down by a stranger’s failed logins', async () => {
    const token = await t.register('limitslow1');
    await bindBankCard(t, token);
    const failures = LOGIN_SLOW_AFTER + 2;
    for (let i = 0; i < failures; i++) expect((await login(t, 'limitslow1', 'wrong-guess', `10.4.0.${i}`)).code).toBe(CODE.invalid);
    expect((await t.post('/api/resetPassword', facts('limitslow1'), { ip: '10.4.1.1' })).code).toBe(200);
    // had the reset kept the count, this login would wait loginDelayMs(failures)
    const started = Date.now();
    expect((await login(t, 'limitslow1', 'fresh-pass1', '10.4.1.1')).code).toBe(200);
    expect(Date.now() - started).toBeLessThan(loginDelayMs(failures) / 2);
  });

  it('pauses an address after 10 failed resets across accounts', async () => {
    const token = await t.register('limitaddr1');
    await bindBankCard(t, token);
    for (let i = 0; i < 10; i++) {
      const r = await t.post('/api/resetPassword', facts(`ghost${i}user`), { ip: '10.2.2.2' });
      expect(r.message).toBe(RESET_MSG.mismatch);
    }
    expect((await t.post('/api/resetPassword', facts('limitaddr1'), { ip: '10.2.2.2' })).code).toBe(CODE.tooMany);
    // another address is unaffected
    expect((await t.post('/api/resetPassword', facts('limitaddr1'), { ip: '10.2.2.3' })).code).toBe(200);
  });

  it('a reset’s wrong payment passwords are the guesser’s, never on the member’s payment-password counter', async () => {
    const token = await t.register('limitpay01');
    await bindBankCard(t, token);
    // 4 wrong at card binding (the owner's own session), then 5 wrong at the reset by strangers
    for (let i = 0; i < 4; i++) {
      const r = await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: '111111' }, { token });
      expect(r.code).toBe(CODE.invalid);
    }
    for (let i = 0; i < 5; i++) {
      expect((await t.post('/api/resetPassword', facts('limitpay01', { paypassword: '111111' }), { ip: `10.3.3.${i}` })).message).toBe(RESET_MSG.mismatch);
    }
    // the session's own counter is not full: the right password binds
    expect((await t.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY }, { token })).code).toBe(200);
    // the owner's own fifth wrong one in their session still pauses them
    for (let i = 0; i < 5; i++) await t.post('/api/editPayPassword', { password: 'wrong1x', paypassword: '111111' }, { token });
    expect((await t.post('/api/editPayPassword', { password: PAY, paypassword: '111111' }, { token })).code).toBe(CODE.tooMany);
  });
});

describe('userInfo realname_verified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('is 0 after registration and 1 only once an operator verified the name', async () => {
    const token = await t.register('verified01');
    expect((await t.post('/api/user', {}, { token })).data.realname_verified).toBe(0);
    await t.ctx.db.updateTable('members').set({ realname_verified: 1 }).where('username', '=', 'verified01').execute();
    expect((await t.post('/api/user', {}, { token })).data.realname_verified).toBe(1);
  });
});
