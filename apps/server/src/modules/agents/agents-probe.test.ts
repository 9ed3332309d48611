import { AGENT_MSG, PROFILE_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { monthFigures } from './figures.ts';
import { monthStart } from './settlement-month.ts';
import { adminToken, agentFor, bet, expectLedgerClean, freshIp, futureMonths, inMonth, registerMember, statementOf, y } from './settlement-testing.ts';

/**
 * The outside probe's agent findings (issue 33 point 5 and the low ones, issue 34 point 4), on
 * SQLite and PostgreSQL:
 * - a fraud flag never raises an agent's figures: a flagged member's winnings still count
 *   against the agent, only its losses are held back; a statement with an open flag waits for an
 *   operator's explicit decision;
 * - a suspended agent's code binds nobody; no move makes a loop at any depth;
 * - the carry-over the portal shows is the one the settlement uses (a rejected statement too);
 * - /api/applyagentdo refuses during a break, and from an agent.
 */
describe('agents: the outside probe\'s findings', () => {
  let t: TestApp;
  let owner: string;
  const [m1] = futureMonths(1);
  // the settlement clock (PROMO_TEST_NOW): the first morning of the month after m1
  const clock = monthStart(futureMonths(2)[1]) + 8 * 3_600_000;
  const DEVICE_A = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const DEVICE_B = '6e2d3c4b-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

  /** registers with a device id from its own address and a real name of its own, with a pid when given */
  const regOn = async (name: string, device: string, pid?: string) => {
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: `张${name}`, paypassword: '654321', ...(pid ? { pid } : {}) }, { ip: freshIp(), headers: { 'x-device-id': device } });
    expect(r.code, r.message).toBe(200);
    const id = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
    return { id, token: r.data.api_token as string };
  };
  const makeAgentOf = async (name: string) => {
    const r = await t.post('/admin/api/agents/create', { username: name }, { token: owner });
    expect(r.code, r.message).toBe(200);
    return { agentId: r.data.id as number, code: r.data.code as string };
  };

  let probe: { agentId: number; code: string; token: string };
  let held: { agentId: number; code: string };
  let carry: Awaited<ReturnType<typeof agentFor>>;

  beforeAll(async () => {
    t = await startApp({ promoTestNow: clock });
    owner = await adminToken(t);

    // the probe: the agent signs up on device A; its winning member W on the same device, its losing member L elsewhere
    const pa = await regOn('prbagent', DEVICE_A);
    probe = { ...(await makeAgentOf('prbagent')), token: pa.token };
    const w = await regOn('prbwinner', DEVICE_A, probe.code);
    const l = await regOn('prbloser', DEVICE_B, probe.code);
    // W wins 4,710, L loses 1,480: net -3,230 (no deposits, no fee)
    await bet(t, w.id, { valid: y(1_000), win: y(4_710), at: inMonth(m1, 5) });
    await bet(t, l.id, { valid: y(1_000), win: y(-1_480), at: inMonth(m1, 6) });

    // a flagged LOSER: its losses are held back, the statement waits for an operator
    await regOn('hldagent', '7f3e4d5c-6a7b-4c8d-8e9f-1a2b3c4d5e6f');
    held = await makeAgentOf('hldagent');
    const x = await regOn('hldplain', '8a4f5e6d-7b8c-4d9e-9f0a-2b3c4d5e6f70', held.code);
    const yy = await regOn('hldflag', '7f3e4d5c-6a7b-4c8d-8e9f-1a2b3c4d5e6f', held.code);
    await bet(t, x.id, { valid: y(1_000), win: y(-2_000), at: inMonth(m1, 5) });
    await bet(t, yy.id, { valid: y(1_000), win: y(-1_000), at: inMonth(m1, 5) });

    // carry: a month of -1,200 whose statement is rejected
    carry = await agentFor(t, 'cryagent');
    const z = await registerMember(t, 'crymember', { pid: carry.code });
    await bet(t, z.id, { valid: y(1_000), win: y(1_200), at: inMonth(m1, 7) });

    await t.agents.tick();
    await t.agentSettlement.settleMonth(m1, clock);
  }, 120_000);
  afterAll(() => t.stop());

  it('a flagged winning member still counts against its agent: net -3,230, no commission (the probe: +1,480 and 460.20 paid)', async () => {
    const flags = await t.post('/admin/api/agent-flags/list', { state: 1, agent_id: probe.agentId }, { token: owner });
    expect(flags.data.data.map((f: { username: string; kind: string }) => [f.username, f.kind])).toEqual([['prbwinner', 'device']]);
    const f = await monthFigures(t.ctx.db, { agentId: probe.agentId, month: m1, depositFeeBp: 100 });
    expect(f.net_profit).toBe(y(-3_230));
    expect(f.ggr).toBe(y(-3_230));
    // counts that raise a tier never include a flagged member
    expect(f.active_members).toBe(1);
    expect(f.registrations).toBe(0); // registered before m1
    const s = await statementOf(t, probe.agentId, m1);
    expect([Number(s.net_profit), Number(s.commission), Number(s.payable), Number(s.carry_out)]).toEqual([y(-3_230), 0, 0, y(-3_230)]);
  });

  it('a flagged losing member\'s losses are held back; the statement waits for an operator\'s explicit decision', async () => {
    const f = await monthFigures(t.ctx.db, { agentId: held.agentId, month: m1, depositFeeBp: 100 });
    expect([f.net_profit, f.active_members]).toEqual([y(2_000), 1]);
    const s = await statementOf(t, held.agentId, m1);
    expect(Number(s.payable)).toBe(y(600));
    const refused = await t.post('/admin/api/agent-statements/approve', { id: Number(s.id) }, { token: owner });
    expect(refused.code).toBe(400);
    expect(refused.message).toBe(AGENT_MSG.statementFlagged(1));
    expect(Number((await statementOf(t, held.agentId, m1)).state)).toBe(1);
    // the list tells the operator before it is tried
    const row = (await t.post('/admin/api/agent-statements/list', { month: m1, username: 'hldagent' }, { token: owner })).data.data[0];
    expect(row.open_flags).toBe(1);
    // an explicit decision pays what the figures (losses held back) say
    const paid = await t.post('/admin/api/agent-statements/approve', { id: Number(s.id), flags_reviewed: true }, { token: owner });
    expect(paid.code, paid.message).toBe(200);
    expect(paid.data.state).toBe(3);
    const audit = await t.ctx.db.selectFrom('admin_audit').select('detail').where('action', '=', 'agent_statement.approve').execute();
    expect(audit.some((a) => JSON.parse(String(a.detail)).open_flags === 1)).toBe(true);
    await expectLedgerClean(t);
  });

  it('the carry-over the portal shows is the one the settlement uses, after a rejected statement too', async () => {
    const s = await statementOf(t, carry.agentId, m1);
    expect(Number(s.carry_out)).toBe(y(-1_200));
    const rejected = await t.post('/admin/api/agent-statements/reject', { id: Number(s.id), reason: '核查' }, { token: owner });
    expect(rejected.code, rejected.message).toBe(200);
    const summary = await t.post('/api/agent/summary', {}, { token: carry.token });
    expect(summary.code, summary.message).toBe(200);
    expect(summary.data.carryover_in).toBe(-1_200);
  });

  it('the portal says how fresh its figures are and that a flagged member is left out', async () => {
    const summary = await t.post('/api/agent/summary', {}, { token: probe.token });
    expect(summary.code, summary.message).toBe(200);
    expect(summary.data.flagged_members).toBe(1);
    expect(summary.data.members).toBe(2);
    expect(summary.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the downline rows carry the member's own result (its side, signed) beside the agent's net
    const members = await t.post('/api/agent/members', { page: 1, month: m1 }, { token: probe.token });
    const loser = members.data.data.find((r: { username: string }) => r.username === 'prbloser');
    expect([loser.win_loss, loser.net]).toEqual([-1_480, 1_480]);
    const winner = members.data.data.find((r: { username: string }) => r.username === 'prbwinner');
    expect(winner.flagged).toBe(1);
  });

  it('a suspended agent\'s code binds nobody: the member registers without an agent', async () => {
    const a = await agentFor(t, 'susagent');
    expect((await t.post('/admin/api/agents/update', { id: a.agentId, state: 2, note: '暂停' }, { token: owner })).code).toBe(200);
    const r = await t.post('/api/register', { name: 'susmember2', password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: '654321', pid: a.code }, { ip: freshIp() });
    expect(r.code, r.message).toBe(200);
    const id = Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'susmember2').executeTakeFirstOrThrow()).id);
    expect(await t.ctx.db.selectFrom('agent_links').select('id').where('member_id', '=', id).execute()).toEqual([]);
  });

  it('no move makes an agent a member of its own downline, at any depth', async () => {
    const top = await agentFor(t, 'looptop');
    const sub = await agentFor(t, 'loopsub', { pid: top.code });
    const subsub = await agentFor(t, 'loopsubsub', { pid: sub.code });
    for (const [who, to] of [
      ['looptop', sub.agentId],
      ['looptop', subsub.agentId],
      ['loopsub', subsub.agentId],
    ] as const) {
      const r = await t.post('/admin/api/agents/move-member', { username: who, to_agent_id: to, reason: '测试' }, { token: owner });
      expect(r.code, `${who} -> ${to}`).toBe(400);
      expect(r.message).toBe(AGENT_MSG.moveLoop);
    }
    // a move that makes no loop still works: the sub-sub-agent to the top agent
    const ok = await t.post('/admin/api/agents/move-member', { username: 'loopsubsub', to_agent_id: top.agentId, reason: '测试' }, { token: owner });
    expect(ok.code, ok.message).toBe(200);
  });

  it('/api/applyagentdo: refused during a time-out (naming its end) and from an agent', async () => {
    const m = await registerMember(t, 'brkmember');
    expect((await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: m.token })).code).toBe(200);
    const r = await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '我有推广渠道' }, { token: m.token });
    expect(r.code).toBe(400);
    expect(r.message).toMatch(/^您正在冷静期中，至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）结束，期间不能申请代理/);
    expect(await t.ctx.db.selectFrom('agent_applications').select('id').where('member_id', '=', m.id).execute()).toEqual([]);

    // an agent (made by an operator, or approved) applies again: refused
    const again = await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '再次申请' }, { token: carry.token });
    expect(again.code).toBe(400);
    expect(again.message).toBe(PROFILE_MSG.applyAgent);
    const other = await registerMember(t, 'aplmember');
    expect((await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '我有推广渠道' }, { token: other.token })).code).toBe(200);
    const app = await t.ctx.db.selectFrom('agent_applications').select('id').where('member_id', '=', other.id).executeTakeFirstOrThrow();
    expect((await t.post('/admin/api/agent-applications/approve', { id: Number(app.id) }, { token: owner })).code).toBe(200);
    const second = await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '再次申请' }, { token: other.token });
    expect(second.message).toBe(PROFILE_MSG.applyAgent);
    expect(await t.ctx.db.selectFrom('agent_applications').select('id').where('member_id', '=', other.id).execute()).toHaveLength(1);
  });
});
