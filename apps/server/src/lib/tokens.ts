import { hash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its SHA-256 (one-shot: every poll hashes its token). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}
