import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, WITHDRAW_ADMIN_MSG, WITHDRAW_INBOX, type AdminWithdrawalRow } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { admin, balances, bindBank, expectLedgerSound, newMember, operator, PAY, records, withdraw, type Member } from './testing.ts';

/** The operators' review: decisions once, two-person approval, claims, risk notes, inbox and audit. */
describe('withdrawals: review', () => {
  let t: TestApp;
  let op1: string;
  let op2: string;
  beforeAll(async () => {
    t = await startApp();
    await t.site.set('withdraw_second_approval_over', 1000);
    op1 = await operator(t, 'finance01');
    op2 = await operator(t, 'finance02');
  });
  afterAll(() => t.stop());

  let seq = 0;
  /** a member with `yuan` in the wallet, a bank card, and one pending withdrawal of `amount` */
  async function pending(yuan: number, amount: number): Promise<{ m: Member; no: string; card: number }> {
    const m = await newMember(t, `wdrev${String(++seq).padStart(3, '0')}`, yuan);
    const card = await bindBank(t, m.token);
    const r = await withdraw(t, m.token, { bank: card, amount, password: PAY });
    expect(r.code, r.message).toBe(200);
    return { m, no: r.data.withdraw_no, card };
  }
  const inbox = async (m: Member) => (await t.post('/api/messagelist', { page: 1 }, { token: m.token })).data.data as { title: string; content: string }[];
  const auditRows = (no: string) =>
    t.ctx.db.selectFrom('admin_audit').selectAll().where('target', '=', `withdrawal:${no}`).orderBy('id').execute();
  const decisionEntries = async (no: string) =>
    (await t.ctx.db.selectFrom('ledger_entries').select('kind').where('reference', '=', no).execute()).map((e) => e.kind).sort();

  it('approve pays the hold out once; the member sees approved and gets a message; audited with before and after', async () => {
    const { m, no } = await pending(1000, 300);
    expect(await balances(t, m.id)).toMatchObject({ central: 70_000, withdraw_hold: 30_000 });
    const r = await admin(t, op1, 'approve', { withdraw_no: no });
    expect(r).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.approved, data: { state: 2, review: 'approved', replayed: false } });
    expect(await balances(t, m.id)).toMatchObject({ central: 70_000, withdraw_hold: 0 });
    expect((await records(t, m.token)).data[0]).toMatchObject({ out_trade_no: no, state: 2, amount: 300 });
    // again: nothing more happens
    expect(await admin(t, op1, 'approve', { withdraw_no: no })).toMatchObject({ code: 200, data: { state: 2, replayed: true } });
    expect(await admin(t, op2, 'reject', { withdraw_no: no, reason: '迟到的拒绝' })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.decided });
    expect(await decisionEntries(no)).toEqual(['withdraw_hold', 'withdraw_payout']);
    const messages = await inbox(m);
    expect(messages.filter((x) => x.title === WITHDRAW_INBOX.approvedTitle)).toEqual([
      expect.objectContaining({ content: WITHDRAW_INBOX.approved(no, '300.00') }),
    ]);
    const audit = await auditRows(no);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve']);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: { state: 1, review: 'pending' }, after: { state: 2, review: 'approved' }, amount_fen: 30_000 });
    await expectLedgerSound(t);
  });

  it('reject returns the hold once, with the reason in the record and the inbox', async () => {
    const { m, no } = await pending(500, 200);
    const r = await admin(t, op2, 'reject', { withdraw_no: no, reason: '银行卡户名与实名不符' });
    expect(r).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.rejected, data: { state: 3, review: 'rejected' } });
    expect(await balances(t, m.id)).toMatchObject({ central: 50_000, withdraw_hold: 0 });
    expect((await records(t, m.token)).data[0]).toMatchObject({ state: 3, reason: '银行卡户名与实名不符' });
    expect(await admin(t, op2, 'reject', { withdraw_no: no, reason: '再次' })).toMatchObject({ code: 200, data: { replayed: true } });
    expect(await admin(t, op1, 'approve', { withdraw_no: no })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.decided });
    expect(await decisionEntries(no)).toEqual(['withdraw_hold', 'withdraw_return']);
    expect((await inbox(m)).find((x) => x.title === WITHDRAW_INBOX.rejectedTitle)?.content).toBe(
      WITHDRAW_INBOX.rejected(no, '200.00', '银行卡户名与实名不符'),
    );
    const audit = await auditRows(no);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.reject']);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: { state: 1 }, after: { state: 3 }, reason: '银行卡户名与实名不符' });
    await expectLedgerSound(t);
  });

  it('approve racing reject, many times: one effect each time, the ledger sound', async () => {
    for (let round = 0; round < 6; round++) {
      const { m, no } = await pending(400, 150);
      const calls = [
        admin(t, op1, 'approve', { withdraw_no: no }),
        admin(t, op2, 'reject', { withdraw_no: no, reason: '并发测试' }),
        admin(t, op2, 'approve', { withdraw_no: no }),
        admin(t, op1, 'reject', { withdraw_no: no, reason: '并发测试' }),
      ];
      const replies = await Promise.all(round % 2 ? calls.reverse() : calls);
      const effects = replies.filter((r) => r.code === 200 && r.data.replayed === false);
      expect(effects.length, JSON.stringify(replies)).toBe(1);
      for (const r of replies) expect([200, CODE.invalid]).toContain(r.code);
      const entries = await decisionEntries(no);
      expect(entries.length).toBe(2);
      const b = await balances(t, m.id);
      expect(b.withdraw_hold).toBe(0);
      expect(b.central).toBe(effects[0].data.state === 2 ? 25_000 : 40_000);
      expect((await auditRows(no)).length).toBe(1);
    }
    await expectLedgerSound(t);
  });

  it('above the set amount two different operators must approve', async () => {
    const { m, no } = await pending(3000, 1500);
    const first = await admin(t, op1, 'approve', { withdraw_no: no });
    expect(first).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.approvedOnce, data: { state: 1, review: 'approved_once' } });
    // still held, still pending for the member
    expect(await balances(t, m.id)).toMatchObject({ central: 150_000, withdraw_hold: 150_000 });
    expect((await records(t, m.token)).data[0]).toMatchObject({ state: 1 });
    // the same operator cannot complete it
    expect(await admin(t, op1, 'approve', { withdraw_no: no })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.sameApprover });
    expect(await balances(t, m.id)).toMatchObject({ withdraw_hold: 150_000 });
    // a second one does
    expect(await admin(t, op2, 'approve', { withdraw_no: no })).toMatchObject({ code: 200, data: { state: 2, review: 'approved' } });
    expect(await balances(t, m.id)).toMatchObject({ central: 150_000, withdraw_hold: 0 });
    expect((await auditRows(no)).map((a) => a.action)).toEqual(['withdrawal.approve_first', 'withdrawal.approve']);
    const row = (await admin(t, op1, 'list', { withdraw_no: no })).data.data[0] as AdminWithdrawalRow;
    expect(row).toMatchObject({ needs_two: true, first_approved_by: 'finance01', decided_by: 'finance02', state: 2 });
    // at the threshold itself one approval is enough
    const small = await pending(2000, 1000);
    expect(await admin(t, op1, 'approve', { withdraw_no: small.no })).toMatchObject({ code: 200, data: { state: 2 } });
    await expectLedgerSound(t);
  });

  it('two operators giving the first approval at once: never a payout approved by one person', async () => {
    const { m, no } = await pending(3000, 2000);
    const replies = await Promise.all([admin(t, op1, 'approve', { withdraw_no: no }), admin(t, op2, 'approve', { withdraw_no: no })]);
    const audit = await auditRows(no);
    if ((await balances(t, m.id)).withdraw_hold === 0) {
      // one after the other: the second operator completed the first one's approval
      expect(replies.map((r) => r.data?.review).sort()).toEqual(['approved', 'approved_once']);
      expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve_first', 'withdrawal.approve']);
      expect(audit[0].admin_id).not.toBe(audit[1].admin_id);
    } else {
      // truly at once: one first approval, the other told the withdrawal changed under it
      expect(replies.filter((r) => r.code === 200).map((r) => r.data.review)).toEqual(['approved_once']);
      expect(replies.filter((r) => r.code !== 200)).toEqual([expect.objectContaining({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.changed })]);
      expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve_first']);
    }
    await expectLedgerSound(t);
  });

  it('预备出款: a claimed withdrawal is decided only by the operator who claimed it, until released', async () => {
    const { m, no } = await pending(600, 100);
    expect(await admin(t, op1, 'claim', { withdraw_no: no })).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.claimed });
    const taken = WITHDRAW_ADMIN_MSG.claimedByOther('finance01');
    expect(await admin(t, op2, 'claim', { withdraw_no: no })).toMatchObject({ code: CODE.invalid, message: taken });
    expect(await admin(t, op2, 'approve', { withdraw_no: no })).toMatchObject({ code: CODE.invalid, message: taken });
    expect(await admin(t, op2, 'reject', { withdraw_no: no, reason: '抢单' })).toMatchObject({ code: CODE.invalid, message: taken });
    expect(await admin(t, op2, 'release', { withdraw_no: no })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.notClaimed });
    expect(await balances(t, m.id)).toMatchObject({ withdraw_hold: 10_000 });
    expect((await admin(t, op1, 'list', { withdraw_no: no })).data.data[0]).toMatchObject({ claimed_by: 'finance01' });
    expect(await admin(t, op1, 'release', { withdraw_no: no })).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.released });
    expect(await admin(t, op2, 'approve', { withdraw_no: no })).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await auditRows(no)).map((a) => a.action)).toEqual(['withdrawal.claim', 'withdrawal.release', 'withdrawal.approve']);
    // two operators claiming at once: one holds it
    const raced = await pending(600, 100);
    const claims = await Promise.all([admin(t, op1, 'claim', { withdraw_no: raced.no }), admin(t, op2, 'claim', { withdraw_no: raced.no })]);
    expect(claims.filter((r) => r.code === 200).length).toBe(1);
    expect(claims.filter((r) => r.code !== 200)[0].message).toMatch(/^该取款单已由 finance0[12] 预备出款/);
    // a claim left behind: only a super admin frees it for the others, and the log says so
    const stuck = await pending(1000, 300);
    await admin(t, op1, 'claim', { withdraw_no: stuck.no });
    expect(await admin(t, op2, 'release', { withdraw_no: stuck.no })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.notClaimed });
    const chief = await operator(t, 'chief01', 'super');
    expect(await admin(t, chief, 'release', { withdraw_no: stuck.no })).toMatchObject({ code: 200, message: WITHDRAW_ADMIN_MSG.released });
    expect(await admin(t, op2, 'claim', { withdraw_no: stuck.no })).toMatchObject({ code: 200 });
    const freed = (await auditRows(stuck.no)).find((a) => a.action === 'withdrawal.release');
    expect(JSON.parse(freed!.detail)).toMatchObject({ override: true });
    // the claimer may decide directly too, and a decided withdrawal cannot be claimed
    const other = await pending(600, 100);
    await admin(t, op2, 'claim', { withdraw_no: other.no });
    expect(await admin(t, op2, 'reject', { withdraw_no: other.no, reason: '资料不全' })).toMatchObject({ code: 200, data: { state: 3 } });
    expect(await admin(t, op1, 'claim', { withdraw_no: other.no })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.decided });
    await expectLedgerSound(t);
  });

  it('list: newest first, filtered on the server, with risk notes', async () => {
    const a = await newMember(t, 'wdrisk01', 2000);
    const b = await newMember(t, 'wdrisk02', 100);
    const number = '6222021099887766';
    const card = await bindBank(t, a.token, number);
    await bindBank(t, b.token, number); // the same card number on another member
    const w1 = await withdraw(t, a.token, { bank: card, amount: 500, password: PAY });
    const list1 = await admin(t, op1, 'list', { username: 'WDRISK01' });
    expect(list1.code, list1.message).toBe(200);
    expect(list1.data).toMatchObject({ total: 1, current_page: 1 });
    const row = list1.data.data[0] as AdminWithdrawalRow;
    expect(row).toMatchObject({ withdraw_no: w1.data.withdraw_no, username: 'wdrisk01', amount: 500, kind: 'bank', state: 1, review: 'pending', bank: '招商银行' });
    expect(row.bank_no).toBe('**** **** **** 7766');
    expect(row.risk).toMatchObject({ first_to_card: true, card_new: true, paysum: 0, above_deposits: true, turnover_remaining: 0, shared_with: ['wdrisk02'] });
    expect(row.risk.notes).toEqual([
      '该卡号也绑定在其他会员：wdrisk02',
      `该卡绑定不足24小时（${row.risk.card_age_hours}小时）`,
      '取款金额高于累计存款（0.00 元）',
      '首次向该卡取款',
    ]);
    // after one payout to the card the next is no longer the first; a card bound long ago is not new
    await admin(t, op1, 'approve', { withdraw_no: w1.data.withdraw_no });
    await t.ctx.db.updateTable('withdrawals').set({ card_bound_at: Date.now() - 48 * 3_600_000 }).where('member_id', '=', a.id).execute();
    await t.ctx.db.updateTable('members').set({ paysum: 1_000_000 }).where('id', '=', a.id).execute();
    const w2 = await withdraw(t, a.token, { bank: card, amount: 200, password: PAY });
    await t.ctx.db.updateTable('withdrawals').set({ card_bound_at: Date.now() - 48 * 3_600_000 }).where('member_id', '=', a.id).execute();
    const second = (await admin(t, op1, 'list', { withdraw_no: w2.data.withdraw_no })).data.data[0] as AdminWithdrawalRow;
    expect(second.risk).toMatchObject({ first_to_card: false, card_new: false, above_deposits: false });
    expect(second.risk.notes).toEqual(['该卡号也绑定在其他会员：wdrisk02']);
    // filters: state and name; newest first
    const pendingOnly = await admin(t, op1, 'list', { username: 'wdrisk01', state: 1 });
    expect(pendingOnly.data.data.map((r: AdminWithdrawalRow) => r.withdraw_no)).toEqual([w2.data.withdraw_no]);
    const both = await admin(t, op1, 'list', { username: 'wdrisk01', per_page: 1, page: 2 });
    expect(both.data).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(both.data.data[0].withdraw_no).toBe(w1.data.withdraw_no);
    // the full number for an operator allowed to see it
    const superOp = await operator(t, 'super01', 'super');
    expect((await admin(t, superOp, 'list', { withdraw_no: w2.data.withdraw_no })).data.data[0].bank_no).toBe(number);
    const revealed = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'withdrawal.reveal_cards').execute();
    expect(revealed.map((r) => JSON.parse(r.detail))).toEqual([{ withdraw_nos: [w2.data.withdraw_no] }]);
    // bad filters answer a message, not a 500
    for (const body of [{ state: 9 }, { page: 'x' }, { per_page: 1000 }, { username: 'x'.repeat(40) }]) {
      expect((await admin(t, op1, 'list', body)).code, JSON.stringify(body)).toBe(CODE.invalid);
    }
  });

  it('list: a card held by someone else, and passwords an operator reset shortly before, are noted for the reviewer', async () => {
    const m = await newMember(t, 'wdtaken01', 1000);
    const bound = await t.post('/api/bindcard', { bank_owner: '李 四', bank: '招商银行', bank_no: '6222021055554444', bank_address: '深圳市福田支行', pay_pass: PAY }, { token: m.token });
    expect(bound.code, bound.message).toBe(200);
    // an operator with members.edit resets the login password (sessions end) and signs in with it
    const owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const reset = await t.post('/admin/api/members/reset-password', { username: 'wdtaken01', reason: '会员来电要求重置' }, { token: owner });
    expect(reset.code, reset.message).toBe(200);
    const token = (await t.post('/api/login_pc', { name: 'wdtaken01', password: reset.data.password })).data.api_token;
    const w = await withdraw(t, token, { bank: bound.data.id, amount: 300, password: PAY });
    expect(w.code, w.message).toBe(200);
    const row = (await admin(t, op1, 'list', { withdraw_no: w.data.withdraw_no })).data.data[0] as AdminWithdrawalRow;
    expect(row.risk.notes).toContain('持卡人「李 四」与会员真实姓名「张三」不一致');
    expect(row.risk.notes).toContain('取款前 1 小时内登录密码被操作员 admin 重置');
    // the member's own name on the card (spaces and middle dots aside) and no reset: neither note
    const plain = await pending(1000, 100);
    const quiet = (await admin(t, op1, 'list', { withdraw_no: plain.no })).data.data[0] as AdminWithdrawalRow;
    expect(quiet.risk.notes.filter((n) => n.includes('持卡人') || n.includes('重置'))).toEqual([]);
  });

  it('permissions: view-only roles cannot decide; member tokens are not operator tokens; unknown numbers are refused', async () => {
    const { m, no } = await pending(300, 100);
    const auditor = await operator(t, 'auditor01', 'auditor');
    const support = await operator(t, 'support01', 'support');
    expect((await admin(t, auditor, 'list', {})).code).toBe(200);
    for (const path of ['approve', 'claim', 'release']) {
      expect(await admin(t, auditor, path, { withdraw_no: no })).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    }
    expect(await admin(t, auditor, 'reject', { withdraw_no: no, reason: 'x' })).toMatchObject({ code: CODE.forbidden });
    expect(await admin(t, support, 'list', {})).toMatchObject({ code: CODE.forbidden });
    expect(await admin(t, m.token, 'approve', { withdraw_no: no })).toMatchObject({ code: CODE.unauthorized });
    expect(await admin(t, op1, 'approve', { withdraw_no: 'W00000000000000000000' })).toMatchObject({ code: CODE.invalid, message: WITHDRAW_ADMIN_MSG.notFound });
    for (const body of [{}, { withdraw_no: '' }, { withdraw_no: { $ne: 1 } }, { withdraw_no: "W1' or '1'='1" }]) {
      expect((await admin(t, op1, 'approve', body)).code, JSON.stringify(body)).toBe(CODE.invalid);
    }
    expect(await admin(t, op1, 'reject', { withdraw_no: no })).toMatchObject({ code: CODE.invalid });
    expect(await admin(t, op1, 'reject', { withdraw_no: no, reason: 'x'.repeat(201) })).toMatchObject({ code: CODE.invalid });
    expect(await balances(t, m.id)).toMatchObject({ central: 20_000, withdraw_hold: 10_000 });
    await expectLedgerSound(t);
  });
});
