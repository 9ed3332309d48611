import { DEPOSIT_REFUND_MSG, DEPOSIT_REVIEW_MSG, PAY_MSG } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { central, depositRow, memberWithCard, noticeFor, sendNotice } from './testing.ts';

/**
 * The attacker's view of a manual deposit: the member says they transferred the money, and one
 * operator with deposits.review approving it credited it. An insider approved a transfer that never
 * arrived for an accomplice: money for nothing, one person alone. Now above
 * deposit_second_approval_over the first approval only records itself; a second, different
 * operator's approval credits it, once. An online order sent to review is credited by an
 * operator's decision too, and follows the same rule.
 */
describe('a large deposit is credited by a second, different operator', () => {
  let t: TestApp;
  let owner: string;
  const op: Record<string, string> = {};

  beforeAll(async () => {
    // listening: an online order is made at the sandbox gateway
    t = await startApp({ listen: true });
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/settings/update', { deposit_second_approval_over: 1000 }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/roles/create', { code: 'dep_rev', name: 'dep_rev', permissions: ['deposits.view', 'deposits.review'] }, { token: owner })).code).toBe(200);
    for (const name of ['depa', 'depb']) {
      expect((await t.post('/admin/api/operators/create', { username: name, password: `${name}-pass-1`, role: 'dep_rev' }, { token: owner })).code).toBe(200);
      op[name] = (await t.post('/admin/api/login', { username: name, password: `${name}-pass-1` })).data.token;
    }
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  const bankOrder = async (token: string, amount: number) => {
    const r = await t.post('/api/recharge', { paytype: 'bank', amount, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行' }, { token });
    expect(r.code, r.message).toBe(200);
    return r.data.deposit_no as string;
  };
  const approve = (no: string, token: string) => t.post('/admin/api/deposits/approve', { deposit_no: no }, { token });
  const entries = (no: string) => t.ctx.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('reference', '=', no).execute();
  const audits = (no: string) =>
    t.ctx.db.selectFrom('admin_audit').innerJoin('admins', 'admins.id', 'admin_audit.admin_id').select(['admin_audit.action', 'admins.username']).where('target', '=', `deposit:${no}`).orderBy('admin_audit.id').execute();

  it('above the threshold one operator alone credits nothing; the same one again is refused; a second credits once of ten at once', async () => {
    const m = await memberWithCard(t, 'dtp');
    const no = await bankOrder(m.token, 5000);
    const first = await approve(no, op.depa);
    expect(first).toMatchObject({ code: 200, message: DEPOSIT_REVIEW_MSG.firstApproved('1,000.00'), data: { status: 'pending', needs_two: true, first_approved_by: 'depa', credited_at: null } });
    expect(await central(t, m.id)).toBe(0);
    expect(await entries(no)).toEqual([]);
    // the same operator again: refused, still nothing
    expect(await approve(no, op.depa)).toMatchObject({ code: 400, message: DEPOSIT_REVIEW_MSG.sameApprover });
    expect(await central(t, m.id)).toBe(0);
    // the list and the detail name the first approver
    const list = await t.post('/admin/api/deposits/list', { username: m.name, page: 1 }, { token: op.depb });
    expect(list.data.data[0]).toMatchObject({ deposit_no: no, needs_two: true, first_approved_by: 'depa', first_approved_at: expect.any(String) });
    expect((await t.post('/admin/api/deposits/get', { deposit_no: no }, { token: op.depb })).data.row).toMatchObject({ needs_two: true, first_approved_by: 'depa' });

    // the second operator, ten times at once: credited once
    const replies = await Promise.all(Array.from({ length: 10 }, () => approve(no, op.depb)));
    expect(replies.map((r) => r.code)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.message === DEPOSIT_REVIEW_MSG.approved)).toHaveLength(1);
    expect(await central(t, m.id)).toBe(500_000);
    expect(await entries(no)).toEqual([{ kind: 'deposit', amount: 500_000 }]);
    expect(await depositRow(t, no)).toMatchObject({ status: 'credited', credited_amount: 500_000, decided_by: 'depb' });
    // the first operator afterwards: answered, nothing moves
    expect(await approve(no, op.depa)).toMatchObject({ code: 200, message: '该订单已入账' });
    expect(await central(t, m.id)).toBe(500_000);
    // both steps audited
    expect(await audits(no)).toEqual([
      { action: 'deposit.approve_first', username: 'depa' },
      { action: 'deposit.approve', username: 'depb' },
    ]);
  });

  it('only a super admin changes the threshold (a money control): a deposit reviewer who may edit settings cannot switch it off', async () => {
    expect((await t.post('/admin/api/roles/create', { code: 'dep_lead', name: 'dep_lead', permissions: ['deposits.view', 'deposits.review', 'settings.view', 'settings.update'] }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/operators/create', { username: 'deplead', password: 'deplead-pass-1', role: 'dep_lead' }, { token: owner })).code).toBe(200);
    const lead = (await t.post('/admin/api/login', { username: 'deplead', password: 'deplead-pass-1' })).data.token;
    expect(await t.post('/admin/api/settings/update', { deposit_second_approval_over: 0 }, { token: lead })).toMatchObject({ code: 403 });
    expect((await t.post('/admin/api/settings/get', {}, { token: owner })).data).toMatchObject({ settings: { deposit_second_approval_over: 1000 } });
  });

  it('at or below the threshold one approval credits as before', async () => {
    const m = await memberWithCard(t, 'dtq');
    const no = await bankOrder(m.token, 1000);
    expect((await t.post('/admin/api/deposits/list', { username: m.name, page: 1 }, { token: op.depa })).data.data[0]).toMatchObject({ needs_two: false, first_approved_by: null });
    expect(await approve(no, op.depa)).toMatchObject({ code: 200, message: DEPOSIT_REVIEW_MSG.approved, data: { status: 'credited', needs_two: false, first_approved_by: null } });
    expect(await central(t, m.id)).toBe(100_000);
  });

  it('after the first approval anyone with deposits.review may still reject it; nothing is credited', async () => {
    const m = await memberWithCard(t, 'dtr');
    const no = await bankOrder(m.token, 3000);
    expect((await approve(no, op.depa)).data.status).toBe('pending');
    expect(await t.post('/admin/api/deposits/reject', { deposit_no: no, reason: '未收到款项' }, { token: op.depa })).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect(await approve(no, op.depb)).toMatchObject({ code: 400, message: PAY_MSG.notReviewable });
    expect(await central(t, m.id)).toBe(0);
  });

  it('an online order in review above the threshold takes two operators as well', async () => {
    const m = await memberWithCard(t, 'dto');
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 1000 }, { token: m.token });
    expect(r.code, r.message).toBe(200);
    const no = r.data.deposit_no as string;
    expect((await sendNotice(t, await noticeFor(t, no, 200_000))).status).toBe(200);
    expect(await depositRow(t, no)).toMatchObject({ status: 'review', paid_amount: 200_000 });
    expect(await approve(no, op.depb)).toMatchObject({ code: 200, message: DEPOSIT_REVIEW_MSG.firstApproved('1,000.00'), data: { status: 'review', first_approved_by: 'depb' } });
    expect(await central(t, m.id)).toBe(0);
    expect(await approve(no, op.depa)).toMatchObject({ code: 200, data: { status: 'credited' } });
    expect(await central(t, m.id)).toBe(200_000);
  });

  it("the member's deposit limit is read at the crediting (second) approval; the amount cannot change between the two", async () => {
    const m = await memberWithCard(t, 'dtl');
    const no = await bankOrder(m.token, 5000);
    expect((await approve(no, op.depa)).data.first_approved_by).toBe('depa');
    // the member lowers their daily limit after the first approval (a lower limit is at once)
    expect((await t.post('/api/responsible/limit', { kind: 'deposit', period: 'day', amount: 100 }, { token: m.token })).code).toBe(200);
    expect(await approve(no, op.depb)).toMatchObject({ code: 200, message: DEPOSIT_REFUND_MSG.approvedPartly('100.00', '4,900.00'), data: { status: 'credited' } });
    expect(await central(t, m.id)).toBe(10_000);

    // an order whose amount is not the one first approved is not credited by the second approval
    const n = await memberWithCard(t, 'dtm');
    const no2 = await bankOrder(n.token, 5000);
    expect((await approve(no2, op.depa)).data.first_approved_by).toBe('depa');
    await t.ctx.db.updateTable('deposits').set({ amount: 900_000 }).where('deposit_no', '=', no2).execute();
    expect(await approve(no2, op.depb)).toMatchObject({ code: 400, message: DEPOSIT_REVIEW_MSG.amountChanged });
    expect(await central(t, n.id)).toBe(0);
  });
});
