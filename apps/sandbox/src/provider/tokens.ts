import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PreviousSecret } from './signing.ts';

/**
 * Stateless signed tokens for the game pages. A launch token (in the launch URL) is
 * short-lived; opening the page exchanges it for a session token the page's own calls carry.
 */
export interface GameTokenPayload {
  kind: 'launch' | 'session';
  username: string;
  platform: string;
  game_code: string;
  mobile: boolean;
  /** expiry, unix ms */
  exp: number;
}

export const LAUNCH_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export class GameTokens {
  private readonly key: Buffer;
  /** issue 23: tokens made before a secret rotation stay readable until its grace window ends */
  private readonly previous: { key: Buffer; until: number } | undefined;

  constructor(secret: string, previous?: PreviousSecret) {
    this.key = tokenKey(secret);
    this.previous = previous && { key: tokenKey(previous.secret), until: previous.until };
  }

  issue(payload: Omit<GameTokenPayload, 'exp'>, ttlMs: number, now = Date.now()): { token: string; exp: number } {
    const exp = now + ttlMs;
    const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString('base64url');
    return { token: `${body}.${this.mac(body)}`, exp };
  }

  read(token: unknown, kind: GameTokenPayload['kind'], now = Date.now()): GameTokenPayload | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const given = Buffer.from(mac);
    const matches = (key: Buffer) => {
      const expected = Buffer.from(this.mac(body, key));
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    if (!matches(this.key) && !(this.previous && now < this.previous.until && matches(this.previous.key))) return null;
    try {
      const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as GameTokenPayload;
      if (p.kind !== kind || typeof p.exp !== 'number' || p.exp < now) return null;
      return p;
    } catch {
      return null;
    }
  }

  private mac(body: string, key = this.key) {
    return createHmac('sha256', key).update(body).digest('base64url');
  }
}

/** a key of its own, so a game token can never pass as an API signature or the reverse */
function tokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('sandbox game tokens v1').digest();
}
