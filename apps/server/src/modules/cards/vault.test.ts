import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCardVault, loadCardKey } from './vault.ts';

const key = () => crypto.randomBytes(32);

describe('card vault', () => {
  it('seals a number so only the same key opens it, differently each time', () => {
    const k = key();
    const vault = createCardVault(k);
    const a = vault.seal('6225881234567890');
    const b = vault.seal('6225881234567890');
    expect(a).not.toBe(b);
    expect(a).not.toContain('6225881234567890');
    expect(vault.open(a)).toBe('6225881234567890');
    expect(createCardVault(Buffer.from(k)).open(b)).toBe('6225881234567890');
    expect(() => createCardVault(key()).open(a)).toThrow();
  });

  it('refuses a sealed number that was changed', () => {
    const vault = createCardVault(key());
    const [v, iv, tag, body] = vault.seal('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLAa').split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => vault.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => vault.open('6225881234567890')).toThrow();
  });

  it('fingerprints are stable per key and number, and differ across keys and numbers', () => {
    const k = key();
    const vault = createCardVault(k);
    expect(vault.fingerprint('6225881234567890')).toBe(createCardVault(Buffer.from(k)).fingerprint('6225881234567890'));
    expect(vault.fingerprint('6225881234567890')).not.toBe(vault.fingerprint('6225881234567891'));
    expect(vault.fingerprint('6225881234567890')).not.toBe(createCardVault(key()).fingerprint('6225881234567890'));
    expect(vault.fingerprint('6225881234567890')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('CARD_KEY must be 64 hex digits; without it a key file is made once, owner-only, and kept', () => {
    expect(() => loadCardKey({ cardKey: 'abc', dataDir: '/nonexistent' })).toThrow(/CARD_KEY/);
    const given = crypto.randomBytes(32).toString('hex');
    expect(loadCardKey({ cardKey: given, dataDir: '/nonexistent' }).toString('hex')).toBe(given);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-key-'));
    try {
      const first = loadCardKey({ dataDir: dir });
      const file = path.join(dir, 'card.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadCardKey({ dataDir: dir }).equals(first)).toBe(true);
      fs.writeFileSync(file, 'not a key');
      expect(() => loadCardKey({ dataDir: dir })).toThrow(/64 hex/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
