import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, TURNOVER_WAIVE_MSG, WITHDRAW_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { fillFromBets } from '../turnover/index.ts';
import { bindBank, credit, newMember, operator, PAY, withdraw, type Member } from '../withdrawals/testing.ts';

/**
 * Turnover waivers (issue 25), on SQLite and PostgreSQL: an operator reduces or clears a member's
 * open 打码量 (one row or all, an amount or all that remains) with a reason; getBetAmount and the
 * withdrawal check follow at once; above the threshold a second, different operator approves.
 */
describe('turnover waivers', () => {
  let t: TestApp;
  let owner: string;
  let riskA: string;
  let riskB: string;
  let finance: string;

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    riskA = await operator(t, 'risk_a', 'risk');
    riskB = await operator(t, 'risk_b', 'risk');
    finance = await operator(t, 'fin_w', 'finance');
  });
  afterAll(() => t.stop());

  const waive = (token: string, body: Record<string, unknown>) => t.post('/admin/api/members/turnover-waive', body, { token });
  const owed = async (m: Member) => (await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount;
  const rows = async (username: string) => (await t.post('/admin/api/members/records', { username, kind: 'turnover' }, { token: owner })).data.data as { id: number; required: number; done: number; waived: number; remaining: number; completed_at: string | null }[];
  const audits = async (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  it('waives part of one row: getBetAmount, the 360 rows and the withdrawal check follow at once; audited before/after', async () => {
    const m = await newMember(t, 'waive01');
    await credit(t, m.name, 100, 10); // 1,000 yuan of turnover
    await credit(t, m.name, 50, 4); // 200 yuan more
    expect(await owed(m)).toBe(1200);
    const [newer, older] = await rows(m.name);
    const r = await waive(riskA, { username: 'WAIVE01', requirement_id: older.id, amount: '300.5', reason: '活动规则调整' });
    expect(r).toMatchObject({ code: 200, message: TURNOVER_WAIVE_MSG.applied('300.50'), data: { remaining: 899.5, replayed: false, waiver: { state: 'applied', applied_amount: 300.5, needs_two: false, requested_by: 'risk_a', decided_by: 'risk_a' } } });
    expect(r.data.waiver.waiver_no).toMatch(/^TW\d{16}$/);
    expect(await owed(m)).toBe(899.5);
    expect(await rows(m.name)).toEqual([
      expect.objectContaining({ id: newer.id, waived: 0, remaining: 200 }),
      expect.objectContaining({ id: older.id, waived: 300.5, remaining: 699.5, completed_at: null }),
    ]);
    const card = await bindBank(t, m.token);
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ message: WITHDRAW_MSG.turnoverOwed('899.50') });
    const [row] = (await audits('member.turnover.waive')).slice(-1);
    expect(JSON.parse(row.detail)).toMatchObject({ waiver_no: r.data.waiver.waiver_no, waived_fen: 30050, reason: '活动规则调整', before: { remaining_fen: 120000 }, after: { remaining_fen: 89950 } });
    expect(row.target).toBe(`member:${m.id}`);

    // the rest of that row (no amount): the row completes, the newer one is untouched
    expect(await waive(riskA, { username: m.name, requirement_id: older.id, reason: '剩余部分一并减免' })).toMatchObject({ code: 200, data: { remaining: 200, waiver: { applied_amount: 699.5 } } });
    expect((await rows(m.name))[1]).toMatchObject({ remaining: 0, completed_at: expect.any(String) });
    // a completed row cannot be waived again
    expect(await waive(riskA, { username: m.name, requirement_id: older.id, reason: '再次减免' })).toMatchObject({ code: CODE.invalid, message: TURNOVER_WAIVE_MSG.rowDone });
  });

  it('waives every open row (no id, no amount): nothing owed, the withdrawal goes through', async () => {
    const m = await newMember(t, 'waive02');
    await credit(t, m.name, 300, 5);
    await credit(t, m.name, 100, 2);
    await fillFromBets(t.ctx.db, m.id, 40000); // 400 yuan of bets done
    expect(await owed(m)).toBe(1300);
    expect(await waive(riskA, { username: m.name, reason: '全部减免' })).toMatchObject({ code: 200, data: { remaining: 0, waiver: { requirement_id: null, amount: null, amount_at_request: 1300, applied_amount: 1300 } } });
    expect(await owed(m)).toBe(0);
    expect((await rows(m.name)).every((r) => r.completed_at !== null && r.remaining === 0)).toBe(true);
    const card = await bindBank(t, m.token);
    expect(await withdraw(t, m.token, { bank: card, amount: 100, password: PAY })).toMatchObject({ code: 200 });
    expect(await waive(riskA, { username: m.name, reason: '全部减免' })).toMatchObject({ message: TURNOVER_WAIVE_MSG.nothingOpen });
  });

  it('an amount across all rows fills the oldest first, and never more than remains', async () => {
    const m = await newMember(t, 'waive03');
    await credit(t, m.name, 100, 1);
    await credit(t, m.name, 100, 1);
    expect(await waive(riskA, { username: m.name, amount: 250, reason: '超出' })).toMatchObject({ code: CODE.invalid, message: TURNOVER_WAIVE_MSG.tooMuch('200.00') });
    expect(await waive(riskA, { username: m.name, amount: 150, reason: '部分' })).toMatchObject({ code: 200, data: { remaining: 50 } });
    const [newer, older] = await rows(m.name);
    expect([older.remaining, newer.remaining]).toEqual([0, 50]);
  });

  it('above the threshold a second, different operator must approve; exactly once under concurrency', async () => {
    await t.site.set('turnover_waive_review_threshold', 500);
    try {
      const m = await newMember(t, 'waive04');
      await credit(t, m.name, 100, 10); // 1,000 yuan
      const asked = await waive(riskA, { username: m.name, amount: 800, reason: '大额减免' });
      expect(asked).toMatchObject({ code: 200, message: TURNOVER_WAIVE_MSG.pending('500.00'), data: { remaining: 1000, waiver: { state: 'pending', needs_two: true, applied_amount: null, amount_at_request: 800 } } });
      // nothing changed for the member yet
      expect(await owed(m)).toBe(1000);
      const no = asked.data.waiver.waiver_no as string;
      // the pending waiver is listed for the other operators
      const queue = await t.post('/admin/api/turnover-waivers/list', { state: 'pending', username: m.name }, { token: riskB });
      expect(queue.data).toMatchObject({ total: 1, data: [{ waiver_no: no, username: m.name, requested_by: 'risk_a' }] });
      // issue 34 point 8: the bell and the dashboard count it
      expect((await t.post('/admin/api/dashboard/summary', {}, { token: owner })).data.pending.turnover_waivers).toBe(1);
      // the same operator cannot approve their own
      expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: no }, { token: riskA })).toMatchObject({ code: CODE.forbidden, message: TURNOVER_WAIVE_MSG.sameApprover });
      expect(await owed(m)).toBe(1000);
      // two other operators at once: one effect
      const both = await Promise.all([riskB, owner].map((token) => t.post('/admin/api/turnover-waivers/approve', { waiver_no: no }, { token })));
      expect(both.map((r) => r.code)).toEqual([200, 200]);
      expect(both.map((r) => r.data.replayed).sort()).toEqual([false, true]);
      expect(await owed(m)).toBe(200);
      const approvals = (await audits('turnover_waiver.approve')).filter((a) => JSON.parse(a.detail).waiver_no === no);
      expect(approvals).toHaveLength(1);
      expect(JSON.parse(approvals[0].detail)).toMatchObject({ waived_fen: 80000, before: { remaining_fen: 100000 }, after: { remaining_fen: 20000 } });
      // a repeat answers the decision and changes nothing
      expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: no }, { token: riskB })).toMatchObject({ code: 200, data: { replayed: true, waiver: { state: 'applied', applied_amount: 800 } } });
      expect(await owed(m)).toBe(200);
      expect(await t.post('/admin/api/turnover-waivers/reject', { waiver_no: no, reason: '晚了' }, { token: riskB })).toMatchObject({ message: TURNOVER_WAIVE_MSG.decided });

      // at the threshold itself one operator is enough
      expect(await waive(riskA, { username: m.name, amount: 200, reason: '门槛内' })).toMatchObject({ data: { waiver: { state: 'applied' }, remaining: 0 } });
    } finally {
      await t.site.set('turnover_waive_review_threshold', 5000);
    }
  });

  it('a pending waiver can be rejected; it then changes nothing and cannot be approved', async () => {
    const m = await newMember(t, 'waive05');
    await credit(t, m.name, 1000, 10); // 10,000 yuan, above the default 5,000
    const asked = await waive(riskA, { username: m.name, reason: '全部减免，待复核' });
    expect(asked.data.waiver).toMatchObject({ state: 'pending', amount: null, amount_at_request: 10000 });
    const no = asked.data.waiver.waiver_no;
    expect(await t.post('/admin/api/turnover-waivers/reject', { waiver_no: no, reason: '' }, { token: riskB })).toMatchObject({ message: TURNOVER_WAIVE_MSG.rejectReason });
    expect(await t.post('/admin/api/turnover-waivers/reject', { waiver_no: no, reason: '依据不足' }, { token: riskB })).toMatchObject({ code: 200, message: TURNOVER_WAIVE_MSG.rejected, data: { waiver: { state: 'rejected', decided_by: 'risk_b', reject_reason: '依据不足' } } });
    expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: no }, { token: owner })).toMatchObject({ code: CODE.invalid, message: TURNOVER_WAIVE_MSG.decided });
    expect(await owed(m)).toBe(10000);
  });

  it('a pending "all that remains" waiver never takes more than was reviewed', async () => {
    const m = await newMember(t, 'waive06');
    await credit(t, m.name, 600, 10); // 6,000 yuan
    const asked = await waive(riskA, { username: m.name, reason: '全部' });
    expect(asked.data.waiver).toMatchObject({ state: 'pending', amount_at_request: 6000 });
    // a new credit with turnover arrives before the approval; bets fill 1,000 meanwhile
    await credit(t, m.name, 100, 3);
    await fillFromBets(t.ctx.db, m.id, 100000);
    expect(await owed(m)).toBe(5300);
    expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: asked.data.waiver.waiver_no }, { token: riskB })).toMatchObject({ code: 200, data: { waiver: { applied_amount: 5300 }, remaining: 0 } });
    // the reviewed figure was 6,000 and only 5,300 remained: all of it, nothing more
    const m2 = await newMember(t, 'waive07');
    await credit(t, m2.name, 600, 10);
    const asked2 = await waive(riskA, { username: m2.name, reason: '全部' });
    await credit(t, m2.name, 100, 3);
    expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: asked2.data.waiver.waiver_no }, { token: riskB })).toMatchObject({ data: { waiver: { applied_amount: 6000 }, remaining: 300 } });
  });

  it('a retry with the same request_id answers the same waiver', async () => {
    const m = await newMember(t, 'waive08');
    await credit(t, m.name, 100, 2);
    const body = { username: m.name, amount: 50, reason: '重复提交', request_id: 'tw-req-0001' };
    const [a, b] = await Promise.all([waive(riskA, body), waive(riskA, body)]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.waiver.waiver_no).toBe(b.data.waiver.waiver_no);
    expect(await owed(m)).toBe(150);
    expect(await waive(riskA, { ...body, amount: 60 })).toMatchObject({ message: TURNOVER_WAIVE_MSG.requestReused });
  });

  it('refuses a role without the permission, and bad input with Chinese messages', async () => {
    const m = await newMember(t, 'waive09');
    await credit(t, m.name, 100, 1);
    const before = await t.ctx.db.selectFrom('turnover_waivers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await waive(finance, { username: m.name, reason: '越权' })).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: 'TW1' }, { token: finance })).toMatchObject({ code: CODE.forbidden });
    const cases: [Record<string, unknown>, string][] = [
      [{ username: m.name }, TURNOVER_WAIVE_MSG.reason],
      [{ username: m.name, reason: '   ' }, TURNOVER_WAIVE_MSG.reason],
      [{ username: m.name, reason: 'x', amount: 0 }, TURNOVER_WAIVE_MSG.amount],
      [{ username: m.name, reason: 'x', amount: -5 }, TURNOVER_WAIVE_MSG.amount],
      [{ username: m.name, reason: 'x', amount: '1.234' }, TURNOVER_WAIVE_MSG.amount],
      [{ username: m.name, reason: 'x', amount: 'abc' }, TURNOVER_WAIVE_MSG.amount],
      [{ username: m.name, reason: 'x', requirement_id: 'x1' }, TURNOVER_WAIVE_MSG.requirementId],
      [{ username: m.name, reason: 'x', requirement_id: 0 }, TURNOVER_WAIVE_MSG.requirementId],
      [{ username: m.name, reason: 'x', requirement_id: 99999999 }, TURNOVER_WAIVE_MSG.requirementNotFound],
      [{ username: 'nobody_here', reason: 'x' }, '会员不存在'],
      [{ reason: 'x' }, '请输入会员账号'],
    ];
    for (const [body, message] of cases) expect(await waive(riskA, body), JSON.stringify(body)).toMatchObject({ message });
    // another member's row is not found for this one
    const other = await newMember(t, 'waive10');
    await credit(t, other.name, 100, 1);
    const [otherRow] = await rows(other.name);
    expect(await waive(riskA, { username: m.name, requirement_id: otherRow.id, reason: 'x' })).toMatchObject({ message: TURNOVER_WAIVE_MSG.requirementNotFound });
    expect(await t.post('/admin/api/turnover-waivers/approve', { waiver_no: 'TW0000' }, { token: riskB })).toMatchObject({ message: TURNOVER_WAIVE_MSG.notFound });
    expect(await t.post('/admin/api/turnover-waivers/approve', {}, { token: riskB })).toMatchObject({ message: TURNOVER_WAIVE_MSG.waiverNo });
    expect(await t.post('/admin/api/turnover-waivers/list', { state: 'weird' }, { token: riskB })).toMatchObject({ message: TURNOVER_WAIVE_MSG.state });
    const after = await t.ctx.db.selectFrom('turnover_waivers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await owed(m)).toBe(100);
  });
});
