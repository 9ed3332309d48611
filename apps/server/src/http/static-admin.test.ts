import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';
import { ADMIN_CSP } from './static.ts';

describe('serving the built back-office under /admin/ (issue 12)', () => {
  let t: TestApp;
  let web: string;
  let admin: string;
  const js = `console.log(${JSON.stringify('后台'.repeat(2000))});`;
  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>member</title><div id="member-root"></div>');
    admin = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
    fs.mkdirSync(path.join(admin, 'assets'));
    fs.writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>管理后台</title><div id="admin-root"></div>');
    fs.writeFileSync(path.join(admin, 'assets', 'index-XyZ789.js'), js);
    // written at build time by scripts/precompress.mjs
    fs.writeFileSync(path.join(admin, 'assets', 'index-XyZ789.js.br'), brotliCompressSync(js));
    fs.writeFileSync(path.join(admin, 'assets', 'index-XyZ789.js.gz'), gzipSync(js));
    fs.writeFileSync(path.join(admin, 'assets', 'index-Ab12.css'), 'body{margin:0}');
    t = await startApp({ webDist: web, adminDist: admin });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(web, { recursive: true, force: true });
    fs.rmSync(admin, { recursive: true, force: true });
  });

  it('answers its index.html, never cached, with its own policy, at /admin and every screen path', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/members/demo888', '/admin/cashier/withdrawals?x=1']) {
      const res = await t.http.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="admin-root"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(ADMIN_CSP);
    }
    // scripts from this origin only, and no one may frame the back-office
    expect(ADMIN_CSP).toContain("script-src 'self'");
    expect(ADMIN_CSP).not.toMatch(/script-src[^;]*unsafe/);
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/admin/assets/index-XyZ789.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('answers each asset from memory in the encoding the browser takes: brotli, then gzip, then as built', async () => {
    const get = (acceptEncoding?: string) =>
      t.http.inject({ method: 'GET', url: '/admin/assets/index-XyZ789.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const both = await get('gzip, deflate, br');
    expect(both.headers['content-encoding']).toBe('br');
    expect(both.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(both.headers.vary).toContain('Accept-Encoding');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(js);
    for (const plain of [await get(), await get('identity'), await get('br;q=0, gzip;q=0')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    }
    // a file without compressed twins (below the build's threshold) as built, with its type
    const css = await t.http.inject({ method: 'GET', url: '/admin/assets/index-Ab12.css', headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer index.html for a missing asset or an API path', async () => {
    for (const url of ['/admin/assets/gone-123.js', '/admin/assets/index-XyZ789.js.br', '/admin/assets/..%2Findex.html', '/admin/assets/sub/index-XyZ789.js']) {
      const asset = await t.http.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(asset.statusCode, url).toBe(404);
      expect(asset.body, url).not.toContain('admin-root');
    }
    const api = await t.http.inject({ method: 'GET', url: '/admin/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ code: 404 });
    // the operator calls themselves are untouched
    const me = await t.post('/admin/api/me');
    expect(me.code).toBe(401);
  });

  it('leaves the member site where it was', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.body).toContain('id="member-root"');
    expect(res.body).not.toContain('admin-root');
  });

  it('without a build, /admin says so instead of a blank page', async () => {
    const bare = await startApp({ adminDist: path.join(os.tmpdir(), 'no-admin-build-here') });
    try {
      const res = await bare.http.inject({ method: 'GET', url: '/admin' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('管理后台尚未构建');
    } finally {
      await bare.stop();
    }
  });
});
