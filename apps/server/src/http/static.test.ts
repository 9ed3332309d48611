import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';

describe('serving the built member site', () => {
  let t: TestApp;
  let dist: string;
  const js = `console.log(${JSON.stringify('鼎盛'.repeat(2000))});`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>鼎盛娱乐</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), js);
    t = await startApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // scripts from this origin only; no inline or foreign script can run in the member site
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // the precompressed copy carries the same policy
    const br = await t.http.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-security-policy']).toBe(csp);
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 4);
  });

  it('answers a page request for an unknown path with the app, and a missing asset with 404', async () => {
    const page = await t.http.inject({ method: 'GET', url: '/some/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await t.http.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    const escape = await t.http.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(escape.statusCode).toBe(404);
  });
});
