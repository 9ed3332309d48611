import { PAY_MSG } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import * as turnover from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { qrDataUrl } from './qr.ts';
import { central, depositRow, memberWithCard, noticeFor, sendNotice } from './testing.ts';

/** Manual deposits (bank, USDT) and the operator's decisions, SQLite and PostgreSQL. */
describe('deposits: manual orders and operator review', () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.post('/admin/api/operators/create', { username: 'auditor1', password: 'auditor123', role: 'auditor' }, { token: admin });
    auditor = (await t.post('/admin/api/login', { username: 'auditor1', password: 'auditor123' })).data.token;
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  const bankOrder = (token: string, amount = 500, extra: Record<string, unknown> = {}) =>
    t.post('/api/recharge', { paytype: 'bank', amount, bank_owner: '李四', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行', ...extra }, { token });
  const approve = (no: string, token = admin) => t.post('/admin/api/deposits/approve', { deposit_no: no }, { token });
  const reject = (no: string, reason = '未收到款项', token = admin) => t.post('/admin/api/deposits/reject', { deposit_no: no, reason }, { token });

  it('a bank order answers its number in message, shows a receiving account round-robin, waits for review', async () => {
    const m = await memberWithCard(t, 'bank');
    const first = await bankOrder(m.token);
    expect(first).toMatchObject({ code: 200, message: expect.stringMatching(/^D\d{20}$/) });
    expect(first.data.deposit_no).toBe(first.message);
    const second = await bankOrder(m.token, 600);
    const info1 = await t.post('/api/payinfo', { deposit_no: first.message }, { token: m.token });
    const info2 = await t.post('/api/payinfo', { deposit_no: second.message }, { token: m.token });
    expect(info1).toMatchObject({ code: 200, message: 'bank', data: { deposit_no: first.message, info: { paytype: 'bank', amount: 500, state: 1 } } });
    const account = (i: typeof info1) => i.data.cardlines.find((c: { mch_id: string }) => c.mch_id === '收款账号').content;
    // two orders in a row go to the two seeded receiving cards
    expect(new Set([account(info1), account(info2)]).size).toBe(2);
    expect(info1.data.cardlines.map((c: { mch_id: string }) => c.mch_id)).toEqual(['收款银行', '收款人', '收款账号', '开户行地址']);
    // the original front-end's single account object: the number, the rest in one line, no picture
    const lines = info1.data.cardlines.map((c: { content: string }) => c.content);
    expect(info1.data.cardlist).toEqual({ mch_id: account(info1), content: lines.join(' '), payimg: '' });
    expect(info1.data.url).toBeNull();
    const created = Date.parse(info1.data.info.created_at.replace(' ', 'T') + '+08:00');
    expect(Date.parse(info1.data.info.expires_at.replace(' ', 'T') + '+08:00') - created).toBe(60 * 60_000);
    expect((await depositRow(t, first.message)).bank_no).toBe('6217000011112222');
    expect(await central(t, m.id)).toBe(0);
    const rec = await t.post('/api/gettransrecord', { type: 1, date: 4, page: 1 }, { token: m.token });
    expect(rec.data.data.map((x: { state: number; pay_way: string }) => [x.pay_way, x.state])).toEqual([
      ['银行卡转账', 1],
      ['银行卡转账', 1],
    ]);

    // the operator approves: credited once; a repeat answers the same and moves nothing
    const ok = await approve(first.message);
    expect(ok).toMatchObject({ code: 200, message: '审核通过，已入账', data: { deposit_no: first.message, status: 'credited', state: 2, username: m.name } });
    expect(await approve(first.message)).toMatchObject({ code: 200, message: '该订单已入账' });
    expect(await reject(first.message)).toMatchObject({ code: 400, message: PAY_MSG.notReviewable });
    expect(await central(t, m.id)).toBe(50000);
    expect(await turnover.remaining(t.ctx.db, m.id)).toBe(50000);
    expect((await t.post('/api/user', {}, { token: m.token })).data.paysum).toBe(500);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('target', '=', `deposit:${first.message}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['deposit.approve']);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: { status: 'pending' }, after: { status: 'credited', credited_amount: 50000 } });

    expect(await reject(second.message, '')).toMatchObject({ code: 400, message: PAY_MSG.reasonRequired });
    expect(await reject(second.message)).toMatchObject({ code: 200, data: { status: 'rejected', state: 3, reject_reason: '未收到款项' } });
    expect(await approve(second.message)).toMatchObject({ code: 400, message: PAY_MSG.notReviewable });
    expect(await central(t, m.id)).toBe(50000);
    // the member reads each decision once in the inbox
    const inbox = (await t.post('/api/messagelist', { page: 1 }, { token: m.token })).data.data.map((x: { title: string; content: string }) => [x.title, x.content]);
    expect(inbox).toEqual([
      ['存款未通过审核', `您的存款订单 ${second.message}（600.00 元）未通过审核，原因：未收到款项。如有疑问请联系在线客服。`],
      ['存款已到账', `您的存款订单 ${first.message} 已审核通过，500.00 元已存入中心钱包。`],
    ]);
  });

  it('approve racing approve and reject: one effect, on both databases', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await memberWithCard(t, 'race');
      const o = await bankOrder(m.token, 1000, { amount_proportion: 0.2 });
      const answers = await Promise.all([approve(o.message), reject(o.message), approve(o.message), reject(o.message)]);
      const row = await depositRow(t, o.message);
      const balance = await central(t, m.id);
      if (row.status === 'credited') {
        expect(balance).toBe(100000 + 20000);
        expect(answers.filter((a) => a.code === 200 && a.data.status === 'credited')).toHaveLength(2);
      } else {
        expect(row.status).toBe('rejected');
        expect(balance).toBe(0);
      }
      const audits = await t.ctx.db.selectFrom('admin_audit').select('action').where('target', '=', `deposit:${o.message}`).execute();
      expect(audits).toHaveLength(1);
      const entries = await t.ctx.db.selectFrom('ledger_entries').select('kind').where('reference', '=', o.message).execute();
      expect(entries.map((e) => e.kind).sort()).toEqual(row.status === 'credited' ? ['bonus', 'deposit'] : []);
    }
  });

  it('USDT: the address of the chosen protocol and the USDT amount floored to 2 decimals', async () => {
    const m = await memberWithCard(t, 'usdt');
    const rate = Number((await t.site.settings()).usdtrate);
    const o = await t.post('/api/recharge', { paytype: 'usdtpay', amount: 1000, catepay: 'ERC20' }, { token: m.token });
    const info = await t.post('/api/payinfo', { deposit_no: o.message }, { token: m.token });
    expect(info).toMatchObject({ code: 200, message: 'usdtpay', data: { info: { usdt_rate: rate, usdt_amount: Math.floor((1000 / rate) * 100) / 100 } } });
    expect(info.data.cardlines).toEqual([{ mch_id: 'USDT-ERC20地址', content: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), payimg: expect.stringMatching(/^0x/) }]);
    // the original front-end shows cardlist.mch_id as the address, content as the protocol and payimg as a picture
    const address = info.data.cardlines[0].content;
    expect(info.data.cardlist).toEqual({ mch_id: address, content: 'ERC20', payimg: await qrDataUrl(address) });
    expect(info.data.cardlist.payimg).toMatch(/^data:image\/png;base64,/);
    expect(await approve(o.message)).toMatchObject({ code: 200 });
    expect(await central(t, m.id)).toBe(100000);
  });

  it('a gateway that cannot be reached: the member is told, the order fails, nothing is credited', async () => {
    const m = await memberWithCard(t, 'nogw');
    // this app does not listen, so the in-process gateway cannot be reached over HTTP
    const o = await t.post('/api/recharge', { paytype: 'ecny', amount: 1000 }, { token: m.token });
    expect(o).toMatchObject({ code: 400, message: PAY_MSG.gatewayBusy });
    const rows = await t.ctx.db.selectFrom('deposits').select(['status', 'deposit_no']).where('member_id', '=', m.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    // an online order is not the operator's to approve unless it went to review
    expect(await approve(rows[0].deposit_no)).toMatchObject({ code: 400, message: PAY_MSG.notReviewable });
    expect(await central(t, m.id)).toBe(0);
  });

  it('operators need deposits.review to decide; the list filters by state and member', async () => {
    const m = await memberWithCard(t, 'perm');
    const o = await bankOrder(m.token, 300);
    expect(await approve(o.message, auditor)).toMatchObject({ code: 403 });
    expect(await t.post('/admin/api/deposits/approve', { deposit_no: o.message }, { token: m.token })).toMatchObject({ code: 401 });
    expect(await central(t, m.id)).toBe(0);
    const list = await t.post('/admin/api/deposits/list', { state: 'pending', username: m.name, page: 1 }, { token: auditor });
    expect(list).toMatchObject({ code: 200, data: { total: 1, data: [{ deposit_no: o.message, status: 'pending', depositor: { bank_owner: '李四', bank_no: '6217000011112222' } }] } });
    expect((await t.post('/admin/api/deposits/list', { state: 'credited', username: m.name }, { token: admin })).data.total).toBe(0);
    expect((await t.post('/admin/api/deposits/list', { username: 'nobody_here' }, { token: admin })).data.total).toBe(0);
    expect(await t.post('/admin/api/deposits/list', { state: 'weird' }, { token: admin })).toMatchObject({ code: 400 });
    expect(await approve('D-1; drop table deposits')).toMatchObject({ code: 400 });
    expect(await approve('D20990101000000000000')).toMatchObject({ code: 404, message: PAY_MSG.orderNotFound });
  });

  it('expired manual orders can still be approved when the money arrives late', async () => {
    const m = await memberWithCard(t, 'lateb');
    const o = await bankOrder(m.token, 200);
    const row = await depositRow(t, o.message);
    await t.payments.service.expire(Number(row.expires_at));
    expect((await t.post('/api/payinfo', { deposit_no: o.message }, { token: m.token })).data.info.state).toBe(3);
    expect(await approve(o.message)).toMatchObject({ code: 200, data: { status: 'credited' } });
    expect(await central(t, m.id)).toBe(20000);
    // a forged notify for a manual order credits nothing
    expect((await sendNotice(t, await noticeFor(t, o.message, 20000))).body).toBe('fail');
    expect(await central(t, m.id)).toBe(20000);
  });

  it('operators change a method and the bonus terms through settings/update; the member sees them', async () => {
    const m = await memberWithCard(t, 'sett');
    const current = (await t.post('/admin/api/settings/get', {}, { token: admin })).data.settings;
    const methods = { ...current.pay_methods, wxpay: { on: 1, min: 300, max: 900, amounts: [] } };
    expect(await t.post('/admin/api/settings/update', { pay_methods: { ...methods, qqpay: { on: 1, min: 500, max: 100, amounts: [] } } }, { token: admin })).toMatchObject({ code: 400 });
    expect(await t.post('/admin/api/settings/update', { pay_methods: methods, deposit_bonus_daily_cap: 88 }, { token: admin })).toMatchObject({ code: 200 });
    // this process dropped its cached settings when they were saved: the member sees them at once
    const ways = await t.get('/api/get_pay_way', { token: m.token });
    expect(ways.data.methods.find((x: { type: string }) => x.type === 'wxpay')).toMatchObject({ min_price: 300, max_price: 900 });
    expect(ways.data.bonus).toMatchObject({ daily_cap: 88, deposit_multiple: 1, multiples: { '10': 10, '50': 50 } });
    expect(await t.post('/api/recharge', { paytype: 'wxpay', amount: 200 }, { token: m.token })).toMatchObject({ message: '请输入有效的金额范围：300 - 900' });
    await t.post('/admin/api/settings/update', { pay_methods: current.pay_methods, deposit_bonus_daily_cap: current.deposit_bonus_daily_cap }, { token: admin });
  });

  it('receiving accounts: operators add and withdraw them; orders rotate over the enabled ones only', async () => {
    const call = (path: string, body: unknown, token = admin) => t.post(`/admin/api/deposit-accounts/${path}`, body, { token });
    expect(await call('create', { type: 'bank', bank_name: '建设银行', bank_no: '6217001234567890' })).toMatchObject({ code: 400, message: '请输入收款人姓名' });
    expect(await call('create', { type: 'usdt', bank_name: 'BEP20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })).toMatchObject({ code: 400, message: PAY_MSG.protocol });
    expect(await call('create', { type: 'bank', bank_name: '建设银行', bank_owner: '张财务', bank_no: '6217001234567890' }, auditor)).toMatchObject({ code: 403 });
    const made = await call('create', { type: 'bank', bank_name: '建设银行', bank_owner: '张财务', bank_no: '6217001234567890', bank_address: '广州天河支行' });
    expect(made).toMatchObject({ code: 200, data: { type: 'bank', enabled: 1, approved: false } });
    // handed to members once a second operator (payments.channels_keys) approves it (receiving-two-person.test.ts)
    await t.post('/admin/api/operators/create', { username: 'recvfin', password: 'recvfin-pass1', role: 'finance' }, { token: admin });
    const finance = (await t.post('/admin/api/login', { username: 'recvfin', password: 'recvfin-pass1' })).data.token;
    expect(await call('approve', { id: made.data.id }, finance)).toMatchObject({ code: 200, data: { approved: true } });
    const banks = (await call('list', {}, auditor)).data.filter((a: { type: string }) => a.type === 'bank');
    for (const b of banks) if (b.id !== made.data.id) expect(await call('update', { id: b.id, enabled: 0 })).toMatchObject({ code: 200, data: { enabled: 0 } });
    const m = await memberWithCard(t, 'recv');
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const o = await bankOrder(m.token, 100 + i);
      const info = await t.post('/api/payinfo', { deposit_no: o.message }, { token: m.token });
      seen.add(info.data.cardlines.find((c: { mch_id: string }) => c.mch_id === '收款账号').content);
    }
    expect([...seen]).toEqual(['6217001234567890']);
    expect(await call('update', { id: made.data.id, enabled: 0 })).toMatchObject({ code: 200 });
    const m2 = await memberWithCard(t, 'recv');
    expect(await bankOrder(m2.token)).toMatchObject({ code: 400, message: PAY_MSG.noReceivingAccount });
    for (const b of banks) await call('update', { id: b.id, enabled: 1 });
    expect(await call('update', { id: 999999, enabled: 1 })).toMatchObject({ code: 404 });
    // a body naming no field is answered the account as it is, changes nothing and writes no audit row
    expect(await call('update', { id: made.data.id, title: 'x' })).toMatchObject({ code: 200, data: { id: made.data.id, enabled: 1 } });
    // an update keeps the create rules: a card keeps its owner, a USDT address one of the protocols
    expect(await call('update', { id: made.data.id, bank_owner: '' })).toMatchObject({ code: 400, message: '请输入收款人姓名' });
    const usdt = (await call('list', {}, auditor)).data.find((a: { type: string }) => a.type === 'usdt');
    expect(await call('update', { id: usdt.id, bank_name: '建设银行' })).toMatchObject({ code: 400, message: PAY_MSG.protocol });
    const audits = await t.ctx.db.selectFrom('admin_audit').select('action').where('target', '=', `deposit_account:${made.data.id}`).execute();
    // created, approved by a second operator, withdrawn, and put back with the others
    expect(audits.map((a) => a.action)).toEqual(['deposit_account.create', 'deposit_account.approve', 'deposit_account.update', 'deposit_account.update']);
  });
});

describe('deposits without a reachable gateway', () => {
  it('offers only the manual methods and refuses the online ones', async () => {
    const t = await startApp({ sandbox: false });
    try {
      const m = await memberWithCard(t, 'nogate');
      const ways = await t.get('/api/get_pay_way', { token: m.token });
      expect(ways.data.methods.map((x: { type: string }) => x.type)).toEqual(['bank', 'usdtpay']);
      expect(ways.data.wxpay).toBeUndefined();
      expect(ways.data).toMatchObject({ card: 1, usdt: 1 });
      expect(ways.data.wechat).toBeUndefined();
      expect(ways.data.alipay).toBeUndefined();
      expect(await t.post('/api/recharge', { paytype: 'wxpay', amount: 300 }, { token: m.token })).toMatchObject({ code: 400, message: PAY_MSG.payTypeClosed });
      // and no receiving account was made (the demo ones come with the sandbox)
      expect(await t.post('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '李四', bank: '中国银行', bank_no: '6217000011112222', bank_address: '北京' }, { token: m.token })).toMatchObject({
        code: 400,
        message: PAY_MSG.noReceivingAccount,
      });
      expect(await wallet.verify(t.ctx.db)).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
