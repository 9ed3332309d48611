import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAW_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { addBet, bj } from '../promotions/testing.ts';
import { settleRebateDay } from '../promotions/rebates.ts';
import { remaining } from '../turnover/index.ts';
import { balances, bindBank, expectLedgerSound, newMember, PAY, withdraw, withdrawalCount } from './testing.ts';

/**
 * A member attacking the turnover rule (DESIGN.md section 4: a withdrawal is refused while any
 * turnover is owed) with a second call of their own: a credit that carries turnover (a rebate
 * claim) landing while the withdrawal is being checked. On SQLite or PostgreSQL.
 */
describe('withdrawals: a turnover-carrying credit racing the submission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await t.site.set('withdraw_open_from', '00:00');
    await t.site.set('withdraw_open_to', '00:00');
  });
  afterAll(() => t.stop());

  it('a rebate claimed while the withdrawal is checked is not withdrawn without its turnover', async () => {
    const m = await newMember(t, 'wdrace01', 1000);
    const card = await bindBank(t, m.token);
    // yesterday's bets left the member a rebate to claim (1x turnover)
    const D = '2026-03-10';
    await addBet(t.ctx.db, { memberId: m.id, platform: 'ag', category: 'realbet', valid: 5_000_000, settledAt: bj(`${D} 12:00:00`) });
    await settleRebateDay(t.promotions.deps, D, bj('2026-03-11 01:00:00'));
    const pending = await t.ctx.db.selectFrom('rebates').select('amount').where('member_id', '=', m.id).executeTakeFirstOrThrow();
    const rebate = Number(pending.amount);
    expect(rebate).toBeGreaterThan(0);

    // the claim (the member's own second request) lands after the withdrawal's turnover check,
    // before its funds check: the withdrawal asks for the wallet with the rebate in it
    const settings = t.site.settings;
    let armed = true;
    let claimed: Awaited<ReturnType<TestApp['post']>> | undefined;
    t.site.settings = async (...args: Parameters<typeof settings>) => {
      if (armed) {
        armed = false;
        claimed = await t.post('/api/dofanshui', {}, { token: m.token });
      }
      return settings(...args);
    };
    let reply;
    try {
      reply = await withdraw(t, m.token, { bank: card, amount: (100_000 + rebate) / 100, password: PAY });
    } finally {
      t.site.settings = settings;
    }
    expect(claimed?.code, claimed?.message).toBe(200);
    expect(await remaining(t.ctx.db, m.id)).toBe(rebate);
    // refused, and it says how much turnover remains; nothing held
    expect(reply).toMatchObject({ code: 400, message: WITHDRAW_MSG.turnoverOwed((rebate / 100).toFixed(2)) });
    expect(await withdrawalCount(t, m.id)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ central: 100_000 + rebate, withdraw_hold: 0 });
    await expectLedgerSound(t);
  });
});
