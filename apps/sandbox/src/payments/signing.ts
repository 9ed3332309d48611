import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How the stand-in gateway and its merchants sign what they send each other (merchant calls
 * one way, payment notifies the other), shared so both sides build the signed text alike:
 *
 *   x-pay-ts:    unix time in milliseconds
 *   x-pay-nonce: 16-64 letters or digits, new for every message
 *   x-pay-sign:  hex HMAC-SHA256(secret, `${ts}\n${nonce}\n${rawBody}`)
 *
 * The signature covers the raw body byte for byte: the receiver checks it before parsing.
 */
export const PAY_TS_HEADER = 'x-pay-ts';
export const PAY_NONCE_HEADER = 'x-pay-nonce';
export const PAY_SIGN_HEADER = 'x-pay-sign';
/** a message older (or further in the future) than this is refused: the replay window */
export const PAY_REPLAY_WINDOW_MS = 5 * 60 * 1000;
/** what a merchant answers, as the whole body, to a notify it has taken */
export const PAY_NOTIFY_ACK = 'success';

export function paySignature(secret: string, ts: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${ts}\n${nonce}\n${rawBody}`).digest('hex');
}

export interface PaySigned {
  body: string;
  headers: Record<string, string>;
}

export function signPayBody(secret: string, body: unknown, opts: { ts?: number; nonce?: string } = {}): PaySigned {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const ts = String(opts.ts ?? Date.now());
  const nonce = opts.nonce ?? randomBytes(12).toString('hex');
  return {
    body: text,
    headers: {
      'content-type': 'application/json',
      [PAY_TS_HEADER]: ts,
      [PAY_NONCE_HEADER]: nonce,
      [PAY_SIGN_HEADER]: paySignature(secret, ts, nonce, text),
    },
  };
}

export type PaySignatureProblem = 'missing' | 'stale' | 'bad_signature';

type HeaderBag = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** null when the message is signed with `secret` and fresh, else what is wrong with it. */
export function checkPaySignature(secret: string, headers: HeaderBag, rawBody: string, now = Date.now()): PaySignatureProblem | null {
  const ts = one(headers[PAY_TS_HEADER]);
  const nonce = one(headers[PAY_NONCE_HEADER]);
  const sign = one(headers[PAY_SIGN_HEADER]);
  if (!ts || !nonce || !sign) return 'missing';
  if (!/^\d{1,16}$/.test(ts) || !/^[A-Za-z0-9]{16,64}$/.test(nonce)) return 'bad_signature';
  if (Math.abs(now - Number(ts)) > PAY_REPLAY_WINDOW_MS) return 'stale';
  const expected = Buffer.from(paySignature(secret, ts, nonce, rawBody), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
  // constant time, so the signature cannot be found byte by byte from response times
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  return null;
}

/** the nonce of a signed message (for replay bookkeeping) */
export function payNonceOf(headers: HeaderBag): string {
  return one(headers[PAY_NONCE_HEADER]) ?? '';
}
