import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMON_MSG, ADMIN_MEMBER_MSG, CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';

describe('members for operators: search, 360 view, actions', () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  let alice: string;
  const call = (path: string, body: Record<string, unknown>, token = owner) => t.post(path, body, { token });
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await call('/admin/api/operators/create', { username: 'cs_one', password: 'support123', role: 'support' });
    support = (await t.post('/admin/api/login', { username: 'cs_one', password: 'support123' })).data.token;
    alice = await t.register('alice001', { realname: '李四' });
    await t.register('bob00001', { pid: 'alice001' });
    await t.register('carol001', { realname: '李四' });
    await t.post('/api/updateuserinfo', { mobile: '13812345678', email: 'alice@example.com', birthday: '1990-01-01' }, { token: alice });
    await call('/admin/api/members/adjust', { username: 'alice001', amount: 120, reason: '测试入账' });
    await call('/admin/api/members/adjust', { username: 'carol001', amount: 15, reason: '测试入账' });
    const bound = await t.post('/api/bindcard', { bank_owner: '李四', bank: '招商银行', bank_no: '6225 8812 3456 7890', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: alice });
    expect(bound.code, bound.message).toBe(200);
  });
  afterAll(() => t.stop());

  const names = (reply: { data: { data: { username: string }[] } }) => reply.data.data.map((m) => m.username);

  it('searches by each filter, newest registration first, paged', async () => {
    expect(names(await call('/admin/api/members/list', {}))).toEqual(['carol001', 'bob00001', 'alice001']);
    expect(names(await call('/admin/api/members/list', { username: 'ALI' }))).toEqual(['alice001']);
    expect(names(await call('/admin/api/members/list', { realname: '李四' }))).toEqual(['carol001', 'alice001']);
    expect(names(await call('/admin/api/members/list', { mobile: '13812345678' }))).toEqual(['alice001']);
    expect(names(await call('/admin/api/members/list', { referrer: 'alice001' }))).toEqual(['bob00001']);
    expect(names(await call('/admin/api/members/list', { balance_min: 10, balance_max: '100' }))).toEqual(['carol001']);
    expect(names(await call('/admin/api/members/list', { balance_min: 100 }))).toEqual(['alice001']);
    expect(names(await call('/admin/api/members/list', { status: 0 }))).toEqual([]);
    expect(names(await call('/admin/api/members/list', { vip: 1, registered_from: '2000-01-01', registered_to: '2999-12-31' }))).toHaveLength(3);
    expect(names(await call('/admin/api/members/list', { registered_to: '2000-01-01' }))).toEqual([]);
    const page = await call('/admin/api/members/list', { per_page: 2, page: 2 });
    expect(page.data).toMatchObject({ total: 3, last_page: 2, current_page: 2, per_page: 2 });
    expect(names(page)).toEqual(['alice001']);
    const row = (await call('/admin/api/members/list', { username: 'alice001' })).data.data[0];
    expect(row).toMatchObject({ mobile: '138****5678', balance: 120, status: 1, vip: 1 });
  });

  it('answers bad filters with a message', async () => {
    expect(await call('/admin/api/members/list', { balance_min: 100, balance_max: 10 })).toMatchObject({ code: 400, message: ADMIN_MEMBER_MSG.balanceOrder });
    expect(await call('/admin/api/members/list', { registered_from: '2026-13-01' })).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.date });
    expect(await call('/admin/api/members/list', { vip: 'x' })).toMatchObject({ code: 400, message: ADMIN_MEMBER_MSG.vip });
    expect(await call('/admin/api/members/list', { per_page: 1000 })).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.perPage });
    expect(await call('/admin/api/members/get', { username: 'nobody99' })).toMatchObject({ code: CODE.notFound, message: ADMIN_MEMBER_MSG.notFound });
  });

  it('shows the member 360 view: profile, balances, cards masked, sessions, referrals', async () => {
    const v = (await call('/admin/api/members/get', { username: 'alice001' })).data;
    expect(v.profile).toMatchObject({ username: 'alice001', realname: '李四', email: 'alice@example.com', balance: 120 });
    expect(v.balances).toEqual({ central: 120, withdraw_hold: 0, transit: 0 });
    expect(v.cards).toHaveLength(1);
    expect(v.cards[0].bank_no).toBe('**** **** **** 7890');
    expect(JSON.stringify(v)).not.toContain('6225881234567890');
    expect(v.sessions).toHaveLength(1);
    expect(v.sessions[0].ip).toBe('127.0.0.1');
    expect(v.referred).toMatchObject({ total: 1, recent: [{ username: 'bob00001' }] });
    expect((await call('/admin/api/members/get', { username: 'bob00001' })).data.referrer).toMatchObject({ username: 'alice001' });
    const ledger = await call('/admin/api/members/records', { username: 'alice001', kind: 'ledger' });
    expect(ledger.data).toMatchObject({ total: 1, data: [{ kind: 'adjustment', amount: 120, central_change: 120, memo: '测试入账' }] });
    // registering signed alice in: her first login (issue 25)
    const logins = await call('/admin/api/members/records', { username: 'alice001', kind: 'logins' });
    expect(logins.data.total).toBe(1);
    await t.post('/api/login', { name: 'alice001', password: 'secret123' }, { headers: { 'user-agent': 'TestPhone/1.0' } });
    expect((await call('/admin/api/members/records', { username: 'alice001', kind: 'logins' })).data.data[0]).toMatchObject({ ip: '127.0.0.1', device: 'TestPhone/1.0' });
    for (const kind of ['turnover', 'transfers', 'bets', 'deposits', 'withdrawals', 'rebates', 'red_packets', 'audit']) {
      const reply = await call('/admin/api/members/records', { username: 'alice001', kind });
      expect(reply.code, `${kind}: ${reply.message}`).toBe(200);
    }
    expect(await call('/admin/api/members/records', { username: 'alice001', kind: 'passwords' })).toMatchObject({ code: 400, message: ADMIN_MEMBER_MSG.kind });
  });

  it('reveals a full card number only with cards.reveal, and audits the view', async () => {
    const cardId = (await call('/admin/api/members/get', { username: 'alice001' })).data.cards[0].id;
    expect(await call('/admin/api/members/reveal-card', { username: 'alice001', card_id: cardId, reason: '核对出款' }, support)).toMatchObject({ code: CODE.forbidden });
    expect(await audits('card.reveal')).toHaveLength(0);
    expect(await call('/admin/api/members/reveal-card', { username: 'alice001', card_id: cardId })).toMatchObject({ code: 400, message: ADMIN_COMMON_MSG.reason });
    const shown = await call('/admin/api/members/reveal-card', { username: 'alice001', card_id: cardId, reason: '核对出款' });
    expect(shown.data.bank_no).toBe('6225881234567890');
    const rows = await audits('card.reveal');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].detail)).toMatchObject({ reason: '核对出款', last4: '7890' });
    expect(rows[0].detail).not.toContain('6225881234567890');
    expect(await call('/admin/api/members/reveal-card', { username: 'bob00001', card_id: cardId, reason: '他人卡片' })).toMatchObject({ code: CODE.notFound });
  });

  it('freezes (ending sessions, refusing login) and unfreezes, each audited with its reason', async () => {
    const token = await t.post('/api/login', { name: 'bob00001', password: 'secret123' });
    expect(token.code).toBe(200);
    expect(await call('/admin/api/members/freeze', { username: 'bob00001', reason: '异常投注' })).toMatchObject({ code: 200, data: { status: 0 } });
    expect(await t.post('/api/user', {}, { token: token.data.api_token })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/api/login', { name: 'bob00001', password: 'secret123' })).toMatchObject({ code: CODE.forbidden, message: MSG.accountDisabled });
    expect(await call('/admin/api/members/freeze', { username: 'bob00001', reason: '再次' })).toMatchObject({ message: ADMIN_MEMBER_MSG.alreadyFrozen });
    expect(await call('/admin/api/members/unfreeze', { username: 'bob00001', reason: '核实无误' })).toMatchObject({ code: 200, data: { status: 1 } });
    expect(await t.post('/api/login', { name: 'bob00001', password: 'secret123' })).toMatchObject({ code: 200 });
    const rows = await audits('member.freeze');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].detail)).toMatchObject({ reason: '异常投注', before: { status: 1 }, after: { status: 0 } });
  });

  it('resets the login password (answered once, sessions end) and the payment password', async () => {
    const before = await t.post('/api/login', { name: 'carol001', password: 'secret123' });
    const reset = await call('/admin/api/members/reset-password', { username: 'carol001', reason: '会员来电找回' });
    expect(reset.data.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(await t.post('/api/user', {}, { token: before.data.api_token })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/api/login', { name: 'carol001', password: 'secret123' })).toMatchObject({ code: 400 });
    expect(await t.post('/api/login', { name: 'carol001', password: reset.data.password })).toMatchObject({ code: 200 });
    const pay = await call('/admin/api/members/reset-pay-password', { username: 'carol001', reason: '会员来电找回' });
    expect(pay.data.pay_password).toMatch(/^\d{6}$/);
    expect(JSON.stringify(await audits('member.password.reset'))).not.toContain(reset.data.password);
  });

  it('ends sessions, changes VIP, sends a message, marks the real name, adds a note', async () => {
    const session = await t.post('/api/login', { name: 'alice001', password: 'secret123' });
    expect((await call('/admin/api/members/end-sessions', { username: 'alice001', reason: '疑似盗号' })).data.ended).toBeGreaterThanOrEqual(1);
    expect(await t.post('/api/user', {}, { token: session.data.api_token })).toMatchObject({ code: CODE.unauthorized });
    expect(await call('/admin/api/members/set-vip', { username: 'alice001', vip: 3, reason: '大客户' })).toMatchObject({ code: 200, data: { vip: 3 } });
    expect(await call('/admin/api/members/set-vip', { username: 'alice001', vip: 99, reason: '大客户' })).toMatchObject({ message: ADMIN_MEMBER_MSG.vipUnknown });
    expect(names(await call('/admin/api/members/list', { vip: 3 }))).toEqual(['alice001']);
    expect(await call('/admin/api/members/message', { username: 'alice001', title: '账户安全提醒', content: '您的账户已被强制下线。', reason: '安全通知' })).toMatchObject({ code: 200 });
    const token = (await t.post('/api/login', { name: 'alice001', password: 'secret123' })).data.api_token;
    const inbox = await t.post('/api/messagelist', { page: 1 }, { token });
    expect(inbox.data.data[0]).toMatchObject({ title: '账户安全提醒' });
    expect(await call('/admin/api/members/verify-realname', { username: 'alice001', verified: true, reason: '身份证核验' })).toMatchObject({ data: { realname_verified: 1 } });
    expect(await call('/admin/api/members/note', { username: 'alice001', content: '来电态度良好' })).toMatchObject({ code: 200 });
    const v = (await call('/admin/api/members/get', { username: 'alice001' })).data;
    expect(v.profile).toMatchObject({ vip: 3, realname_verified: 1 });
    expect(v.notes).toMatchObject([{ operator: 'admin', content: '来电态度良好' }]);
    const history = await call('/admin/api/members/records', { username: 'alice001', kind: 'audit' });
    expect(history.data.data.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['member.note', 'member.realname', 'member.message', 'member.vip', 'member.sessions.end', 'card.reveal', 'member.adjust']),
    );
    // a support operator may look, not act
    expect(await call('/admin/api/members/get', { username: 'alice001' }, support)).toMatchObject({ code: 200 });
    expect(await call('/admin/api/members/set-vip', { username: 'alice001', vip: 5, reason: 'x' }, support)).toMatchObject({ code: CODE.forbidden });
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
