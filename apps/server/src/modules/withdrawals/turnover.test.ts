import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, WITHDRAW_MSG } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { openGame, startVenueApp } from '../transfers/testing.ts';
import { addRequirement } from '../turnover/index.ts';
import { balances, bindBank, expectLedgerSound, newMember, PAY, withdraw, withdrawalCount } from './testing.ts';

/** Turnover (打码量) from a deposit blocks a withdrawal; settled bets pulled from the sandbox unblock it. */
describe('withdrawals: turnover', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp();
  });
  afterAll(() => t.stop());

  it('a deposit\'s turnover blocks with the amount left; settled valid bets from the venue unblock', async () => {
    const m = await newMember(t, 'wdturn01', 1000);
    const card = await bindBank(t, m.token);
    // a deposit of 1000 asking 50 yuan of valid bets (as the deposits module records it)
    await addRequirement(t.ctx.db, { memberId: m.id, source: 'deposit', reference: 'D-wdturn01', credited: 100_000, required: 5_000 });
    const owed = async () => (await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount;
    expect(await owed()).toBe(50);
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({
      code: CODE.invalid,
      message: WITHDRAW_MSG.turnoverOwed('50.00'),
    });
    expect(await withdrawalCount(t, m.id)).toBe(0);

    // play 3 settled spins of 10 yuan: 20 left
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    expect((await t.post('/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: 'obgdy' }, { token: m.token })).code).toBe(200);
    const slots = await openGame(t, m.token, 'obgdy', 'obgdy_caishen');
    for (let i = 0; i < 3; i++) expect((await slots.act('spin', { stake_fen: 1000 })).status).toBe(200);
    expect((await t.venues.bets.pull()).failed).toEqual([]);
    expect(await owed()).toBe(20);
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ message: WITHDRAW_MSG.turnoverOwed('20.00') });

    // two more: done
    for (let i = 0; i < 2; i++) expect((await slots.act('spin', { stake_fen: 1000 })).status).toBe(200);
    await t.venues.bets.pull();
    expect(await owed()).toBe(0);
    const ok = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(ok).toMatchObject({ code: 200, message: WITHDRAW_MSG.submitted });
    expect(await balances(t, m.id)).toMatchObject({ central: 80_000, withdraw_hold: 10_000 });
    await expectLedgerSound(t);
  });
});
