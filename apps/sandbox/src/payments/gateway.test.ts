import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../testing.ts';
import { checkPaySignature, PAY_REPLAY_WINDOW_MS, signPayBody } from './signing.ts';

const SECRET = randomBytes(32).toString('hex');

/** A merchant's notify endpoint: records what arrives, answers `success` unless told otherwise. */
function merchant() {
  const received: { body: string; signature: ReturnType<typeof checkPaySignature> }[] = [];
  let answer = 'success';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const signature = checkPaySignature(SECRET, req.headers, body);
      received.push({ body, signature });
      // as our server does: a notify that fails the signature is not acknowledged
      res.end(signature === null ? answer : 'fail');
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

describe('sandbox payment gateway', () => {
  let sb: Sandbox;
  const m = merchant();
  let notifyUrl: string;
  beforeAll(async () => {
    notifyUrl = await m.listen();
    sb = await startSandbox({ paymentSecret: SECRET, faults: true, payment: { retryDelaysMs: [100, 200, 300], faultOptions: { lateMs: 200, copies: 3 } } });
  });
  afterAll(async () => {
    await sb.close();
    await m.close();
  });

  const call = async (path: string, body: unknown, opts: { secret?: string; ts?: number; replay?: { headers: Record<string, string>; body: string } } = {}) => {
    const signed = opts.replay ?? signPayBody(opts.secret ?? SECRET, body, { ts: opts.ts });
    const res = await fetch(`${sb.origin}/sandbox/pay${path}`, { method: 'POST', headers: signed.headers, body: signed.body });
    return { status: res.status, json: (await res.json()) as Record<string, any>, signed };
  };
  const order = (no: string, amount = 10000) => call('/api/orders', { merchant_order_no: no, amount_fen: amount, pay_type: 'alipay', notify_url: notifyUrl, return_url: 'http://127.0.0.1/#/recharge' });
  const pay = (cashier: string, paid: string) => fetch(`${sb.origin}${cashier}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `paid=${paid}`, redirect: 'manual' });

  it('refuses unsigned, wrongly signed, stale and replayed merchant calls', async () => {
    expect((await call('/api/orders', {}, { secret: 'x'.repeat(64) })).status).toBe(401);
    expect((await call('/api/orders', {}, { ts: Date.now() - PAY_REPLAY_WINDOW_MS - 1000 })).json).toMatchObject({ error: 'stale' });
    const first = await order('M-REPLAY');
    expect(first.status).toBe(200);
    expect((await call('/api/orders', null, { replay: first.signed })).json).toMatchObject({ error: 'replayed' });
    const raw = await fetch(`${sb.origin}/sandbox/pay/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(401);
  });

  it('creates an order once per merchant number; the cashier pays it and the notify is signed and acknowledged', async () => {
    const a = await order('M-1', 12345);
    expect(a.json).toMatchObject({ order_no: expect.stringMatching(/^SP[0-9A-F]{20}$/), cashier_url: expect.stringMatching(/^\/sandbox\/pay\/cashier\//), state: 'pending' });
    expect((await order('M-1', 12345)).json.order_no).toBe(a.json.order_no);
    expect((await order('M-1', 999)).status).toBe(409);
    const page = await (await fetch(sb.origin + a.json.cashier_url)).text();
    expect(page).toContain('¥123.45');
    expect(page).toContain('value="123.45"');
    expect((await pay(a.json.cashier_url, '12.3.4')).status).toBe(400);
    const before = m.received.length;
    expect((await pay(a.json.cashier_url, '120.00')).status).toBe(303);
    await until(() => m.received.length > before);
    const got = m.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].signature).toBeNull();
    expect(JSON.parse(got[0].body)).toMatchObject({ merchant_order_no: 'M-1', state: 'paid', amount_fen: 12345, paid_fen: 12000 });
    // paying again changes nothing
    await pay(a.json.cashier_url, '123.45');
    expect((await call('/api/query', { merchant_order_no: 'M-1' })).json).toMatchObject({ state: 'paid', paid_fen: 12000, notify_attempts: 1, acked_at: expect.any(Number) });
  });

  it('retries with back-off until the merchant answers success; renotify sends once more', async () => {
    m.answerWith('busy');
    const a = await order('M-RETRY');
    const before = m.received.length;
    await pay(a.json.cashier_url, '100');
    await until(() => m.received.length - before >= 4, 3000);
    expect(m.received.length - before).toBe(4); // first try + 3 retries, then it stops
    m.answerWith('success');
    expect((await call('/api/renotify', { orderNo: 'M-RETRY' })).json).toMatchObject({ sent: true, acked: true });
  });

  it('fault modes: lost, duplicated, late and badly signed notifies', async () => {
    const arm = (mode: string) => fetch(`${sb.origin}/sandbox/pay/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, count: 1 }) });
    const run = async (mode: string, no: string) => {
      expect((await arm(mode)).status).toBe(200);
      const a = await order(no);
      const before = m.received.length;
      await pay(a.json.cashier_url, '100');
      const mine = () => m.received.slice(before).filter((r) => JSON.parse(r.body).merchant_order_no === no);
      await until(() => mine().some((r) => r.signature === null) && (mode !== 'duplicate' || mine().length >= 3), 3000);
      return mine();
    };
    const lost = await run('lost', 'M-LOST');
    expect(lost.map((r) => r.signature)).toEqual([null]); // the first went nowhere; the retry arrived
    const dup = await run('duplicate', 'M-DUP');
    expect(dup.length).toBe(3);
    expect(new Set(dup.map((r) => r.body)).size).toBe(1);
    const bad = await run('bad_signature', 'M-BAD');
    expect(bad.map((r) => r.signature)).toEqual(['bad_signature', null]);
    const t0 = Date.now();
    await run('late', 'M-LATE');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    expect((await arm('weird')).status).toBe(400);
  });

  it('a failed payment is notified as failed', async () => {
    const a = await order('M-FAIL');
    const before = m.received.length;
    await fetch(`${sb.origin}${a.json.cashier_url}/fail`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    const mine = () => m.received.slice(before).filter((r) => JSON.parse(r.body).merchant_order_no === 'M-FAIL');
    await until(() => mine().length > 0);
    expect(JSON.parse(mine()[0].body)).toMatchObject({ state: 'failed', paid_fen: null });
    expect(await (await fetch(sb.origin + a.json.cashier_url)).text()).toContain('支付失败');
  });
});
