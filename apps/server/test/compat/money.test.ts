import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness.ts';
import { addBet, adminToken, memberId } from '../../src/modules/promotions/testing.ts';
import { credit } from '../../src/modules/transfers/testing.ts';
import { wallet } from '../../src/modules/wallet/index.ts';
import { expectFields, expectPaged, expectYuan, SPEC_CALLS, specClient, type SpecClient } from './spec-client.ts';

/**
 * Issue 19: a client written to spec section 7 works unchanged - "Money".
 * Calls are made as the original front-end makes them (spec-client.ts): '' for unset filters,
 * digit strings for numbers, its own path spellings (/api/activityapplylog).
 */
const NAME = 'compat03';
const PAY = '666888';
const TRANS_ROW = { out_trade_no: 'string', amount: 'number', pay_way: 'string', state: 'number', created_at: 'string' } as const;
const CARD = { id: 'number', bank: 'string', bank_owner: 'string', bank_no: 'string', bank_address: 'string', ico: 'string' } as const;

/** cardlist of POST /api/payinfo as rows (a bank order's receiving account is several lines; the original never opens /payInfo for one) */
const cardEntries = (cardlist: unknown): { mch_id: string; content: string; payimg: string }[] =>
  (Array.isArray(cardlist) ? cardlist : [cardlist]) as { mch_id: string; content: string; payimg: string }[];

describe('spec section 7, Money, as a spec client calls it', () => {
  let t: TestApp;
  let c: SpecClient;
  let token = '';
  let admin = '';
  let id = 0;
  let bankCard = 0;
  beforeAll(async () => {
    t = await startApp({ listen: true });
    c = specClient(t, SPEC_CALLS.money);
    const r = await c.post('/api/register', { name: NAME, password: 'secret123', confirmPass: 'secret123', realname: '王五', paypassword: PAY, code: '2PYL' });
    expect(r.code, r.message).toBe(200);
    token = r.data.api_token;
    id = await memberId(t, NAME);
    admin = await adminToken(t);
    // an operator's credit, no turnover owed (the withdrawal below needs none)
    await credit(t, NAME, 1000, 0);
  });
  afterAll(async () => {
    if (t) expect(await wallet.verify(t.ctx.db)).toEqual([]);
    await t?.stop();
  });

  it('POST /api/balancelist {}: venues only, each with name, platname, balance (the client adds 平台钱包 itself)', async () => {
    const r = await c.post('/api/balancelist', {}, token);
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThan(0);
    r.data.forEach((v: unknown, i: number) => expectFields(v, { name: 'string', platname: 'string', balance: 'number' }, `balancelist[${i}]`));
    expect(r.data.map((v: { platname: string }) => v.platname)).not.toContain('userbalance');
    expect(r.data.map((v: { name: string }) => v.name)).not.toContain('平台钱包');
    expect(r.data.map((v: { platname: string }) => v.platname)).toContain('ag');
  });

  it('POST /api/transfer {amount, sourcetype, targettype}: code, message; venue to venue refused', async () => {
    expect((await c.post('/api/transfer', { amount: '', sourcetype: 'userbalance', targettype: 'ag' }, token)).message).toBe('请输入操作金额！');
    expect((await c.post('/api/transfer', { amount: '10', sourcetype: 'ag', targettype: 'pp' }, token)).message).toBe('场馆内钱包不支持互转');
    const into = await c.post('/api/transfer', { amount: '100', sourcetype: 'userbalance', targettype: 'ag' }, token);
    expect(into.code, into.message).toBe(200);
    const back = await c.post('/api/transfer', { amount: 40, sourcetype: 'ag', targettype: 'userbalance' }, token);
    expect(back.code, back.message).toBe(200);
    const ag = (await c.post('/api/balancelist', {}, token)).data.find((v: { platname: string }) => v.platname === 'ag');
    expect(ag.balance).toBe(60);
    expect((await c.post('/api/balance', {}, token)).data.balance).toBe(940);
  });

  it('POST /api/transall {}: recovers every venue balance; reads message', async () => {
    const r = await c.post('/api/transall', {}, token);
    expect(r.code, r.message).toBe(200);
    expect(r.message.length).toBeGreaterThan(0);
    const list = (await c.post('/api/balancelist', {}, token)).data as { balance: number }[];
    for (const v of list) expect(v.balance).toBe(0);
    expect((await c.post('/api/balance', {}, token)).data.balance).toBe(1000);
  });

  it('cards: POST /api/banklist, /api/bindcard, /api/getcard {type 1|2}, /api/delcard {id}', async () => {
    const banks = await c.post('/api/banklist', {}, token);
    expect(banks.code).toBe(200);
    banks.data.forEach((b: unknown, i: number) => expectFields(b, { bank_name: 'string' }, `banklist[${i}]`));
    expect((await c.post('/api/getcard', { type: 1 }, token)).data).toEqual([]);

    expect((await c.post('/api/bindcard', { bank_owner: '王五', bank_no: '6222', pay_pass: PAY, bank: '招商银行', bank_address: '深圳' }, token)).message).toBe('请输入正确的银行卡号');
    const bank = await c.post('/api/bindcard', { bank_owner: '王五', bank_no: '6222021000009999', pay_pass: PAY, bank: '招商银行', bank_address: '深圳市福田支行' }, token);
    expect(bank).toMatchObject({ code: 200, message: '绑定成功' });
    const usdt = await c.post('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_pass: PAY }, token);
    expect(usdt).toMatchObject({ code: 200, message: '绑定成功' });

    const cards = await c.post('/api/getcard', { type: 1 }, token);
    expect(cards.data).toHaveLength(1);
    expectFields(cards.data[0], CARD, 'bank card');
    expect(cards.data[0].bank_no.endsWith('9999')).toBe(true);
    expect(cards.data[0].bank_no).not.toContain('622202100000');
    bankCard = cards.data[0].id;
    const addresses = await c.post('/api/getcard', { type: '2' }, token);
    expect(addresses.data).toHaveLength(1);
    expectFields(addresses.data[0], CARD, 'usdt address');
    expect(addresses.data[0]).toMatchObject({ bank: 'USDT', bank_owner: 'TRC20' });

    const del = await c.post('/api/delcard', { id: String(addresses.data[0].id) }, token);
    expect(del).toMatchObject({ code: 200, message: '解绑成功' });
    expect((await c.post('/api/getcard', { type: 2 }, token)).data).toEqual([]);
  });

  it('POST /api/getBetAmount {}: data.bet_amount', async () => {
    const r = await c.post('/api/getBetAmount', {}, token);
    expect(r.code).toBe(200);
    expectYuan(r.data.bet_amount, 'bet_amount');
    expect(r.data.bet_amount).toBe(0);
  });

  it('POST /api/withdraw {amount, bank (card id), password}: the spec rules in order, then code and message', async () => {
    expect((await c.post('/api/withdraw', { amount: '100', bank: '', password: PAY }, token)).message).toBe('请选择您要提现到的银行卡');
    expect((await c.post('/api/withdraw', { amount: '50', bank: String(bankCard), password: PAY }, token)).message).toBe('单笔取款不能低于100元');
    expect((await c.post('/api/withdraw', { amount: '100', bank: String(bankCard), password: '' }, token)).message).toBe('请输入您的支付密码');
    const r = await c.post('/api/withdraw', { amount: '100', bank: String(bankCard), password: PAY }, token);
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe('提交成功，等待后台审核');
    expect((await c.post('/api/balance', {}, token)).data.balance).toBe(900);
  });

  it('deposits: GET /api/get_pay_way flags, POST /api/getPayRange {type}, /api/getpaybank, /api/recharge (bank), /api/payinfo', async () => {
    const ways = await c.get('/api/get_pay_way', {}, token);
    expect(ways.code).toBe(200);
    // the original shows a method when its flag is 1: card (bank), usdt, wechat, alipay
    expectFields(ways.data, { card: '0|1', usdt: '0|1', wechat: '0|1', alipay: '0|1' }, 'get_pay_way');
    expect(ways.data).toMatchObject({ card: 1, usdt: 1 });

    // the original's type names: bank, wechat, alipay, usdt-trc20, usdt-erc20
    for (const type of ['bank', 'alipay', 'wechat', 'usdt-trc20', 'usdt-erc20']) {
      const range = await c.post('/api/getPayRange', { type }, token);
      expect(range.code, `${type}: ${range.message}`).toBe(200);
      expectFields(range.data, { min_price: 'number', max_price: 'number' }, `getPayRange ${type}`);
      expect(range.data.min_price).toBeLessThanOrEqual(range.data.max_price);
    }

    const accounts = await c.post('/api/getpaybank', {}, token);
    expect(accounts.code).toBe(200);
    expect(accounts.data.length).toBeGreaterThan(0);
    for (const a of accounts.data) {
      expectFields(a, { bank_no: 'string', bank_owner: 'string', bank_data: 'object', bank_address: 'string' }, 'getpaybank');
      expectFields(a.bank_data, { bank_name: 'string' }, 'getpaybank.bank_data');
    }

    const { min_price } = (await c.post('/api/getPayRange', { type: 'bank' }, token)).data;
    expect((await c.post('/api/recharge', { paytype: 'bank', amount: min_price, bank: '', bank_address: '', bank_no: '', bank_owner: '' }, token)).message).toBe('请输入存款人姓名');
    const order = await c.post(
      '/api/recharge',
      { paytype: 'bank', amount: min_price, bank: '中国银行', bank_address: '北京市朝阳支行', bank_no: '6217000011112222', bank_owner: '王五', amount_proportion: 0 },
      token,
    );
    expect(order.code, order.message).toBe(200);
    const info = await c.post('/api/payinfo', { deposit_no: order.message }, token);
    expect(info.code, info.message).toBe(200);
    expectFields(info.data, { deposit_no: 'string', info: 'object' }, 'payinfo');
    expect(info.data.cardlist, 'payinfo.cardlist').toBeTypeOf('object');
    expectFields(info.data.info, { created_at: 'string', paytype: 'string', amount: 'number' }, 'payinfo.info');
    expect(info.data.info.amount).toBe(min_price);
    // the bank transfer's receiving account
    cardEntries(info.data.cardlist).forEach((e, i) => expectFields(e, { mch_id: 'string', content: 'string', payimg: 'string' }, `cardlist[${i}]`));
  });

  it('USDT deposit: POST /api/recharge {paytype usdt, catepay}, /api/payinfo: message usdtpay, info.usdt_rate', async () => {
    const { min_price } = (await c.post('/api/getPayRange', { type: 'usdt-trc20' }, token)).data;
    const order = await c.post('/api/recharge', { paytype: 'usdt', amount: min_price, catepay: 'TRC20' }, token);
    expect(order.code, order.message).toBe(200);
    const info = await c.post('/api/payinfo', { deposit_no: order.message }, token);
    expect(info.code, info.message).toBe(200);
    expect(info.message).toBe('usdtpay');
    expectFields(info.data.info, { created_at: 'string', paytype: 'string', amount: 'number', usdt_rate: 'number' }, 'payinfo.info');
    // /payInfo of the original reads payInfo.cardlist.mch_id, .content and .payimg (an object)
    expect(Array.isArray(info.data.cardlist), 'cardlist is one object').toBe(false);
    expectFields(info.data.cardlist, { mch_id: 'string', content: 'string', payimg: 'string' }, 'cardlist');
    // the TRC20 receiving address, its protocol and its QR code
    expect(info.data.cardlist.mch_id).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(info.data.cardlist.content).toBe('TRC20');
    expect(info.data.cardlist.payimg).toMatch(/^data:image\//);
  });

  it('online deposit: message carries the deposit number; /api/payinfo of it answers the cashier link and a QR code in cardlist', async () => {
    const { min_price } = (await c.post('/api/getPayRange', { type: 'alipay' }, token)).data;
    const order = await c.post('/api/recharge', { paytype: 'alipay', amount: min_price }, token);
    expect(order.code, order.message).toBe(200);
    // the original opens /payInfo?deposit_no=<message>
    const row = await t.ctx.db.selectFrom('deposits').select(['deposit_no', 'member_id']).where('deposit_no', '=', order.message).executeTakeFirst();
    expect(row?.member_id, `message ${order.message} is a deposit number`).toBe(id);
    const info = await c.post('/api/payinfo', { deposit_no: order.message }, token);
    expect(info.code, info.message).toBe(200);
    // /payInfo of the original reads payInfo.cardlist.mch_id (shown, with a copy button) and .payimg (an <img>)
    expect(Array.isArray(info.data.cardlist), 'cardlist is one object').toBe(false);
    expectFields(info.data.cardlist, { mch_id: 'string', content: 'string', payimg: 'string' }, 'cardlist');
    expect(`${info.data.cardlist.mch_id} ${info.data.cardlist.content}`).toMatch(/\/cashier\//);
    expect(info.data.cardlist.payimg).toMatch(/^data:image\//);
    // the cashier link opens the gateway's page
    const link = /\S*\/cashier\/\S+/.exec(`${info.data.cardlist.mch_id} ${info.data.cardlist.content}`)![0];
    const page = await fetch(new URL(link, t.origin));
    expect(page.status).toBe(200);
  });

  it('POST /pay/api/recharge {payAmount, username, payType}: data.orderNo, data.url; error text in msg; GET /pay/api/queryOrderNo {orderNo}', async () => {
    const { min_price } = (await c.post('/api/getPayRange', { type: 'alipay' }, token)).data;
    const wrong = await c.post('/pay/api/recharge', { payAmount: min_price, username: 'someone9', payType: 'alipay' }, token);
    expect(wrong.code).not.toBe(200);
    expect(typeof wrong.msg).toBe('string');
    expect((wrong.msg as string).length).toBeGreaterThan(0);
    const r = await c.post('/pay/api/recharge', { payAmount: String(min_price), username: NAME, payType: 'alipay' }, token);
    expect(r.code, r.message).toBe(200);
    expectFields(r.data, { orderNo: 'string', url: 'string' }, '/pay/api/recharge');
    const q = await c.get('/pay/api/queryOrderNo', { orderNo: r.data.orderNo }, token);
    expect(q.code, q.message).toBe(200);
    expect(q.data).toMatchObject({ orderNo: r.data.orderNo });
  });

  it("POST /api/gettransrecord {date, type, page, api_type}: records of every type; '' filters are unset", async () => {
    const byType: Record<number, unknown[]> = {};
    for (const type of [1, 2, 3, 4]) {
      const r = await c.post('/api/gettransrecord', { date: 4, type, page: 1, api_type: '' }, token);
      expect(r.code, `type ${type}: ${r.message}`).toBe(200);
      byType[type] = expectPaged(r.data, TRANS_ROW, `gettransrecord type ${type}`);
    }
    expect(byType[1].length).toBeGreaterThanOrEqual(3);
    expect(byType[2]).toHaveLength(1);
    expect(byType[3].length + byType[4].length).toBeGreaterThanOrEqual(2);
    const unset = await c.post('/api/gettransrecord', { date: '', type: '', page: '', api_type: '' }, token);
    expect(unset.code, unset.message).toBe(200);
    expect(unset.data.data).toEqual((await c.post('/api/gettransrecord', { date: 4, type: 1, page: 1, api_type: '' }, token)).data.data);
  });

  it("POST /api/betrecord {date, page, api_type}: bet_id, bet_amount, win_loss, Code, status, created_at; '' filters", async () => {
    await addBet(t.ctx.db, { memberId: id, platform: 'pp', category: 'concise', valid: 5000, settledAt: Date.now() - 60_000 });
    for (const body of [{ date: 4, page: 1, api_type: '' }, { date: '', page: '', api_type: '' }, { date: '1', page: '1', api_type: 'pp' }]) {
      const r = await c.post('/api/betrecord', body, token);
      expect(r.code, `${JSON.stringify(body)}: ${r.message}`).toBe(200);
      const rows = expectPaged(r.data, { bet_id: 'string', bet_amount: 'number', win_loss: 'number', Code: 'string', status: 'number', created_at: 'string' }, 'betrecord');
      expect(rows).toHaveLength(1);
      expect(rows[0].bet_amount).toBe(50);
    }
  });

  it("POST /api/getfanshui {date, page, api_type, type ''} (400 before issue 19): list, jisuan, nojisuan; POST /api/dofanshui", async () => {
    for (const body of [
      { date: 4, page: 1, api_type: '', type: '' },
      { date: '', page: '', api_type: '', type: '' },
      { date: '4', page: '1', api_type: 'pp', type: '0' },
    ]) {
      const r = await c.post('/api/getfanshui', body, token);
      expect(r.code, `${JSON.stringify(body)}: ${r.message}`).toBe(200);
      expectFields(r.data, { list: 'object', jisuan: 'number', nojisuan: 'number' }, 'getfanshui');
      expectPaged(r.data.list, { gamename: 'string', money: 'number', state: 'number', created_at: 'string', updated_at: 'string' }, 'getfanshui.list');
    }
    // nothing pending: the spec's message
    const claim = await c.post('/api/dofanshui', {}, token);
    expect(claim.code).not.toBe(200);
    expect(claim.message).toBe('暂无领取额度！');
  });

  it('POST /api/activityapplylog {page} (the original spelling of /api/activityApplyLog): activity_name, state, created_at', async () => {
    const activities = (await c.post('/api/activitylist', {})).data.data as { id: number }[];
    const applied = await c.post('/api/activityApply', { id: activities[0].id }, token);
    expect(applied.code, applied.message).toBe(200);
    for (const page of [1, '']) {
      const r = await c.post('/api/activityapplylog', { page }, token);
      expect(r.code, r.message).toBe(200);
      const rows = expectPaged(r.data, { activity_name: 'string', state: 'number', created_at: 'string' }, 'activityapplylog');
      expect(rows).toHaveLength(1);
      expect(rows[0].state).toBe(1);
    }
    expect((await c.post('/api/activityApplyLog', { page: 1 }, token)).data.total).toBe(1);
  });

  it('POST /api/editPayPassword and /api/editPassword {password (old), paypassword (new)}', async () => {
    expect((await c.post('/api/editPayPassword', { password: PAY, paypassword: PAY }, token)).message).toBe('新旧密码不能一致！');
    const pay = await c.post('/api/editPayPassword', { password: PAY, paypassword: '888999' }, token);
    expect(pay.code, pay.message).toBe(200);
    expect((await c.post('/api/editPassword', { password: 'secret123', paypassword: '' }, token)).message).toBe('请输入新密码');
    const login = await c.post('/api/editPassword', { password: 'secret123', paypassword: 'secret456' }, token);
    expect(login.code, login.message).toBe(200);
    expect(login.message).toBe('密码修改成功！');
    // the client then signs in again with the new password
    const again = await c.post('/api/login_pc', { name: NAME, password: 'secret456', code: '2PYL' });
    expect(again.code, again.message).toBe(200);
    expect((await c.post('/api/login_pc', { name: NAME, password: 'secret123', code: '2PYL' })).code).not.toBe(200);
  });

  it('a guest (empty bearer) on a money call answers code 401', async () => {
    for (const path of ['/api/balancelist', '/api/transall', '/api/getcard', '/api/withdraw', '/api/recharge', '/api/getfanshui', '/api/gettransrecord']) {
      expect((await c.post(path, {})).code, path).toBe(401);
    }
  });

  it('made every call of its group', () => {
    expect(c.missing()).toEqual([]);
  });
});
