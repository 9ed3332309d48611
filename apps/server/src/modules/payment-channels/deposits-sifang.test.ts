import { PAY_MSG } from '@casino/contract';
import { signPayBody, sifangSigned } from '@casino/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';
import { pruneSeenNotifiesForTest } from '../payments/index.ts';
import { adminToken, central, depositRow, memberWithCard, noticeFor, sifangChannel, sifangMerchant, sifangNoticeText, until } from '../payments/testing.ts';

/**
 * Issue 21 points 3-5 over real HTTP: the generic 四方 adapter against the sandbox's 四方 mode
 * (a gateway dialect with other field names, fen, SHA-256, its own acknowledgement), each sign
 * type, a notify checked with its own channel's key only, the renotify storm, the replay guard
 * and the notify address list. SQLite and PostgreSQL; verify() after each.
 */
describe('deposits through payment channels (generic 四方 adapter)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // the gateway's own retry comes late: what these tests send is all that arrives meanwhile
    t = await startApp({ listen: true, sandboxPayment: { retryDelaysMs: [60_000] } });
    admin = await adminToken(t);
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    // each test routes through its own channels only
    for (const c of (await t.post('/admin/api/payment-channels/list', { page: 1, per_page: 100 }, { token: admin })).data.data) await t.post('/admin/api/payment-channels/delete', { id: c.id }, { token: admin });
  });

  const merchantId = () => `M${Math.random().toString(36).slice(2, 10)}`;
  const pay = (url: string, yuan: string) => fetch(`${t.origin}${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `paid=${yuan}`, redirect: 'manual' });
  const credited = (no: string) => until(() => depositRow(t, no), (d) => d.status === 'credited');
  const entries = async (no: string) => (await t.ctx.db.selectFrom('ledger_entries').select('id').where('reference', '=', no).execute()).length;
  const gatewayView = async (no: string) => {
    const q = signPayBody(t.ctx.config.paymentSecret, { merchant_order_no: no });
    return (await (await fetch(`${t.origin}/sandbox/pay/api/query`, { method: 'POST', headers: q.headers, body: q.body })).json()) as { pay_type: string; notify_attempts: number; acked_at: number | null; state: string };
  };

  it('a gateway with its own field names, amounts in fen, SHA-256 and "OK": order, pay, notify, one credit; the channel\'s stats', async () => {
    const m = await sifangMerchant(t, {
      merchant_id: merchantId(),
      sign_type: 'sha256',
      amount_unit: 'fen',
      ack: 'OK',
      success_status: '00',
      fields: { merchant_id: 'pay_memberid', order_no: 'pay_orderid', amount: 'pay_amount', pay_type: 'pay_bankcode', notify_url: 'pay_notifyurl', return_url: 'pay_callbackurl', sign: 'pay_md5sign', pay_url: 'payurl', gateway_order_no: 'transaction_id', status: 'returncode', paid_amount: 'real_amount', notify_id: 'notify_no' },
    });
    const id = await sifangChannel(t, m, { methods: [{ paytype: 'alipay', code: '904', min: 10, max: 1000 }] });
    const member = await memberWithCard(t, 'sfa');
    const r = await t.post('/api/recharge', { paytype: 'alipay', amount: 123.45 }, { token: member.token });
    expect(r).toMatchObject({ code: 200, data: { url: expect.stringMatching(/^\/sandbox\/pay\/sifang\/cashier\/SF[0-9A-F]{20}$/) } });
    const no = r.data.deposit_no as string;
    expect(await depositRow(t, no)).toMatchObject({ channel_id: id, gateway: `sifang:${id}`, gateway_order_no: expect.stringMatching(/^SF/) });
    // the gateway got the method's code and the amount in fen
    expect(await gatewayView(no)).toMatchObject({ pay_type: '904', state: 'pending' });
    const page = await (await fetch(t.origin + r.data.url)).text();
    expect(page).toContain('¥123.45');

    expect((await pay(r.data.url, '123.45')).status).toBe(303);
    await credited(no);
    expect(await central(t, member.id)).toBe(12345);
    expect(await entries(no)).toBe(1);
    // the notify was acknowledged with the gateway's own literal, once
    expect(await until(() => gatewayView(no), (g) => g.acked_at !== null)).toMatchObject({ notify_attempts: 1, acked_at: expect.any(Number) });
    // what the gateway answers on the query agrees
    expect(await t.payments.service.gatewayOrder(no)).toMatchObject({ state: 'paid', amount: 12345, paidAmount: 12345 });

    // a second order that is never paid, then the channel's day
    await t.post('/api/recharge', { paytype: 'alipay', amount: 20 }, { token: member.token });
    const stats = await t.post('/admin/api/payment-channels/stats', { id }, { token: admin });
    expect(stats.data.days).toHaveLength(30);
    expect(stats.data.days.at(-1)).toMatchObject({ orders: 2, paid: 1, success_rate: 50, volume: 123.45 });
    expect(stats.data.days[0]).toMatchObject({ orders: 0, paid: 0, success_rate: 0, volume: 0 });
    expect(stats.data.total).toEqual({ orders: 2, paid: 1, success_rate: 50, volume: 123.45 });
    expect((await t.post('/admin/api/payment-channels/get', { id }, { token: admin })).data).toMatchObject({ today_orders: 2, today_volume: 123.45 });
    expect(await t.post('/admin/api/payment-channels/stats', { id, from: '2026-01-10', to: '2026-01-01' }, { token: admin })).toMatchObject({ code: 400 });
  });

  it('signs with MD5, SHA-256 and HMAC-SHA256 alike', async () => {
    for (const signType of ['md5', 'sha256', 'hmac_sha256']) {
      const m = await sifangMerchant(t, { merchant_id: merchantId(), sign_type: signType });
      const id = await sifangChannel(t, m, { methods: [{ paytype: 'ecny' }] });
      const member = await memberWithCard(t, 'sft');
      const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: member.token });
      expect({ signType, code: r.code }).toEqual({ signType, code: 200 });
      await pay(r.data.url, '100');
      await credited(r.data.deposit_no);
      expect({ signType, balance: await central(t, member.id) }).toEqual({ signType, balance: 10000 });
      await t.post('/admin/api/payment-channels/delete', { id }, { token: admin });
    }
  });

  it("a notify for channel A's order signed with channel B's key credits nothing, at either channel's address", async () => {
    const a = await sifangMerchant(t, { merchant_id: merchantId() });
    const b = await sifangMerchant(t, { merchant_id: merchantId() });
    const idA = await sifangChannel(t, a, { methods: [{ paytype: 'ecny' }] });
    const idB = await sifangChannel(t, b, { methods: [{ paytype: 'qqpay' }] });
    const member = await memberWithCard(t, 'sfx');
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 150 }, { token: member.token });
    const no = r.data.deposit_no as string;
    expect((await depositRow(t, no)).channel_id).toBe(idA);
    const body = await noticeFor(t, no, 15000);
    const send = async (channel: number, text: string) => {
      const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${channel}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: text });
      return { status: res.statusCode, body: res.body };
    };
    // B's merchant and key: refused at A's address (not A's key), and at B's (not B's order)
    const asB = sifangNoticeText({ ...a, merchant_id: b.merchant_id }, body, b.key);
    expect(await send(idA, asB)).toEqual({ status: 401, body: 'fail' });
    expect(await send(idB, asB)).toEqual({ status: 404, body: 'fail' });
    // A's merchant id, B's key
    expect(await send(idA, sifangNoticeText(a, body, b.key))).toEqual({ status: 401, body: 'fail' });
    // the legacy address does not take a channel's order either
    const legacy = signPayBody(t.ctx.config.paymentSecret, body);
    expect((await t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: legacy.headers, payload: legacy.body })).statusCode).toBe(404);
    expect(await central(t, member.id)).toBe(0);
    expect((await depositRow(t, no)).status).toBe('pending');
    // A's own notify credits
    expect(await send(idA, sifangNoticeText(a, body))).toEqual({ status: 200, body: 'success' });
    expect(await central(t, member.id)).toBe(15000);
  });

  it('the sandbox storm: 20 renotifies at once after a lost notify give one credit, each acknowledged', async () => {
    const m = await sifangMerchant(t, { merchant_id: merchantId() });
    await sifangChannel(t, m, { methods: [{ paytype: 'wxpay' }] });
    const member = await memberWithCard(t, 'sfs');
    const r = await t.post('/api/recharge', { paytype: 'wxpay', amount: 300 }, { token: member.token });
    const no = r.data.deposit_no as string;
    // the first delivery is lost: nothing has reached us when the storm starts
    await fetch(`${t.origin}/sandbox/pay/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'lost', count: 1 }) });
    await pay(r.data.url, '300');
    await until(() => gatewayView(no), (g) => g.notify_attempts === 1);
    expect((await depositRow(t, no)).status).toBe('pending');
    const renotify = async () => {
      const fields = sifangSigned(m, { [m.fields.merchant_id]: m.merchant_id, [m.fields.order_no]: no });
      const res = await fetch(`${t.origin}/sandbox/pay/sifang/renotify`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
      return res.json() as Promise<{ code: string; acked: boolean }>;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, renotify));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ code: '0', sent: true, acked: true })));
    expect(await central(t, member.id)).toBe(30000);
    expect(await entries(no)).toBe(1);
    expect((await t.post('/api/user', {}, { token: member.token })).data.paysum).toBe(300);
    expect((await gatewayView(no)).notify_attempts).toBe(21);
  });

  it('replay guard: a notify seen within the window is acknowledged and not processed again; a retry after the window is, idempotently', async () => {
    const m = await sifangMerchant(t, { merchant_id: merchantId(), fields: { notify_id: 'notify_id' } });
    const id = await sifangChannel(t, m, { methods: [{ paytype: 'unionpay' }] });
    const member = await memberWithCard(t, 'sfr');
    const r = await t.post('/api/recharge', { paytype: 'unionpay', amount: 50 }, { token: member.token });
    const no = r.data.deposit_no as string;
    const d = await depositRow(t, no);
    const text = new URLSearchParams(sifangSigned(m, { mch_id: m.merchant_id, out_trade_no: no, trade_no: d.gateway_order_no!, amount: '50.00', status: '1', notify_id: 'N-captured-1' })).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await t.payments.service.notifyChannel(id, text, headers, '127.0.0.1');
    expect(first).toEqual({ ack: true, body: 'success', repeat: false });
    expect(await central(t, member.id)).toBe(5000);
    // the captured notify, replayed: answered as the gateway expects, nothing processed
    expect(await t.payments.service.notifyChannel(id, text, headers, '127.0.0.1')).toEqual({ ack: true, body: 'success', repeat: true });
    const seen = await t.ctx.db.selectFrom('payment_notifies_seen').selectAll().where('scope', '=', `ch:${id}`).execute();
    expect(seen.map((s) => s.notify_id)).toEqual(['N-captured-1']);
    // past the window the id is forgotten: processed again, and the order's one-way move still credits once
    expect(await pruneSeenNotifiesForTest(t.ctx.db, Date.now() + 25 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await t.payments.service.notifyChannel(id, text, headers, '127.0.0.1')).toEqual({ ack: true, body: 'success', repeat: false });
    expect(await central(t, member.id)).toBe(5000);
    expect(await entries(no)).toBe(1);

    // the legacy gateway: its nonce is the id
    await t.post('/admin/api/payment-channels/delete', { id }, { token: admin });
    const r2 = await t.post('/api/recharge', { paytype: 'unionpay', amount: 30 }, { token: member.token });
    const signed = signPayBody(t.ctx.config.paymentSecret, await noticeFor(t, r2.data.deposit_no, 3000));
    expect(await t.payments.service.notify('sandbox', signed.body, signed.headers)).toEqual({ ack: true, body: 'success', repeat: false });
    expect(await t.payments.service.notify('sandbox', signed.body, signed.headers)).toEqual({ ack: true, body: 'success', repeat: true });
    expect(await central(t, member.id)).toBe(8000);
  });

  it("a channel's notify addresses: from anywhere else, refused before the signature is read", async () => {
    const m = await sifangMerchant(t, { merchant_id: merchantId() });
    const id = await sifangChannel(t, m, { methods: [{ paytype: 'qqpay' }], notify_ips: ['10.20.30.0/24', '2001:db8::1'] });
    const member = await memberWithCard(t, 'sfi');
    const r = await t.post('/api/recharge', { paytype: 'qqpay', amount: 100 }, { token: member.token });
    const text = sifangNoticeText(m, await noticeFor(t, r.data.deposit_no, 10000));
    const from = async (ip: string) => {
      const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${id}`, remoteAddress: ip, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: text });
      return { status: res.statusCode, body: res.body };
    };
    expect(await from('127.0.0.1')).toEqual({ status: 403, body: 'fail' });
    expect(await from('10.20.31.5')).toEqual({ status: 403, body: 'fail' });
    expect(await central(t, member.id)).toBe(0);
    expect(await from('10.20.30.77')).toEqual({ status: 200, body: 'success' });
    expect(await from('2001:db8::1')).toEqual({ status: 200, body: 'success' });
    expect(await central(t, member.id)).toBe(10000);
    expect(await t.http.inject({ method: 'POST', url: '/pay/notify/ch/999999', payload: text, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).toMatchObject({ statusCode: 404 });
  });

  it('a channel whose gateway refuses the order hands it to the next one; the member pays there', async () => {
    const good = await sifangMerchant(t, { merchant_id: merchantId() });
    const badM = await sifangMerchant(t, { merchant_id: merchantId() });
    // the wrong key: the gateway answers 签名错误 to every order
    const bad = await sifangChannel(t, { ...badM, key: 'not-the-merchant-key' }, { methods: [{ paytype: 'ecny' }], weight: 10000 });
    const ok = await sifangChannel(t, good, { methods: [{ paytype: 'ecny' }], weight: 1 });
    const member = await memberWithCard(t, 'sff');
    for (let i = 0; i < 3; i++) {
      const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: member.token });
      expect(r.code, r.message).toBe(200);
      expect((await depositRow(t, r.data.deposit_no)).channel_id).toBe(ok);
      await pay(r.data.url, '100');
      await credited(r.data.deposit_no);
    }
    expect(await central(t, member.id)).toBe(30000);
    const failures = await t.ctx.db.selectFrom('payment_channel_failures').select('error').where('channel_id', '=', bad).execute();
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures[0].error).toContain('签名错误');
    // the one that works switched off: every eligible channel refuses, the member is told to try later
    await t.post('/admin/api/payment-channels/update', { id: ok, state: 'disabled' }, { token: admin });
    const r = await t.post('/api/recharge', { paytype: 'ecny', amount: 100 }, { token: member.token });
    expect(r).toMatchObject({ code: 400, message: PAY_MSG.gatewayBusy });
    const last = await t.ctx.db.selectFrom('deposits').selectAll().where('member_id', '=', member.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'failed', review_reason: '支付通道下单失败', channel_id: null });
  });
});

