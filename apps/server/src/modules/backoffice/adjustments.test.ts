import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADJUSTMENT_MSG, CODE } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { newMember, operator } from '../withdrawals/testing.ts';

/**
 * Manual adjustments and the second operator (issue 33 point 7, DESIGN 4), on SQLite and
 * PostgreSQL. An operator's adjustment above the setting adjust_second_approval_over, or past the
 * operator's own day of immediate adjustments (adjust_daily_immediate_max), waits for a second,
 * different operator: the proposer cannot approve it, two concurrent approvals credit once, a
 * rejection moves no money, and 100 calls just under the threshold stop being immediate at the cap.
 */
describe('manual adjustments: two operators above the threshold and past the daily cap', () => {
  let t: TestApp;
  let owner: string;
  let opA: string;
  let opB: string;

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    opA = await operator(t, 'adj_a', 'super');
    opB = await operator(t, 'adj_b', 'super');
  });
  afterAll(() => t.stop());

  const settings = async (body: Record<string, unknown>) => {
    const r = await t.post('/admin/api/settings/update', body, { token: owner });
    expect(r.code, r.message).toBe(200);
  };
  const adjust = (token: string, body: Record<string, unknown>) => t.post('/admin/api/members/adjust', body, { token });
  const decide = (token: string, decision: 'approve' | 'reject', body: Record<string, unknown>) => t.post(`/admin/api/adjustments/${decision}`, body, { token });
  const central = async (id: number) => (await wallet.centralBalance(t.ctx.db, id)) / 100;
  const entries = async (id: number) => {
    const acct = await t.ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', '=', id).where('kind', '=', 'central').executeTakeFirstOrThrow();
    return t.ctx.db.selectFrom('ledger_entries').selectAll().where('kind', '=', 'adjustment').where((eb) => eb.or([eb('to_account_id', '=', acct.id), eb('from_account_id', '=', acct.id)])).execute();
  };

  it('above the threshold a credit waits; the proposer cannot approve; two concurrent approvals credit once', async () => {
    await settings({ adjust_second_approval_over: 500, adjust_daily_immediate_max: 100_000 });
    const m = await newMember(t, 'adjwait01');
    const asked = await adjust(opA, { username: m.name, amount: 800, reason: '大额补偿', turnover_multiple: 1, request_id: 'adj-wait-0001' });
    expect(asked).toMatchObject({ code: 200, message: ADJUSTMENT_MSG.pending('500.00'), data: { state: 'pending', needs_two: true, request_id: 'adj-wait-0001', amount: 800, replayed: false } });
    const no = asked.data.adjustment_no as string;
    expect(no).toMatch(/^ADJ\d{16}$/);
    // nothing moved yet
    expect(await central(m.id)).toBe(0);
    expect(await entries(m.id)).toHaveLength(0);
    // the retry of the same request answers the same waiting adjustment, not a second one
    expect(await adjust(opA, { username: m.name, amount: 800, reason: '大额补偿', turnover_multiple: 1, request_id: 'adj-wait-0001' })).toMatchObject({ code: 200, data: { adjustment_no: no, state: 'pending', replayed: true } });
    // listed for the other operators, and counted by the bell and the dashboard
    const queue = await t.post('/admin/api/adjustments/list', { state: 'pending', username: m.name }, { token: opB });
    expect(queue.data).toMatchObject({ total: 1, data: [{ adjustment_no: no, username: m.name, amount: 800, requested_by: 'adj_a', state: 'pending' }] });
    expect((await t.post('/admin/api/dashboard/summary', {}, { token: owner })).data.pending.member_adjustments).toBeGreaterThanOrEqual(1);

    // the proposer cannot approve their own
    expect(await decide(opA, 'approve', { adjustment_no: no })).toMatchObject({ code: CODE.forbidden, message: ADJUSTMENT_MSG.sameApprover });
    expect(await central(m.id)).toBe(0);

    // two other operators at once: one credit
    const both = await Promise.all([opB, owner].map((token) => decide(token, 'approve', { adjustment_no: no })));
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(both.map((r) => r.data.replayed).sort()).toEqual([false, true]);
    expect(await central(m.id)).toBe(800);
    expect(await entries(m.id)).toHaveLength(1);
    // the turnover row names the adjustment by its number (issue 34 point 9), once
    const rows = (await t.post('/admin/api/members/records', { username: m.name, kind: 'turnover' }, { token: owner })).data.data as { reference: string; required: number }[];
    expect(rows).toEqual([expect.objectContaining({ reference: no, required: 800 })]);
    // a repeat answers the decision; a late rejection is refused
    expect(await decide(opB, 'approve', { adjustment_no: no })).toMatchObject({ code: 200, data: { replayed: true, state: 'applied', decided_by: expect.stringMatching(/^(adj_b|admin)$/) } });
    expect(await decide(opB, 'reject', { adjustment_no: no, reason: '晚了' })).toMatchObject({ message: ADJUSTMENT_MSG.decided });
    expect(await central(m.id)).toBe(800);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('a rejection moves no money and cannot be approved afterwards; a debit above the threshold waits too', async () => {
    await settings({ adjust_second_approval_over: 500, adjust_daily_immediate_max: 100_000 });
    const m = await newMember(t, 'adjwait02');
    expect(await adjust(opA, { username: m.name, amount: 400, reason: '门槛内' })).toMatchObject({ code: 200, data: { state: 'applied', needs_two: false } });
    const asked = await adjust(opA, { username: m.name, amount: 5000, reason: '大额补偿' });
    const no = asked.data.adjustment_no as string;
    const rejected = await decide(opB, 'reject', { adjustment_no: no, reason: '依据不足' });
    expect(rejected).toMatchObject({ code: 200, data: { state: 'rejected', reject_reason: '依据不足' } });
    expect(await decide(owner, 'approve', { adjustment_no: no })).toMatchObject({ message: ADJUSTMENT_MSG.decided });
    expect(await central(m.id)).toBe(400);

    const debit = await adjust(opA, { username: m.name, amount: -390, reason: '扣回' });
    expect(debit.data.state).toBe('applied');
    const big = await adjust(opA, { username: m.name, amount: -600, reason: '大额扣回' });
    expect(big).toMatchObject({ code: 200, data: { state: 'pending', amount: -600 } });
    expect(await central(m.id)).toBe(10);
    // approved when the wallet cannot cover it: refused, still waiting, nothing moved
    expect(await decide(opB, 'approve', { adjustment_no: big.data.adjustment_no })).toMatchObject({ code: CODE.invalid });
    expect((await t.post('/admin/api/adjustments/list', { state: 'pending', username: m.name }, { token: opB })).data.total).toBe(1);
    expect(await central(m.id)).toBe(10);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('100 calls just under the threshold by one operator stop being immediate at the daily cap, even at once', { timeout: 120_000 }, async () => {
    await settings({ adjust_second_approval_over: 1000, adjust_daily_immediate_max: 5000 });
    const splitter = await operator(t, 'adj_split', 'super');
    const m = await newMember(t, 'adjsplit01');
    const replies = [];
    for (let batch = 0; batch < 10; batch++) {
      replies.push(...(await Promise.all(Array.from({ length: 10 }, () => adjust(splitter, { username: m.name, amount: 999.99, reason: '拆分加款' })))));
    }
    expect(replies.every((r) => r.code === 200)).toBe(true);
    const applied = replies.filter((r) => r.data.state === 'applied');
    const waiting = replies.filter((r) => r.data.state === 'pending');
    expect(applied).toHaveLength(5); // 5 x 999.99 = 4,999.95; a sixth would pass 5,000.00
    expect(waiting).toHaveLength(95);
    expect(waiting[0]).toMatchObject({ message: ADJUSTMENT_MSG.pendingDaily('5,000.00'), data: { needs_two: true } });
    expect(await central(m.id)).toBe(4999.95);
    // another operator's cap is their own
    expect(await adjust(opB, { username: m.name, amount: 999.99, reason: '另一位操作员' })).toMatchObject({ data: { state: 'applied' } });
    expect(await central(m.id)).toBe(5999.94);
    // a waiting one still needs a second operator, then credits once
    expect(await decide(splitter, 'approve', { adjustment_no: waiting[0].data.adjustment_no })).toMatchObject({ code: CODE.forbidden });
    expect(await decide(opA, 'approve', { adjustment_no: waiting[0].data.adjustment_no })).toMatchObject({ code: 200, data: { state: 'applied' } });
    expect(await central(m.id)).toBe(6999.93);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    await settings({ adjust_second_approval_over: 50_000, adjust_daily_immediate_max: 200_000 });
  });
});
