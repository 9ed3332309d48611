import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TEST_SECRET, type Sandbox } from '../testing.ts';
import { checkSignature, MAX_SKEW_MS, signRequest } from './signing.ts';

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
