import { createHmac } from 'node:crypto';
import { checkSignature, signature, type SignatureProblem } from './signing.ts';

/**
 * The seamless wallet calls' signature (SEAMLESS.md "Calls"): the provider signs each call to
 * the site's wallet API with the venue's key,
 *
 *   x-wallet-ts:   unix time in milliseconds
 *   x-wallet-sign: hex HMAC-SHA256(venueKey, `${ts}\nPOST\n${path}\n${rawBody}`)
 *
 * and a sandbox venue's key is derived from the provider's shared secret so that no key has to
 * travel: hex HMAC-SHA256(providerSecret, `wallet:` + venue).
 */
export const WALLET_TS_HEADER = 'x-wallet-ts';
export const WALLET_SIGN_HEADER = 'x-wallet-sign';

export function walletKey(providerSecret: string, venue: string): string {
  return createHmac('sha256', providerSecret).update(`wallet:${venue}`).digest('hex');
}

/** the exact body and headers of one wallet call; `path` is /wallet/api/<venue>/<op> as the site receives it */
export function signWalletCall(key: string, path: string, body: string, ts = Date.now()) {
  const t = String(ts);
  return {
    body,
    headers: { 'content-type': 'application/json', [WALLET_TS_HEADER]: t, [WALLET_SIGN_HEADER]: signature(key, t, 'POST', path, body) },
  };
}

/** null when a wallet call is signed with `key` and fresh (5 minutes), else what is wrong (for tests and receivers) */
export function checkWalletCall(
  key: string,
  req: { ts: string | undefined; sign: string | undefined; path: string; rawBody: string },
  now = Date.now(),
): SignatureProblem | null {
  return checkSignature(key, { ...req, method: 'POST' }, now);
}
