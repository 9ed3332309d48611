import { PROMO_ADMIN_MSG, PROMO_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { ApiError } from '../../http/envelope.ts';
import { remaining } from '../turnover/index.ts';
import { ledgerDepositsBetween } from './index.ts';
import { depositWindow, grabRedPacket, inGrabWindow, redPacketInfo } from './red-packets.ts';
import { memberWithCard } from '../payments/testing.ts';
import { adminToken, bj, central, deposit, expectClean, memberId } from './testing.ts';

/** Red packets: operator rules, the 10:00-12:00 window, deposits counted, the allowance under races (SQLite and PostgreSQL). */
describe('red packets', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const DAY = '2026-05-20';
  const at = (hm: string) => bj(`${DAY} ${hm}`);

  /**
   * Deposits at chosen past times are written the way the payments module credits them (a
   * house:deposits entry at the credit time) and counted from those entries; the payments
   * module's own counter (its deposits table by credit time) is used over HTTP below.
   */
  const deps = () => ({ ...t.promotions.deps, depositsCreditedBetween: ledgerDepositsBetween });
  const grab = async (name: string, now: number) => {
    try {
      return await grabRedPacket(deps(), ids[name], now);
    } catch (err) {
      if (err instanceof ApiError) return err.message;
      throw err;
    }
  };

  beforeAll(async () => {
    t = await startApp();
    admin = await adminToken(t);
    for (const n of ['hongbao01', 'hongbao02', 'hongbao03', 'hongbao04']) {
      tokens[n] = await t.register(n);
      ids[n] = await memberId(t, n);
    }
    // 100-999.99 yuan deposited: 2 grabs of 1.88-8.88 yuan, 3x turnover; 1000+: 3 grabs of 1-5 % (at most 88 yuan)
    const small = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: '小额红包', start_time: '2026-05-01 00:00:00', end_time: '2026-06-01 00:00:00', deposit_min: 100, deposit_max: 999.99, grabs: 2, mode: 'fixed', amount_min: 1.88, amount_max: 8.88, turnover_multiple: 3 },
      { token: admin },
    );
    expect(small.code).toBe(200);
    const big = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: '大额红包', start_time: '2026-05-01 00:00:00', end_time: '2026-06-01 00:00:00', deposit_min: 1000, grabs: 3, mode: 'percent', percent_min: 1, percent_max: 5, amount_max: 88, turnover_multiple: 1 },
      { token: admin },
    );
    expect(big.code).toBe(200);
    // hongbao01: 500 yuan in the window (yesterday 12:00 - today 10:00), 5000 outside it
    await deposit(t.ctx.db, ids.hongbao01, 20_000, bj('2026-05-19 12:00:00'));
    await deposit(t.ctx.db, ids.hongbao01, 30_000, at('09:59:59'));
    await deposit(t.ctx.db, ids.hongbao01, 500_000, at('10:00:00'));
    await deposit(t.ctx.db, ids.hongbao01, 500_000, bj('2026-05-19 11:59:59'));
    // hongbao02: 2000 yuan in the window; hongbao03: 99 yuan (below every rule); hongbao04 nothing
    await deposit(t.ctx.db, ids.hongbao02, 200_000, bj('2026-05-19 20:00:00'));
    await deposit(t.ctx.db, ids.hongbao03, 9_900, bj('2026-05-19 20:00:00'));
  });
  afterAll(() => t.stop());

  it('operators write rules with their rules checked; members read them as rules[]', async () => {
    const bad = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: 'x', start_time: '2026-05-02 00:00:00', end_time: '2026-05-01 00:00:00', deposit_min: 1, grabs: 1, mode: 'fixed', amount_min: 1, amount_max: 2 },
      { token: admin },
    );
    expect(bad).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.ruleTime });
    const inverted = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: 'x', start_time: '2026-05-01 00:00:00', end_time: '2026-05-02 00:00:00', deposit_min: 1, grabs: 1, mode: 'fixed', amount_min: 5, amount_max: 2 },
      { token: admin },
    );
    expect(inverted).toMatchObject({ code: 400, message: PROMO_ADMIN_MSG.ruleAmount });
    // members cannot call operator calls
    expect((await t.post('/admin/api/red-packet-rules/list', { page: 1 }, { token: tokens.hongbao01 })).code).toBe(401);
    // a third rule, edited then deleted, with an audit row for each step
    const extra = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: '临时', start_time: '2026-05-01 00:00:00', end_time: '2026-06-01 00:00:00', deposit_min: 50000, grabs: 1, mode: 'fixed', amount_min: 1, amount_max: 2 },
      { token: admin },
    );
    const updated = await t.post(
      '/admin/api/red-packet-rules/update',
      { id: extra.data.id, name: '临时2', start_time: '2026-05-01 00:00:00', end_time: '2026-06-01 00:00:00', deposit_min: 60000, grabs: 2, mode: 'fixed', amount_min: 1, amount_max: 3, state: 0 },
      { token: admin },
    );
    expect(updated.data).toMatchObject({ name: '临时2', recharge: 60000, day_flow: 2, state: 0 });
    expect((await t.post('/admin/api/red-packet-rules/delete', { id: extra.data.id }, { token: admin })).code).toBe(200);
    expect(await t.post('/admin/api/red-packet-rules/delete', { id: extra.data.id }, { token: admin })).toMatchObject({ code: 404, message: PROMO_ADMIN_MSG.ruleNotFound });
    const audits = await t.ctx.db.selectFrom('admin_audit').select('action').where('target', '=', `red_packet_rule:${extra.data.id}`).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['red_packet_rule.create', 'red_packet_rule.update', 'red_packet_rule.delete']);
    const list = await t.post('/admin/api/red-packet-rules/list', { page: 1 }, { token: admin });
    expect(list.data.total).toBe(2);
    const info = await redPacketInfo(deps(), ids.hongbao01, at('10:30:00'));
    expect(info.rules.map((r) => [r.recharge, r.recharge_max, r.day_flow, r.flow_money, r.start_time])).toEqual([
      [100, 999.99, 2, 8.88, '2026-05-01 00:00:00'],
      [1000, null, 3, 88, '2026-05-01 00:00:00'],
    ]);
  });

  it('counts deposits from 12:00 yesterday to 10:00 today and answers the matching allowance', async () => {
    expect(await redPacketInfo(deps(), ids.hongbao01, at('10:30:00'))).toMatchObject({ deposits: 500, max_times: 2, sendnums: 2, acquirednum: 0, in_window: true, switch: 1 });
    expect(await redPacketInfo(deps(), ids.hongbao02, at('09:00:00'))).toMatchObject({ deposits: 2000, max_times: 3, sendnums: 3, in_window: false });
    expect(await redPacketInfo(deps(), ids.hongbao03, at('10:30:00'))).toMatchObject({ deposits: 99, max_times: 0, sendnums: 0 });
  });

  it('refuses outside 10:00-12:00, and members who have not deposited enough', async () => {
    const before = await central(t, ids.hongbao01);
    expect(await grab('hongbao01', at('09:59:59'))).toBe(PROMO_MSG.outsideWindow);
    expect(await grab('hongbao01', at('12:00:00'))).toBe(PROMO_MSG.outsideWindow);
    expect(await grab('hongbao03', at('10:30:00'))).toBe(PROMO_MSG.notEligible);
    expect(await grab('hongbao04', at('11:00:00'))).toBe(PROMO_MSG.notEligible);
    expect(await central(t, ids.hongbao01)).toBe(before);
  });

  it('a grab inside the window credits an amount within the rule, with its turnover, until the allowance is used', async () => {
    const before = await central(t, ids.hongbao01);
    const first = await grab('hongbao01', at('10:00:00'));
    expect(first).toMatchObject({ sendnums: 1 });
    const won = (first as { redpacketmoney: number }).redpacketmoney;
    expect(won).toBeGreaterThanOrEqual(1.88);
    expect(won).toBeLessThanOrEqual(8.88);
    expect((await central(t, ids.hongbao01)) - before).toBe(Math.round(won * 100));
    expect(await remaining(t.ctx.db, ids.hongbao01)).toBe(Math.round(won * 100) * 3);
    expect(await grab('hongbao01', at('11:59:59'))).toMatchObject({ sendnums: 0 });
    expect(await grab('hongbao01', at('11:59:59'))).toBe(PROMO_MSG.notEligible);
    const info = await redPacketInfo(deps(), ids.hongbao01, at('11:00:00'));
    expect(info).toMatchObject({ sendnums: 0, acquirednum: 2, max_times: 2 });
    // the next day the window counts other deposits: none, so nothing
    expect(await grab('hongbao01', bj('2026-05-21 10:30:00'))).toBe(PROMO_MSG.notEligible);
    await expectClean(t);
  });

  it('twenty concurrent grabs never exceed the allowance; percent rules draw within the deposits', async () => {
    const before = await central(t, ids.hongbao02);
    const results = await Promise.all(Array.from({ length: 20 }, () => grab('hongbao02', at('10:15:00'))));
    const wins = results.filter((r) => typeof r === 'object') as { redpacketmoney: number }[];
    expect(wins).toHaveLength(3);
    expect(results.filter((r) => typeof r === 'string').every((m) => m === PROMO_MSG.notEligible)).toBe(true);
    // 1-5 % of 2000 yuan: 20-100, capped at 88
    for (const w of wins) {
      expect(w.redpacketmoney).toBeGreaterThanOrEqual(20);
      expect(w.redpacketmoney).toBeLessThanOrEqual(88);
    }
    const total = wins.reduce((a, w) => a + Math.round(w.redpacketmoney * 100), 0);
    expect((await central(t, ids.hongbao02)) - before).toBe(total);
    const house = await t.ctx.db.selectFrom('ledger_accounts').select('balance').where('code', '=', 'house:red_packet').executeTakeFirstOrThrow();
    expect(-Number(house.balance)).toBeGreaterThanOrEqual(total);
    await expectClean(t);
  });

  it('POST /api/redpacket {page} lists the member own grabs (spec fields), paged; 红包已关闭 when switched off', async () => {
    const records = await t.post('/api/redpacket', { page: 1 }, { token: tokens.hongbao02 });
    expect(records.data).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(Object.keys(records.data.data[0])).toEqual(expect.arrayContaining(['money', 'redpacketmoney', 'created_at', 'usetime']));
    expect(records.data.data[0].money).toBe(2000);
    expect((await t.post('/api/redpacket', { page: 1 }, { token: tokens.hongbao04 })).data.total).toBe(0);
    expect((await t.post('/api/redpacket', { page: 'abc' }, { token: tokens.hongbao04 })).code).toBe(400);
    // records are a member's own: no guest reads any
    expect((await t.post('/api/redpacket', { page: 1 })).code).toBe(401);
    const site = { ...deps(), settings: async () => ({ ...(await t.promotions.deps.settings()), redpacket_switch: 0 as const }) };
    await expect(grabRedPacket(site, ids.hongbao02, at('10:30:00'))).rejects.toMatchObject({ message: PROMO_MSG.redPacketOff });
  });

  it('over HTTP the grab answers data.redpacketmoney (clock: the real one, so only the refusal shapes are fixed)', async () => {
    const r = await t.post('/api/douserredpacket', {}, { token: tokens.hongbao04 });
    expect(r.code).toBe(400);
    expect([PROMO_MSG.outsideWindow, PROMO_MSG.notEligible]).toContain(r.message);
    // GET /api/userredpacket: the grab info the original /hongbao reads (sendnums, acquirednum, max_times, rules)
    const info = await t.get('/api/userredpacket', { token: tokens.hongbao04 });
    expect(info.data).toMatchObject({ sendnums: 0, acquirednum: 0, max_times: 0, rules: expect.any(Array) });
    // (rules[] items, with the spec's fields, are the first test's; none is active on the real clock here)
    // the original's /welfare sends its page along: read, no effect
    // (`now` is the server's clock at each answer: two calls may fall in different seconds)
    const withPage = await t.get('/api/userredpacket?page=1', { token: tokens.hongbao04 });
    expect({ ...withPage.data, now: undefined }).toEqual({ ...info.data, now: undefined });
    // a member's grabs show in acquirednum
    expect((await t.get('/api/userredpacket', { token: tokens.hongbao02 })).data).toMatchObject({ acquirednum: expect.any(Number) });
    expect((await t.post('/api/douserredpacket', {})).code).toBe(401);
    // guests read the rules with no allowance; a bad token still answers 401
    const guest = await t.get('/api/userredpacket');
    expect(guest).toMatchObject({ code: 200, data: { sendnums: 0, max_times: 0, acquirednum: 0, deposits: 0 } });
    expect(guest.data.rules).toEqual(info.data.rules);
    expect((await t.get('/api/userredpacket', { token: 'nonsense-token-that-is-long-enough' })).code).toBe(401);
  });
});

/**
 * The test clock (test-only config) and the payments module's deposits: a manual deposit
 * approved now counts toward the next grab window, which the clock is set inside of.
 */
describe('red packets on the test clock, with a deposit through the payments module', () => {
  let t: TestApp;
  // deposits made now count for the window that opens at the next 10:00 Beijing
  const realNow = Date.now();
  const nextTen = (() => {
    const tenToday = bj(`${new Date(realNow + 8 * 3_600_000).toISOString().slice(0, 10)} 10:00:00`);
    return realNow < tenToday ? tenToday : tenToday + 86_400_000;
  })();
  beforeAll(async () => {
    t = await startApp({ promoTestNow: nextTen + 30 * 60_000 });
  });
  afterAll(() => t.stop());

  it('window arithmetic: 12:00 yesterday to 10:00 today; grabs 10:00 to 12:00', () => {
    const w = depositWindow(bj('2026-05-20 10:30:00'));
    expect([w.from, w.to]).toEqual([bj('2026-05-19 12:00:00'), bj('2026-05-20 10:00:00')]);
    expect([bj('2026-05-20 09:59:59'), bj('2026-05-20 10:00:00'), bj('2026-05-20 11:59:59'), bj('2026-05-20 12:00:00')].map(inGrabWindow)).toEqual([false, true, true, false]);
  });

  it('grabs over HTTP inside the window on a deposit the operator approved', async () => {
    const admin = await adminToken(t);
    const rule = await t.post(
      '/admin/api/red-packet-rules/create',
      { name: '测试', start_time: '2020-01-01 00:00:00', end_time: '2099-01-01 00:00:00', deposit_min: 100, grabs: 1, mode: 'fixed', amount_min: 1, amount_max: 1, turnover_multiple: 1 },
      { token: admin },
    );
    expect(rule.code).toBe(200);
    // a guest reads the active rule (no allowance)
    expect((await t.get('/api/userredpacket')).data.rules.map((r: { name: string }) => r.name)).toEqual(['测试']);
    const m = await memberWithCard(t, 'hbpay');
    const order = await t.post('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行' }, { token: m.token });
    expect(order.code).toBe(200);
    expect((await t.post('/admin/api/deposits/approve', { deposit_no: order.message }, { token: admin })).code).toBe(200);
    const info = await t.get('/api/userredpacket', { token: m.token });
    expect(info.data).toMatchObject({ in_window: true });
    // a deposit credited between 10:00 and 12:00 Beijing counts toward no window (spec: 12:00 to 10:00)
    const creditedInGap = depositWindow(nextTen + 30 * 60_000).from > Date.now();
    if (creditedInGap) {
      expect(info.data).toMatchObject({ deposits: 0, sendnums: 0 });
      expect((await t.post('/api/douserredpacket', {}, { token: m.token })).message).toBe(PROMO_MSG.notEligible);
    } else {
      expect(info.data).toMatchObject({ deposits: 300, sendnums: 1, max_times: 1 });
      const r = await t.post('/api/douserredpacket', {}, { token: m.token });
      expect(r).toMatchObject({ code: 200, data: { redpacketmoney: 1, sendnums: 0 } });
      expect((await t.post('/api/douserredpacket', {}, { token: m.token })).message).toBe(PROMO_MSG.notEligible);
      expect((await t.post('/api/redpacket', { page: 1 }, { token: m.token })).data.data[0]).toMatchObject({ money: 300, redpacketmoney: 1 });
    }
    await expectClean(t);
  });
});
