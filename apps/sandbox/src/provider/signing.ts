import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signing shared by the provider (which verifies) and its callers (the server's
 * adapter, the tests), so both sides build the signed text the same way.
 *
 *   x-sandbox-ts:   unix time in milliseconds
 *   x-sandbox-sign: hex HMAC-SHA256(secret, `${ts}\n${METHOD}\n${path}\n${rawBody}`)
 *
 * `path` is the URL path as the provider receives it (prefix included, no query string).
 */
export const TS_HEADER = 'x-sandbox-ts';
export const SIGN_HEADER = 'x-sandbox-sign';
/** a signed request older (or further in the future) than this is refused */
export const MAX_SKEW_MS = 5 * 60 * 1000;

export interface SignInput {
  method?: string;
  /** URL path, e.g. /sandbox/provider/api/deposit */
  path: string;
  /** the exact body that will be sent: an object is JSON-encoded here */
  body?: unknown;
  /** defaults to Date.now() */
  ts?: number;
}

export interface SignedRequest {
  /** the body to send, byte for byte what was signed */
  body: string;
  headers: Record<string, string>;
}

export function signature(secret: string, ts: string, method: string, path: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${ts}\n${method.toUpperCase()}\n${path}\n${rawBody}`).digest('hex');
}

export function signRequest(secret: string, input: SignInput): SignedRequest {
  const method = (input.method ?? 'POST').toUpperCase();
  const body = input.body === undefined ? '' : typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const ts = String(input.ts ?? Date.now());
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [TS_HEADER]: ts,
      [SIGN_HEADER]: signature(secret, ts, method, input.path, body),
    },
  };
}

export type SignatureProblem = 'missing' | 'stale' | 'bad_signature';

/** null when the request is properly signed and fresh, else what is wrong with it */
export function checkSignature(
  secret: string,
  req: { ts: string | undefined; sign: string | undefined; method: string; path: string; rawBody: string },
  now = Date.now(),
): SignatureProblem | null {
  if (!req.ts || !req.sign) return 'missing';
  if (!/^\d{1,16}$/.test(req.ts)) return 'bad_signature';
  if (Math.abs(now - Number(req.ts)) > MAX_SKEW_MS) return 'stale';
  const expected = Buffer.from(signature(secret, req.ts, req.method, req.path, req.rawBody), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(req.sign) ? Buffer.from(req.sign, 'hex') : Buffer.alloc(0);
  // constant-time comparison so the signature cannot be guessed byte by byte
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  return null;
}

/**
 * Secret rotation (issue 23): the previous secret and the end of the window (epoch ms) in which
 * calls signed with it are still accepted. Signing always uses the current secret.
 */
export interface PreviousSecret {
  secret: string;
  until: number;
}

/**
 * checkSignature against the current secret; only when that gives a bad signature and the grace
 * window is still open, against the previous one (both comparisons are constant-time).
 */
export function checkSignatureWithGrace(
  secret: string,
  previous: PreviousSecret | undefined,
  req: Parameters<typeof checkSignature>[1],
  now = Date.now(),
): SignatureProblem | null {
  const problem = checkSignature(secret, req, now);
  if (problem !== 'bad_signature' || !previous || now >= previous.until) return problem;
  return checkSignature(previous.secret, req, now);
}
