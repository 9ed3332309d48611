import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpRefusal } from '../json-api.ts';
import { cashierPage } from './cashier.ts';
import { SIFANG_FIELDS, sifangAmountFen, sifangAmountText, sifangSignature, sifangSigned, type SifangFieldKey, type SifangMerchant, type SifangSignType } from './sifang-dialect.ts';
import { sifangNoticeFields, type SifangNotifier } from './sifang-notifier.ts';
import type { SifangOrder, SifangStore } from './sifang-store.ts';
import type { PayOrder } from './store.ts';

/**
 * The gateway's 四方 mode, under {sandbox}/pay/sifang:
 *
 *   POST /merchants  JSON {merchant_id?, key?, sign_type?, amount_unit?, ack?, success_status?, fields?}
 *                    opens a merchant account (as a gateway's sales desk does) and answers it with
 *                    its key: 201, or 409 when the id is taken (an account is never overwritten).
 *   POST /order      form: merchant id, order number, amount, method code, notify URL (return URL),
 *                    signature -> JSON {code: '0', msg, order no, trade no, pay URL, amount, sign}
 *                    or {code: '1', msg} unsigned
 *   POST /query      form: merchant id, order number, signature -> the order's notify fields, signed
 *   POST /renotify   form: merchant id, order number, signature -> {code, sent, acked}
 *   GET  /cashier/:tradeNo (and its /pay, /fail forms): the same cashier page as the JSON mode
 *
 * Field names, amount unit, signature type, paid status and the acknowledgement are the
 * merchant's (SIFANG_FIELDS and md5 / yuan / '1' / 'success' unless it was opened otherwise).
 */
export function registerSifang(app: FastifyInstance, o: { store: SifangStore; notifier: SifangNotifier; base: string; ttlMs: number }) {
  const { store, notifier } = o;
  const base = `${o.base}/sifang`;

  const bodyFields = (request: FastifyRequest): Record<string, string> => {
    const b = request.body;
    if (!b || typeof b !== 'object' || Array.isArray(b)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(b as Record<string, unknown>)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    return out;
  };
  const refuse = (msg: string) => ({ code: '1', msg });

  /** the merchant a form names, when the form carries its signature */
  function signedMerchant(fields: Record<string, string>): SifangMerchant | string {
    // the merchant id field is the merchant's own name for it: try each account's name in turn
    const id = fields[SIFANG_FIELDS.merchant_id] ?? Object.values(fields).find((v) => store.merchant(v) !== undefined);
    const m = id ? store.merchant(id) : undefined;
    if (!m || fields[m.fields.merchant_id] !== m.merchant_id) return '商户不存在';
    const given = fields[m.fields.sign] ?? '';
    const expected = sifangSignature(fields, m.key, m.sign_type, m.fields.sign);
    const a = Buffer.from(given.toUpperCase());
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return '签名错误';
    return m;
  }

  app.post('/sifang/merchants', async (request, reply) => {
    const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const pick = (v: unknown, re: RegExp, name: string, fallback: string): string => {
      if (v === undefined || v === null || v === '') return fallback;
      if (typeof v !== 'string' || !re.test(v)) throw new HttpRefusal(400, 'bad_request', `${name} is invalid`);
      return v;
    };
    const fields = { ...SIFANG_FIELDS } as Record<SifangFieldKey, string>;
    if (b.fields !== undefined) {
      if (!b.fields || typeof b.fields !== 'object') throw new HttpRefusal(400, 'bad_request', 'fields is invalid');
      for (const [k, v] of Object.entries(b.fields as Record<string, unknown>)) {
        if (!(k in SIFANG_FIELDS)) throw new HttpRefusal(400, 'bad_request', `unknown field ${k}`);
        fields[k as SifangFieldKey] = pick(v, /^[A-Za-z0-9_.]{0,64}$/, `fields.${k}`, '');
      }
    }
    for (const k of ['merchant_id', 'order_no', 'amount', 'pay_type', 'notify_url', 'sign', 'pay_url', 'gateway_order_no', 'status'] as const) {
      if (!fields[k]) throw new HttpRefusal(400, 'bad_request', `fields.${k} must be named`);
    }
    const m: SifangMerchant = {
      merchant_id: pick(b.merchant_id, /^[A-Za-z0-9_-]{1,64}$/, 'merchant_id', `M${randomBytes(5).toString('hex').toUpperCase()}`),
      key: pick(b.key, /^[\x21-\x7e]{8,128}$/, 'key', randomBytes(16).toString('hex')),
      sign_type: pick(b.sign_type, /^(md5|sha256|hmac_sha256)$/, 'sign_type', 'md5') as SifangSignType,
      amount_unit: pick(b.amount_unit, /^(yuan|fen)$/, 'amount_unit', 'yuan') as 'yuan' | 'fen',
      ack: pick(b.ack, /^[\x21-\x7e]{1,64}$/, 'ack', 'success'),
      success_status: pick(b.success_status, /^[\x21-\x7e]{1,32}$/, 'success_status', '1'),
      fields,
    };
    if (!store.addMerchant(m, Date.now())) throw new HttpRefusal(409, 'conflict', 'merchant_id is taken');
    return reply.code(201).send(m);
  });

  app.post('/sifang/order', async (request) => {
    const fields = bodyFields(request);
    const m = signedMerchant(fields);
    if (typeof m === 'string') return refuse(m);
    const f = m.fields;
    const no = fields[f.order_no] ?? '';
    const amount = sifangAmountFen(m, fields[f.amount]);
    const payType = fields[f.pay_type] ?? '';
    const notifyUrl = fields[f.notify_url] ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(no)) return refuse('订单号格式错误');
    if (amount === null || amount <= 0 || amount > 100_000_000) return refuse('金额格式错误');
    if (!/^[A-Za-z0-9_]{1,32}$/.test(payType)) return refuse('支付方式错误');
    if (!/^https?:\/\/\S{1,490}$/.test(notifyUrl)) return refuse('回调地址错误');
    const returnUrl = f.return_url && /^https?:\/\/\S{1,490}$/.test(fields[f.return_url] ?? '') ? fields[f.return_url] : '';
    const order = store.create({ merchant_id: m.merchant_id, merchant_order_no: no, amount_fen: amount, pay_type: payType, notify_url: notifyUrl, return_url: returnUrl }, Date.now(), o.ttlMs);
    if (order.amount_fen !== amount) return refuse('订单号已用于其他金额');
    return sifangSigned(m, { code: '0', msg: 'ok', [f.order_no]: no, [f.gateway_order_no]: order.trade_no, [f.amount]: sifangAmountText(m, amount), [f.pay_url]: `${base}/cashier/${order.trade_no}` });
  });

  const merchantOrder = (m: SifangMerchant, fields: Record<string, string>) => {
    const no = fields[m.fields.order_no] ?? '';
    return store.byMerchantNo(m.merchant_id, no) ?? (fields[m.fields.gateway_order_no] ? store.get(fields[m.fields.gateway_order_no]) : undefined);
  };

  app.post('/sifang/query', async (request) => {
    const fields = bodyFields(request);
    const m = signedMerchant(fields);
    if (typeof m === 'string') return refuse(m);
    const order = merchantOrder(m, fields);
    if (!order || order.merchant_id !== m.merchant_id) return refuse('订单不存在');
    return sifangSigned(m, { code: '0', msg: 'ok', ...sifangNoticeFields(m, order) });
  });

  app.post('/sifang/renotify', async (request) => {
    const fields = bodyFields(request);
    const m = signedMerchant(fields);
    if (typeof m === 'string') return refuse(m);
    const order = merchantOrder(m, fields);
    if (!order || order.merchant_id !== m.merchant_id) return refuse('订单不存在');
    if (order.state === 'pending') return refuse('订单未支付');
    return { code: '0', sent: true, acked: await notifier.resend(order.trade_no) };
  });

  // ---- the cashier ----------------------------------------------------------------------------

  const pageOrder = (request: FastifyRequest) => {
    const no = (request.params as { tradeNo?: string }).tradeNo ?? '';
    const order = /^SF[0-9A-F]{20}$/.test(no) ? store.get(no) : undefined;
    if (!order) throw new HttpRefusal(404, 'not_found', 'no such order');
    return order;
  };
  const asPayOrder = (x: SifangOrder): PayOrder => ({ ...x, order_no: x.trade_no, return_url: x.return_url || 'about:blank' });

  app.get('/sifang/cashier/:tradeNo', async (request, reply: FastifyReply) => {
    const order = pageOrder(request);
    const nonce = randomBytes(16).toString('base64');
    const html = await cashierPage(asPayOrder(order), { selfUrl: `${request.protocol}://${request.host}${base}/cashier/${order.trade_no}`, actionBase: `${base}/cashier/${order.trade_no}`, nonce, now: Date.now() });
    const back = order.return_url ? ` ${new URL(order.return_url).origin}` : '';
    return reply
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src data:; form-action 'self'${back}; base-uri 'none'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post('/sifang/cashier/:tradeNo/pay', async (request, reply) => {
    const order = pageOrder(request);
    const b = bodyFields(request);
    const x = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(b.paid ?? '').trim());
    if (!x) throw new HttpRefusal(400, 'bad_request', '实付金额格式不正确');
    const paid = Number(x[1]) * 100 + Number((x[2] ?? '').padEnd(2, '0'));
    if (paid <= 0) throw new HttpRefusal(400, 'bad_request', '实付金额必须大于0');
    if (Date.now() < order.expires_at && store.settle(order.trade_no, 'paid', paid, Date.now())) notifier.start(order.trade_no);
    return reply.redirect(`${base}/cashier/${order.trade_no}`, 303);
  });

  app.post('/sifang/cashier/:tradeNo/fail', async (request, reply) => {
    const order = pageOrder(request);
    if (store.settle(order.trade_no, 'failed', null, Date.now())) notifier.start(order.trade_no);
    return reply.redirect(`${base}/cashier/${order.trade_no}`, 303);
  });
}
