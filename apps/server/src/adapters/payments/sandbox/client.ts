import { checkPaySignature, PAY_NOTIFY_ACK, signPayBody } from '@casino/sandbox';
import { strictJsonObject } from '../../verified-fields.ts';
import { GatewayError, type PaymentGateway } from '../types.ts';
import { toGatewayOrder } from './transform.ts';

export interface SandboxGatewayOptions {
  /** e.g. http://127.0.0.1:3000/sandbox/pay (a function: known once the server listens) */
  baseUrl: string | (() => string);
  secret: string;
  timeoutMs: number;
  /** issue 23 (secret rotation): the previous secret, accepted on notifies until previousUntil (epoch ms) */
  previousSecret?: string;
  previousUntil?: number;
  /** issue 21: a channel's adapter is named after it (sandbox:<id>) */
  name?: string;
}

/** The sandbox 四方支付 gateway over HTTP, every call signed over its raw body. */
export function createSandboxGateway(opts: SandboxGatewayOptions): PaymentGateway {
  const base = () => (typeof opts.baseUrl === 'function' ? opts.baseUrl() : opts.baseUrl);

  async function call(path: string, body: unknown): Promise<Record<string, unknown>> {
    const signed = signPayBody(opts.secret, body);
    let res: Response;
    try {
      res = await fetch(`${base()}${path}`, { method: 'POST', headers: signed.headers, body: signed.body, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      throw new GatewayError(timedOut ? 'timeout' : 'unknown', `sandbox gateway ${path}: ${String(err)}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new GatewayError('refused', `sandbox gateway ${path}: HTTP ${res.status}`);
    // issue 33: an answer is believed only when the gateway signed it (a query answer moves money
    // like a notify), and it is read strictly: a name twice is refused, not resolved
    if (!signedBy(Object.fromEntries(res.headers), text, Date.now())) throw new GatewayError('refused', `sandbox gateway ${path}: the answer is not signed with the merchant secret`);
    const json = strictJsonObject(text);
    if (!json) throw new GatewayError('unknown', `sandbox gateway ${path}: unreadable answer`);
    return json;
  }

  /** whether a message carries the gateway's signature (the previous secret's too during a rotation's grace) */
  function problemOf(headers: Record<string, string | string[] | undefined>, rawBody: string, now: number) {
    let problem = checkPaySignature(opts.secret, headers, rawBody, now);
    // issue 23: during a rotation's grace window the gateway may still sign with the previous secret
    if (problem === 'bad_signature' && opts.previousSecret && opts.previousUntil !== undefined && now < opts.previousUntil) {
      problem = checkPaySignature(opts.previousSecret, headers, rawBody, now);
    }
    return problem;
  }
  const signedBy = (headers: Record<string, string | string[] | undefined>, rawBody: string, now: number) => problemOf(headers, rawBody, now) === null;

  return {
    name: opts.name ?? 'sandbox',
    ack: PAY_NOTIFY_ACK,
    async createOrder(req) {
      const r = await call('/api/orders', {
        merchant_order_no: req.merchantOrderNo,
        amount_fen: req.amount,
        pay_type: req.payType,
        notify_url: req.notifyUrl,
        return_url: req.returnUrl,
      });
      if (typeof r.order_no !== 'string' || typeof r.cashier_url !== 'string') throw new GatewayError('unknown', 'sandbox gateway: malformed order reply');
      return { gatewayOrderNo: r.order_no, cashierUrl: r.cashier_url };
    },
    async queryOrder(merchantOrderNo) {
      const order = toGatewayOrder(await call('/api/query', { merchant_order_no: merchantOrderNo }));
      if (!order) throw new GatewayError('unknown', 'sandbox gateway: malformed query reply');
      return order;
    },
    verifyNotify(rawBody, headers, now = Date.now()) {
      const problem = problemOf(headers, rawBody, now);
      if (problem) return { ok: false, problem };
      // the signature covers the raw body whole; it is read strictly all the same (a name twice is refused)
      const parsed = strictJsonObject(rawBody);
      if (!parsed) return { ok: false, problem: 'malformed' };
      const order = toGatewayOrder(parsed);
      // issue 21: the nonce is new for every message the gateway sends, so it is the replay key
      const nonce = headers['x-pay-nonce'];
      return order ? { ok: true, order, notifyId: `n:${Array.isArray(nonce) ? nonce[0] : nonce}` } : { ok: false, problem: 'malformed' };
    },
  };
}
