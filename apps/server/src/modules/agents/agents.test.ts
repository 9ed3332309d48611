import { AGENT_MSG } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { beijingDayNumber } from '../../db/beijing-day.ts';
import { wallet } from '../wallet/index.ts';
import { monthFigures } from './figures.ts';
import { monthOf } from './settlement-month.ts';
import { tierTable } from './plans.ts';

/**
 * The agents core (issue 20) on SQLite and PostgreSQL: binding through register with pid, an
 * approved application making an agent, moves counting from the move on, the rollup agreeing
 * with the ledger and the bets, flags leaving members out until cleared, plan tiers, the
 * operators' calls and their refusals.
 */
describe('agents: downlines, figures, flags, plans', () => {
  let t: TestApp;
  let admin: string;
  let content: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let betNo = 0;

  /** registers from its own address, with a real name of its own (flags match both), with an optional pid */
  const reg = async (name: string, ip: string, pid?: string) => {
    const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: `张${name}`, paypassword: '654321', ...(pid ? { pid } : {}) }, { ip });
    expect(r.code, r.message).toBe(200);
    tokens[name] = r.data.api_token;
    const m = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    ids[name] = Number(m.id);
    return tokens[name];
  };
  const deposit = (name: string, fen: number) =>
    wallet.creditFromHouse(t.ctx.db, { memberId: ids[name], amount: fen, reference: `dep-${name}-${fen}-${betNo}`, idempotencyKey: `test-dep-${name}-${++betNo}`, house: 'deposits' });
  const bonus = (name: string, fen: number, house: 'bonus' | 'rebate' | 'red_packet' = 'bonus') =>
    wallet.creditFromHouse(t.ctx.db, { memberId: ids[name], amount: fen, reference: `b-${name}`, idempotencyKey: `test-${house}-${name}-${++betNo}`, house });
  /** a settled bet record as the bet feed stores it */
  const bet = async (name: string, stake: number, winLoss: number, at = Date.now()) => {
    await t.ctx.db
      .insertInto('bets')
      .values({ platform: 'pp', bet_id: `agt-${++betNo}`, member_id: ids[name], game_code: 'g1', game_name: '测试游戏', category_id: '3', bet_amount: stake, valid_amount: stake, win_loss: winLoss, status: 1, detail: '', created_at: at, settled_at: at, pulled_at: at } as never)
      .execute();
  };
  const agentIdOf = async (name: string) => Number((await t.ctx.db.selectFrom('agents').select('id').where('member_id', '=', ids[name]).executeTakeFirstOrThrow()).id);
  const month = () => monthOf(Date.now());

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const made = await t.post('/admin/api/operators/create', { username: 'agcontent', password: 'agcontent-pass-123', role: 'content' }, { token: admin });
    expect(made.code, made.message).toBe(200);
    content = (await t.post('/admin/api/login', { username: 'agcontent', password: 'agcontent-pass-123' })).data.token;
  });
  afterAll(() => t.stop());

  it('an operator makes an agent; register with its pid binds the member; a bad pid binds nothing; isagent', async () => {
    await reg('agentone', '10.1.0.1');
    const r = await t.post('/admin/api/agents/create', { username: 'AgentOne' }, { token: admin });
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ username: 'agentone', plan_name: '标准方案', state: 1, members: 0, upline_username: null });
    expect(r.data.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(r.data.link).toBe(`/#/register?pid=${r.data.code}`);
    // twice: refused
    expect((await t.post('/admin/api/agents/create', { username: 'agentone' }, { token: admin })).message).toBe(AGENT_MSG.alreadyAgent);

    await reg('downa1', '10.2.0.1', r.data.code.toLowerCase());
    await reg('downa2', '10.2.0.2', r.data.code);
    await reg('nobody1', '10.2.0.3', 'NOSUCHCODE');
    const members = await t.post('/api/agent/members', { page: 1 }, { token: tokens.agentone });
    expect(members.code, members.message).toBe(200);
    expect(members.data.data.map((m: { username: string }) => m.username).sort()).toEqual(['downa1', 'downa2']);
    // nothing about the person: no real name, card or contact
    expect(Object.keys(members.data.data[0]).sort()).toEqual(['active', 'deposits', 'flagged', 'last_login_at', 'net', 'registered_at', 'username', 'valid_bets', 'win_loss']);

    expect((await t.post('/api/user', {}, { token: tokens.agentone })).data.isagent).toBe(1);
    expect((await t.post('/api/user', {}, { token: tokens.downa1 })).data.isagent).toBe(0);
    // a member who is no agent is refused plainly
    for (const path of ['/api/agent/summary', '/api/agent/members', '/api/agent/subagents']) {
      const no = await t.post(path, {}, { token: tokens.downa1 });
      expect(no.code).toBe(400);
      expect(no.message).toBe(AGENT_MSG.notAgent);
    }
    // getAgentLoginUrl: the portal for the agent, the programme page for everyone else
    expect((await t.get('/api/getAgentLoginUrl', { token: tokens.agentone })).data.url).toBe('/#/agent');
    expect((await t.get('/api/getAgentLoginUrl', { token: tokens.downa1 })).data.url).toBe('/support/agent');
    expect((await t.get('/api/getAgentLoginUrl')).data.url).toBe('/support/agent');
  });

  it('approving an application makes the member an agent, with its referrer agent as upline (sub-agent)', async () => {
    await t.post('/api/applyagentdo', { mobile: '13812345678', apply_info: '我有推广渠道' }, { token: tokens.downa1 });
    const app = await t.ctx.db.selectFrom('agent_applications').select('id').where('member_id', '=', ids.downa1).executeTakeFirstOrThrow();
    const ok = await t.post('/admin/api/agent-applications/approve', { id: Number(app.id) }, { token: admin });
    expect(ok.code, ok.message).toBe(200);
    const summary = await t.post('/api/agent/summary', {}, { token: tokens.downa1 });
    expect(summary.code, summary.message).toBe(200);
    expect(summary.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(summary.data.plan.rows).toEqual([
      { min_active: 1, min_net_profit: 0, rate: 30 },
      { min_active: 6, min_net_profit: 10000, rate: 35 },
      { min_active: 21, min_net_profit: 100000, rate: 40 },
      { min_active: 51, min_net_profit: 500000, rate: 45 },
    ]);
    const subs = await t.post('/api/agent/subagents', { page: 1 }, { token: tokens.agentone });
    expect(subs.data.data.map((s: { username: string }) => s.username)).toEqual(['downa1']);
    const row = (await t.post('/admin/api/agents/list', { username: 'downa1' }, { token: admin })).data.data[0];
    expect(row).toMatchObject({ upline_username: 'agentone', subagents: 0 });
    expect((await t.post('/admin/api/agents/list', { username: 'agentone' }, { token: admin })).data.data[0]).toMatchObject({ members: 2, subagents: 1 });
  });

  it('the rollup agrees with the ledger and the bet records; a moved member counts for the new agent from the move on', async () => {
    await reg('agenttwo', '10.1.0.2');
    const two = await t.post('/admin/api/agents/create', { username: 'agenttwo' }, { token: admin });
    await reg('downb1', '10.3.0.1', two.data.code);
    await deposit('downb1', 300_000);
    await deposit('downb1', 100_000);
    await bonus('downb1', 5_000);
    await bonus('downb1', 2_000, 'rebate');
    await bonus('downb1', 1_000, 'red_packet');
    await bet('downb1', 60_000, -20_000);
    await bet('downb1', 10_000, 4_000);
    await wallet.holdForWithdrawal(t.ctx.db, { memberId: ids.downb1, amount: 50_000, reference: 'w1', idempotencyKey: 'test-w1-hold' });
    await wallet.payOutHold(t.ctx.db, { memberId: ids.downb1, amount: 50_000, reference: 'w1', idempotencyKey: 'test-w1-pay' });
    await t.agents.tick();
    const a2 = await agentIdOf('agenttwo');
    const f = await monthFigures(t.ctx.db, { agentId: a2, month: month(), depositFeeBp: 100 });
    expect(f).toEqual({
      registrations: 1,
      first_deposits: 1,
      first_deposit_amount: 300_000,
      deposits: 400_000,
      withdrawals: 50_000,
      valid_bets: 70_000,
      ggr: 16_000,
      bonuses: 5_000,
      rebates: 2_000,
      red_packets: 1_000,
      fees: 4_000,
      net_profit: 16_000 - 5_000 - 2_000 - 1_000 - 4_000,
      active_members: 1,
    });
    // the same figures straight from the records
    const acct = await t.ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', '=', ids.downb1).execute();
    const ledger = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['kind', sql<number>`sum(amount)`.as('s')])
      .where('to_account_id', 'in', acct.map((a) => a.id))
      .groupBy('kind')
      .execute();
    const byKind = Object.fromEntries(ledger.map((l) => [l.kind, Number(l.s)]));
    expect([byKind.deposit, byKind.bonus, byKind.rebate, byKind.red_packet]).toEqual([f.deposits, f.bonuses, f.rebates, f.red_packets]);
    const bets = await t.ctx.db.selectFrom('bets').select([sql<number>`sum(valid_amount)`.as('v'), sql<number>`sum(win_loss)`.as('r')]).where('member_id', '=', ids.downb1).executeTakeFirstOrThrow();
    expect([Number(bets.v), -Number(bets.r)]).toEqual([f.valid_bets, f.ggr]);
    // a second pass changes nothing (absolute recompute)
    await t.agents.tick();
    expect(await monthFigures(t.ctx.db, { agentId: a2, month: month(), depositFeeBp: 100 })).toEqual(f);

    // moved to agentone: what came before stays with agenttwo, what follows counts for agentone
    const a1 = await agentIdOf('agentone');
    const before1 = await monthFigures(t.ctx.db, { agentId: a1, month: month(), depositFeeBp: 100 });
    const moved = await t.post('/admin/api/agents/move-member', { username: 'downb1', to_agent_id: a1, reason: '会员申请更换代理' }, { token: admin });
    expect(moved.code, moved.message).toBe(200);
    expect(moved.data).toEqual({ username: 'downb1', from_agent: 'agenttwo', to_agent: 'agentone' });
    // no pause needed: the new link opens at the move's own millisecond ([from, to)), so what
    // follows counts for agentone even within that millisecond
    await deposit('downb1', 70_000);
    await bet('downb1', 20_000, -3_000);
    await t.agents.tick();
    const after2 = await monthFigures(t.ctx.db, { agentId: a2, month: month(), depositFeeBp: 100 });
    const after1 = await monthFigures(t.ctx.db, { agentId: a1, month: month(), depositFeeBp: 100 });
    expect(after2).toEqual(f);
    expect(after1.deposits - before1.deposits).toBe(70_000);
    expect(after1.valid_bets - before1.valid_bets).toBe(20_000);
    expect(after1.ggr - before1.ggr).toBe(3_000);
    // not its first deposit: that stays where it happened
    expect(after1.first_deposits).toBe(before1.first_deposits);
    const audit = await t.ctx.db.selectFrom('admin_audit').select('detail').where('action', '=', 'agent.move_member').execute();
    expect(audit.map((a) => JSON.parse(a.detail).reason)).toEqual(['会员申请更换代理']);
    // refusals: same agent, no reason, unknown member
    expect((await t.post('/admin/api/agents/move-member', { username: 'downb1', to_agent_id: a1, reason: '再次' }, { token: admin })).message).toBe(AGENT_MSG.sameAgent);
    expect((await t.post('/admin/api/agents/move-member', { username: 'downb1', to_agent_id: a2, reason: '' }, { token: admin })).message).toMatch(/原因/);
    expect((await t.post('/admin/api/agents/move-member', { username: 'ghost01', to_agent_id: a2, reason: '测试' }, { token: admin })).message).toBe(AGENT_MSG.memberNotFound);
    expect((await t.post('/admin/api/agents/move-member', { username: 'agentone', to_agent_id: a1, reason: '测试' }, { token: admin })).message).toBe(AGENT_MSG.moveSelf);
  });

  it('a member sharing its agent\'s address or card is flagged and left out until an operator clears it', async () => {
    await reg('agentthree', '10.1.0.3');
    const three = await t.post('/admin/api/agents/create', { username: 'agentthree' }, { token: admin });
    const a3 = three.data.id as number;
    await reg('downc1', '10.4.0.1', three.data.code);
    // the agent's own second account: registered from the agent's address
    await reg('downc2', '10.1.0.3', three.data.code);
    await deposit('downc1', 10_000);
    await deposit('downc2', 20_000);
    await t.agents.tick();
    const flags = await t.post('/admin/api/agent-flags/list', { state: 1, agent_id: a3 }, { token: admin });
    expect(flags.code, flags.message).toBe(200);
    expect(flags.data.data.map((f: { username: string; kind: string }) => [f.username, f.kind])).toEqual([['downc2', 'register_ip']]);
    expect((await monthFigures(t.ctx.db, { agentId: a3, month: month(), depositFeeBp: 0 })).deposits).toBe(10_000);
    expect((await t.post('/admin/api/agents/list', { username: 'agentthree' }, { token: admin })).data.data[0].open_flags).toBe(1);

    const id = flags.data.data[0].id;
    expect((await t.post('/admin/api/agent-flags/clear', { id, reason: '' }, { token: admin })).message).toMatch(/原因/);
    expect((await t.post('/admin/api/agent-flags/clear', { id }, { token: content })).code).toBe(403);
    const cleared = await t.post('/admin/api/agent-flags/clear', { id, reason: '核实为家人，非代理本人' }, { token: admin });
    expect(cleared.code, cleared.message).toBe(200);
    expect(cleared.data).toMatchObject({ state: 2, cleared_by: 'admin', clear_reason: '核实为家人，非代理本人' });
    expect((await t.post('/admin/api/agent-flags/clear', { id, reason: '再次' }, { token: admin })).message).toBe(AGENT_MSG.flagCleared);
    expect((await monthFigures(t.ctx.db, { agentId: a3, month: month(), depositFeeBp: 0 })).deposits).toBe(30_000);
    expect(await t.ctx.db.selectFrom('admin_audit').select('id').where('action', '=', 'agent_flag.clear').execute()).toHaveLength(1);

    // a card shared between two downline members flags both (the card's number key)
    await t.ctx.db
      .insertInto('member_cards')
      .values([ids.downc1, ids.downc2].map((memberId, i) => ({ member_id: memberId, type: 1, bank: '工商银行', bank_owner: '张三', bank_no: 'sealed', bank_no_last4: '8888', number_key: 'same-card-key', slot: 1, created_at: Date.now() + i }) as never))
      .execute();
    await t.agents.tick();
    const shared = await t.post('/admin/api/agent-flags/list', { state: 1, agent_id: a3 }, { token: admin });
    expect(shared.data.data.map((f: { username: string; kind: string; other_username: string }) => [f.username, f.kind, f.other_username]).sort()).toEqual([
      ['downc1', 'card_shared', 'downc2'],
      ['downc2', 'card_shared', 'downc1'],
    ]);
    expect((await monthFigures(t.ctx.db, { agentId: a3, month: month(), depositFeeBp: 0 })).deposits).toBe(0);
  });

  it('plans: the default plan is the page\'s table; the tier is the highest row both figures reach; edits are checked', async () => {
    const page = await t.http.inject({ method: 'GET', url: '/support/agent' });
    for (const [members, net, rate] of tierTable((await t.agents.defaultPlan()).rows)) expect(page.body).toContain(`<td>${members}</td><td>${net}</td><td>${rate}</td>`);
    expect(page.body).toContain('<td>1~5 人</td><td>1 万以下</td><td>30%</td>');

    const list = await t.post('/admin/api/agent-plans/list', {}, { token: content });
    expect(list.code).toBe(403);
    const plans = await t.post('/admin/api/agent-plans/list', {}, { token: admin });
    expect(plans.data.data[0]).toMatchObject({ name: '标准方案', is_default: 1 });
    const bad = await t.post('/admin/api/agent-plans/create', { name: '乱序', rows: [{ min_active: 5, min_net_profit: 100, rate: 40 }, { min_active: 1, min_net_profit: 0, rate: 30 }] }, { token: admin });
    expect(bad.message).toBe(AGENT_MSG.planRowOrder);
    expect((await t.post('/admin/api/agent-plans/create', { name: '空', rows: [] }, { token: admin })).message).toBe(AGENT_MSG.planRows);
    expect((await t.post('/admin/api/agent-plans/create', { name: '高', rows: [{ min_active: 0, min_net_profit: 0, rate: 101 }] }, { token: admin })).message).toBe(AGENT_MSG.planRowRate);
    // a plan whose first row needs no active member: agenttwo (1 active, net 4,000 yuan after the move... ) reaches it
    const made = await t.post('/admin/api/agent-plans/create', { name: '高额方案', rows: [{ min_active: 1, min_net_profit: 0, rate: 20 }, { min_active: 1, min_net_profit: 10, rate: 50 }] }, { token: admin });
    expect(made.code, made.message).toBe(200);
    const a2 = await agentIdOf('agenttwo');
    expect((await t.post('/admin/api/agents/update', { id: a2, plan_id: made.data.id }, { token: admin })).code).toBe(200);
    const summary = await t.post('/api/agent/summary', {}, { token: tokens.agenttwo });
    // net 40.00 yuan (16,000 - 5,000 - 2,000 - 1,000 fen - fee 1 % of 4,000 yuan): both rows reached, the 50 % one wins
    expect(summary.data.figures).toMatchObject({ active_members: 1, net_profit: 40, fees: 40 });
    expect(summary.data.projected_tier).toEqual({ index: 2, rate: 50 });
    expect(summary.data.projected_commission).toBe(20);
    expect((await t.post('/admin/api/agents/update', { id: a2, plan_id: 999999 }, { token: admin })).message).toBe(AGENT_MSG.planNotFound);

    // the programme's settings go through the site settings: checked, then read by the figures
    const refused = await t.post('/admin/api/settings/update', { agent_deposit_fee_percent: 11 }, { token: admin });
    expect(refused.message).toBe('代理存款手续费比例（%）须不小于 0 且不超过 10，最多2位小数');
    expect((await t.post('/admin/api/settings/update', { agent_deposit_fee_percent: 2 }, { token: admin })).code).toBe(200);
    t.site.forget();
    expect((await t.post('/api/agent/summary', {}, { token: tokens.agenttwo })).data.figures).toMatchObject({ fees: 80, net_profit: 0 });
  });

  it('operators: detail with days and moves; refusals for bad input and missing permissions', async () => {
    const a1 = await agentIdOf('agentone');
    const got = await t.post('/admin/api/agents/get', { id: a1 }, { token: admin });
    expect(got.code, got.message).toBe(200);
    expect(got.data.days.map((d: { day: string }) => d.day)).toContain(new Date(beijingDayNumber(Date.now()) * 86_400_000).toISOString().slice(0, 10));
    expect(got.data.moves[0]).toMatchObject({ username: 'downb1', from_agent: 'agenttwo', to_agent: 'agentone', operator: 'admin' });
    expect((await t.post('/admin/api/agents/get', { id: 'x' }, { token: admin })).message).toBe(AGENT_MSG.agentNotFound);
    expect((await t.post('/admin/api/agents/get', { id: a1, month: '2026-13' }, { token: admin })).message).toBe(AGENT_MSG.month);
    expect((await t.post('/admin/api/agents/get', { id: 999999 }, { token: admin })).message).toBe(AGENT_MSG.agentNotFound);
    expect((await t.post('/admin/api/agents/create', { username: 'ghost01' }, { token: admin })).message).toBe(AGENT_MSG.memberNotFound);
    expect((await t.post('/admin/api/agents/create', { username: 'nobody1', upline: 'nope' }, { token: admin })).message).toBe(AGENT_MSG.uplineNotFound);
    expect((await t.post('/admin/api/agents/create', { username: 'nobody1' }, { token: content })).code).toBe(403);
    expect((await t.post('/admin/api/agents/list', {}, { token: content })).code).toBe(403);
    expect((await t.post('/api/agent/members', { page: 'x' }, { token: tokens.agentone })).code).toBe(400);
    expect((await t.post('/api/agent/summary', {})).code).toBe(401);
    // suspended: still an agent, its projection earns nothing
    expect((await t.post('/admin/api/agents/update', { id: a1, state: 2, note: '暂停' }, { token: admin })).data).toMatchObject({ state: 2, note: '暂停' });
    expect((await t.post('/api/agent/summary', {}, { token: tokens.agentone })).data).toMatchObject({ state: 2, projected_commission: 0 });
  });
});
