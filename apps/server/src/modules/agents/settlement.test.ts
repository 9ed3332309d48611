import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MSG, AGENT_STATEMENT_MSG, CODE } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { agentFor, bet, credit, expectLedgerClean, futureMonths, inMonth, adminToken, registerMember, statementOf, y } from './settlement-testing.ts';
import { monthStart, shiftMonth } from './settlement-month.ts';

/**
 * The monthly settlement through the app (issue 20 points 2, 4, 8), on SQLite and PostgreSQL:
 * DESIGN.md section 12's worked example played out with real deposits, bets, bonuses, rebates
 * and red packets over three months: the job writes each month's statements with the figures,
 * carry, tier, commission and the upline's override; approval credits the wallet once through
 * the ledger; the agent reads its statements.
 */
describe('agent settlement: DESIGN.md 12 worked example over three months', () => {
  let t: TestApp;
  let owner: string;
  const [m1, m2, m3] = futureMonths(3);
  // the settlement clock (PROMO_TEST_NOW): the first morning after the third month
  const clock = monthStart(shiftMonth(m3, 1)) + 8 * 3_600_000;
  let up: Awaited<ReturnType<typeof agentFor>>;
  let agent: Awaited<ReturnType<typeof agentFor>>;
  const members: { id: number; token: string; name: string }[] = [];

  beforeAll(async () => {
    t = await startApp({ promoTestNow: clock });
    owner = await adminToken(t);
    up = await agentFor(t, 'upline01');
    // the agent registered through its upline's link: its sub-agent
    agent = await agentFor(t, 'agent01', { pid: up.code });
    for (const name of ['dlmem01', 'dlmem02', 'dlmem03']) members.push(await registerMember(t, name, { pid: agent.code }));
    const [a, b, c] = members.map((m) => m.id);

    // month 1: 3 active, GGR 20,000, bonuses 1,000, rebates 500, red packets 200, deposits 30,000 (fee 300): net 18,000
    for (const id of [a, b, c]) await credit(t, id, 'deposits', y(10_000), inMonth(m1, 2));
    await bet(t, a, { valid: y(1_000), win: y(-8_000), at: inMonth(m1, 5) });
    await bet(t, b, { valid: y(1_000), win: y(-7_000), at: inMonth(m1, 6) });
    await bet(t, c, { valid: y(1_000), win: y(-5_000), at: inMonth(m1, 28, 23) });
    await credit(t, a, 'bonus', y(1_000), inMonth(m1, 7));
    await credit(t, b, 'rebate', y(500), inMonth(m1, 8));
    await credit(t, c, 'red_packet', y(200), inMonth(m1, 9));
    // month 2: the members win 4,000: net -4,000
    await bet(t, a, { valid: y(600), win: y(4_000), at: inMonth(m2, 3) });
    await bet(t, b, { valid: y(600), win: 0, at: inMonth(m2, 3) });
    await bet(t, c, { valid: y(600), win: 0, at: inMonth(m2, 3) });
    // month 3: net 9,000
    await bet(t, a, { valid: y(1_000), win: y(-9_000), at: inMonth(m3, 1, 0) });
    await bet(t, b, { valid: y(600), win: 0, at: inMonth(m3, 15) });
    await bet(t, c, { valid: y(600), win: 0, at: inMonth(m3, 15) });
  }, 120_000);
  afterAll(() => t.stop());

  it('the job settles each ended month: 5,400 / 0 carrying -4,000 / 1,500, the upline 540 / 0 / 150', async () => {
    // the job's tick before the month has ended settles nothing of it; after its end (no rebate run: 6 hours on) the month is settled
    expect(await t.agentSettlement.tick(monthStart(m2) + 3_600_000)).toBeNull();
    const r1 = await t.agentSettlement.tick(monthStart(m2) + 7 * 3_600_000);
    expect(r1).toMatchObject({ month: m1, settled: true, counts: { created: 2, kept: 0 } });
    await t.agentSettlement.settleMonth(m2, monthStart(m3) + 7 * 3_600_000);
    await t.agentSettlement.settleMonth(m3, clock);

    const s1 = await statementOf(t, agent.agentId, m1);
    expect(s1).toMatchObject({
      deposits: y(30_000),
      valid_bets: y(3_000),
      ggr: y(20_000),
      bonuses: y(1_000),
      rebates: y(500),
      red_packets: y(200),
      fees: y(300),
      net_profit: y(18_000),
      active_members: 3,
      registrations: 0,
      carry_in: 0,
      base: y(18_000),
      carry_out: 0,
      tier: 1,
      rate_bp: 3000,
      commission: y(5_400),
      override: 0,
      payable: y(5_400),
      state: 1,
      upline_agent_id: up.agentId,
    });
    const s2 = await statementOf(t, agent.agentId, m2);
    expect(s2).toMatchObject({ net_profit: y(-4_000), ggr: y(-4_000), active_members: 3, commission: 0, carry_in: 0, carry_out: y(-4_000), payable: 0 });
    const s3 = await statementOf(t, agent.agentId, m3);
    expect(s3).toMatchObject({ net_profit: y(9_000), active_members: 3, carry_in: y(-4_000), base: y(5_000), rate_bp: 3000, commission: y(1_500), carry_out: 0, payable: y(1_500) });

    // the upline's own downline (the agent itself, as a member) did nothing: its statement is the override
    const u = await Promise.all([m1, m2, m3].map((m) => statementOf(t, up.agentId, m)));
    expect(u.map((s) => [Number(s.commission), Number(s.override), Number(s.payable)])).toEqual([
      [0, y(540), y(540)],
      [0, 0, 0],
      [0, y(150), y(150)],
    ]);
  });

  it('approval credits the wallet once through the ledger (commission house account), a turnover row and an inbox message', async () => {
    const s1 = await statementOf(t, agent.agentId, m1);
    const before = await wallet.centralBalance(t.ctx.db, agent.id);
    const r = await t.post('/admin/api/agent-statements/approve', { id: s1.id }, { token: owner });
    expect(r).toMatchObject({ code: 200, message: AGENT_STATEMENT_MSG.paid('5,400.00'), data: { id: Number(s1.id), state: 3, total: 5400, commission: 5400, approved_by: 'admin', username: 'agent01' } });
    expect(await wallet.centralBalance(t.ctx.db, agent.id)).toBe(before + y(5_400));
    // again: answered as it is, nothing credited twice
    expect(await t.post('/admin/api/agent-statements/approve', { id: s1.id }, { token: owner })).toMatchObject({ code: 200, data: { state: 3 } });
    expect(await wallet.centralBalance(t.ctx.db, agent.id)).toBe(before + y(5_400));
    const entries = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as f', 'f.id', 'e.from_account_id')
      .select(['e.kind', 'e.amount', 'e.idempotency_key', 'f.code'])
      .where('e.kind', '=', 'commission')
      .execute();
    expect(entries).toEqual([{ kind: 'commission', amount: y(5_400), idempotency_key: `agent-commission:${s1.id}`, code: 'house:commission' }]);
    const turnover = await t.ctx.db.selectFrom('turnover_requirements').selectAll().where('member_id', '=', agent.id).where('source', '=', 'commission').execute();
    expect(turnover).toMatchObject([{ credited: y(5_400), required: y(5_400), reference: s1.statement_no }]);
    const inbox = await t.post('/api/messagelist', { page: 1 }, { token: agent.token });
    expect(JSON.stringify(inbox.data)).toContain(AGENT_STATEMENT_MSG.inboxPaidTitle);

    // the upline's statement: its override is its own posting
    const u1 = await statementOf(t, up.agentId, m1);
    expect(await t.post('/admin/api/agent-statements/approve', { id: u1.id }, { token: owner })).toMatchObject({ code: 200, data: { total: 540, override: 540, commission: 0 } });
    const over = await t.ctx.db.selectFrom('ledger_entries').select(['amount', 'idempotency_key']).where('idempotency_key', '=', `agent-override:${u1.id}`).execute();
    expect(over).toEqual([{ amount: y(540), idempotency_key: `agent-override:${u1.id}` }]);
    expect(await wallet.centralBalance(t.ctx.db, up.id)).toBe(y(540));
    await expectLedgerClean(t);
  });

  it('re-running a month changes nothing that was paid; a later correction shows on the undecided statements', async () => {
    // a late bet record of month 1 and of month 3
    await bet(t, members[0].id, { valid: y(100), win: y(-1_000), at: inMonth(m1, 20) });
    await bet(t, members[0].id, { valid: y(100), win: y(-1_000), at: inMonth(m3, 20) });
    const paid = await statementOf(t, agent.agentId, m1);
    const r1 = await t.post('/admin/api/agent-settlement/run', { month: m1 }, { token: owner });
    expect(r1).toMatchObject({ code: 200, data: { month: m1, created: 0, updated: 0, skipped: 2 } });
    expect(await statementOf(t, agent.agentId, m1)).toEqual(paid);
    const r3 = await t.post('/admin/api/agent-settlement/run', { month: m3 }, { token: owner });
    // the agent's commission and its upline's override both change
    expect(r3).toMatchObject({ code: 200, data: { created: 0, updated: 2, skipped: 0 } });
    expect(await statementOf(t, agent.agentId, m3)).toMatchObject({ net_profit: y(10_000), base: y(6_000), commission: y(1_800), recomputes: 1 });
    expect(await statementOf(t, up.agentId, m3)).toMatchObject({ override: y(180), payable: y(180) });
    // an audit row per re-run
    const audits = await t.ctx.db.selectFrom('admin_audit').select(['action', 'target']).where('action', '=', 'agent_settlement.run').execute();
    expect(audits).toEqual([
      { action: 'agent_settlement.run', target: `agent_settlement:${m1}` },
      { action: 'agent_settlement.run', target: `agent_settlement:${m3}` },
    ]);
    // a month not yet ended (on the settlement clock) is refused
    expect(await t.post('/admin/api/agent-settlement/run', { month: shiftMonth(m3, 1) }, { token: owner })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.monthNotEnded });
    expect(await t.post('/admin/api/agent-settlement/run', { month: '2026-13' }, { token: owner })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.month });
  });

  it('the agent reads its statements (paged, newest first) and one with its line items; others are refused', async () => {
    const list = await t.post('/api/agent/statements', { page: 1 }, { token: agent.token });
    expect(list).toMatchObject({ code: 200, data: { total: 3, current_page: 1 } });
    expect(list.data.data.map((s: { month: string; total: number; state: number }) => [s.month, s.total, s.state])).toEqual([
      [m3, 1800, 1],
      [m2, 0, 1],
      [m1, 5400, 3],
    ]);
    expect(list.data.data[2]).toMatchObject({ net_profit: 18000, carryover_in: 0, carryover_out: 0, rate: 30, commission: 5400, override: 0, paid_at: expect.any(String) });
    expect(list.data.data[1]).toMatchObject({ carryover_out: -4000, commission: 0 });

    const byMonth = await t.post('/api/agent/statement', { month: m1 }, { token: agent.token });
    expect(byMonth).toMatchObject({
      code: 200,
      data: {
        month: m1,
        tier_index: 1,
        figures: { deposits: 30000, ggr: 20000, bonuses: 1000, rebates: 500, red_packets: 200, fees: 300, net_profit: 18000, active_members: 3 },
        overrides: [],
        adjustment: 0,
      },
    });
    const upOwn = await t.post('/api/agent/statement', { month: m1 }, { token: up.token });
    expect(upOwn.data).toMatchObject({ override: 540, total: 540, overrides: [{ username: 'agent01', commission: 5400, override: 540 }] });
    const byId = await t.post('/api/agent/statement', { id: byMonth.data.id }, { token: agent.token });
    expect(byId.data).toEqual(byMonth.data);
    // another agent's statement reads as missing; a member who is no agent is refused
    expect(await t.post('/api/agent/statement', { id: byMonth.data.id }, { token: up.token })).toMatchObject({ code: CODE.notFound, message: AGENT_MSG.statementNotFound });
    expect(await t.post('/api/agent/statements', { page: 1 }, { token: members[0].token })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.notAgent });
    expect(await t.post('/api/agent/statement', {}, { token: agent.token })).toMatchObject({ code: CODE.invalid });
  });
});
