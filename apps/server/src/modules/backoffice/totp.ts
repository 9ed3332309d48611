import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Time-based one-time codes (RFC 6238) for operators' second factor, by the otpauth package:
 * SHA-1, 6 digits, 30-second steps, one step of clock drift either way. A code is accepted once:
 * the step it matched is remembered and a code of that step or an earlier one is refused.
 */
const ISSUER = '鼎盛娱乐后台';

function totpOf(secretBase32: string, username: string) {
  return new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function enrolment(secretBase32: string, username: string) {
  const url = totpOf(secretBase32, username).toString();
  return { secret: secretBase32, otpauth_url: url, qr: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 220 }) };
}

/** The time step the code belongs to, or null when it is wrong (or outside the drift window). */
export function matchStep(secretBase32: string, username: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32, username).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / 30) + delta;
}

/** A code for tests and tools. */
export function codeAt(secretBase32: string, username: string, now = Date.now()): string {
  return totpOf(secretBase32, username).generate({ timestamp: now });
}
