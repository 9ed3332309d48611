import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../testing.ts';
import { sifangSignature, sifangSigned, type SifangMerchant } from './sifang-dialect.ts';

/** A merchant's notify endpoint: records the form it gets, answers what it is told to. */
function merchantServer() {
  const received: Record<string, string>[] = [];
  let answer = 'success';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.end(answer);
    });
  });
  return {
    received,
    answerWith: (a: string) => (answer = a),
    listen: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}/notify`))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('sandbox payment gateway: 四方 mode', () => {
  let sb: Sandbox;
  const shop = merchantServer();
  let notifyUrl: string;
  beforeAll(async () => {
    notifyUrl = await shop.listen();
    sb = await startSandbox({ paymentSecret: 'p'.repeat(64), faults: true, payment: { retryDelaysMs: [100, 200] } });
  });
  afterAll(async () => {
    await sb.close();
    await shop.close();
  });

  const open = async (spec: Record<string, unknown>) => {
    const res = await fetch(`${sb.origin}/sandbox/pay/sifang/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
    return { status: res.status, json: (await res.json()) as SifangMerchant & { error?: string } };
  };
  const form = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${sb.origin}/sandbox/pay/sifang/${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    return (await res.json()) as Record<string, string>;
  };

  it('opens merchant accounts: a key made or chosen, another dialect, never overwriting one', async () => {
    const made = await open({ merchant_id: 'SHOP1' });
    expect(made).toMatchObject({ status: 201, json: { merchant_id: 'SHOP1', sign_type: 'md5', amount_unit: 'yuan', ack: 'success', success_status: '1', key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect((await open({ merchant_id: 'SHOP1', key: 'x'.repeat(16) })).status).toBe(409);
    expect((await open({ merchant_id: 'bad id' })).status).toBe(400);
    expect((await open({ fields: { sign: '' } })).status).toBe(400);
    expect((await open({ fields: { nope: 'x' } })).status).toBe(400);
    expect((await open({ sign_type: 'rsa' })).status).toBe(400);
  });

  it('takes a signed form order, answers its cashier signed, notifies until the merchant answers its literal', async () => {
    const { json: m } = await open({ merchant_id: 'SHOP2', key: 'shop2-secret-key', sign_type: 'hmac_sha256', amount_unit: 'fen', ack: 'OK', fields: { order_no: 'orderid', paid_amount: 'real_amount', notify_id: 'nid' } });
    const order = { mch_id: 'SHOP2', orderid: 'D100', amount: '12345', pay_type: '904', notify_url: notifyUrl, return_url: 'http://127.0.0.1/#/r' };
    expect(await form('order', { ...order, sign: 'A'.repeat(64) })).toEqual({ code: '1', msg: '签名错误' });
    expect(await form('order', sifangSigned({ ...m, merchant_id: 'NOBODY' }, { ...order, mch_id: 'NOBODY' }))).toEqual({ code: '1', msg: '商户不存在' });
    const r = await form('order', sifangSigned(m, order));
    expect(r).toMatchObject({ code: '0', orderid: 'D100', amount: '12345', trade_no: expect.stringMatching(/^SF[0-9A-F]{20}$/), pay_url: `/sandbox/pay/sifang/cashier/${r.trade_no}` });
    // the answer carries the merchant's signature
    expect(r.sign).toBe(sifangSignature(r, m.key, 'hmac_sha256', 'sign'));
    // the same order number again: the same order; with another amount: refused
    expect((await form('order', sifangSigned(m, order))).trade_no).toBe(r.trade_no);
    expect(await form('order', sifangSigned(m, { ...order, amount: '1' }))).toEqual({ code: '1', msg: '订单号已用于其他金额' });
    expect(await form('renotify', sifangSigned(m, { mch_id: 'SHOP2', orderid: 'D100' }))).toEqual({ code: '1', msg: '订单未支付' });

    shop.answerWith('success'); // not this merchant's literal: the gateway keeps retrying
    await fetch(`${sb.origin}${r.pay_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'paid=100.00', redirect: 'manual' });
    await until(() => shop.received.length >= 2);
    shop.answerWith('OK');
    await until(() => shop.received.length >= 3);
    const n = shop.received.at(-1)!;
    expect(n).toMatchObject({ mch_id: 'SHOP2', orderid: 'D100', trade_no: r.trade_no, amount: '12345', real_amount: '10000', status: '1', nid: expect.stringMatching(/^N/) });
    expect(n.sign).toBe(sifangSignature(n, m.key, 'hmac_sha256', 'sign'));
    // every delivery of the notify carries the same notify id
    expect(new Set(shop.received.map((x) => x.nid)).size).toBe(1);
    const q = await form('query', sifangSigned(m, { mch_id: 'SHOP2', orderid: 'D100' }));
    expect(q).toMatchObject({ code: '0', status: '1', real_amount: '10000', trade_no: r.trade_no });
    expect(q.sign).toBe(sifangSignature(q, m.key, 'hmac_sha256', 'sign'));
    const again = await form('renotify', sifangSigned(m, { mch_id: 'SHOP2', orderid: 'D100' }));
    expect(again).toEqual({ code: '0', sent: true, acked: true });
  });
});
