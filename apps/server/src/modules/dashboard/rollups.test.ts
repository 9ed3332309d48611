import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';

const DAY = 86_400_000;

/**
 * Issue 24: the dashboard reads the days the reports' rollup has closed from its day rows and
 * the rest live (today's entries, bets the rollup has not taken yet). Its figures must be those
 * it read from the ledger and the bets before: the same series before and after a rollup, and
 * what lands after the rollup counted at once.
 */
describe('dashboard figures over the reports rollups', () => {
  let t: TestApp;
  let owner: string;
  let member: number;
  const now = Date.now();
  let seq = 0;

  const credit = (amount: number, at: number, house: 'deposits' | 'bonus' | 'rebate' = 'deposits') =>
    wallet.creditFromHouse(t.ctx.db, { memberId: member, amount, house, reference: `roll-${++seq}`, idempotencyKey: `roll-${seq}`, now: at });
  const bet = (stake: number, result: number, settledAt: number) =>
    t.ctx.db
      .insertInto('bets')
      .values({ platform: 'pp', bet_id: `roll-b${++seq}`, member_id: member, game_code: 'g', game_name: '游戏', category_id: 'concise', bet_amount: stake, valid_amount: stake, win_loss: result, status: 1, created_at: settledAt - 60_000, settled_at: settledAt, pulled_at: settledAt })
      .execute();
  const series = async () => {
    const r = await t.post('/admin/api/dashboard/series', { days: 7 }, { token: owner });
    expect(r.code, r.message).toBe(200);
    return r.data.days as { day: string; deposits: number; bonuses: number; rebates: number; bets: number; ggr: number; new_members: number }[];
  };

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.register('rollup001');
    member = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'rollup001').executeTakeFirstOrThrow()).id);
    for (const [daysAgo, deposit, stake, result] of [[3, 30_000, 10_000, -4_000], [1, 12_000, 5_000, 2_500], [0, 7_000, 8_000, -1_000]] as const) {
      await credit(deposit, now - daysAgo * DAY);
      await credit(500, now - daysAgo * DAY, 'rebate');
      await bet(stake, result, now - daysAgo * DAY);
    }
  });
  afterAll(() => t.stop());

  it('answers the same series read live, after a rollup, and counts what came after it', async () => {
    const live = await series();
    expect(live.reduce((a, d) => a + d.deposits, 0)).toBe(490);
    expect(live.reduce((a, d) => a + d.bets, 0)).toBe(230);

    // the rollup closes the past days and takes the bets
    await t.reports.rollup(now);
    const closed = await t.ctx.db.selectFrom('report_marks').select('value').where('name', '=', 'ledger_day').executeTakeFirstOrThrow();
    expect(Number(closed.value)).toBeGreaterThan(Math.floor((now - 3 * DAY + 8 * 3_600_000) / DAY));
    expect(await series()).toEqual(live);

    // a late bet on a closed day and money today, both after the rollup: counted at once
    await bet(4_000, -4_000, now - 3 * DAY);
    await credit(1_000, now);
    await credit(200, now - 2 * DAY, 'bonus');
    const after = await series();
    const byDay = (rows: typeof after, i: number) => rows[rows.length - 1 - i];
    expect(byDay(after, 3).bets).toBe(byDay(live, 3).bets + 40);
    expect(byDay(after, 3).ggr).toBe(byDay(live, 3).ggr + 40);
    expect(byDay(after, 0).deposits).toBe(byDay(live, 0).deposits + 10);
    // an entry written with a closed day's time (not how postings are made) stays out until a re-run
    expect(byDay(after, 2).bonuses).toBe(byDay(live, 2).bonuses);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
