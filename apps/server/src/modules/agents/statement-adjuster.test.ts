import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MSG, CODE } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { agentFor, adminToken, bet, expectLedgerClean, futureMonths, inMonth, operatorToken, registerMember, statementOf, y } from './settlement-testing.ts';
import { monthStart, shiftMonth } from './settlement-month.ts';

/**
 * The attacker's view of an agent statement: adjust sets its total to any sum the operator types,
 * and the same operator could then approve it. Below agent_review_threshold (10,000 yuan by
 * default) that was one person alone turning a 300-yuan commission into 9,999 yuan paid to an
 * agent they know, month after month, agent after agent. Now whoever raised a statement above what
 * the settlement computed cannot approve it (at either step); another operator can, and an
 * adjustment down (核减) leaves the adjuster free to approve.
 */
describe('the operator who raised a statement does not approve it', () => {
  let t: TestApp;
  let finA: string;
  let finB: string;
  const [m1] = futureMonths(1);
  const clock = monthStart(shiftMonth(m1, 1)) + 8 * 3_600_000;
  const agents: Awaited<ReturnType<typeof agentFor>>[] = [];

  beforeAll(async () => {
    t = await startApp({ promoTestNow: clock });
    const owner = await adminToken(t);
    finA = await operatorToken(t, owner, 'adj_fin_a', 'finance');
    finB = await operatorToken(t, owner, 'adj_fin_b', 'finance');
    // two agents, each with a member who loses 1,000 on 1,000 valid: 300 commission each
    for (let i = 1; i <= 2; i++) {
      const a = await agentFor(t, `adjagent${i}`);
      agents.push(a);
      const m = await registerMember(t, `adjmem0${i}`, { pid: a.code });
      await bet(t, m.id, { valid: y(1_000), win: y(-1_000), at: inMonth(m1, 3) });
    }
    await t.agentSettlement.settleMonth(m1, clock);
  }, 120_000);
  afterAll(() => t.stop());

  const approve = (token: string, id: number) => t.post('/admin/api/agent-statements/approve', { id }, { token });
  const adjust = (token: string, id: number, amount: number, reason: string) => t.post('/admin/api/agent-statements/adjust', { id, amount, reason }, { token });

  it('raised to 9,999 by one operator: that operator is refused, another approves', async () => {
    const a = agents[0];
    const s = await statementOf(t, a.agentId, m1);
    expect(Number(s.payable)).toBe(y(300));
    expect(await adjust(finA, Number(s.id), 9_999, '补发活动佣金')).toMatchObject({ code: 200 });
    expect(await approve(finA, Number(s.id))).toMatchObject({ code: CODE.forbidden, message: AGENT_MSG.statementAdjuster });
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(0);
    expect(await approve(finB, Number(s.id))).toMatchObject({ code: 200, data: { state: 3, total: 9_999 } });
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(y(9_999));
    await expectLedgerClean(t);
  });

  it('lowered by one operator: the same operator approves', async () => {
    const a = agents[1];
    const s = await statementOf(t, a.agentId, m1);
    expect(await adjust(finA, Number(s.id), 200, '核减')).toMatchObject({ code: 200 });
    expect(await approve(finA, Number(s.id))).toMatchObject({ code: 200, data: { state: 3, total: 200 } });
    expect(await wallet.centralBalance(t.ctx.db, a.id)).toBe(y(200));
    await expectLedgerClean(t);
  });
});
