import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
