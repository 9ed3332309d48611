import { PAY_MSG } from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import * as turnover from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { depositsCreditedBetween } from './index.ts';
import { qrDataUrl } from './qr.ts';
import { central, depositRow, memberWithCard, noticeFor, sandboxDriver, sifangDriver, sifangNoticeText, until, type NoticeBody } from './testing.ts';

/**
 * Online deposits end to end through the sandbox gateway over real HTTP, SQLite and PostgreSQL;
 * issue 21: once through the signed-JSON sandbox adapter (the legacy gateway setting, no channel)
 * and once through the generic 四方 adapter (a payment channel) against the sandbox's 四方 mode.
 */
describe.each([{ driver: sandboxDriver }, { driver: sifangDriver }])('deposits: rules, online orders, notifies ($driver.name)', ({ driver }) => {
  let t: TestApp;
  const gw = driver();
  const sendNotice = (app: TestApp, body: NoticeBody | string, opts?: { secret?: string; ts?: number; nonce?: string }) => gw.send(app, body, opts);
  /** a 四方 notify's form text, as the sandbox's 四方 mode signs it */
  const sendText = async (body: NoticeBody) => sifangNoticeText((gw as ReturnType<typeof sifangDriver>).merchant, body);
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [300, 600, 1200], faultOptions: { lateMs: 500, copies: 6 } } });
    await gw.setup(t);
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  const count = async () => Number((await t.ctx.db.selectFrom('deposits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const faults = (mode: string, n = 1) => fetch(`${t.origin}/sandbox/pay/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, count: n }) });

  it('checks every rule in the spec order and creates nothing on a refusal', async () => {
    const bare = await t.register(`nocard${Date.now() % 100000}`);
    expect(await t.post('/api/recharge', { paytype: 'bank', amount: 100 }, { token: bare })).toMatchObject({ code: 400, message: PAY_MSG.noCard });
    const { token } = await memberWithCard(t, 'rules');
    const bank = { paytype: 'bank', amount: 100, bank_owner: '张三', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行' };
    const cases: [Record<string, unknown>, string][] = [
      [{}, PAY_MSG.payTypeRequired],
      [{ paytype: 'bitcoin', amount: 100 }, PAY_MSG.payTypeClosed],
      [{ ...bank, amount: 99.99 }, '请输入金额在100-10000之间！'],
      [{ ...bank, amount: 10000.01 }, '请输入金额在100-10000之间！'],
      [{ ...bank, amount: '100.001' }, '请输入金额在100-10000之间！'],
      [{ ...bank, amount: { $gt: 1 } }, '请输入金额在100-10000之间！'],
      [{ ...bank, bank_owner: ' ' }, PAY_MSG.depositorName],
      [{ ...bank, bank: '' }, PAY_MSG.bankType],
      [{ ...bank, bank_no: undefined }, PAY_MSG.bankNo],
      [{ ...bank, bank_no: '12ab' }, PAY_MSG.bankNoInvalid],
      [{ ...bank, bank_address: '' }, PAY_MSG.bankAddress],
      [{ ...bank, bank_owner: 'x'.repeat(500) }, PAY_MSG.tooLong],
      [{ ...bank, amount_proportion: 0.15 }, PAY_MSG.proportion],
      [{ ...bank, amount_proportion: 0.6 }, PAY_MSG.proportion],
      // every missing field at once answers the first one in the spec's order
      [{ paytype: 'bank', amount: 100 }, PAY_MSG.depositorName],
      [{ paytype: 'alipay', amount: 150 }, '请输入有效的金额：100,200,300,500,800,1000,2000,3000'],
      [{ paytype: 'unionpay', amount: 40 }, '请输入有效的金额：30,50'],
      [{ paytype: 'wxpay', amount: 100 }, '请输入有效的金额范围：200 - 2000'],
      [{ paytype: 'ecny', amount: 5000.5 }, '请输入有效的金额范围：100 - 5000'],
      [{ paytype: 'qqpay', amount: 'abc' }, '请输入有效的金额范围：100 - 200'],
      [{ paytype: 'usdtpay', amount: 100, catepay: 'BEP20' }, PAY_MSG.protocol],
    ];
    const before = await count();
    for (const [body, message] of cases) {
      const r = await t.post('/api/recharge', body, { token });
      expect({ body, code: r.code, message: r.message }).toEqual({ body, code: 400, message });
    }
    // hostile bodies: an envelope, never a 500
    for (const raw of ['[]', '"x"', 'null', '{"paytype":', `{"paytype":"${'b'.repeat(70000)}"}`]) {
      const r = await t.http.inject({ method: 'POST', url: '/api/recharge', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: raw });
      expect(r.statusCode).toBe(200);
      expect(r.json().code).not.toBe(200);
      expect(r.json().code).not.toBe(500);
    }
    expect(await count()).toBe(before);

    // a method the operator closed is refused whatever the browser sent
    const s = await t.site.settings();
    await t.site.set('pay_methods', { ...s.pay_methods, alipay: { ...s.pay_methods.alipay, on: 0 } });
    expect(await t.post('/api/recharge', { paytype: 'alipay', amount: 100 }, { token })).toMatchObject({ code: 400, message: PAY_MSG.payTypeClosed });
    const ways = await t.get('/api/get_pay_way', { token });
    expect(ways.data.alipay).toBeUndefined();
    // the original front-end's flag names (card, usdt, wechat, alipay) first, then ours
    expect(Object.keys(ways.data).slice(0, 3)).toEqual(['card', 'usdt', 'wechat']);
    expect(ways.data).toMatchObject({ card: 1, usdt: 1, wechat: 1, bank: 1, usdtpay: 1, wxpay: 1 });
    expect(ways.data.methods.map((m: { type: string }) => m.type)).toEqual(['bank', 'usdtpay', 'wxpay', 'ecny', 'qqpay', 'unionpay']);
    await t.site.set('pay_methods', s.pay_methods);
    expect((await t.get('/api/get_pay_way', { token })).data).toMatchObject({ card: 1, usdt: 1, wechat: 1, alipay: 1 });
    expect(await t.post('/api/getPayRange', { type: 'wxpay' }, { token })).toMatchObject({ code: 200, data: { min_price: 200, max_price: 2000, amounts: [] } });
    expect(await t.post('/api/getPayRange', { type: 'x' }, { token })).toMatchObject({ code: 400, message: PAY_MSG.payTypeRequired });
  });

  it('pays through the sandbox cashier: one credit, bonus line, turnover rows, paysum, records', async () => {
    const m = await memberWithCard(t, 'online');
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 200, amount_proportion: 0.1 }, { token: m.token });
    expect(r).toMatchObject({ code: 200, data: { url: expect.stringMatching(gw.cashier) } });
    const no = r.data.deposit_no as string;
    // issue 19: message is the deposit number too (the original front-end opens /payInfo?deposit_no=<message>),
    // where payinfo answers where to pay: the cashier link and a QR code of it
    expect(r.message).toBe(no);
    const info = await t.post('/api/payinfo', { deposit_no: r.message }, { token: m.token });
    expect(info).toMatchObject({ code: 200, message: 'alipay', data: { deposit_no: no, url: r.data.url, info: { paytype: 'alipay', amount: 200, state: 1 } } });
    expect(info.data.cardlist).toEqual({ mch_id: r.data.url, content: '支付宝扫码', payimg: await qrDataUrl(r.data.url) });
    expect(info.data.cardlist.payimg).toMatch(/^data:image\/png;base64,/);
    expect(info.data.cardlines).toEqual([{ mch_id: '支付链接', content: r.data.url, payimg: r.data.url }]);
    const page = await fetch(t.origin + r.data.url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    expect(html).toContain('¥200.00');
    expect(html).toContain('<svg');
    expect(html).toContain('确认支付');
    expect(html).toContain('模拟失败');
    expect(html).toContain(`${t.origin}/#/recharge?orderNo=${no}`);

    // the browser's form post of the cashier
    const paid = await fetch(`${t.origin}${r.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=200.00', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const status = await until(() => t.get(`/pay/api/queryOrderNo?orderNo=${no}`, { token: m.token }), (s) => s.data?.state === 2);
    expect(status.data).toEqual({ orderNo: no, state: 2, status: 'credited', amount: 200, phase: 'credited', phase_name: '已到账', why: '' });

    expect(await central(t, m.id)).toBe(20000 + 2000);
    // deposit 1x, bonus (200 + 20) x 10
    expect(await turnover.remaining(t.ctx.db, m.id)).toBe(20000 + 220000);
    expect((await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(2400);
    const rows = (await turnover.list(t.ctx.db, m.id, 1, 10)).rows.map((x) => [x.source, Number(x.credited), Number(x.required)]);
    expect(rows).toEqual([
      ['deposit_bonus', 2000, 220000],
      ['deposit', 20000, 20000],
    ]);
    expect((await t.post('/api/user', {}, { token: m.token })).data.paysum).toBe(200);
    const rec = await t.post('/api/gettransrecord', { type: 1, date: 1, page: 1 }, { token: m.token });
    expect(rec.data.total).toBe(2);
    expect(rec.data.data.map((x: { pay_way: string; amount: number; state: number }) => [x.pay_way, x.amount, x.state]).sort()).toEqual([
      ['充值赠送', 20, 2],
      ['支付宝扫码', 200, 2],
    ]);
    expect(await depositsCreditedBetween(t.ctx.db, m.id, Date.now() - 60_000, Date.now() + 1)).toBe(20000);
    // the other record types are unharmed
    expect((await t.post('/api/gettransrecord', { type: 4, date: 1, page: 1 }, { token: m.token })).data.total).toBe(0);
  });

  it('a notify replayed 20 times at once credits once and is acknowledged 20 times', async () => {
    const m = await memberWithCard(t, 'replay');
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 300 }, { token: m.token });
    const body = await noticeFor(t, r.data.deposit_no, 30000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendNotice(t, body)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 200, body: 'success' })));
    expect(await central(t, m.id)).toBe(30000);
    const entries = await t.ctx.db.selectFrom('ledger_entries').select('id').where('reference', '=', r.data.deposit_no).execute();
    expect(entries).toHaveLength(1);
    expect((await t.post('/api/user', {}, { token: m.token })).data.paysum).toBe(300);
  });

  it('bad signature, unknown order, stale timestamp and malformed bodies credit nothing', async () => {
    const m = await memberWithCard(t, 'forged');
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: m.token });
    const body = await noticeFor(t, r.data.deposit_no, 10000);
    expect(await sendNotice(t, body, { secret: 'f'.repeat(64) })).toEqual({ status: 401, body: 'fail' });
    if (gw.signedTime) expect(await sendNotice(t, body, { ts: Date.now() - 6 * 60_000 })).toEqual({ status: 401, body: 'fail' });
    expect(await sendNotice(t, { ...body, merchant_order_no: 'D20990101000000123456' })).toEqual({ status: 404, body: 'fail' });
    expect(await sendNotice(t, { ...body, order_no: 'SP00000000000000000000' })).toEqual({ status: 404, body: 'fail' });
    expect(await sendNotice(t, '{"order_no":')).toEqual({ status: 400, body: 'fail' });
    // signed over other bytes than those sent
    if (gw.name === 'sandbox') {
      const raw = await t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: { 'x-pay-ts': String(Date.now()), 'x-pay-nonce': 'a'.repeat(24), 'x-pay-sign': '0'.repeat(64) }, payload: JSON.stringify(body) });
      expect(raw.statusCode).toBe(401);
    } else {
      // a signed notify whose amount was changed on the way
      const signed = new URLSearchParams(await sendText(body));
      signed.set('amount', '1000.00');
      expect(await sendNotice(t, signed.toString())).toEqual({ status: 401, body: 'fail' });
      // unsigned
      signed.delete('sign');
      expect(await sendNotice(t, signed.toString())).toEqual({ status: 401, body: 'fail' });
    }
    expect(await central(t, m.id)).toBe(0);
    expect((await depositRow(t, r.data.deposit_no)).status).toBe('pending');
  });

  it('a wrong amount or a payment after expiry goes to review with its reason, crediting nothing', async () => {
    const m = await memberWithCard(t, 'review');
    const under = await t.post('/api/recharge', { paytype: 'wxpay', amount: 500 }, { token: m.token });
    expect(await sendNotice(t, await noticeFor(t, under.data.deposit_no, 49900))).toEqual({ status: 200, body: 'success' });
    const u = await depositRow(t, under.data.deposit_no);
    expect(u).toMatchObject({ status: 'review', review_reason: '实付金额 499.00 元与订单金额 500.00 元不符' });
    expect((await t.get(`/pay/api/queryOrderNo?orderNo=${under.data.deposit_no}`, { token: m.token })).data).toMatchObject({ state: 1, status: 'review' });

    const late = await t.post('/api/recharge', { paytype: 'wxpay', amount: 300 }, { token: m.token });
    const d = await depositRow(t, late.data.deposit_no);
    // the expiry job an hour later, then the gateway reports a payment made after the deadline
    expect(await t.payments.service.expire(Number(d.expires_at) + 1)).toBeGreaterThanOrEqual(1);
    expect((await depositRow(t, late.data.deposit_no)).status).toBe('expired');
    expect(await sendNotice(t, await noticeFor(t, late.data.deposit_no, 30000, 'paid', Number(d.expires_at) + 5000))).toEqual({ status: 200, body: 'success' });
    expect((await depositRow(t, late.data.deposit_no)).status).toBe('review');
    expect((await depositRow(t, late.data.deposit_no)).review_reason).toContain('订单过期后支付');
    expect(await central(t, m.id)).toBe(0);

    // the operator credits the under-payment at the amount really paid, bonus-free orders stay so
    const admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect(await t.post('/admin/api/deposits/approve', { deposit_no: under.data.deposit_no }, { token: admin })).toMatchObject({ code: 200, data: { status: 'credited', paid_amount: 499 } });
    expect(await central(t, m.id)).toBe(49900);
    // a late repeat of the gateway's notify changes nothing
    expect(await sendNotice(t, await noticeFor(t, under.data.deposit_no, 49900))).toEqual({ status: 200, body: 'success' });
    expect(await central(t, m.id)).toBe(49900);
    expect(await t.post('/admin/api/deposits/reject', { deposit_no: late.data.deposit_no, reason: '过期支付已原路退回' }, { token: admin })).toMatchObject({ code: 200, data: { status: 'rejected' } });

    // an order paid in time whose notify comes after the expiry job is still credited
    const slow = await t.post('/api/recharge', { paytype: 'wxpay', amount: 200 }, { token: m.token });
    const s = await depositRow(t, slow.data.deposit_no);
    await t.payments.service.expire(Number(s.expires_at) + 1);
    expect(await sendNotice(t, await noticeFor(t, slow.data.deposit_no, 20000, 'paid', Number(s.expires_at) - 1000))).toEqual({ status: 200, body: 'success' });
    expect(await central(t, m.id)).toBe(49900 + 20000);

    // a failed payment fails the order (the generic adapter: it waits for its payment or expires)
    const failed = await t.post('/api/recharge', { paytype: 'wxpay', amount: 200 }, { token: m.token });
    expect(await sendNotice(t, await noticeFor(t, failed.data.deposit_no, null, 'failed'))).toEqual({ status: 200, body: 'success' });
    expect((await t.get(`/pay/api/queryOrderNo?orderNo=${failed.data.deposit_no}`, { token: m.token })).data).toMatchObject(gw.failedNotifyFails ? { state: 3, status: 'failed' } : { state: 1, status: 'pending' });
  });

  it('gateway faults: a lost, late, duplicated or badly signed notify still credits exactly once', async () => {
    const m = await memberWithCard(t, 'faults');
    let expected = 0;
    for (const mode of ['lost', 'late', 'duplicate', 'bad_signature']) {
      expect((await faults(mode)).status).toBe(200);
      const r = await t.post('/api/recharge', { paytype: 'qqpay', amount: 100 }, { token: m.token });
      await fetch(`${t.origin}${r.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=100' });
      expected += 10000;
      const s = await until(() => t.get(`/pay/api/queryOrderNo?orderNo=${r.data.deposit_no}`, { token: m.token }), (x) => x.data?.state === 2, 8000);
      expect({ mode, state: s.data.state }).toEqual({ mode, state: 2 });
      expect(await central(t, m.id)).toBe(expected);
      // the fault really happened: a lost or forged first delivery means the retry credited
      const { signPayBody } = await import('@casino/sandbox');
      const q = signPayBody(t.ctx.config.paymentSecret, { merchant_order_no: r.data.deposit_no });
      const at = (await (await fetch(`${t.origin}/sandbox/pay/api/query`, { method: 'POST', headers: q.headers, body: q.body })).json()) as { notify_attempts: number };
      expect({ mode, attempts: at.notify_attempts }).toEqual({ mode, attempts: mode === 'lost' || mode === 'bad_signature' ? 2 : 1 });
    }
    await faults('none');
  });

  it('every notify lost: the query job asks the gateway and credits (or sends to review) once', async () => {
    const m = await memberWithCard(t, 'query');
    // every delivery of these orders is dropped (first try and all retries)
    expect((await faults('lost', 50)).status).toBe(200);
    const ok = await t.post('/api/recharge', { paytype: 'qqpay', amount: 120 }, { token: m.token });
    const under = await t.post('/api/recharge', { paytype: 'qqpay', amount: 150 }, { token: m.token });
    await fetch(`${t.origin}${ok.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=120' });
    await fetch(`${t.origin}${under.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=100' });
    // the gateway made its first delivery of both, and lost it
    const { signPayBody } = await import('@casino/sandbox');
    const attempts = async (no: string) => {
      const q = signPayBody(t.ctx.config.paymentSecret, { merchant_order_no: no });
      return ((await (await fetch(`${t.origin}/sandbox/pay/api/query`, { method: 'POST', headers: q.headers, body: q.body })).json()) as { notify_attempts: number }).notify_attempts;
    };
    for (const o of [ok, under]) expect(await until(() => attempts(o.data.deposit_no), (n) => n >= 1)).toBeGreaterThanOrEqual(1);
    expect((await depositRow(t, ok.data.deposit_no)).status).toBe('pending');
    // too young to be asked about yet
    expect(await t.payments.service.queryPending(Date.now())).toBe(0);
    const later = Date.now() + 2.5 * 60_000;
    expect(await t.payments.service.queryPending(later)).toBe(2);
    expect(await t.payments.service.queryPending(later)).toBe(0);
    expect((await depositRow(t, ok.data.deposit_no)).status).toBe('credited');
    expect(await depositRow(t, under.data.deposit_no)).toMatchObject({ status: 'review', paid_amount: 10000 });
    expect(await central(t, m.id)).toBe(12000);
    await faults('none');
  });

  it('renotify sends the notify again; the repeat is acknowledged and credits nothing more', async () => {
    const m = await memberWithCard(t, 'renot');
    const r = await t.post('/api/recharge', { paytype: 'qqpay', amount: 150 }, { token: m.token });
    await fetch(`${t.origin}${r.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=150' });
    await until(() => central(t, m.id), (b) => b === 15000);
    const { signPayBody } = await import('@casino/sandbox');
    const signed = signPayBody(t.ctx.config.paymentSecret, { orderNo: r.data.deposit_no });
    const again = await fetch(`${t.origin}/sandbox/pay/api/renotify`, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(await again.json()).toMatchObject({ sent: true, acked: true });
    // the same signed call replayed is refused by the gateway (nonce already used)
    expect((await fetch(`${t.origin}/sandbox/pay/api/renotify`, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(401);
    expect(await central(t, m.id)).toBe(15000);
    // the gateway and we agree on the order
    expect(await t.payments.service.gatewayOrder(r.data.deposit_no)).toMatchObject({ state: 'paid', paidAmount: 15000, amount: 15000 });
  });

  it('the bonus respects the per-day cap; each choice asks its own multiple', async () => {
    await t.site.set('deposit_bonus_daily_cap', 150);
    try {
      const m = await memberWithCard(t, 'capped');
      const pay = async (amount: number, proportion: number) => {
        const r = await t.post('/api/recharge', { paytype: 'ecny', amount, amount_proportion: proportion }, { token: m.token });
        expect(await sendNotice(t, await noticeFor(t, r.data.deposit_no, amount * 100))).toEqual({ status: 200, body: 'success' });
        return depositRow(t, r.data.deposit_no);
      };
      expect(Number((await pay(1000, 0.1)).bonus_amount)).toBe(10000);
      // 50% of 200 is 100, but only 50 of the day's 150 are left
      expect(Number((await pay(200, 0.5)).bonus_amount)).toBe(5000);
      expect(Number((await pay(100, 0.3)).bonus_amount)).toBe(0);
      expect(await central(t, m.id)).toBe(130000 + 15000);
      const rows = (await turnover.list(t.ctx.db, m.id, 1, 10)).rows.map((x) => [x.source, Number(x.required)]).reverse();
      expect(rows).toEqual([
        ['deposit', 100000],
        ['deposit_bonus', (100000 + 10000) * 10],
        ['deposit', 20000],
        ['deposit_bonus', (20000 + 5000) * 50],
        ['deposit', 10000],
      ]);
    } finally {
      await t.site.set('deposit_bonus_daily_cap', 5000);
    }
  });

  it('orders, records and payinfo are scoped to their member', async () => {
    const a = await memberWithCard(t, 'scopea');
    const b = await memberWithCard(t, 'scopeb');
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: a.token });
    expect(await t.post('/api/payinfo', { deposit_no: r.data.deposit_no }, { token: b.token })).toMatchObject({ code: 404, message: PAY_MSG.orderNotFound });
    expect(await t.get(`/pay/api/queryOrderNo?orderNo=${r.data.deposit_no}`, { token: b.token })).toMatchObject({ code: 404 });
    expect((await t.post('/api/gettransrecord', { type: 1, date: 4, page: 1 }, { token: b.token })).data.total).toBe(0);
    expect(await t.post('/api/recharge', { paytype: 'ecny', amount: 100 })).toMatchObject({ code: 401 });
    // the gateway-style call: same rules, the member's own name only, errors in msg
    expect(await t.post('/pay/api/recharge', { payAmount: 100, username: b.name, payType: 'ecny' }, { token: a.token })).toMatchObject({ code: 400, msg: PAY_MSG.usernameMismatch });
    expect(await t.post('/pay/api/recharge', { payAmount: 50, username: a.name, payType: 'ecny' }, { token: a.token })).toMatchObject({ code: 400, msg: '请输入有效的金额范围：100 - 5000' });
    const ok = await t.post('/pay/api/recharge', { payAmount: 100, username: a.name, payType: 'ecny' }, { token: a.token });
    expect(ok).toMatchObject({ code: 200, data: { orderNo: expect.stringMatching(/^D\d{20}$/), url: expect.stringMatching(gw.cashier) } });
  });
});
