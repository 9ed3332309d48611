import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@casino/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { secretFromEnvOrFile } from './secrets.ts';

/** Issue 14: no usable default secret anywhere; each site makes its own at first start. */
describe('secrets made at first start', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('answers the setting when given, and writes nothing', () => {
    const dir = tempDir();
    expect(secretFromEnvOrFile('from-the-environment', dir, 'x.secret')).toBe('from-the-environment');
    expect(fs.existsSync(path.join(dir, 'x.secret'))).toBe(false);
  });

  it('makes 64 hex digits into DATA_DIR/<file> with owner-only access, then keeps answering them', () => {
    const dir = path.join(tempDir(), 'not', 'yet', 'there');
    const first = secretFromEnvOrFile(undefined, dir, 'x.secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'x.secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(secretFromEnvOrFile('', dir, 'x.secret')).toBe(first);
    // another site (another DATA_DIR) gets another secret
    expect(secretFromEnvOrFile(undefined, tempDir(), 'x.secret')).not.toBe(first);
  });

  it('refuses an emptied file rather than signing with an empty secret', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'x.secret'), '\n');
    expect(() => secretFromEnvOrFile(undefined, dir, 'x.secret')).toThrow(/empty/);
  });

  it('config: SANDBOX_SECRET, else DATA_DIR/sandbox.secret; production refuses one under 32 bytes', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, SANDBOX_SECRET: 'given-secret-value' }).sandboxSecret).toBe('given-secret-value');
    const made = loadConfig({ DATA_DIR: dir }).sandboxSecret;
    expect(made).toBe(fs.readFileSync(path.join(dir, 'sandbox.secret'), 'utf8').trim());
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SANDBOX_SECRET: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SANDBOX_SECRET: 'x'.repeat(32) }).sandboxSecret).toHaveLength(32);
    // the generated one is long enough for production
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).sandboxSecret).toBe(made);
  });

  it('PUBLIC_URL: an absolute http(s) origin, kept without its trailing slash', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://m.example.com/' }).publicUrl).toBe('https://m.example.com');
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'm.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});

describe('the in-process provider answers only calls signed with the site secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    // no sandboxSecret override: the secret comes from the test's DATA_DIR as on a fresh `npm start`
    t = await startApp({ listen: true });
  });
  afterAll(() => t.stop());

  const call = (secret: string) => {
    const p = '/sandbox/provider/api/deposit';
    const signed = signRequest(secret, { path: p, body: { username: 'cs1', platform: 'pp', transfer_id: `x-${secret.length}`, amount_fen: 100_000 } });
    return fetch(t.origin + p, { method: 'POST', headers: signed.headers, body: signed.body });
  };

  it('a call signed with any fixed string is refused; the site secret works', async () => {
    expect(t.ctx.config.sandboxSecret).toMatch(/^[0-9a-f]{64}$/);
    for (const guess of ['sandbox-secret', 'test-secret', 'secret', '', 'changeme', 'admin']) {
      const res = await call(guess);
      expect(res.status, guess).toBe(401);
    }
    // the same call signed with the site's own secret goes through, so the refusals above are about the secret
    const own = '/sandbox/provider/api/player/create';
    const signed = signRequest(t.ctx.config.sandboxSecret, { path: own, body: { username: 'cs1' } });
    expect((await fetch(t.origin + own, { method: 'POST', headers: signed.headers, body: signed.body })).status).toBe(200);
  });
});
