import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { checkMember } from './flags.ts';
import { clearFlag } from './flags.ts';
import { agentFor, adminToken, bet, credit, futureMonths, inMonth, registerMember, statementOf, y } from './settlement-testing.ts';
import { monthStart, shiftMonth } from './settlement-month.ts';
import { driveSettlement } from './settlement.ts';

/**
 * The month job's guarantees (issue 20 points 4 and 8), on SQLite and PostgreSQL: run twice,
 * run concurrently, cut short and carried on, it writes one statement per agent and month;
 * flagged members are left out until cleared; carryover off carries nothing.
 */
describe('agent settlement runs', () => {
  let t: TestApp;
  let owner: string;
  const [m1, m2, m3] = futureMonths(3);
  const clock = monthStart(shiftMonth(m3, 1)) + 8 * 3_600_000;
  const agents: Awaited<ReturnType<typeof agentFor>>[] = [];

  beforeAll(async () => {
    t = await startApp({ promoTestNow: clock });
    owner = await adminToken(t);
    // seven agents (one a sub-agent of the first), each with a member who loses 1,000 on 600 valid in month 1
    for (let i = 1; i <= 7; i++) {
      const a = await agentFor(t, `runagent${i}`, i === 2 ? { pid: agents[0].code } : {});
      agents.push(a);
      const m = await registerMember(t, `runmem0${i}`, { pid: a.code });
      await bet(t, m.id, { valid: y(600), win: y(-1_000 * i), at: inMonth(m1, 3) });
    }
  }, 120_000);
  afterAll(() => t.stop());

  const count = async (month: string) => Number((await t.ctx.db.selectFrom('agent_statements').select((eb) => eb.fn.countAll<number>().as('n')).where('month', '=', month).executeTakeFirstOrThrow()).n);

  it('run concurrently, cut short, and run again: one statement per agent, the same figures', async () => {
    const at = monthStart(m2) + 7 * 3_600_000;
    // a first run stopped after one chunk of two agents (a crash), then four drivers at once
    const cut = await t.agentSettlement.settleMonth(m1, at, { chunkAgents: 2, maxChunks: 1 });
    expect(cut.settled).toBe(true);
    expect(await count(m1)).toBe(2);
    const runs = await Promise.all([t.agentSettlement.settleMonth(m1, at), t.agentSettlement.tick(at), t.agentSettlement.settleMonth(m1, at, { chunkAgents: 3 }), t.agentSettlement.tick(at + 60_000)]);
    // none of them started a second pass: they carried the stopped one to its end
    expect(runs.every((r) => r?.settled === false)).toBe(true);
    expect(await count(m1)).toBe(7);
    const rows = await t.ctx.db.selectFrom('agent_statements').select(['agent_id', 'commission', 'override', 'payable']).where('month', '=', m1).orderBy('agent_id').execute();
    // agent i: net 1,000 x i at 30%; the first also 10% of the second's 600
    expect(rows.map((r) => [Number(r.agent_id), Number(r.commission), Number(r.override), Number(r.payable)])).toEqual(
      agents.map((a, i) => [a.agentId, y(300 * (i + 1)), i === 0 ? y(60) : 0, y(300 * (i + 1)) + (i === 0 ? y(60) : 0)]),
    );
    const run = await t.ctx.db.selectFrom('agent_settlement_runs').selectAll().execute();
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ month: m1, statements: 7, commission: y(300 * 28 + 60) });
    expect(JSON.parse(run[0].pass as string)).toMatchObject({ cursor: null, counts: { created: 7, updated: 0, kept: 0 } });

    // the job's later ticks and a second settlement change nothing
    const again = await t.agentSettlement.settleMonth(m1, at + 3_600_000);
    expect(again).toMatchObject({ settled: false, counts: { created: 0, updated: 0 } });
    expect(await t.ctx.db.selectFrom('agent_statements').select(['agent_id', 'commission', 'override', 'payable']).where('month', '=', m1).orderBy('agent_id').execute()).toEqual(rows);
  });

  it('operators re-running a month at the same time as each other: one statement per agent, nothing paid changes', async () => {
    const first = await statementOf(t, agents[2].agentId, m1);
    expect((await t.post('/admin/api/agent-statements/approve', { id: first.id }, { token: owner })).code).toBe(200);
    const paid = await statementOf(t, agents[2].agentId, m1);
    // a late bet for every member
    for (const a of agents) {
      const member = await t.ctx.db.selectFrom('agent_links').select('member_id').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow();
      await bet(t, Number(member.member_id), { valid: y(10), win: y(-100), at: inMonth(m1, 25) });
    }
    // an agent made after the month ended had no part in it: the re-run gives it no statement
    const late = await agentFor(t, 'runagentlate');
    await t.ctx.db.updateTable('agents').set({ created_at: inMonth(m2, 1, 1) }).where('id', '=', late.agentId).execute();
    const replies = await Promise.all([1, 2, 3].map(() => t.post('/admin/api/agent-settlement/run', { month: m1 }, { token: owner })));
    expect(replies.map((r) => r.code)).toEqual([200, 200, 200]);
    // the first to run updated the six undecided statements; the others found nothing left to change
    expect(replies.map((r) => r.data.updated).sort()).toEqual([0, 0, 6]);
    expect(replies.every((r) => r.data.skipped === 1 && r.data.created === 0)).toBe(true);
    expect(await count(m1)).toBe(7);
    expect(await statementOf(t, agents[2].agentId, m1)).toEqual(paid);
    expect(await statementOf(t, agents[3].agentId, m1)).toMatchObject({ net_profit: y(4_100), commission: y(1_230) });
    expect(await t.ctx.db.selectFrom('agent_statements').select('id').where('agent_id', '=', late.agentId).execute()).toEqual([]);
  });

  it('a re-run whose pass another caller carried to its end and replaced still answers its own counts', async () => {
    const op = { adminId: 1, ip: '127.0.0.1' };
    const now = monthStart(m2) + 9 * 3_600_000;
    const member = await t.ctx.db.selectFrom('agent_links').select('member_id').where('agent_id', '=', agents[4].agentId).executeTakeFirstOrThrow();
    await bet(t, Number(member.member_id), { valid: y(10), win: y(-50), at: inMonth(m1, 26) });
    // operator A's pass is written, then A stalls before its first chunk (maxChunks 0)
    await expect(t.agentSettlement.rerunMonth(m1, op, now, { maxChunks: 0 })).rejects.toThrow();
    const passOf = async () => JSON.parse((await t.ctx.db.selectFrom('agent_settlement_runs').select('pass').where('month', '=', m1).executeTakeFirstOrThrow()).pass as string);
    const a = await passOf();
    expect(a.cursor).not.toBeNull();
    // operators B and C finish A's pass, then each runs (and ends) a pass of their own
    expect(await t.agentSettlement.rerunMonth(m1, op, now)).toMatchObject({ updated: 0 });
    expect(await t.agentSettlement.rerunMonth(m1, op, now)).toMatchObject({ updated: 0 });
    expect((await passOf()).id).not.toBe(a.id);
    // A looks again: its pass is remembered with the one statement it changed
    const seen = await driveSettlement(t.ctx.db, m1, a.id, now);
    expect(seen).toMatchObject({ id: a.id, counts: { created: 0, updated: 1 } });
  });

  it('a member flagged as the agent\'s own is left out until an operator clears it', async () => {
    const a = await agentFor(t, 'flagagent', {});
    const agentIp = (await t.ctx.db.selectFrom('members').select('register_ip').where('id', '=', a.id).executeTakeFirstOrThrow()).register_ip as string;
    const honest = await registerMember(t, 'honest01', { pid: a.code });
    // registered from the agent's own address
    const own = await registerMember(t, 'ownacct1', { pid: a.code, ip: agentIp });
    await checkMember(t.ctx.db, own.id, a.agentId, Date.now());
    await checkMember(t.ctx.db, honest.id, a.agentId, Date.now());
    const flags = await t.ctx.db.selectFrom('agent_flags').selectAll().where('agent_id', '=', a.agentId).execute();
    expect(flags.map((f) => [Number(f.member_id), f.kind])).toEqual([[own.id, 'register_ip']]);
    await credit(t, honest.id, 'deposits', y(1_000), inMonth(m2, 2));
    await bet(t, honest.id, { valid: y(500), win: y(-2_000), at: inMonth(m2, 4) });
    await credit(t, own.id, 'deposits', y(50_000), inMonth(m2, 2));
    await bet(t, own.id, { valid: y(5_000), win: y(-40_000), at: inMonth(m2, 4) });

    await t.agentSettlement.settleMonth(m2, monthStart(m3) + 7 * 3_600_000);
    // only the honest member: 2,000 - 1% of 1,000 = 1,990 net, 1 active
    expect(await statementOf(t, a.agentId, m2)).toMatchObject({ deposits: y(1_000), ggr: y(2_000), fees: y(10), net_profit: y(1_990), active_members: 1, commission: y(597) });
    await clearFlag(t.ctx.db, { id: Number(flags[0].id), reason: '核实为不同的人' }, { adminId: 1, ip: '127.0.0.1' });
    expect((await t.post('/admin/api/agent-settlement/run', { month: m2 }, { token: owner })).code).toBe(200);
    expect(await statementOf(t, a.agentId, m2)).toMatchObject({ deposits: y(51_000), ggr: y(42_000), fees: y(510), net_profit: y(41_490), active_members: 2, commission: y(12_447) });
  });

  it('carryover off: a losing month carries nothing into the next', async () => {
    expect((await t.post('/admin/api/settings/update', { agent_carryover: 0 }, { token: owner })).code).toBe(200);
    try {
      const a = await agentFor(t, 'nocarry1', {});
      const m = await registerMember(t, 'nocarrym', { pid: a.code });
      // month 2: the member wins 3,000; month 3: loses 2,000
      await bet(t, m.id, { valid: y(600), win: y(3_000), at: inMonth(m2, 10) });
      await bet(t, m.id, { valid: y(600), win: y(-2_000), at: inMonth(m3, 10) });
      expect((await t.post('/admin/api/agent-settlement/run', { month: m2 }, { token: owner })).code).toBe(200);
      expect((await t.post('/admin/api/agent-settlement/run', { month: m3 }, { token: owner })).code).toBe(200);
      expect(await statementOf(t, a.agentId, m2)).toMatchObject({ net_profit: y(-3_000), carry_out: 0, commission: 0 });
      expect(await statementOf(t, a.agentId, m3)).toMatchObject({ net_profit: y(2_000), carry_in: 0, base: y(2_000), commission: y(600) });
    } finally {
      await t.post('/admin/api/settings/update', { agent_carryover: 1 }, { token: owner });
    }
  });
});
