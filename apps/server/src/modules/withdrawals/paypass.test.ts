import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MSG, CODE, WITHDRAW_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { balances, bindBank, newMember, PAY, withdraw, withdrawalCount } from './testing.ts';

/**
 * Wrong payment passwords on the withdrawal count on the member's ONE payment-password counter
 * (accounts.checkPayPassword): with rate limits on, 5 wrong in all (withdrawals and card binds
 * together) pause every payment-password check, the right password included.
 */
describe('withdrawals: the shared payment-password counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ rateLimits: true });
  });
  afterAll(() => t.stop());

  it('3 wrong on withdrawals + 2 wrong on a card bind pause the next withdrawal, right password or not', async () => {
    const m = await newMember(t, 'wdpass01', 500);
    const card = await bindBank(t, m.token);
    for (let i = 0; i < 3; i++) {
      expect(await withdraw(t, m.token, { bank: card, amount: 100, password: 'wrong-1' })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_MSG.payPassWrong });
    }
    for (let i = 0; i < 2; i++) {
      const r = await t.post('/api/bindcard', { bank_owner: '张三', bank: '招商银行', bank_no: `6222020${i}11112222`, bank_address: '深圳市福田支行', pay_pass: 'wrong-2' }, { token: m.token });
      expect(r).toMatchObject({ code: CODE.invalid, message: CARD_MSG.payPassWrong });
    }
    const paused = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(paused.code).toBe(CODE.tooMany);
    expect(paused.message).toMatch(/^操作过于频繁，请\d+分钟后再试！$/);
    expect(await withdrawalCount(t, m.id)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ central: 50_000, withdraw_hold: 0 });
  });
});
