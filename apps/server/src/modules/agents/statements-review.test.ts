import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MSG, AGENT_STATEMENT_MSG, CODE } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { wallet } from '../wallet/index.ts';
import { agentFor, adminToken, bet, expectLedgerClean, futureMonths, inMonth, operatorToken, registerMember, statementOf, y } from './settlement-testing.ts';
import { monthStart, shiftMonth } from './settlement-month.ts';

/**
 * Operators' decisions on statements (issue 20 point 4), on SQLite and PostgreSQL: approvals
 * racing approvals or rejections credit once, the two-person rule above the threshold,
 * adjustments with a reason (audited), rejections; verify() is clean after each.
 */
describe('agent statement review', () => {
  let t: TestApp;
  let owner: string;
  let finA: string;
  let finB: string;
  let finC: string;
  let support: string;
  const [m1] = futureMonths(1);
  const clock = monthStart(shiftMonth(m1, 1)) + 8 * 3_600_000;
  const agents: Awaited<ReturnType<typeof agentFor>>[] = [];

  beforeAll(async () => {
    t = await startApp({ promoTestNow: clock });
    owner = await adminToken(t);
    finA = await operatorToken(t, owner, 'fin_a', 'finance');
    finB = await operatorToken(t, owner, 'fin_b', 'finance');
    finC = await operatorToken(t, owner, 'fin_c', 'finance');
    support = await operatorToken(t, owner, 'sup_a', 'support');
    // six agents, each with a member who loses 18,000 on 1,000 valid: 5,400 commission each
    for (let i = 1; i <= 6; i++) {
      const a = await agentFor(t, `revagent${i}`);
      agents.push(a);
      const m = await registerMember(t, `revmem0${i}`, { pid: a.code });
      await bet(t, m.id, { valid: y(1_000), win: y(-18_000), at: inMonth(m1, 3) });
    }
    await t.agentSettlement.settleMonth(m1, clock);
  }, 120_000);
  afterAll(() => t.stop());

  const approve = (token: string, id: number) => t.post('/admin/api/agent-statements/approve', { id }, { token });
  const reject = (token: string, id: number, reason = '数据有误') => t.post('/admin/api/agent-statements/reject', { id, reason }, { token });
  const commissionEntries = async (memberId: number) =>
    t.ctx.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.to_account_id')
      .select(['e.amount', 'e.idempotency_key'])
      .where('a.member_id', '=', memberId)
      .where('e.kind', '=', 'commission')
      .execute();

  it('two approvals at once credit once', async () => {
    const a = agents[0];
    const s = await statementOf(t, a.agentId, m1);
    const replies = await Promise.all([approve(finA, Number(s.id)), approve(finB, Number(s.id)), approve(owner, Number(s.id))]);
    expect(replies.map((r) => r.code)).toEqual([200, 200, 200]);
    expect(replies.every((r) => r.data.state === 3)).toBe(true);
    expect(await commissionEntries(a.id)).toEqual([{ amount: y(5_400), idempotency_key: `agent-commission:${s.id}` }]);
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(y(5_400));
    expect(await t.ctx.db.selectFrom('turnover_requirements').select('credited').where('member_id', '=', a.id).execute()).toEqual([{ credited: y(5_400) }]);
    expect(await t.ctx.db.selectFrom('admin_audit').select('action').where('action', '=', 'agent_statement.approve').where('target', '=', `agent_statement:${s.statement_no}`).execute()).toHaveLength(1);
    await expectLedgerClean(t);
  });

  it('an approval racing a rejection: exactly one of them happens', async () => {
    const a = agents[1];
    const s = await statementOf(t, a.agentId, m1);
    const [ap, rj] = await Promise.all([approve(finA, Number(s.id)), reject(finB, Number(s.id))]);
    const after = await statementOf(t, a.agentId, m1);
    const entries = await commissionEntries(a.id);
    if (Number(after.state) === 3) {
      expect(ap).toMatchObject({ code: 200, data: { state: 3 } });
      expect(rj).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.statementDecided });
      expect(entries).toHaveLength(1);
    } else {
      expect(Number(after.state)).toBe(4);
      expect(rj).toMatchObject({ code: 200, data: { state: 4 } });
      expect(ap).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.statementDecided });
      expect(entries).toHaveLength(0);
    }
    await expectLedgerClean(t);
  });

  it('a rejection has a reason, credits nothing, tells the agent, and is final', async () => {
    const a = agents[2];
    const s = await statementOf(t, a.agentId, m1);
    expect(await reject(finA, Number(s.id), '')).toMatchObject({ code: CODE.invalid });
    const r = await reject(finA, Number(s.id), '下级会员为代理本人账户');
    expect(r).toMatchObject({ code: 200, message: AGENT_STATEMENT_MSG.rejected, data: { state: 4, rejected_by: 'fin_a', reject_reason: '下级会员为代理本人账户' } });
    expect(await approve(finB, Number(s.id))).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.statementDecided });
    expect(await t.post('/admin/api/agent-statements/adjust', { id: s.id, amount: 100, reason: '补发' }, { token: finB })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.statementDecided });
    expect(await commissionEntries(a.id)).toEqual([]);
    const inbox = await t.post('/api/messagelist', { page: 1 }, { token: a.token });
    expect(JSON.stringify(inbox.data)).toContain('下级会员为代理本人账户');
    await expectLedgerClean(t);
  });

  it('an adjustment sets the total with a reason (audited) and is what approval pays; paid statements never change', async () => {
    const a = agents[3];
    const s = await statementOf(t, a.agentId, m1);
    const adj = await t.post('/admin/api/agent-statements/adjust', { id: s.id, amount: '5000.5', reason: '扣除违规奖金' }, { token: finA });
    expect(adj).toMatchObject({ code: 200, message: AGENT_STATEMENT_MSG.adjusted('5,000.50'), data: { total: 5000.5, commission: 5400, adjustment: -399.5, adjust_reason: '扣除违规奖金', state: 1 } });
    const [audit] = await t.ctx.db.selectFrom('admin_audit').select(['detail', 'admin_id']).where('action', '=', 'agent_statement.adjust').execute();
    expect(JSON.parse(audit.detail)).toMatchObject({ reason: '扣除违规奖金', before: { payable_fen: y(5_400) }, after: { payable_fen: 500_050 } });
    expect(await t.post('/admin/api/agent-statements/adjust', { id: s.id, amount: -1, reason: '负数' }, { token: finA })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.adjustAmount });
    // the operators' detail shows it; the agent's statement too
    expect((await t.post('/admin/api/agent-statements/get', { id: s.id }, { token: support })).code).toBe(CODE.forbidden);
    expect(await t.post('/admin/api/agent-statements/get', { id: s.id }, { token: finB })).toMatchObject({ code: 200, data: { total: 5000.5, figures: { net_profit: 18000 }, tier_index: 1 } });
    expect(await t.post('/api/agent/statement', { id: s.id }, { token: a.token })).toMatchObject({ data: { total: 5000.5, adjustment: -399.5, adjust_reason: '扣除违规奖金' } });

    expect(await approve(finB, Number(s.id))).toMatchObject({ code: 200, data: { state: 3, total: 5000.5 } });
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(500_050);
    expect(await t.post('/admin/api/agent-statements/adjust', { id: s.id, amount: 6000, reason: '补发' }, { token: finA })).toMatchObject({ code: CODE.invalid, message: AGENT_MSG.statementDecided });
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(500_050);
    await expectLedgerClean(t);
  });

  it('above the threshold a second, different operator approves; an adjustment undoes a first approval', async () => {
    expect((await t.post('/admin/api/settings/update', { agent_review_threshold: 5000 }, { token: owner })).code).toBe(200);
    try {
      const a = agents[4];
      const s = await statementOf(t, a.agentId, m1);
      const first = await approve(finA, Number(s.id));
      expect(first).toMatchObject({ code: 200, message: AGENT_STATEMENT_MSG.approvedFirst('5,000.00'), data: { state: 2, first_approved_by: 'fin_a', needs_second: 1 } });
      expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(0);
      // the same operator cannot be the second
      expect(await approve(finA, Number(s.id))).toMatchObject({ code: CODE.forbidden, message: AGENT_MSG.statementSameOperator });
      // an adjustment sends it back to the first step
      expect(await t.post('/admin/api/agent-statements/adjust', { id: s.id, amount: 5200, reason: '核减' }, { token: finB })).toMatchObject({ code: 200, data: { state: 1, first_approved_by: null } });
      expect(await approve(finA, Number(s.id))).toMatchObject({ code: 200, data: { state: 2 } });
      // two second approvals at once: one credit
      const seconds = await Promise.all([approve(finB, Number(s.id)), approve(finC, Number(s.id))]);
      expect(seconds.map((r) => [r.code, r.data.state])).toEqual([
        [200, 3],
        [200, 3],
      ]);
      expect(await commissionEntries(a.id)).toEqual([{ amount: y(5_200), idempotency_key: `agent-commission:${s.id}` }]);
      const after = await statementOf(t, a.agentId, m1);
      expect(Number(after.first_approved_by)).not.toBe(Number(after.decided_by));
      // a statement under the threshold needs one operator
      await t.post('/admin/api/agent-statements/adjust', { id: (await statementOf(t, agents[5].agentId, m1)).id, amount: 4000, reason: '核减' }, { token: finB });
      expect(await approve(finA, Number((await statementOf(t, agents[5].agentId, m1)).id))).toMatchObject({ code: 200, data: { state: 3, total: 4000 } });
      await expectLedgerClean(t);
    } finally {
      await t.post('/admin/api/settings/update', { agent_review_threshold: 10000 }, { token: owner });
    }
  });

  it('the review queue lists by month and state; roles without agents.settle are refused', async () => {
    const paid = await t.post('/admin/api/agent-statements/list', { month: m1, state: 3, page: 1, per_page: 50 }, { token: finA });
    expect(paid.code).toBe(200);
    expect(paid.data.data.every((r: { state: number; month: string }) => r.state === 3 && r.month === m1)).toBe(true);
    expect(paid.data.total).toBeGreaterThanOrEqual(3);
    const byName = await t.post('/admin/api/agent-statements/list', { username: 'REVAGENT4', page: 1, per_page: 10 }, { token: support });
    expect(byName.code).toBe(CODE.forbidden);
    expect(await t.post('/admin/api/agent-statements/list', { username: 'REVAGENT4', page: 1, per_page: 10 }, { token: finA })).toMatchObject({ code: 200, data: { total: 1, data: [{ username: 'revagent4', total: 5000.5 }] } });
    expect(await approve(support, 1)).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    expect(await t.post('/admin/api/agent-settlement/run', { month: m1 }, { token: support })).toMatchObject({ code: CODE.forbidden });
    expect(await approve(finA, 999_999)).toMatchObject({ code: CODE.notFound, message: AGENT_MSG.statementNotFound });
  });
});
