import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { parsePass } from './rebate-pass.ts';
import { claimRebates, rerunRebateDay, settleRebateDay } from './rebates.ts';
import { levelFor, rebateFen } from './rates.ts';
import { addBet, adminToken, bj, central, expectClean, memberId } from './testing.ts';

/**
 * The rebate settlement in chunks of members (issue 13): the same rows and flow as one pass over
 * the whole day, and a pass that stops part-way (even one whose last chunk is settled again) is
 * carried on without crediting anyone twice (SQLite and PostgreSQL).
 */
describe('rebate settlement in chunks', () => {
  let t: TestApp;
  const ids: number[] = [];
  const D1 = '2026-04-01'; // one chunk
  const D2 = '2026-04-02'; // chunks of 2 members, three settlements at once
  const D3 = '2026-04-03'; // chunks of 2, cut after the first
  const NOW = bj('2026-04-10 12:00:00');
  const N = 7;
  type BetDef = { platform: string; category: string; valid: number; status?: number };
  const betsOf = (i: number): BetDef[] => [
    { platform: 'ag', category: 'realbet', valid: 50_000 + i * 7_777 },
    ...(i % 3 === 0 ? [{ platform: 'pp', category: 'concise', valid: 10_000 + i * 1_111 }, { platform: 'pp', category: 'fishing', valid: 3_333 * (i + 1) }] : []),
    ...(i % 2 === 1 ? [{ platform: 'ob', category: 'sport', valid: 20_001 * i }, { platform: 'ob', category: 'lottery', valid: 999 }] : []),
    // never counted: voided, unsettled
    { platform: 'ag', category: 'realbet', valid: 1_000_000, status: 3 },
    { platform: 'mg', category: 'concise', valid: 1_000_000, status: 0 },
  ];
  const vipOfMember = (i: number) => i % 4;

  const dayRows = (day: string) =>
    t.ctx.db
      .selectFrom('rebates')
      .select(['member_id', 'platform', 'valid_amount', 'amount', 'vip', 'state'])
      .where('day', '=', day)
      .orderBy('member_id')
      .orderBy('platform')
      .execute()
      .then((rows) => rows.map((r) => ({ member: Number(r.member_id), platform: r.platform, valid: Number(r.valid_amount), amount: Number(r.amount), vip: Number(r.vip), state: Number(r.state) })));
  const counted = (day: string) =>
    t.ctx.db
      .selectFrom('rebate_day_members')
      .select(['member_id', 'valid'])
      .where('day', '=', day)
      .orderBy('member_id')
      .execute()
      .then((rows) => rows.map((r) => [Number(r.member_id), Number(r.valid)]));
  const run = (day: string) => t.ctx.db.selectFrom('promo_day_runs').selectAll().where('task', '=', 'rebate').where('day', '=', day).executeTakeFirstOrThrow();
  const flows = async () => {
    const rows = await t.ctx.db.selectFrom('member_vip').select(['member_id', 'flow_total']).where('member_id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.member_id), Number(r.flow_total)]));
  };

  /** what each member and venue earns, worked out here from the bets as seeded */
  let expected: { member: number; platform: string; valid: number; amount: number; vip: number; state: number }[];
  const validOf = (i: number) => betsOf(i).filter((b) => b.status === undefined).reduce((a, b) => a + b.valid, 0);

  beforeAll(async () => {
    t = await startApp();
    for (let i = 0; i < N; i++) {
      await t.register(`chunk0${i}`);
      ids.push(await memberId(t, `chunk0${i}`));
      await t.ctx.db.updateTable('members').set({ vip: vipOfMember(i) }).where('id', '=', ids[i]).execute();
    }
    for (const day of [D1, D2, D3]) {
      for (let i = 0; i < N; i++) {
        let s = 0;
        for (const b of betsOf(i)) await addBet(t.ctx.db, { memberId: ids[i], ...b, settledAt: bj(`${day} 0${i}:1${s++}:00`) });
      }
    }
    const levels = await t.promotions.deps.vipLevels();
    const fishingAs = (await t.promotions.deps.settings()).rebate_fishing_rate;
    expected = [];
    for (let i = 0; i < N; i++) {
      const byVenue = new Map<string, { category: string; valid: number }[]>();
      for (const b of betsOf(i).filter((x) => x.status === undefined)) byVenue.set(b.platform, [...(byVenue.get(b.platform) ?? []), { category: b.category, valid: b.valid }]);
      for (const [platform, cats] of [...byVenue].sort(([a], [b]) => a.localeCompare(b))) {
        const amount = rebateFen(cats, levelFor(levels, vipOfMember(i)), fishingAs);
        if (amount > 0) expected.push({ member: ids[i], platform, valid: cats.reduce((a, c) => a + c.valid, 0), amount, vip: vipOfMember(i), state: 0 });
      }
    }
  });
  afterAll(() => t.stop());

  it('a day whose members span several chunks settles exactly as one pass over the day', async () => {
    const one = await settleRebateDay(t.promotions.deps, D1, NOW, { chunkMembers: 10_000 });
    // three settlements of D2 at once, as from three processes: one starts the pass, all carry it
    const three = await Promise.all(['p1', 'p2', 'p3'].map((holder) => settleRebateDay({ ...t.promotions.deps, holder }, D2, NOW, { chunkMembers: 2 })));
    expect(three.filter((r) => r.settled)).toHaveLength(1);
    const chunked = three.find((r) => r.settled)!;

    expect(await dayRows(D1)).toEqual(expected);
    expect(await dayRows(D2)).toEqual(expected);
    const total = expected.reduce((a, r) => a + r.amount, 0);
    expect(total).toBeGreaterThan(0);
    expect(one).toMatchObject({ settled: true, members: N, rows: expected.length, amount: total });
    expect(chunked).toMatchObject({ settled: true, members: N, rows: expected.length, amount: total });
    expect(await counted(D2)).toEqual(ids.map((id, i) => [id, validOf(i)]));
    expect(await counted(D2)).toEqual(await counted(D1));
    const [r1, r2] = [await run(D1), await run(D2)];
    expect([Number(r2.members), Number(r2.rows), Number(r2.amount)]).toEqual([N, expected.length, total]);
    expect([Number(r1.members), Number(r1.rows), Number(r1.amount)]).toEqual([N, expected.length, total]);
    expect(parsePass(r1.pass)).toMatchObject({ cursor: null, chunks: 1 });
    // 7 members by 2: three full chunks and the rest
    expect(parsePass(r2.pass)).toMatchObject({ cursor: null, chunks: 4, counts: { added: expected.length, members: N } });
    // both days counted toward each member's flow, once each
    const f = await flows();
    ids.forEach((id, i) => expect(f.get(id)).toBe(2 * validOf(i)));
  });

  it('a pass cut short after one chunk is carried on by the next run and credits each member once', async () => {
    const before = await flows();
    const cut = await settleRebateDay(t.promotions.deps, D3, NOW, { chunkMembers: 2, maxChunks: 1 });
    expect(cut.settled).toBe(true);
    const stopped = parsePass((await run(D3)).pass)!;
    expect(stopped).toMatchObject({ cursor: ids[1], chunks: 1 });
    // operators see a first pass under way, not a settled day of zeros
    const runsOf = async () => (await t.post('/admin/api/rebates/runs', { page: 1 }, { token: await adminToken(t) })).data.data.find((r: { day: string }) => r.day === D3);
    expect(await runsOf()).toMatchObject({ status: 'running', progress: { chunks: 1, first_run: true } });
    // only the first chunk's members so far
    expect(new Set((await dayRows(D3)).map((r) => r.member))).toEqual(new Set([ids[0], ids[1]]));
    const mid = await flows();
    expect(mid.get(ids[0])! - before.get(ids[0])!).toBe(validOf(0));
    expect(mid.get(ids[2])).toBe(before.get(ids[2]));
    // worst case: the first chunk is settled again (as if its progress had been lost)
    await t.ctx.db
      .updateTable('promo_day_runs')
      .set({ pass: JSON.stringify({ ...stopped, cursor: 0 }) })
      .where('task', '=', 'rebate')
      .where('day', '=', D3)
      .execute();

    // the job's next tick (or the VIP review) finds the pass and carries it to the end
    expect(await settleRebateDay(t.promotions.deps, D3, NOW)).toMatchObject({ day: D3, settled: false });
    expect(await dayRows(D3)).toEqual(expected);
    const after = await flows();
    ids.forEach((id, i) => expect(after.get(id)! - before.get(id)!).toBe(validOf(i)));
    const r3 = await run(D3);
    expect(parsePass(r3.pass)).toMatchObject({ cursor: null });
    expect(await runsOf()).toMatchObject({ status: 'settled', progress: null, members: N });
    expect([Number(r3.members), Number(r3.rows), Number(r3.amount)]).toEqual([N, expected.length, expected.reduce((a, r) => a + r.amount, 0)]);
    // nothing more to do however often it runs
    expect(await settleRebateDay(t.promotions.deps, D3, NOW, { chunkMembers: 2 })).toMatchObject({ settled: false });
    expect(await dayRows(D3)).toEqual(expected);

    // each member claims the three days once
    for (let i = 0; i < N; i++) {
      const mine = expected.filter((r) => r.member === ids[i]).reduce((a, r) => a + r.amount, 0);
      const c0 = await central(t, ids[i]);
      expect((await claimRebates(t.promotions.deps, ids[i], NOW)).amount).toBe(3 * mine);
      expect((await central(t, ids[i])) - c0).toBe(3 * mine);
    }
    await expectClean(t);
  });

  it('an operator re-run in chunks that stops is finished and audited once by the next run', async () => {
    const admin = Number((await t.ctx.db.selectFrom('admins').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);
    // member 1's sport and lottery at ob are voided (claimed already: they stay paid); member 4 has a late bet at a new venue
    await t.ctx.db.updateTable('bets').set({ status: 3 }).where('member_id', '=', ids[1]).where('platform', '=', 'ob').where('settled_at', '>=', bj(`${D3} 00:00:00`)).where('settled_at', '<', bj(`${D3} 23:59:59`)).execute();
    await addBet(t.ctx.db, { memberId: ids[4], platform: 'fg', category: 'joker', valid: 40_000, settledAt: bj(`${D3} 23:00:00`) });
    const f0 = await flows();
    await expect(rerunRebateDay(t.promotions.deps, D3, { adminId: admin, ip: '127.0.0.1' }, NOW, { chunkMembers: 2, maxChunks: 1 })).rejects.toThrow();
    const audited = () => t.ctx.db.selectFrom('admin_audit').select('detail').where('action', '=', 'rebate_run.rerun').where('target', '=', `rebate_run:${D3}`).execute();
    expect(await audited()).toHaveLength(0);

    expect(await settleRebateDay(t.promotions.deps, D3, NOW)).toMatchObject({ settled: false });
    const logged = await audited();
    expect(logged).toHaveLength(1);
    const lostValid = 20_001 * 1 + 999;
    expect(JSON.parse(logged[0].detail)).toMatchObject({
      before: { members: N, rows: expected.length },
      changes: { added: 1, updated: 0, removed: 0, locked: 1, flow_delta: (40_000 - lostValid) / 100 },
    });
    const f1 = await flows();
    expect(f1.get(ids[1])! - f0.get(ids[1])!).toBe(-lostValid);
    expect(f1.get(ids[4])! - f0.get(ids[4])!).toBe(40_000);
    const rows = await dayRows(D3);
    expect(rows.filter((r) => r.member === ids[1] && r.platform === 'ob')).toEqual([expect.objectContaining({ state: 1 })]);
    expect(rows.filter((r) => r.member === ids[4] && r.platform === 'fg')).toEqual([expect.objectContaining({ valid: 40_000, state: 0 })]);

    // a re-run now: its own pass, nothing left to change, audited
    const again = await rerunRebateDay(t.promotions.deps, D3, { adminId: admin, ip: '127.0.0.1' }, NOW, { chunkMembers: 3 });
    expect(again).toMatchObject({ first_run: false, added: 0, updated: 0, removed: 0, flow_delta: 0, locked: 1 });
    expect(await audited()).toHaveLength(2);
    expect(await flows()).toEqual(f1);
    expect(Number((await run(D3)).reruns)).toBe(2);
    await expectClean(t);
  });
});
