import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpRefusal, jsonApi } from '../json-api.ts';
import { requireSecret } from '../provider/secret.ts';
import { cashierPage } from './cashier.ts';
import { PAY_FAULT_MODES, PayFaults, type PayFaultMode, type PayFaultOptions } from './faults.ts';
import { DEFAULT_RETRY_DELAYS_MS, Notifier, noticeOf } from './notifier.ts';
import { PAY_NONCE_HEADER, PAY_REPLAY_WINDOW_MS, PAY_SIGN_HEADER, PAY_TS_HEADER, checkPaySignature, payNonceOf, signPayBody } from './signing.ts';
import { PayStore, type PayOrder } from './store.ts';
import { registerSifang } from './sifang.ts'; // issue 21: the 四方 mode
import { SifangNotifier } from './sifang-notifier.ts';
import { SifangStore } from './sifang-store.ts';

export interface PaymentGatewayOptions {
  /** the merchant secret both sides sign with (the server's PAYMENT_SECRET) */
  secret: string;
  /** folder for sandbox-pay.sqlite; absent or ':memory:' keeps it in memory */
  dataDir?: string;
  /** enables POST {prefix}/test/faults; never on outside tests */
  faults?: boolean;
  faultOptions?: PayFaultOptions;
  /** notify back-off (default 15 s, 1 min, 5 min, 30 min) */
  retryDelaysMs?: number[];
  /** origin put in front of cashier URLs; default root-relative (same origin as the site) */
  publicBaseUrl?: string;
  /** how long an order can be paid (default 1 hour) */
  orderTtlMs?: number;
}

const BODY_LIMIT = 16 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, name: string, max: number, pattern?: RegExp): string => {
  if (typeof v !== 'string' || v.length === 0 || v.length > max || (pattern && !pattern.test(v))) throw new HttpRefusal(400, 'bad_request', `${name} is invalid`);
  return v;
};
const absoluteUrl = (v: unknown, name: string): string => {
  const s = str(v, name, 500);
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new HttpRefusal(400, 'bad_request', `${name} must be an absolute URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new HttpRefusal(400, 'bad_request', `${name} must be http(s)`);
  return s;
};

function summary(o: PayOrder) {
  return { ...noticeOf(o), state: o.state, pay_type: o.pay_type, created_at: o.created_at, expires_at: o.expires_at, notify_attempts: o.notify_attempts, acked_at: o.acked_at };
}

/**
 * The stand-in 四方支付 gateway, mounted at {sandbox}/pay: a signed merchant API (create order,
 * query, renotify), a mobile cashier page, and notifies with back-off until the merchant
 * answers `success`.
 */
export async function paymentGatewayPlugin(app: FastifyInstance, opts: PaymentGatewayOptions) {
  requireSecret(opts.secret, 'the payment gateway');
  const store = new PayStore(opts.dataDir);
  const faults = opts.faults ? new PayFaults(opts.faultOptions) : null;
  const notifier = new Notifier(store, opts.secret, app.log, faults, opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);
  const ttl = opts.orderTtlMs ?? 60 * 60_000;
  const base = `${(opts.publicBaseUrl ?? '').replace(/\/+$/, '')}${app.prefix}`;
  // nonces of merchant calls seen within the replay window: a replayed call is refused
  const nonces = new Map<string, number>();
  // issue 21: the 四方 mode beside the signed-JSON one (its own merchants and orders)
  const sifangStore = new SifangStore(opts.dataDir);
  const sifangNotifier = new SifangNotifier(sifangStore, app.log, faults, opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);

  const { rawBody } = jsonApi(app, { bodyLimit: BODY_LIMIT, label: 'sandbox pay' });
  // the cashier's plain HTML forms
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** preHandler of the merchant API: signature over the raw body, fresh, nonce not seen before */
  async function signed(request: FastifyRequest) {
    const problem = checkPaySignature(opts.secret, request.headers, rawBody(request));
    if (problem) throw new HttpRefusal(401, problem, `request refused: ${problem}`);
    const now = Date.now();
    for (const [n, at] of nonces) if (now - at > PAY_REPLAY_WINDOW_MS) nonces.delete(n);
    const nonce = payNonceOf(request.headers);
    if (nonces.has(nonce)) throw new HttpRefusal(401, 'replayed', 'request refused: nonce already used');
    nonces.set(nonce, now);
  }

  // issue 33: the merchant API's answers are signed as notifies are (DESIGN 4, signed fields
  // only), so a merchant believes a query answer, which moves money like a notify, only from us
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !request.url.startsWith(`${app.prefix}/api/`)) return payload;
    const s = signPayBody(opts.secret, payload);
    for (const h of [PAY_TS_HEADER, PAY_NONCE_HEADER, PAY_SIGN_HEADER]) reply.header(h, s.headers[h]);
    return payload;
  });

  app.post('/api/orders', { preHandler: signed }, async (request) => {
    const b = isObject(request.body) ? request.body : {};
    const amount = b.amount_fen;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > 100_000_000) throw new HttpRefusal(400, 'bad_request', 'amount_fen is invalid');
    const { order } = store.create(
      {
        merchant_order_no: str(b.merchant_order_no, 'merchant_order_no', 64, /^[A-Za-z0-9_-]+$/),
        amount_fen: amount,
        pay_type: str(b.pay_type, 'pay_type', 16, /^[a-z]+$/),
        notify_url: absoluteUrl(b.notify_url, 'notify_url'),
        return_url: absoluteUrl(b.return_url, 'return_url'),
      },
      Date.now(),
      ttl,
    );
    if (order.amount_fen !== amount) throw new HttpRefusal(409, 'conflict', 'merchant_order_no was used with another amount');
    return { order_no: order.order_no, merchant_order_no: order.merchant_order_no, cashier_url: `${base}/cashier/${order.order_no}`, state: order.state, amount_fen: order.amount_fen, expires_at: order.expires_at };
  });

  const find = (b: Record<string, unknown>) => {
    const no = b.order_no ?? b.orderNo ?? b.merchant_order_no;
    if (typeof no !== 'string' || no.length > 64) throw new HttpRefusal(400, 'bad_request', 'order_no is invalid');
    const order = store.get(no) ?? store.byMerchantNo(no);
    if (!order) throw new HttpRefusal(404, 'not_found', 'no such order');
    return order;
  };

  app.post('/api/query', { preHandler: signed }, async (request) => {
    const b = isObject(request.body) ? request.body : {};
    // issue 21: the operator's view of a 四方 order too (by trade number or merchant order number)
    const no = b.order_no ?? b.orderNo ?? b.merchant_order_no;
    const sf = typeof no === 'string' && !store.get(no) && !store.byMerchantNo(no) ? (sifangStore.get(no) ?? sifangStore.latestByMerchantNo(no)) : undefined;
    if (sf) return { order_no: sf.trade_no, merchant_order_no: sf.merchant_order_no, merchant_id: sf.merchant_id, state: sf.state, amount_fen: sf.amount_fen, paid_fen: sf.paid_fen, paid_at: sf.paid_at, pay_type: sf.pay_type, created_at: sf.created_at, expires_at: sf.expires_at, notify_attempts: sf.notify_attempts, acked_at: sf.acked_at };
    return summary(find(b));
  });

  // 补发通知: one more delivery of a settled order's notify, whatever the schedule did
  app.post('/api/renotify', { preHandler: signed }, async (request) => {
    const b = isObject(request.body) ? request.body : {};
    // issue 21: a 四方 order (by its trade number or the merchant's order number) is re-sent in its own mode
    const no = b.order_no ?? b.orderNo ?? b.merchant_order_no;
    const sf = typeof no === 'string' && !store.get(no) && !store.byMerchantNo(no) ? (sifangStore.get(no) ?? sifangStore.latestByMerchantNo(no)) : undefined;
    if (sf) {
      if (sf.state === 'pending') throw new HttpRefusal(409, 'not_settled', 'the order is not paid or failed yet');
      return { order_no: sf.trade_no, sent: true, acked: await sifangNotifier.resend(sf.trade_no) };
    }
    const order = find(b);
    if (order.state === 'pending') throw new HttpRefusal(409, 'not_settled', 'the order is not paid or failed yet');
    const acked = await notifier.resend(order.order_no);
    return { order_no: order.order_no, sent: true, acked };
  });

  const pageOrder = (request: FastifyRequest) => {
    const no = (request.params as { orderNo?: string }).orderNo ?? '';
    const order = /^SP[0-9A-F]{20}$/.test(no) ? store.get(no) : undefined;
    if (!order) throw new HttpRefusal(404, 'not_found', 'no such order');
    return order;
  };

  async function renderCashier(request: FastifyRequest, reply: FastifyReply, order: PayOrder) {
    const nonce = randomBytes(16).toString('base64');
    const html = await cashierPage(order, { selfUrl: `${request.protocol}://${request.host}${base}/cashier/${order.order_no}`, actionBase: `${base}/cashier/${order.order_no}`, nonce, now: Date.now() });
    return reply
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src data:; form-action 'self' ${new URL(order.return_url).origin}; base-uri 'none'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/cashier/:orderNo', async (request, reply) => renderCashier(request, reply, pageOrder(request)));

  app.post('/cashier/:orderNo/pay', async (request, reply) => {
    const order = pageOrder(request);
    const b = isObject(request.body) ? request.body : {};
    const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(b.paid ?? '').trim());
    if (!m) throw new HttpRefusal(400, 'bad_request', '实付金额格式不正确');
    const paid = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (paid <= 0) throw new HttpRefusal(400, 'bad_request', '实付金额必须大于0');
    if (Date.now() < order.expires_at && store.settle(order.order_no, 'paid', paid, Date.now())) notifier.start(order.order_no);
    return reply.redirect(`${base}/cashier/${order.order_no}`, 303);
  });

  app.post('/cashier/:orderNo/fail', async (request, reply) => {
    const order = pageOrder(request);
    if (store.settle(order.order_no, 'failed', null, Date.now())) notifier.start(order.order_no);
    return reply.redirect(`${base}/cashier/${order.order_no}`, 303);
  });

  registerSifang(app, { store: sifangStore, notifier: sifangNotifier, base, ttlMs: ttl });

  if (faults) {
    app.post('/test/faults', async (request) => {
      const b = isObject(request.body) ? request.body : {};
      if (b.mode === 'none') {
        faults.clear();
        return faults.state();
      }
      if (!PAY_FAULT_MODES.includes(b.mode as PayFaultMode)) throw new HttpRefusal(400, 'bad_request', `mode must be one of none, ${PAY_FAULT_MODES.join(', ')}`);
      const count = b.count ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) throw new HttpRefusal(400, 'bad_request', 'count must be 1..1000');
      faults.arm(b.mode as PayFaultMode, count);
      return faults.state();
    });
  }

  app.addHook('onReady', async () => {
    notifier.resume();
    sifangNotifier.resume();
  });
  app.addHook('preClose', async () => {
    notifier.close();
    sifangNotifier.close();
  });
  app.addHook('onClose', async () => {
    store.close();
    sifangStore.close();
  });
}
