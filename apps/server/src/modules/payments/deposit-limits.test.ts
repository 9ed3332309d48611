import { DEPOSIT_REFUND_MSG, PAY_MSG, RESPONSIBLE_MSG } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { central, depositRow, memberWithCard, noticeFor, sendNotice } from './testing.ts';

/**
 * Issue 33 point 3 (DESIGN.md sections 4 and 13): a deposit limit is not passed by overpaying, or
 * by a late payment an operator approves. Limits count what is credited when it is; an approval
 * credits at most what the lowest limit leaves and the rest is a refund owed, listed for finance
 * until marked refunded. SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('deposit limits at review: approvals credit within the limit, the rest is owed back', () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  beforeAll(async () => {
    t = await startApp({ listen: true });
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.post('/admin/api/operators/create', { username: 'auditor33', password: 'auditor123', role: 'auditor' }, { token: admin });
    auditor = (await t.post('/admin/api/login', { username: 'auditor33', password: 'auditor123' })).data.token;
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  const setLimit = (token: string, amount: number, period = 'day') => t.post('/api/responsible/limit', { kind: 'deposit', period, amount }, { token });
  const dayLimit = async (token: string) => (await t.post('/api/responsible/get', {}, { token })).data.limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === 'day');
  const order = async (token: string, amount = 100) => {
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount }, { token });
    expect(r.code, r.message).toBe(200);
    return r.data.deposit_no as string;
  };
  /** the gateway says the order was paid `paidFen` (at `paidAt`): a mismatch or a late payment goes to review */
  const pay = async (no: string, paidFen: number, paidAt = Date.now()) => {
    const r = await sendNotice(t, await noticeFor(t, no, paidFen, 'paid', paidAt));
    expect(r.status).toBe(200);
  };
  const approve = (no: string, token = admin) => t.post('/admin/api/deposits/approve', { deposit_no: no }, { token });
  const refunds = (body: Record<string, unknown> = {}, token = admin) => t.post('/admin/api/deposit-refunds/list', { page: 1, ...body }, { token });
  const mark = (body: Record<string, unknown>, token = admin) => t.post('/admin/api/deposit-refunds/mark-refunded', body, { token });
  const depositEntries = (no: string) => t.ctx.db.selectFrom('ledger_entries').select(['kind', 'amount', 'idempotency_key']).where('reference', '=', no).execute();

  it('limit 100, order 100 paid 5,000: the review shows the limit, approval credits 100, 4,900 is owed and listed; the limit screen says used 100, left 0', async () => {
    const m = await memberWithCard(t, 'ovp');
    expect((await setLimit(m.token, 100)).code).toBe(200);
    const no = await order(m.token, 100);
    await pay(no, 500_000);
    expect(await depositRow(t, no)).toMatchObject({ status: 'review', paid_amount: 500_000 });

    // the review: the member's limit, what is used and left (this order left out), and the split
    const detail = await t.post('/admin/api/deposits/get', { deposit_no: no }, { token: auditor });
    expect(detail.code, detail.message).toBe(200);
    expect(detail.data).toMatchObject({
      row: { deposit_no: no, status: 'review', paid_amount: 5000 },
      limits: [{ period: 'day', period_name: '每日', amount: 100, used: 0, left: 100 }],
      left: 100,
      active_break: null,
      preview: { paid: 5000, credit: 100, refund: 4900 },
      refund: null,
    });
    expect(detail.data.hints).toEqual(['会员每日存款限额 100.00 元，已用 0.00 元，剩余 100.00 元：批准后入账 100.00 元，超出的 4,900.00 元记为待退款。']);

    const ok = await approve(no);
    expect(ok).toMatchObject({ code: 200, message: DEPOSIT_REFUND_MSG.approvedPartly('100.00', '4,900.00'), data: { status: 'credited' } });
    expect(await central(t, m.id)).toBe(10_000);
    expect(await depositRow(t, no)).toMatchObject({ status: 'credited', credited_amount: 10_000, paid_amount: 500_000 });
    expect(await depositEntries(no)).toEqual([{ kind: 'deposit', amount: 10_000, idempotency_key: `deposit:${no}:credit` }]);

    // finance's list
    const list = await refunds({ state: 'owed', username: m.name }, auditor);
    expect(list.code, list.message).toBe(200);
    expect(list.data).toMatchObject({ total: 1, data: [{ deposit_no: no, username: m.name, amount: 4900, paid_amount: 5000, credited_amount: 100, reason: 'limit', reason_name: '超出存款限额', state: 'owed', state_name: '待退款' }] });

    // the member's limit screen and the next order
    expect(await dayLimit(m.token)).toMatchObject({ amount: 100, used: 100, left: 0 });
    expect(await t.post('/api/recharge', { paytype: 'alipay', amount: 100 }, { token: m.token })).toMatchObject({ code: 400, message: RESPONSIBLE_MSG.depositLimit('每日', '100.00', '0.00') });
    // the member is told what was credited and what comes back
    const inbox = (await t.post('/api/messagelist', { page: 1 }, { token: m.token })).data.data.map((x: { content: string }) => x.content);
    expect(inbox).toContain(`您的存款订单 ${no} 已审核通过，100.00 元已存入中心钱包；超出您设置的存款限额的 4,900.00 元将退回您的付款账户。`);
    // a repeat changes nothing
    expect(await approve(no)).toMatchObject({ code: 200, message: '该订单已入账' });
    expect(await central(t, m.id)).toBe(10_000);
    expect((await refunds({ username: m.name })).data.total).toBe(1);
    // the review now shows the refund recorded
    expect((await t.post('/admin/api/deposits/get', { deposit_no: no }, { token: admin })).data).toMatchObject({ preview: null, refund: { amount: 4900, state: 'owed' } });
  });

  it('an expired order paid late and approved counts against the limit; with the limit used by then, nothing is credited and all is owed', async () => {
    const m = await memberWithCard(t, 'late');
    await setLimit(m.token, 100);
    const a = await order(m.token, 100);
    const row = await depositRow(t, a);
    await t.payments.service.expire(Number(row.expires_at));
    expect(await dayLimit(m.token)).toMatchObject({ used: 0, left: 100 });
    await pay(a, 10_000, Number(row.expires_at) + 60_000);
    expect((await depositRow(t, a)).status).toBe('review');
    expect(await approve(a)).toMatchObject({ code: 200, message: '审核通过，已入账' });
    expect(await central(t, m.id)).toBe(10_000);
    expect(await dayLimit(m.token)).toMatchObject({ used: 100, left: 0 });

    // another member: the expired order's place is taken by a new one, paid and credited; the late
    // payment then finds the limit used up
    const n = await memberWithCard(t, 'late2');
    await setLimit(n.token, 100);
    const first = await order(n.token, 100);
    const r1 = await depositRow(t, first);
    await t.payments.service.expire(Number(r1.expires_at));
    const second = await order(n.token, 100);
    await pay(second, 10_000);
    expect((await depositRow(t, second)).status).toBe('credited');
    await pay(first, 10_000, Number(r1.expires_at) + 60_000);
    const detail = (await t.post('/admin/api/deposits/get', { deposit_no: first }, { token: admin })).data;
    expect(detail).toMatchObject({ left: 0, preview: { paid: 100, credit: 0, refund: 100 } });
    expect(detail.hints[0]).toContain('批准后不会入账，实付 100.00 元将全部记为待退款');
    expect(await approve(first)).toMatchObject({ code: 200, message: DEPOSIT_REFUND_MSG.approvedNone('100.00'), data: { status: 'rejected', reject_reason: DEPOSIT_REFUND_MSG.rejectLimit('100.00') } });
    expect(await central(t, n.id)).toBe(10_000);
    expect(await depositEntries(first)).toEqual([]);
    expect((await refunds({ username: n.name })).data.data).toEqual([expect.objectContaining({ deposit_no: first, amount: 100, credited_amount: 0, state: 'owed' })]);
    expect(await dayLimit(n.token)).toMatchObject({ used: 100, left: 0 });
    // a repeat answers the decision taken
    expect(await approve(first)).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect((await refunds({ username: n.name })).data.total).toBe(1);
  });

  it('concurrent approvals credit once; approvals of two orders of one member never spend the same headroom', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await memberWithCard(t, 'race');
      await setLimit(m.token, 300);
      const a = await order(m.token, 100);
      const b = await order(m.token, 100);
      await pay(a, 30_000);
      await pay(b, 30_000);
      const answers = await Promise.all([approve(a), approve(b), approve(a), approve(b), approve(a)]);
      for (const x of answers) expect(x.code, x.message).toBe(200);
      const rows = await t.ctx.db.selectFrom('deposits').select(['deposit_no', 'credited_amount']).where('member_id', '=', m.id).execute();
      const credited = rows.reduce((s, r) => s + Number(r.credited_amount ?? 0), 0);
      expect(credited).toBe(30_000);
      expect(await central(t, m.id)).toBe(30_000);
      const owed = await t.ctx.db.selectFrom('deposit_refunds').select(['deposit_no', 'amount']).where('member_id', '=', m.id).execute();
      expect(owed.reduce((s, r) => s + Number(r.amount), 0)).toBe(30_000);
      for (const no of [a, b]) {
        expect((await depositEntries(no)).length).toBe(1);
        expect(await t.ctx.db.selectFrom('admin_audit').select('action').where('target', '=', `deposit:${no}`).execute()).toEqual([{ action: 'deposit.approve' }]);
      }
      expect(await dayLimit(m.token)).toMatchObject({ used: 300, left: 0 });
    }
  });

  it('marking refunded: by deposit number or id, once (audited), finance permission only, Chinese refusals', async () => {
    const m = await memberWithCard(t, 'mark');
    await setLimit(m.token, 100);
    const no = await order(m.token, 100);
    await pay(no, 20_000);
    expect((await approve(no)).code).toBe(200);
    const id = (await refunds({ username: m.name })).data.data[0].id;

    expect(await mark({ deposit_no: no, reason: '已原路退回' }, auditor)).toMatchObject({ code: 403 });
    expect(await mark({ reason: '已原路退回' })).toMatchObject({ code: 400, message: DEPOSIT_REFUND_MSG.idOrNo });
    expect(await mark({ id: 'abc', reason: '已原路退回' })).toMatchObject({ code: 400, message: DEPOSIT_REFUND_MSG.id });
    expect(await mark({ deposit_no: no })).toMatchObject({ code: 400, message: '请输入操作原因（1到200字）' });
    expect(await mark({ deposit_no: 'D20990101000000000000', reason: '已原路退回' })).toMatchObject({ code: 404, message: DEPOSIT_REFUND_MSG.notFound });
    expect(await refunds({ state: 'weird' })).toMatchObject({ code: 400, message: DEPOSIT_REFUND_MSG.state });

    const answers = await Promise.all([mark({ deposit_no: no, reason: '已原路退回' }), mark({ id, reason: '已原路退回' }), mark({ id: String(id), reason: '已原路退回' })]);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.message === DEPOSIT_REFUND_MSG.marked)).toHaveLength(1);
    expect(answers.every((a) => a.data.state === 'refunded' && a.data.state_name === '已退款' && a.data.refunded_by === 'admin')).toBe(true);
    expect(await mark({ deposit_no: no, reason: '再次' })).toMatchObject({ code: 200, message: DEPOSIT_REFUND_MSG.markedBefore, data: { note: '已原路退回' } });
    const audits = await t.ctx.db.selectFrom('admin_audit').select(['action', 'detail']).where('action', '=', 'deposit_refund.mark_refunded').where('target', '=', `deposit:${no}`).execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0].detail)).toMatchObject({ refund_amount_fen: 10_000, reason: '已原路退回' });
    // the audit log reads it in yuan, with names
    const log = await t.post('/admin/api/audit/list', { action: 'deposit_refund.mark_refunded', page: 1 }, { token: admin });
    expect(JSON.stringify(log.data)).toContain('标记存款已退款');
    expect((await refunds({ state: 'owed', username: m.name })).data.total).toBe(0);
    expect((await refunds({ state: 'refunded', username: m.name })).data.data).toEqual([expect.objectContaining({ deposit_no: no, amount: 100, note: '已原路退回' })]);
    expect(await central(t, m.id)).toBe(10_000);
  });

  it('a member in a time-out: the review warns, approval credits nothing and owes the whole payment back', async () => {
    const m = await memberWithCard(t, 'brk');
    const no = await order(m.token, 200);
    await pay(no, 30_000);
    const br = await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: m.token });
    expect(br.code, br.message).toBe(200);
    const detail = (await t.post('/admin/api/deposits/get', { deposit_no: no }, { token: admin })).data;
    expect(detail).toMatchObject({ active_break: { kind: 'timeout', kind_name: '冷静期', ends_at: br.data.active_break.ends_at }, preview: { paid: 300, credit: 0, refund: 300 } });
    expect(detail.hints[0]).toContain('会员正在冷静期中');
    expect(await approve(no)).toMatchObject({ code: 200, message: DEPOSIT_REFUND_MSG.approvedOnBreak('300.00'), data: { status: 'rejected' } });
    expect(await central(t, m.id)).toBe(0);
    expect((await refunds({ username: m.name })).data.data).toEqual([expect.objectContaining({ deposit_no: no, amount: 300, reason: 'break', reason_name: '冷静期/自我排除期间的付款' })]);
  });

  it('members without limits are credited what they paid; bad input to the detail is refused in Chinese', async () => {
    const m = await memberWithCard(t, 'nolim');
    const no = await order(m.token, 100);
    await pay(no, 25_000);
    expect((await t.post('/admin/api/deposits/get', { deposit_no: no }, { token: admin })).data).toMatchObject({ limits: [], left: null, hints: [], preview: { paid: 250, credit: 250, refund: 0 } });
    expect(await approve(no)).toMatchObject({ code: 200, message: '审核通过，已入账' });
    expect(await central(t, m.id)).toBe(25_000);
    expect((await refunds({ username: m.name })).data.total).toBe(0);
    expect(await t.post('/admin/api/deposits/get', {}, { token: admin })).toMatchObject({ code: 400, message: '请输入订单号' });
    expect(await t.post('/admin/api/deposits/get', { deposit_no: 'D20990101000000000000' }, { token: admin })).toMatchObject({ code: 404, message: PAY_MSG.orderNotFound });
  });
});

describe('the deposit limit refusal says what is wrong (issue 34)', () => {
  it('nothing used: the amount passes the limit; part used: what is left; all used: reached', () => {
    expect(RESPONSIBLE_MSG.depositLimit('每日', '300.00', '300.00')).toBe('本次存款金额超出您设置的每日存款限额300.00元，本周期还可存款300.00元');
    expect(RESPONSIBLE_MSG.depositLimit('每日', '300.00', '100.00')).toBe('本次存款金额超出您设置的每日存款限额300.00元的剩余额度，本周期还可存款100.00元');
    expect(RESPONSIBLE_MSG.depositLimit('每周', '1,000.00', '0.00')).toBe('已达到您设置的每周存款限额1,000.00元，本周期内不能再存款');
  });
});
