import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { addRequirement, fillFromBets, list, remaining, waive, waiveAll } from './index.ts';

/** Wagering requirement rows: one per credit, filled oldest first, on SQLite and PostgreSQL. */
describe('turnover requirements', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startApp();
    for (const name of ['turnover01', 'turnover02', 'turnover03', 'turnover04']) {
      await t.register(name);
      ids[name] = (await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.stop());

  const rows = async (memberId: number) =>
    (await list(t.ctx.db, memberId, 1, 50)).rows.map((r) => ({ source: r.source, required: r.required, done: r.done, open: r.completed_at === null })).reverse();

  it('adds one row per credit; a repeat of the same source and reference adds nothing', async () => {
    const m = ids.turnover01;
    expect(await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'D1', credited: 10000, required: 10000 })).toBe(true);
    expect(await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'D1', credited: 10000, required: 10000 })).toBe(false);
    expect(await addRequirement(t.ctx.db, { memberId: m, source: 'deposit_bonus', reference: 'D1', credited: 1000, required: 110000 })).toBe(true);
    expect(await addRequirement(t.ctx.db, { memberId: m, source: 'rebate', reference: 'R1', credited: 500, required: 0 })).toBe(false);
    expect(await remaining(t.ctx.db, m)).toBe(120000);
    await expect(addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'D2', credited: 1, required: 1.5 })).rejects.toThrow(RangeError);
  });

  it('settled bets fill the oldest row first and what exceeds every row is not kept', async () => {
    const m = ids.turnover01;
    await fillFromBets(t.ctx.db, m, 4000);
    expect(await rows(m)).toEqual([
      { source: 'deposit', required: 10000, done: 4000, open: true },
      { source: 'deposit_bonus', required: 110000, done: 0, open: true },
    ]);
    await fillFromBets(t.ctx.db, m, 16000);
    expect(await rows(m)).toEqual([
      { source: 'deposit', required: 10000, done: 10000, open: false },
      { source: 'deposit_bonus', required: 110000, done: 10000, open: true },
    ]);
    await fillFromBets(t.ctx.db, m, 500000);
    expect(await remaining(t.ctx.db, m)).toBe(0);
    // bets made before a credit do not count toward it
    await addRequirement(t.ctx.db, { memberId: m, source: 'red_packet', reference: 'H1', credited: 888, required: 2664 });
    expect(await remaining(t.ctx.db, m)).toBe(2664);
  });

  it('concurrent fills of one member never exceed a row nor lose a bet', async () => {
    const m = ids.turnover02;
    await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'C1', credited: 5000, required: 5000 });
    await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'C2', credited: 5000, required: 5000 });
    // 30 pulls of 300 each, each in its own transaction as the bet pull runs them
    await Promise.all(Array.from({ length: 30 }, () => t.ctx.db.transaction().execute((trx) => fillFromBets(trx, m, 300))));
    expect(await remaining(t.ctx.db, m)).toBe(10000 - 9000);
    expect(await rows(m)).toEqual([
      { source: 'deposit', required: 5000, done: 5000, open: false },
      { source: 'deposit', required: 5000, done: 4000, open: true },
    ]);
  });

  it('an operator waives what remains', async () => {
    const m = ids.turnover03;
    await addRequirement(t.ctx.db, { memberId: m, source: 'adjustment', reference: 'A1', credited: 100, required: 300 });
    expect(await waiveAll(t.ctx.db, m)).toBe(1);
    expect(await remaining(t.ctx.db, m)).toBe(0);
  });

  it('issue 25: an operator waiver beside concurrent bet fills never takes a row past its requirement', async () => {
    const m = ids.turnover04;
    await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'W1', credited: 5000, required: 5000 });
    await addRequirement(t.ctx.db, { memberId: m, source: 'deposit', reference: 'W2', credited: 5000, required: 5000 });
    const fills = Array.from({ length: 10 }, () => t.ctx.db.transaction().execute((trx) => fillFromBets(trx, m, 300)));
    const waived = t.ctx.db.transaction().execute((trx) => waive(trx, { memberId: m, fen: 4000 }));
    const [done] = await Promise.all([waived, ...fills]);
    expect(done.waived).toBe(4000);
    // 3,000 of bets and 4,000 waived out of 10,000
    expect(await remaining(t.ctx.db, m)).toBe(3000);
    const all = (await list(t.ctx.db, m, 1, 10)).rows;
    for (const r of all) expect(r.done + r.waived).toBeLessThanOrEqual(r.required);
    // all that remains, then nothing
    expect((await waive(t.ctx.db, { memberId: m, fen: null })).waived).toBe(3000);
    expect(await remaining(t.ctx.db, m)).toBe(0);
    expect((await waive(t.ctx.db, { memberId: m, fen: null })).waived).toBe(0);
  });
});
