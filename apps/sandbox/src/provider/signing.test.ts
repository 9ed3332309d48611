import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TEST_SECRET, type Sandbox } from '../testing.ts';
import { previousSecretFromEnv } from './secret.ts';
import { checkSignature, checkSignatureWithGrace, MAX_SKEW_MS, signRequest } from './signing.ts';
import { GameTokens } from './tokens.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('request signing', () => {
  it('accepts a properly signed call', async () => {
    const r = await sb.post('/api/player/create', { username: 'signer01' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ username: 'signer01', created: true });
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await fetch(`${sb.providerUrl}/api/player/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody01' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('refuses a call signed with another secret', async () => {
    const r = await sb.post('/api/player/create', { username: 'nobody01' }, { secret: 'wrong-secret' });
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('unauthorized');
  });

  it('refuses a body changed after signing', async () => {
    const r = await sb.post('/api/player/create', { username: 'nobody02' }, { signedBody: JSON.stringify({ username: 'nobody01' }) });
    expect(r.status).toBe(401);
  });

  it('refuses a signature made for another path', async () => {
    const body = { username: 'nobody03' };
    const signed = signRequest(TEST_SECRET, { path: '/sandbox/provider/api/balance', body });
    const res = await fetch(`${sb.providerUrl}/api/player/create`, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(res.status).toBe(401);
  });

  it('refuses requests more than 5 minutes old or ahead', async () => {
    const old = await sb.post('/api/player/create', { username: 'nobody04' }, { ts: Date.now() - MAX_SKEW_MS - 1000 });
    expect(old.status).toBe(401);
    expect(old.json.message).toMatch(/old/);
    const ahead = await sb.post('/api/player/create', { username: 'nobody04' }, { ts: Date.now() + MAX_SKEW_MS + 1000 });
    expect(ahead.status).toBe(401);
    const fresh = await sb.post('/api/player/create', { username: 'nobody04' }, { ts: Date.now() - 60_000 });
    expect(fresh.status).toBe(200);
  });

  it('refuses a malformed signature header', async () => {
    const signed = signRequest(TEST_SECRET, { path: '/sandbox/provider/api/catalogue', body: {} });
    const res = await fetch(`${sb.providerUrl}/api/catalogue`, {
      method: 'POST',
      headers: { ...signed.headers, 'x-sandbox-sign': 'zz' },
      body: signed.body,
    });
    expect(res.status).toBe(401);
  });

  it('refuses to start with an empty or short secret, which anyone could sign with', async () => {
    for (const secret of ['', 'sandbox-secret']) {
      await expect(startSandbox({ secret })).rejects.toThrow(/at least 16 characters/);
    }
  });

  it('checkSignature names the problem', () => {
    const s = signRequest('k', { path: '/p', body: { a: 1 }, ts: 1_000_000 });
    const base = { method: 'POST', path: '/p', rawBody: s.body, ts: s.headers['x-sandbox-ts'], sign: s.headers['x-sandbox-sign'] };
    expect(checkSignature('k', base, 1_000_000)).toBeNull();
    expect(checkSignature('k', { ...base, sign: undefined }, 1_000_000)).toBe('missing');
    expect(checkSignature('k', base, 1_000_000 + MAX_SKEW_MS + 1)).toBe('stale');
    expect(checkSignature('k', { ...base, method: 'GET' }, 1_000_000)).toBe('bad_signature');
  });
});

/**
 * Issue 23: rotating the shared secret. The provider takes the new secret with the old one and
 * the end of a grace window; callers still signing with the old one are served until then.
 */
describe('secret rotation grace window', () => {
  const OLD = 'o'.repeat(64);
  const WRONG = 'w'.repeat(64);
  let rotating: Sandbox | undefined;
  afterEach(async () => {
    await rotating?.close();
    rotating = undefined;
  });

  it('accepts the previous secret before the window ends, and the new one always; another secret never', async () => {
    rotating = await startSandbox({ previousSecret: OLD, previousUntil: Date.now() + 3_600_000 });
    expect((await rotating.post('/api/player/create', { username: 'rotold01' }, { secret: OLD })).json).toEqual({ username: 'rotold01', created: true });
    expect((await rotating.post('/api/player/create', { username: 'rotnew01' })).status).toBe(200);
    const wrong = await rotating.post('/api/player/create', { username: 'rotbad01' }, { secret: WRONG });
    expect(wrong.status).toBe(401);
    // the refused caller created nothing
    expect((await rotating.post('/api/balances', { username: 'rotbad01' })).status).toBe(404);
  });

  it('refuses the previous secret once the window has closed; the new one still works', async () => {
    rotating = await startSandbox({ previousSecret: OLD, previousUntil: Date.now() - 1000 });
    const old = await rotating.post('/api/player/create', { username: 'rotold02' }, { secret: OLD });
    expect(old.status).toBe(401);
    expect(old.json.error).toBe('unauthorized');
    expect((await rotating.post('/api/player/create', { username: 'rotnew02' })).status).toBe(200);
  });

  it('an old secret without the end of its window does not start', async () => {
    await expect(startSandbox({ previousSecret: OLD })).rejects.toThrow(/SECRET_GRACE_UNTIL/);
    expect(() => previousSecretFromEnv({ SANDBOX_SECRET_OLD: OLD })).toThrow(/SECRET_GRACE_UNTIL/);
    expect(() => previousSecretFromEnv({ SANDBOX_SECRET_OLD: OLD, SECRET_GRACE_UNTIL: 'tomorrow' })).toThrow(/Beijing time/);
    expect(previousSecretFromEnv({ SANDBOX_SECRET_OLD: OLD, SECRET_GRACE_UNTIL: '2026-12-01 12:00:00' })).toEqual({ previousSecret: OLD, previousUntil: Date.UTC(2026, 11, 1, 4, 0, 0) });
    expect(previousSecretFromEnv({})).toEqual({ previousSecret: undefined, previousUntil: undefined });
  });

  it('checkSignatureWithGrace: the previous secret only inside the window, a stale call never', () => {
    const s = signRequest(OLD, { path: '/p', body: { a: 1 }, ts: 1_000_000 });
    const req = { method: 'POST', path: '/p', rawBody: s.body, ts: s.headers['x-sandbox-ts'], sign: s.headers['x-sandbox-sign'] };
    expect(checkSignatureWithGrace('n'.repeat(64), { secret: OLD, until: 1_000_001 }, req, 1_000_000)).toBeNull();
    expect(checkSignatureWithGrace('n'.repeat(64), { secret: OLD, until: 1_000_000 }, req, 1_000_000)).toBe('bad_signature');
    expect(checkSignatureWithGrace('n'.repeat(64), undefined, req, 1_000_000)).toBe('bad_signature');
    expect(checkSignatureWithGrace('n'.repeat(64), { secret: OLD, until: Infinity }, req, 1_000_000 + MAX_SKEW_MS + 1)).toBe('stale');
  });

  it('game tokens made under the previous secret open only inside the window; new ones use the new secret', () => {
    const before = new GameTokens(OLD);
    const { token } = before.issue({ kind: 'launch', username: 'rot', platform: 'x', game_code: 'g', mobile: true }, 60_000);
    expect(new GameTokens(TEST_SECRET, { secret: OLD, until: Date.now() + 60_000 }).read(token, 'launch')).toMatchObject({ username: 'rot' });
    expect(new GameTokens(TEST_SECRET, { secret: OLD, until: Date.now() - 1 }).read(token, 'launch')).toBeNull();
    expect(new GameTokens(TEST_SECRET).read(token, 'launch')).toBeNull();
    const fresh = new GameTokens(TEST_SECRET, { secret: OLD, until: Date.now() + 60_000 }).issue({ kind: 'launch', username: 'rot', platform: 'x', game_code: 'g', mobile: true }, 60_000);
    expect(new GameTokens(TEST_SECRET).read(fresh.token, 'launch')).toMatchObject({ username: 'rot' });
    expect(before.read(fresh.token, 'launch')).toBeNull();
  });
});
