import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { PAY } from '../withdrawals/testing.ts';
import { addressFilter } from './addresses.ts';
import { rulesMemory, runRiskRules } from './rules-job.ts';

/**
 * The rules job's reading of bets (issue 36 point 9): (pulled_at, id) keyset pages see every bet
 * once however many share one pulled_at (a pull stamps its whole page with one time); a run out of
 * budget marks how far it got and the next runs go on from there without a gap; the scheduled
 * job's memory skips the bets it already checked within the overlap but checks a bet again when a
 * later pull rewrote it (settled). Big wins are the probe: one event per bet. SQLite and PostgreSQL.
 */
describe('risk rules job: reading bets', () => {
  let t: TestApp;
  let memberId = 0;
  let seq = 0;
  const filter = addressFilter([]);
  const WIN = 6_000_000; // 60,000 yuan: over big_win's default 50,000

  async function bets(count: number, pulledAt: (i: number) => number, over: Partial<{ status: number; win_loss: number }> = {}) {
    const rows = Array.from({ length: count }, (_, i) => ({
      platform: 'sbty',
      bet_id: `RJ${++seq}`,
      member_id: memberId,
      game_code: 'slot',
      game_name: '老虎机',
      category_id: 'concise',
      bet_amount: 1000,
      valid_amount: 1000,
      win_loss: over.win_loss ?? WIN,
      status: over.status ?? 1,
      created_at: pulledAt(i) - 60_000,
      settled_at: pulledAt(i),
      pulled_at: pulledAt(i),
    }));
    for (let i = 0; i < rows.length; i += 200) await t.ctx.db.insertInto('bets').values(rows.slice(i, i + 200)).execute();
    return rows.map((r) => r.bet_id);
  }
  const wins = async (ids: string[]) => {
    const keys = ids.map((b) => `big_win:bet:sbty:${b}`);
    let found = 0;
    for (let i = 0; i < keys.length; i += 500) {
      const r = await t.ctx.db.selectFrom('risk_events').select((eb) => eb.fn.countAll<number>().as('n')).where('evidence_key', 'in', keys.slice(i, i + 500)).executeTakeFirstOrThrow();
      found += Number(r.n);
    }
    return found;
  };
  const mark = async () => Number((await t.ctx.db.selectFrom('risk_marks').select('value').where('name', '=', 'bets').executeTakeFirstOrThrow()).value);

  beforeAll(async () => {
    t = await startApp();
    const r = await t.post('/api/register', { name: 'rjbettor1', password: 'secret123', confirmPass: 'secret123', realname: '测试赌客', paypassword: PAY }, { ip: '198.18.40.1' });
    expect(r.code, r.message).toBe(200);
    memberId = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'rjbettor1').executeTakeFirstOrThrow()).id);
    await runRiskRules(t.ctx.db, filter, Date.now()); // the first run sets the marks
  }, 120_000);
  afterAll(() => t?.stop());

  it('sees every bet of a pull that stamped more than a page with one pulled_at', async () => {
    const at = Date.now() - 1000;
    const ids = await bets(2500, () => at);
    const sum = await runRiskRules(t.ctx.db, filter, at + 1);
    expect(sum.caughtUp).toBe(true);
    expect(sum.betsRead).toBeGreaterThanOrEqual(2500);
    expect(await wins(ids)).toBe(2500);
  }, 120_000);

  it('a run out of budget marks how far it got; the next runs go on without a gap', async () => {
    const base = (await mark()) + 1000;
    // 2,500 bets 10 ms apart after the mark, then the runs at one clock, each allowed one page past the mark (a budget of 0)
    const ids = await bets(2500, (i) => base + i * 10);
    const now = base + 30_000;
    const memory = rulesMemory();
    const first = await runRiskRules(t.ctx.db, filter, now, { memory, budgetMs: 0 });
    expect(first.caughtUp).toBe(false);
    expect(await mark()).toBeLessThan(now);
    expect(await wins(ids)).toBeLessThan(2500);
    let runs = 1;
    for (let last = first; !last.caughtUp && runs < 50; runs++) last = await runRiskRules(t.ctx.db, filter, now, { memory, budgetMs: 0 });
    expect(runs).toBeGreaterThan(2);
    expect(await mark()).toBe(now);
    expect(await wins(ids)).toBe(2500);
  }, 120_000);

  it('the memory skips bets checked within the overlap, not a bet a later pull rewrote', async () => {
    const at = (await mark()) + 1000;
    const ids = await bets(30, () => at, { status: 2, win_loss: 0 });
    const memory = rulesMemory();
    const first = await runRiskRules(t.ctx.db, filter, at + 1, { memory });
    expect(first.betsChecked).toBeGreaterThanOrEqual(30);
    // read again (the overlap): nothing checked twice
    const again = await runRiskRules(t.ctx.db, filter, at + 2, { memory });
    expect(again.betsRead).toBeGreaterThanOrEqual(30);
    expect(again.betsChecked).toBe(0);
    // one of them settles as a big win: the pull writes it again with a later pulled_at
    await t.ctx.db.updateTable('bets').set({ status: 1, win_loss: WIN, pulled_at: at + 3 }).where('platform', '=', 'sbty').where('bet_id', '=', ids[7]).execute();
    const settled = await runRiskRules(t.ctx.db, filter, at + 4, { memory });
    expect(settled.betsChecked).toBe(1);
    expect(await wins(ids)).toBe(1);
  }, 120_000);
});
