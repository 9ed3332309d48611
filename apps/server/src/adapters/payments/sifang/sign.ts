import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The 四方支付 signature: the non-empty fields but the signature itself, sorted by name in ASCII
 * order, joined as `a=1&b=2`, followed by `&key=<secret>`; hashed with MD5 or SHA-256, or
 * HMAC-SHA256 keyed with the secret over the same text (as WeChat Pay v2 does); upper-case hex.
 */
export type SifangSignType = 'md5' | 'sha256' | 'hmac_sha256';

export type Fields = Record<string, string>;

/** the text that is signed */
export function signText(fields: Fields, secret: string, signField: string): string {
  const names = Object.keys(fields)
    .filter((k) => k !== signField && fields[k] !== '' && fields[k] !== undefined && fields[k] !== null)
    // ASCII order: compare code units, never the locale
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${names.map((k) => `${k}=${fields[k]}`).join('&')}&key=${secret}`;
}

export function sign(fields: Fields, secret: string, type: SifangSignType, signField: string): string {
  const text = signText(fields, secret, signField);
  const digest = type === 'hmac_sha256' ? createHmac('sha256', secret).update(text, 'utf8').digest('hex') : createHash(type).update(text, 'utf8').digest('hex');
  return digest.toUpperCase();
}

/** whether `fields` carry a signature made with `secret`; constant time, case of the hex ignored */
export function verify(fields: Fields, secret: string, type: SifangSignType, signField: string): boolean {
  const given = fields[signField];
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32,64}$/.test(given)) return false;
  const expected = Buffer.from(sign(fields, secret, type, signField), 'hex');
  const got = Buffer.from(given, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}
