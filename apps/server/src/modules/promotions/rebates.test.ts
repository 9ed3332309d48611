import { PROMO_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { remaining } from '../turnover/index.ts';
import { settleRebateDay } from './rebates.ts';
import { addBet, bj, central, expectClean, memberId } from './testing.ts';

/** Daily rebates: amounts by VIP rate and category, settled once per day, claimed once (SQLite and PostgreSQL). */
describe('rebates', () => {
  let t: TestApp;
  let a: number;
  let b: number;
  let tokenA: string;
  let tokenB: string;
  const D = '2026-03-10';

  beforeAll(async () => {
    t = await startApp();
    tokenA = await t.register('rebate01');
    tokenB = await t.register('rebate02');
    a = await memberId(t, 'rebate01');
    b = await memberId(t, 'rebate02');
    // b is VIP2 (rates 0.50 % live/sport/e-sport, 0.60 % card, 0.70 % slots, 0.40 % lottery)
    await t.ctx.db.updateTable('members').set({ vip: 2 }).where('id', '=', b).execute();
    const db = t.ctx.db;
    // a (a new member, VIP1: 0.40 % live, 0.60 % slots): slots + fishing at pp, live at ag
    await addBet(db, { memberId: a, platform: 'pp', category: 'concise', valid: 100_000, settledAt: bj(`${D} 00:00:00`) });
    await addBet(db, { memberId: a, platform: 'pp', category: 'fishing', valid: 33_333, settledAt: bj(`${D} 13:00:00`) });
    await addBet(db, { memberId: a, platform: 'ag', category: 'realbet', valid: 1_234_567, settledAt: bj(`${D} 23:59:59`) });
    // not of the day or not settled: never counted
    await addBet(db, { memberId: a, platform: 'ag', category: 'realbet', valid: 999_999, settledAt: bj('2026-03-11 00:00:00') });
    await addBet(db, { memberId: a, platform: 'ag', category: 'realbet', valid: 999_999, settledAt: bj('2026-03-09 23:59:59') });
    await addBet(db, { memberId: a, platform: 'ag', category: 'realbet', valid: 999_999, settledAt: bj(`${D} 12:00:00`), status: 0 });
    await addBet(db, { memberId: a, platform: 'ag', category: 'realbet', valid: 999_999, settledAt: bj(`${D} 12:00:00`), status: 2 });
    // b: sport + lottery at ob
    await addBet(db, { memberId: b, platform: 'ob', category: 'sport', valid: 500_000, settledAt: bj(`${D} 09:00:00`) });
    await addBet(db, { memberId: b, platform: 'ob', category: 'lottery', valid: 10_000, settledAt: bj(`${D} 10:00:00`) });
  });
  afterAll(() => t.stop());

  const rows = (id: number) =>
    t.ctx.db.selectFrom('rebates').select(['platform', 'day', 'valid_amount', 'amount', 'state']).where('member_id', '=', id).orderBy('platform').execute();

  it('waits for the settle delay after midnight, then settles the previous day once however often and from however many runs', async () => {
    expect(await t.promotions.rebateTick(bj('2026-03-11 00:10:00'))).toBeNull();
    // three concurrent runs, as from three processes (own holders), then the job again
    const runs = await Promise.all(['p1', 'p2', 'p3'].map((holder) => settleRebateDay({ ...t.promotions.deps, holder }, D, bj('2026-03-11 00:31:00'))));
    expect(runs.filter((r) => r.settled)).toHaveLength(1);
    const again = await t.promotions.rebateTick(bj('2026-03-11 00:40:00'));
    expect(again).toMatchObject({ day: D, settled: false });
    const won = runs.find((r) => r.settled)!;
    expect(won).toMatchObject({ members: 2, rows: 3, amount: 799 + 4938 + 2540 });
    // operators see the settled day
    const admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const listed = await t.post('/admin/api/rebates/runs', { page: 1 }, { token: admin });
    expect(listed.data.data).toEqual([expect.objectContaining({ day: D, members: 2, rows: 3, amount: 82.77 })]);
    expect((await t.post('/admin/api/rebates/runs', { page: 1 }, { token: tokenA })).code).toBe(401);
  });

  it('pays the member VIP rate of each category, one row per venue and day, rounded down to the fen', async () => {
    // pp: (100000 x 60 + 33333 x 60) / 10000 = 799.998 -> 799; ag: 1234567 x 40 / 10000 -> 4938
    expect(await rows(a)).toEqual([
      { platform: 'ag', day: D, valid_amount: 1_234_567, amount: 4938, state: 0 },
      { platform: 'pp', day: D, valid_amount: 133_333, amount: 799, state: 0 },
    ]);
    // VIP2: 500000 x 50 + 10000 x 40 -> 2540
    expect(await rows(b)).toEqual([{ platform: 'ob', day: D, valid_amount: 510_000, amount: 2540, state: 0 }]);
    // the day's valid bets count toward the VIP flow
    const flow = await t.ctx.db.selectFrom('member_vip').select('flow_total').where('member_id', '=', a).executeTakeFirstOrThrow();
    expect(Number(flow.flow_total)).toBe(1_367_900);
  });

  it('fishing earns the rate the operator chose', async () => {
    await addBet(t.ctx.db, { memberId: a, platform: 'fg', category: 'fishing', valid: 100_000, settledAt: bj('2026-03-11 08:00:00') });
    // the operator's setting, as site.settings() answers it once changed
    const deps = { ...t.promotions.deps, settings: async () => ({ ...(await t.promotions.deps.settings()), rebate_fishing_rate: 'joker' as const }) };
    await settleRebateDay(deps, '2026-03-11', bj('2026-03-12 01:00:00'));
    const day2 = (await rows(a)).filter((r) => r.day === '2026-03-11');
    // VIP1 card rate 0.50 %; the live bet settled at 00:00:00 belongs to this day (999999 x 40 -> 3999)
    expect(day2).toEqual([
      { platform: 'ag', day: '2026-03-11', valid_amount: 999_999, amount: 3999, state: 0 },
      { platform: 'fg', day: '2026-03-11', valid_amount: 100_000, amount: 500, state: 0 },
    ]);
  });

  it('lists the rows with claimed and pending totals and filters by venue and state', async () => {
    // the list's date filter counts from the server's today: use 30 days around the fixed dates
    const deps = t.promotions.deps;
    const { rebateList } = await import('./rebates.ts');
    const all = await rebateList(deps, a, { date: 4, page: 1, api_type: '', type: 0 }, bj('2026-03-12 09:00:00'));
    expect(all.list.total).toBe(4);
    expect(all.nojisuan).toBe(102.36);
    expect(all.jisuan).toBe(0);
    expect(all.list.data.map((r) => r.day)).toEqual(['2026-03-11', '2026-03-11', D, D]);
    expect(all.list.data.find((r) => r.platform === 'fg')).toMatchObject({ gamename: 'fg', day: '2026-03-11', money: 5, valid_amount: 1000, state: 0 });
    const pp = await rebateList(deps, a, { date: 4, page: 1, api_type: 'pp', type: 0 }, bj('2026-03-12 09:00:00'));
    expect(pp.list.data.map((r) => r.money)).toEqual([7.99]);
    const today = await rebateList(deps, a, { date: 1, page: 1, api_type: '', type: 0 }, bj('2026-03-12 09:00:00'));
    expect(today.list.total).toBe(0);
    // over HTTP: the spec's fields, and hostile filters answer a message
    const r = await t.post('/api/getfanshui', { date: 4, page: 1, api_type: '', type: 0 }, { token: tokenA });
    expect(r.code).toBe(200);
    expect(r.data).toHaveProperty('jisuan');
    expect(r.data).toHaveProperty('nojisuan', 102.36);
    expect((await t.post('/api/getfanshui', { date: 9 }, { token: tokenA })).code).toBe(400);
    expect((await t.post('/api/getfanshui', { api_type: "x' or 1=1" }, { token: tokenA })).code).toBe(400);
    expect((await t.post('/api/getfanshui', {})).code).toBe(401);
  });

  it('ten concurrent claims credit the pending total once, from the rebate house account, with 1x turnover', async () => {
    const before = await central(t, a);
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.post('/api/dofanshui', {}, { token: tokenA })));
    const okReplies = replies.filter((r) => r.code === 200);
    expect(okReplies).toHaveLength(1);
    expect(okReplies[0].data.money).toBe(102.36);
    expect(replies.filter((r) => r.code !== 200).every((r) => r.message === PROMO_MSG.nothingToClaim)).toBe(true);
    expect((await central(t, a)) - before).toBe(10236);
    expect(await remaining(t.ctx.db, a)).toBe(10236);
    expect((await t.post('/api/dofanshui', {}, { token: tokenA })).message).toBe(PROMO_MSG.nothingToClaim);
    const after = await t.post('/api/getfanshui', {}, { token: tokenA });
    expect(after.data).toMatchObject({ jisuan: 102.36, nojisuan: 0 });
    const house = await t.ctx.db.selectFrom('ledger_accounts').select('balance').where('code', '=', 'house:rebate').executeTakeFirstOrThrow();
    expect(Number(house.balance)).toBe(-10236);
    // another member's rows are untouched
    expect((await rows(b)).every((r) => r.state === 0)).toBe(true);
    await expectClean(t);
  });

  it('runs on the server scheduler: one claim per job and slot', async () => {
    const job = t.scheduler.jobs.find((j) => j.name === 'rebate_settle')!;
    expect(t.scheduler.jobs.map((j) => j.name)).toEqual(expect.arrayContaining(['rebate_settle', 'vip_review']));
    expect(job.everySeconds).toBe(300);
    const at = Date.now();
    expect(await t.scheduler.runOnce(job, at)).toBe(true);
    expect(await t.scheduler.runOnce(job, at)).toBe(false);
    const run = await t.ctx.db.selectFrom('job_runs').selectAll().where('job', '=', 'rebate_settle').executeTakeFirstOrThrow();
    expect(run.error).toBeNull();
  });

  it('a member with nothing pending is told so and nothing moves', async () => {
    const c = await t.register('rebate03');
    expect(await t.post('/api/dofanshui', {}, { token: c })).toMatchObject({ code: 400, message: PROMO_MSG.nothingToClaim });
    expect((await t.post('/api/dofanshui', {}, { token: tokenB })).data.money).toBe(25.4);
    await expectClean(t);
  });
});
