import { checkPaySignature, PAY_NOTIFY_ACK, signPayBody } from '@casino/sandbox';
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
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !json) throw new GatewayError('refused', `sandbox gateway ${path}: HTTP ${res.status} ${json?.error ?? ''}`);
    return json;
  }

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
      let problem = checkPaySignature(opts.secret, headers, rawBody, now);
      // issue 23: during a rotation's grace window the gateway may still sign with the previous secret
      if (problem === 'bad_signature' && opts.previousSecret && opts.previousUntil !== undefined && now < opts.previousUntil) {
        problem = checkPaySignature(opts.previousSecret, headers, rawBody, now);
      }
      if (problem) return { ok: false, problem };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, problem: 'malformed' };
      }
      const order = toGatewayOrder(parsed);
      // issue 21: the nonce is new for every message the gateway sends, so it is the replay key
      const nonce = headers['x-pay-nonce'];
      return order ? { ok: true, order, notifyId: `n:${Array.isArray(nonce) ? nonce[0] : nonce}` } : { ok: false, problem: 'malformed' };
    },
  };
}
