import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PreviousSecret } from './signing.ts';

/**
 * The standalone sandbox's secret: SANDBOX_SECRET, else DATA_DIR/sandbox.secret, made on first
 * start (32 random bytes as 64 hex digits, owner-only access). The same rule and file name as
 * the server's `secretFromEnvOrFile` (apps/server/src/secrets.ts); kept here because the sandbox
 * is a third party stand-in that must not import the server. The value is never logged.
 */
export function sandboxSecretFromEnvOrFile(envValue: string | undefined, dataDir: string): string {
  if (envValue !== undefined && envValue !== '') return envValue;
  const file = path.join(dataDir, 'sandbox.secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text === '') throw new Error(`${file} is empty: delete it to have a new secret made, or set SANDBOX_SECRET`);
  return text;
}

/**
 * Shortest secret the provider accepts at all. Production asks the server for 32 bytes; the
 * provider itself refuses only what could never be a secret (empty or a short word), so that
 * a plugin mounted by mistake with a blank setting does not answer every caller.
 */
export const MIN_SECRET_LENGTH = 16;

/**
 * issue 23, secret rotation: the previous secret and the end of its grace window, checked like
 * the current one; an old secret without the end of its window refuses to start (never
 * open-ended). Nothing when no previous secret is given.
 */
export function previousSecret(opts: { previousSecret?: string; previousUntil?: number }): PreviousSecret | undefined {
  if (opts.previousSecret === undefined || opts.previousSecret === '') return undefined;
  requireSecret(opts.previousSecret, 'the game provider (previous)');
  if (opts.previousUntil === undefined || !Number.isFinite(opts.previousUntil)) {
    throw new Error('SANDBOX_SECRET_OLD needs SECRET_GRACE_UNTIL (Beijing time "YYYY-MM-DD HH:mm:ss"): the end of its grace window');
  }
  return { secret: opts.previousSecret, until: opts.previousUntil };
}

/**
 * The standalone sandbox's rotation settings: SANDBOX_SECRET_OLD and SECRET_GRACE_UNTIL (Beijing
 * "YYYY-MM-DD HH:mm:ss", the server's format). Refuses the old secret without the end of its window.
 */
export function previousSecretFromEnv(env: NodeJS.ProcessEnv): { previousSecret?: string; previousUntil?: number } {
  const previousSecretValue = env.SANDBOX_SECRET_OLD || undefined;
  const raw = env.SECRET_GRACE_UNTIL?.trim() || undefined;
  let previousUntil: number | undefined;
  if (raw !== undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(raw);
    if (!m) throw new Error(`SECRET_GRACE_UNTIL must be a Beijing time "YYYY-MM-DD HH:mm:ss", got "${raw}"`);
    previousUntil = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +m[6]);
  }
  previousSecret({ previousSecret: previousSecretValue, previousUntil });
  return { previousSecret: previousSecretValue, previousUntil };
}

/** Refuses to start a signed API (provider, gateway) on a missing or too short secret. */
export function requireSecret(secret: unknown, who: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) throw new Error(`${who}'s secret must be at least ${MIN_SECRET_LENGTH} characters`);
}
