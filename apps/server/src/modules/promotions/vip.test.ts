import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { dayBounds } from './days.ts';
import { addBet, bj, expectClean, memberId } from './testing.ts';
import { progressPercent, reviewVipDay } from './vip.ts';

/** VIP: one level per day by cumulative deposit and flow, retention within 90 days, demotion (SQLite and PostgreSQL). */
describe('VIP promotion and retention', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  /** the daily job's tick 31 minutes after the reviewed day ended (after the rebate settle delay) */
  const tickAfter = (day: string) => t.promotions.vipTick(dayBounds(day).end + 31 * 60_000);
  const review = (day: string) => reviewVipDay(t.promotions.deps, day, dayBounds(day).end + 31 * 60_000);
  const vip = async (name: string) => Number((await t.ctx.db.selectFrom('members').select('vip').where('id', '=', ids[name]).executeTakeFirstOrThrow()).vip);
  const history = (name: string) =>
    t.ctx.db.selectFrom('vip_history').select(['day', 'from_level', 'to_level', 'reason']).where('member_id', '=', ids[name]).orderBy('day').execute();

  beforeAll(async () => {
    t = await startApp();
    for (const n of ['vipfast01', 'vipkeep02', 'vipkeep03']) {
      tokens[n] = await t.register(n);
      ids[n] = await memberId(t, n);
    }
    const db = t.ctx.db;
    // paysum is the payments module's cumulative deposit (fen)
    await db.updateTable('members').set({ paysum: 600_000 }).where('id', '=', ids.vipfast01).execute();
    await db.updateTable('members').set({ paysum: 100_000 }).where('id', '=', ids.vipkeep02).execute();
    await db.updateTable('members').set({ paysum: 10_000 }).where('id', '=', ids.vipkeep03).execute();
    // 60000 yuan of valid bets: enough flow for VIP3 at once
    await addBet(db, { memberId: ids.vipfast01, platform: 'ag', category: 'realbet', valid: 6_000_000, settledAt: bj('2026-01-01 15:00:00') });
    await addBet(db, { memberId: ids.vipkeep02, platform: 'ag', category: 'realbet', valid: 1_000_000, settledAt: bj('2026-01-01 15:00:00') });
    await addBet(db, { memberId: ids.vipkeep03, platform: 'ag', category: 'realbet', valid: 100_000, settledAt: bj('2026-01-01 15:00:00') });
  });
  afterAll(() => t.stop());

  it('a new member starts at VIP1 (issue 19): userInfo says vip 1, current_vip VIP1', async () => {
    expect(await vip('vipkeep03')).toBe(1);
    expect((await t.post('/api/user', {}, { token: tokens.vipkeep03 })).data).toMatchObject({ vip: 1, current_vip: 'VIP1' });
  });

  it('the migration moves members left at VIP0 to VIP1 and leaves every other level', async () => {
    const { liftVip0Members } = await import('../../db/migrations/024_entry_vip1.ts');
    await t.register('viplift01');
    ids.viplift01 = await memberId(t, 'viplift01');
    await t.ctx.db.updateTable('members').set({ vip: 0 }).where('id', '=', ids.viplift01).execute();
    await t.ctx.db.updateTable('members').set({ vip: 4 }).where('id', '=', ids.vipkeep03).execute();
    await liftVip0Members(t.ctx.db);
    expect([await vip('viplift01'), await vip('vipkeep03'), await vip('vipfast01')]).toEqual([1, 4, 1]);
    await t.ctx.db.updateTable('members').set({ vip: 1 }).where('id', '=', ids.vipkeep03).execute();
  });

  it('waits for the day rebate settlement, then climbs one level a day without skipping, once per day however often it runs', async () => {
    // before the settle delay nothing is settled, and the review waits for it
    expect(await t.promotions.vipTick(bj('2026-01-02 00:05:00'))).toBeNull();
    expect(await t.promotions.rebateTick(bj('2026-01-02 00:05:00'))).toBeNull();
    expect(await tickAfter('2026-01-01')).toBeNull();
    await t.promotions.rebateTick(bj('2026-01-02 00:31:00'));
    const first = await Promise.all([tickAfter('2026-01-01'), tickAfter('2026-01-01')]);
    expect(first.filter((r) => r?.reviewed)).toHaveLength(1);
    expect(await vip('vipfast01')).toBe(2);
    await tickAfter('2026-01-01');
    expect(await vip('vipfast01')).toBe(2);
    await t.promotions.rebateTick(bj('2026-01-03 00:31:00'));
    await tickAfter('2026-01-02');
    expect(await vip('vipfast01')).toBe(3);
    // VIP4 asks 20000 yuan deposited
    await review('2026-01-03');
    expect(await vip('vipfast01')).toBe(3);
    expect(await history('vipfast01')).toEqual([
      { day: '2026-01-01', from_level: 1, to_level: 2, reason: 'promotion' },
      { day: '2026-01-02', from_level: 2, to_level: 3, reason: 'promotion' },
    ]);
    expect(await vip('vipkeep02')).toBe(2);
    // 100 yuan deposited and 1000 of flow reach VIP2 nowhere near: the starting level stays
    expect(await vip('vipkeep03')).toBe(1);
    expect(await history('vipkeep03')).toEqual([]);
  });

  it('shows progress by the spec formula and what keeps the level', async () => {
    const r = await t.post('/api/vipprogress', {}, { token: tokens.vipkeep02 });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ vip: 2, paysum: 1000, flow: 10000, flow_through: '2026-01-03', next: { level: 3, recharge: 5000, flow: 50000, percent: 20, flow_percent: 20 } });
    // VIP2 keeps its level with 10 % of its 10000 yuan flow within 90 days of reaching it (2026-01-02 00:00)
    expect(r.data.retention).toMatchObject({ level: 2, required: 1000, done: 0, deadline: '2026-04-02 00:00:00' });
    // the starting level has nothing to keep
    const first = await t.post('/api/vipprogress', {}, { token: tokens.vipkeep03 });
    expect(first.data).toMatchObject({ vip: 1, retention: null, next: { level: 2 } });
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(100, 0)).toBe(0);
    expect(progressPercent(999, 1000)).toBe(100);
    expect(progressPercent(994, 1000)).toBe(99);
    expect(progressPercent(5000, 1000)).toBe(100);
  });

  it('drops one level when 90 days pass without it, and climbs back only after betting the retention turnover again', async () => {
    expect(await vip('vipkeep02')).toBe(2);
    await review('2026-03-31');
    expect(await vip('vipkeep02')).toBe(2);
    await review('2026-04-01');
    expect(await vip('vipkeep02')).toBe(1);
    // cumulative figures still reach VIP2, but the level it lost asks its retention turnover again
    await review('2026-04-02');
    expect(await vip('vipkeep02')).toBe(1);
    await addBet(t.ctx.db, { memberId: ids.vipkeep02, platform: 'ag', category: 'realbet', valid: 100_000, settledAt: bj('2026-04-03 12:00:00') });
    await review('2026-04-03');
    expect(await vip('vipkeep02')).toBe(2);
    expect((await history('vipkeep02')).slice(-2)).toEqual([
      { day: '2026-04-01', from_level: 2, to_level: 1, reason: 'demotion' },
      { day: '2026-04-03', from_level: 1, to_level: 2, reason: 'promotion' },
    ]);
    const r = await t.post('/api/vipprogress', {}, { token: tokens.vipkeep02 });
    expect(r.data.history[0]).toEqual({ day: '2026-04-03', from: 1, to: 2, reason: 'promotion' });
    await expectClean(t);
  });

  it('never drops a member below VIP1: 90 days and more without a bet keep the starting level', async () => {
    await review('2026-04-05');
    await review('2026-05-20');
    expect(await vip('vipkeep03')).toBe(1);
    expect(await history('vipkeep03')).toEqual([]);
  });

  it('reviews members in chunks: a review cut short is finished by the next tick, each member moves once, one caller reports it', async () => {
    const D = '2026-06-10';
    const db = t.ctx.db;
    const long = bj('2026-01-01 00:00:00');
    // name: [vip, paysum fen, flow fen, period flow fen] and the level expected after the review
    const cases: Record<string, [number, number, number, number, number]> = {
      vipchunk0: [1, 600_000, 6_000_000, 0, 2], // climbs one level, not two
      vipchunk1: [1, 600_000, 6_000_000, 0, 2],
      vipchunk2: [1, 600_000, 6_000_000, 0, 2],
      vipchunk3: [2, 0, 1_000_000, 0, 1], // retention period over without its turnover: down one
      vipchunk4: [2, 0, 1_000_000, 500_000, 2], // retention met: kept, new period
      vipchunk5: [3, 600_000, 6_000_000, 0, 2], // down one, and not back up the same day
      vipchunk6: [1, 0, 0, 0, 1], // the starting level, period long over, nothing bet: stays VIP1
    };
    for (const [name, [level, paysum, flow, periodFlow]] of Object.entries(cases)) {
      await t.register(name);
      ids[name] = await memberId(t, name);
      await db.updateTable('members').set({ vip: level, paysum }).where('id', '=', ids[name]).execute();
      await db
        .insertInto('member_vip')
        .values({ member_id: ids[name], flow_total: flow, period_flow: periodFlow, period_start: long, last_change_day: null, updated_at: long })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ flow_total: flow, period_flow: periodFlow, period_start: long }))
        .execute();
    }
    const now = dayBounds(D).end + 31 * 60_000;
    const cut = await reviewVipDay(t.promotions.deps, D, now, { chunkMembers: 2, maxChunks: 1 });
    expect(cut.reviewed).toBe(false);
    const moved = () => db.selectFrom('vip_history').select(['member_id', 'reason']).where('day', '=', D).execute();
    const early = (await moved()).length;
    // two callers carry it on at once, taking turns chunk by chunk; the one that ends it reports it
    const both = await Promise.all([1, 2].map(() => reviewVipDay(t.promotions.deps, D, now, { chunkMembers: 2 })));
    const done = both.filter((r) => r.reviewed);
    expect(done).toHaveLength(1);
    expect(await reviewVipDay(t.promotions.deps, D, now)).toMatchObject({ reviewed: false });
    for (const [name, c] of Object.entries(cases)) expect(await vip(name), name).toBe(c[4]);
    const rows = await moved();
    expect(rows.length).toBeGreaterThan(early);
    // the report counts what the day's history holds, each member once
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(rows.length);
    expect(done[0]).toMatchObject({ promoted: rows.filter((r) => r.reason === 'promotion').length, demoted: rows.filter((r) => r.reason === 'demotion').length });
    expect(done[0].retained).toBeGreaterThanOrEqual(1);
    const kept = await db.selectFrom('member_vip').selectAll().where('member_id', '=', ids.vipchunk4).executeTakeFirstOrThrow();
    expect([Number(kept.period_start), Number(kept.period_flow)]).toEqual([dayBounds(D).end, 0]);
    await expectClean(t);
  });

  it('the test clock cannot be switched on in production or without the sandbox', () => {
    expect(() => loadConfig({ PROMO_TEST_NOW: '2026-05-20 10:30:00', NODE_ENV: 'production', DATA_DIR: t.ctx.config.dataDir, SANDBOX_SECRET: 'x'.repeat(40), PAYMENT_SECRET: 'y'.repeat(40) })).toThrow(/tests only/);
    expect(() => loadConfig({ PROMO_TEST_NOW: '2026-05-20 10:30:00', SANDBOX: 'off', DATA_DIR: t.ctx.config.dataDir })).toThrow(/tests only/);
    expect(loadConfig({ DATA_DIR: t.ctx.config.dataDir }).promoTestNow).toBeUndefined();
  });
});
