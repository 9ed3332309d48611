import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';

// helmet's headers, on the calls as well as the pages, whatever the answer
const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it.each([
    ['POST', '/api/app', 200],
    ['POST', '/api/balance', 200],
    ['POST', '/api/nowhere', 200],
    ['GET', '/media/banners/welcome.svg', null],
    ['POST', '/admin/api/login', 200],
  ] as const)('%s %s carries them', async (method, url, status) => {
    const res = await t.http.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    if (status) expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
