import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from '../../lib/private-files.ts';

/**
 * Card numbers and USDT addresses at rest: sealed with AES-256-GCM, so a copy of the database
 * alone does not give them away. Duplicates are judged by an HMAC fingerprint of the number
 * (same key material, another derived key), which a unique index can hold without the number.
 *
 * The master key is CARD_KEY (64 hex digits) or, when unset, `card.key` in DATA_DIR, made on
 * first start. Losing it loses every stored number: back it up with the database, and give
 * every server process of one site the same CARD_KEY.
 */
export interface CardVault {
  seal(plain: string): string;
  open(sealed: string): string;
  /** stable per number, for duplicate checks; different from the sealed form each time */
  fingerprint(normalized: string): string;
  /**
   * issue 23 (key rotation): the fingerprints a stored row may hold: the current key's, then the
   * previous key's while one is configured (rows not yet re-sealed)
   */
  fingerprints(normalized: string): string[];
  /** issue 23: whether a sealed value opens with the current key (false: the previous one, or neither) */
  isCurrent(sealed: string): boolean;
}

const VERSION = 'v1';

/**
 * issue 23: with `previousKey` (CARD_KEY_OLD, or DATA_DIR/card.key.old) values sealed under the
 * previous key still open, while everything new is sealed under the current one; the command
 * `npm run rotate-card-key` (ops/rotate-card-key.ts) re-seals the stored ones.
 */
export function createCardVault(masterKey: Buffer, previousKey?: Buffer): CardVault {
  const current = vaultWith(masterKey);
  if (!previousKey) return { ...current, fingerprints: (n) => [current.fingerprint(n)], isCurrent: (s) => opens(current, s) };
  const previous = vaultWith(previousKey);
  return {
    seal: current.seal,
    open(sealed) {
      try {
        return current.open(sealed);
      } catch {
        // a GCM tag that does not match the current key: sealed before the rotation
        return previous.open(sealed);
      }
    },
    fingerprint: current.fingerprint,
    fingerprints: (n) => [current.fingerprint(n), previous.fingerprint(n)],
    isCurrent: (s) => opens(current, s),
  };
}

function opens(vault: Pick<CardVault, 'open'>, sealed: string): boolean {
  try {
    vault.open(sealed);
    return true;
  } catch {
    return false;
  }
}

function vaultWith(masterKey: Buffer): Pick<CardVault, 'seal' | 'open' | 'fingerprint'> {
  if (masterKey.length !== 32) throw new Error('the card key must be 32 bytes');
  const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  const encKey = derive('card-numbers/enc');
  const macKey = derive('card-numbers/mac');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed card number');
      const decipher = crypto.createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    fingerprint(normalized) {
      return crypto.createHmac('sha256', macKey).update(normalized, 'utf8').digest('hex');
    },
  };
}

/**
 * issue 23: the vault of a configuration: CARD_KEY (or DATA_DIR/card.key) and, during a key
 * rotation, the previous key from CARD_KEY_OLD (or DATA_DIR/card.key.old).
 */
export function cardVaultOf(opts: { cardKey?: string; cardKeyOld?: string; dataDir: string }): CardVault {
  return createCardVault(loadCardKey(opts), loadPreviousCardKey(opts));
}

/** CARD_KEY_OLD when given, else DATA_DIR/card.key.old when it exists, else none */
export function loadPreviousCardKey(opts: { cardKeyOld?: string; dataDir: string }): Buffer | undefined {
  const text = opts.cardKeyOld ?? (fs.existsSync(path.join(opts.dataDir, 'card.key.old')) ? fs.readFileSync(path.join(opts.dataDir, 'card.key.old'), 'utf8').trim() : undefined);
  if (text === undefined) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error('CARD_KEY_OLD (or card.key.old) must be 64 hex digits (32 bytes)');
  return Buffer.from(text, 'hex');
}

/** CARD_KEY when given, else DATA_DIR/card.key (created with owner-only access the first time). */
export function loadCardKey(opts: { cardKey?: string; dataDir: string }): Buffer {
  if (opts.cardKey) {
    if (!/^[0-9a-fA-F]{64}$/.test(opts.cardKey)) throw new Error('CARD_KEY must be 64 hex digits (32 bytes)');
    return Buffer.from(opts.cardKey, 'hex');
  }
  const file = path.join(opts.dataDir, 'card.key');
  makePrivateDir(opts.dataDir); // issue 33: 0700, whatever the umask
  try {
    // 'wx': a second process starting at the same moment keeps the first one's key
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} must hold 64 hex digits`);
  return Buffer.from(text, 'hex');
}
