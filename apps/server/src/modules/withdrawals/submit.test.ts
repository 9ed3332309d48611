import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TZ, CODE, WITHDRAW_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { dayjs } from '../../lib/time.ts';
import { addRequirement, waiveAll } from '../turnover/index.ts';
import {
  balances,
  bindBank,
  bindUsdt,
  credit,
  expectLedgerSound,
  newMember,
  PAY,
  records,
  withdraw,
  withdrawalCount,
} from './testing.ts';

/** POST /api/withdraw: the spec's rules in order, the server's, the hold, on SQLite or PostgreSQL. */
describe('withdrawals: submitting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  const defaults = async () => {
    await t.site.set('withdraw_max_per_txn', 50_000);
    await t.site.set('withdraw_daily_count', 5);
    await t.site.set('withdraw_daily_max', 200_000);
    await t.site.set('withdraw_open_from', '00:00');
    await t.site.set('withdraw_open_to', '00:00');
    await t.site.set('withdrawusdtrate', 7.1);
    await t.site.set('withdrawcashfee', 5);
    await t.site.set('withdrawfeeusdttrc', 1);
  };

  it('answers 401 without a session', async () => {
    expect(await t.post('/api/withdraw', { bank: 1, amount: 100, password: PAY })).toMatchObject({ code: CODE.unauthorized });
  });

  it('the spec\'s client rules in its order; nothing recorded or held', async () => {
    await defaults();
    const m = await newMember(t, 'wdrule01', 1000);
    const card = await bindBank(t, m.token);
    const cases: [Record<string, unknown>, string][] = [
      [{}, WITHDRAW_MSG.cardRequired],
      [{ bank: '', amount: 50, password: '' }, WITHDRAW_MSG.cardRequired],
      [{ bank: 'abc', amount: 500, password: PAY }, WITHDRAW_MSG.cardRequired],
      [{ bank: 0, amount: 500, password: PAY }, WITHDRAW_MSG.cardRequired],
      [{ bank: card, password: '' }, WITHDRAW_MSG.amountMin],
      [{ bank: card, amount: '', password: '' }, WITHDRAW_MSG.amountMin],
      [{ bank: card, amount: 99.99, password: '' }, WITHDRAW_MSG.amountMin],
      [{ bank: card, amount: -500, password: PAY }, WITHDRAW_MSG.amountMin],
      [{ bank: card, amount: '100.001', password: PAY }, WITHDRAW_MSG.amountInvalid],
      [{ bank: card, amount: 'lots', password: PAY }, WITHDRAW_MSG.amountInvalid],
      [{ bank: card, amount: 100 }, WITHDRAW_MSG.passwordRequired],
      [{ bank: card, amount: '100', password: '' }, WITHDRAW_MSG.passwordRequired],
      [{ bank: card, amount: 100, password: 654321 }, WITHDRAW_MSG.passwordRequired],
      [{ bank: card, amount: 100, password: 'x'.repeat(19) }, WITHDRAW_MSG.payPassWrong],
    ];
    for (const [body, message] of cases) {
      expect(await withdraw(t, m.token, body), JSON.stringify(body)).toMatchObject({ code: CODE.invalid, message });
    }
    expect(await withdrawalCount(t, m.id)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ central: 100_000, withdraw_hold: 0 });
  });

  it('hostile bodies answer a clear message and change nothing', async () => {
    const m = await newMember(t, 'wdhost01', 500);
    const card = await bindBank(t, m.token);
    const bodies: unknown[] = [
      '[]',
      'null',
      '"text"',
      { bank: { $gt: 0 }, amount: 100, password: PAY },
      { bank: [card], amount: 100, password: PAY },
      { bank: card, amount: { value: 100 }, password: PAY },
      { bank: card, amount: '1e5', password: PAY },
      { bank: card, amount: 'Infinity', password: PAY },
      { bank: card, amount: '9'.repeat(400), password: PAY },
      { bank: card, amount: 100, password: ['654321'] },
      { bank: `${card} OR 1=1`, amount: 100, password: PAY },
    ];
    for (const body of bodies) {
      const r = await t.post('/api/withdraw', body, { token: m.token });
      expect(r.code, JSON.stringify(body)).toBe(CODE.invalid);
      expect(r.message.length).toBeGreaterThan(0);
    }
    expect(await withdrawalCount(t, m.id)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ central: 50_000, withdraw_hold: 0 });
  });

  it('then the server\'s rules, in order: card, password, turnover, limits, window, funds; nothing held by a refusal', async () => {
    await defaults();
    const m = await newMember(t, 'wdrule02', 1000);
    const other = await newMember(t, 'wdrule03', 1000);
    const card = await bindBank(t, m.token);
    const othersCard = await bindBank(t, other.token);
    const gone = await bindBank(t, m.token);
    expect((await t.post('/api/delcard', { id: gone }, { token: m.token })).code).toBe(200);

    // one withdrawal today already: 100 yuan
    const first = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(first).toMatchObject({ code: 200, message: WITHDRAW_MSG.submitted });
    expect(first.data.withdraw_no).toMatch(/^W\d{20}$/);

    // now every later rule fails too, so each answer shows the first failing one
    await addRequirement(t.ctx.db, { memberId: m.id, source: 'deposit', reference: 'D-wdrule02', credited: 5_000, required: 5_000 });
    await t.site.set('withdraw_max_per_txn', 300);
    await t.site.set('withdraw_daily_count', 1);
    await t.site.set('withdraw_daily_max', 350);
    const bj = dayjs().tz(BUSINESS_TZ);
    await t.site.set('withdraw_open_from', bj.add(2, 'hour').format('HH:mm'));
    await t.site.set('withdraw_open_to', bj.add(3, 'hour').format('HH:mm'));

    const steps: [Record<string, unknown>, string, (() => Promise<void>)?][] = [
      [{ bank: othersCard, amount: 2000, password: 'wrong-pass' }, WITHDRAW_MSG.cardNotFound],
      [{ bank: gone, amount: 2000, password: 'wrong-pass' }, WITHDRAW_MSG.cardNotFound],
      [{ bank: 987654321, amount: 2000, password: 'wrong-pass' }, WITHDRAW_MSG.cardNotFound],
      [{ bank: card, amount: 2000, password: 'wrong-pass' }, WITHDRAW_MSG.payPassWrong],
      [{ bank: card, amount: 2000, password: PAY }, WITHDRAW_MSG.turnoverOwed('50.00'), async () => void (await waiveAll(t.ctx.db, m.id))],
      [{ bank: card, amount: 2000, password: PAY }, WITHDRAW_MSG.overMax('300.00')],
      [{ bank: card, amount: 260, password: PAY }, WITHDRAW_MSG.dailyCount(1), () => t.site.set('withdraw_daily_count', 5)],
      [{ bank: card, amount: 260, password: PAY }, WITHDRAW_MSG.dailyTotal('250.00')],
      [
        { bank: card, amount: 250, password: PAY },
        WITHDRAW_MSG.closed(bj.add(2, 'hour').format('HH:mm'), bj.add(3, 'hour').format('HH:mm')),
        async () => {
          await t.site.set('withdraw_open_from', '00:00');
          await t.site.set('withdraw_open_to', '00:00');
          await t.site.set('withdraw_max_per_txn', 5000);
          await t.site.set('withdraw_daily_max', 5000);
        },
      ],
      [{ bank: card, amount: 950, password: PAY }, WITHDRAW_MSG.insufficient('900.00')],
    ];
    for (const [body, message, after] of steps) {
      expect(await withdraw(t, m.token, body), message).toMatchObject({ code: CODE.invalid, message });
      expect(await withdrawalCount(t, m.id)).toBe(1);
      expect(await balances(t, m.id)).toMatchObject({ central: 90_000, withdraw_hold: 10_000 });
      await after?.();
    }
    // and the same call within everything goes through
    expect(await withdraw(t, m.token, { bank: card, amount: 900, password: PAY })).toMatchObject({ code: 200 });
    expect(await balances(t, m.id)).toMatchObject({ central: 0, withdraw_hold: 100_000 });
    // the other member was never touched
    expect(await balances(t, other.id)).toMatchObject({ central: 100_000, withdraw_hold: 0 });
    await expectLedgerSound(t);
  });

  it('a window past midnight: open before and after it', async () => {
    await defaults();
    const m = await newMember(t, 'wdwind01', 300);
    const card = await bindBank(t, m.token);
    const bj = dayjs().tz(BUSINESS_TZ);
    // from one hour ago to one hour ago minus a minute: open nearly all day, across midnight
    await t.site.set('withdraw_open_from', bj.subtract(1, 'hour').format('HH:mm'));
    await t.site.set('withdraw_open_to', bj.subtract(61, 'minute').format('HH:mm'));
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ code: 200 });
    await defaults();
  });

  it('20 withdrawals of 300 at once from 1000: exactly 3 held, the rest refused', async () => {
    await defaults();
    const m = await newMember(t, 'wdrace01', 1000);
    const card = await bindBank(t, m.token);
    const replies = await Promise.all(Array.from({ length: 20 }, () => withdraw(t, m.token, { bank: card, amount: 300, password: PAY })));
    const done = replies.filter((r) => r.code === 200);
    expect(done.length).toBe(3);
    expect(new Set(done.map((r) => r.data.withdraw_no)).size).toBe(3);
    for (const r of replies.filter((x) => x.code !== 200)) {
      expect(r.code).toBe(CODE.invalid);
      expect(r.message.startsWith('中心钱包余额不足')).toBe(true);
    }
    expect(await balances(t, m.id)).toMatchObject({ central: 10_000, withdraw_hold: 90_000 });
    expect(await withdrawalCount(t, m.id)).toBe(3);
    await expectLedgerSound(t);
  });

  it('10 at once under a daily count of 4: exactly 4 pass, whatever the interleaving', async () => {
    await defaults();
    await t.site.set('withdraw_daily_count', 4);
    const m = await newMember(t, 'wdrace02', 5000);
    const card = await bindBank(t, m.token);
    const replies = await Promise.all(Array.from({ length: 10 }, () => withdraw(t, m.token, { bank: card, amount: 100, password: PAY })));
    expect(replies.filter((r) => r.code === 200).length).toBe(4);
    for (const r of replies.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: CODE.invalid, message: WITHDRAW_MSG.dailyCount(4) });
    expect(await balances(t, m.id)).toMatchObject({ central: 460_000, withdraw_hold: 40_000 });
    await expectLedgerSound(t);
    await defaults();
  });

  it('the day is the Beijing day: yesterday\'s withdrawals and rejected ones do not count', async () => {
    await defaults();
    await t.site.set('withdraw_daily_count', 1);
    const m = await newMember(t, 'wdday001', 1000);
    const card = await bindBank(t, m.token);
    const first = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(first.code).toBe(200);
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ message: WITHDRAW_MSG.dailyCount(1) });
    // the first one was made just before 00:00 Beijing time of today
    const todayStart = dayjs().tz(BUSINESS_TZ).startOf('day').valueOf();
    await t.ctx.db.updateTable('withdrawals').set({ created_at: todayStart - 1 }).where('withdraw_no', '=', first.data.withdraw_no).execute();
    const second = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    expect(second.code, second.message).toBe(200);
    // a rejected withdrawal gives its share of the day back
    const op = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/withdrawals/reject', { withdraw_no: second.data.withdraw_no, reason: '测试' }, { token: op })).code).toBe(200);
    expect((await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).code).toBe(200);
    await defaults();
    await expectLedgerSound(t);
  });

  it('another member\'s card id is refused and nothing moves', async () => {
    await defaults();
    const a = await newMember(t, 'wdcard01', 1000);
    const b = await newMember(t, 'wdcard02', 1000);
    const bCard = await bindBank(t, b.token);
    const bUsdt = await bindUsdt(t, b.token, 'TRC20');
    for (const id of [bCard, bUsdt, String(bCard)]) {
      expect(await withdraw(t, a.token, { bank: id, amount: 100, password: PAY })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_MSG.cardNotFound });
    }
    expect(await withdrawalCount(t, a.id)).toBe(0);
    expect(await withdrawalCount(t, b.id)).toBe(0);
    expect(await balances(t, a.id)).toMatchObject({ central: 100_000, withdraw_hold: 0 });
    expect(await balances(t, b.id)).toMatchObject({ central: 100_000, withdraw_hold: 0 });
  });

  it('USDT: chain from the address, fee by chain, floor(amount / rate, 2) and received, kept at the rate of the moment', async () => {
    await defaults();
    const m = await newMember(t, 'wdusdt01', 3000);
    const trc = await bindUsdt(t, m.token, 'TRC20');
    const erc = await bindUsdt(t, m.token, 'ERC20');
    expect(await withdraw(t, m.token, { bank: trc, amount: 1000, password: PAY })).toMatchObject({ code: 200 });
    expect(await withdraw(t, m.token, { bank: erc, amount: 1000, password: PAY })).toMatchObject({ code: 200 });
    // the rate changes afterwards: the stored figures stay
    await t.site.set('withdrawusdtrate', 6.5);
    const list = (await records(t, m.token)).data;
    const byChain = Object.fromEntries(list.map((r) => [r.usdt.chain, r]));
    // 1000 / 7.1 = 140.8450... -> 140.84
    expect(byChain.TRC20).toMatchObject({ amount: 1000, state: 1, usdt: { chain: 'TRC20', rate: 7.1, amount: 140.84, fee: 1, received: 139.84 } });
    expect(byChain.ERC20).toMatchObject({ amount: 1000, state: 1, usdt: { chain: 'ERC20', rate: 7.1, amount: 140.84, fee: 5, received: 135.84 } });
    expect(byChain.TRC20.pay_way).toMatch(/^USDT-TRC20 尾号/);
    // at the new rate: 100 / 6.5 = 15.3846 -> 15.38
    expect(await withdraw(t, m.token, { bank: trc, amount: 100, password: PAY })).toMatchObject({ code: 200 });
    expect((await records(t, m.token)).data[0]).toMatchObject({ amount: 100, usdt: { rate: 6.5, amount: 15.38, fee: 1, received: 14.38 } });

    // a fee that leaves nothing: refused, nothing held
    await t.site.set('withdrawfeeusdttrc', 16);
    const before = await balances(t, m.id);
    expect(await withdraw(t, m.token, { bank: trc, amount: 100, password: PAY })).toMatchObject({
      code: CODE.invalid,
      message: WITHDRAW_MSG.usdtNothingReceived('16.00'),
    });
    expect(await balances(t, m.id)).toEqual(before);
    expect(await withdrawalCount(t, m.id)).toBe(3);
    await defaults();
    await expectLedgerSound(t);
  });

  it('records: type 2 lists the member\'s own withdrawals, newest first; types 3 and 4 still answer', async () => {
    await defaults();
    const m = await newMember(t, 'wdrec001', 1000);
    const other = await newMember(t, 'wdrec002');
    const card = await bindBank(t, m.token);
    const a = await withdraw(t, m.token, { bank: card, amount: 100, password: PAY });
    const b = await withdraw(t, m.token, { bank: card, amount: 200.5, password: PAY });
    const page = await records(t, m.token);
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.out_trade_no)).toEqual([b.data.withdraw_no, a.data.withdraw_no]);
    expect(page.data[0]).toMatchObject({ amount: 200.5, state: 1, usdt: null, reason: '' });
    expect(page.data[0].pay_way).toMatch(/^招商银行 尾号\d{4}$/);
    expect((await records(t, other.token)).total).toBe(0);
    for (const type of [3, 4]) expect((await t.post('/api/gettransrecord', { type }, { token: m.token })).code).toBe(200);
    // the balance answers what is left; getBetAmount still answers the turnover owed
    expect((await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(0);
  });
});
