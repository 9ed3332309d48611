import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';

/**
 * Issue 14: walks every route the app has (read from Fastify's own route tree, so a route added
 * later is walked too) and checks what the headers promise:
 * - every HTML page the server renders has a content-security policy that allows no inline script;
 * - every reply of the API (member, operator, support form) is Cache-Control: no-store;
 * - no reply carries the Host header the caller chose (URLs come from PUBLIC_URL or are relative).
 * The sandbox's pages are the stand-in provider's, not ours, and are left out.
 */

const EVIL_HOST = 'evil-host.example';

/** "METHOD path" for every route, rebuilt from printRoutes' radix tree */
function routesOf(t: TestApp): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of t.http.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + m[2];
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim()).filter(Boolean)) out.push({ method, path: stack[depth] });
  }
  return out;
}

/** a concrete URL for a route with parameters */
function sample(path: string): string {
  return path
    .replace(':type', '1')
    .replace(':folder', 'banners')
    .replace(':file', 'welcome.svg')
    .replace(/:[A-Za-z_]+/g, 'x')
    .replace(/\*$/, 'x');
}

const scriptSrc = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1] ?? '';

describe('headers on every route', () => {
  let t: TestApp;
  let member = '';
  let operator = '';
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    t = await startApp();
    member = await t.register('walker01');
    operator = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    routes = routesOf(t);
  });
  afterAll(() => t.stop());

  it('finds the routes (the walk itself works)', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const known of ['GET /support', 'GET /support/agent', 'GET /download', 'GET /partners/:type', 'POST /api/user', 'POST /admin/api/login', 'POST /admin/api/reconciliation/list']) {
      expect(paths, known).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it('every page the server renders has a content-security policy without inline scripts', async () => {
    const pages: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET' && !x.path.startsWith('/sandbox') && !x.path.startsWith('/api/'))) {
      const url = sample(r.path);
      const res = await t.http.inject({ method: 'GET', url, headers: { host: EVIL_HOST } });
      if (!String(res.headers['content-type'] ?? '').startsWith('text/html') || res.statusCode !== 200) continue;
      pages.push(url);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).not.toBe('');
      const scripts = scriptSrc(csp);
      expect(scripts, url).not.toBe('');
      expect(scripts, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:|https?:/);
      // and the page does not rely on one: every executable script is a file
      for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) {
        if (/type="application\/(ld\+)?json"/.test(tag)) continue;
        expect(tag, url).toMatch(/\bsrc="/);
      }
      expect(res.body, url).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
      expect(res.body, url).not.toContain(EVIL_HOST);
    }
    // the server's own pages, at least
    // (routes are kept without their trailing slash: /support/ is /support)
    for (const page of ['/support', '/support/agent', '/download', '/partners/1']) expect(pages).toContain(page);
    // the support form's script is served from this origin
    const js = await t.http.inject({ method: 'GET', url: '/support/ticket.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('/support/api/ticket');
  });

  it('every API reply is no-store and never carries the caller\'s Host header', async () => {
    // calls ending a session go last, so the others run signed in
    const api = routes
      .filter((r) => /^\/(api|admin\/api|support\/api|pay)\//.test(r.path) && (r.method === 'POST' || r.method === 'GET'))
      .sort((a, b) => Number(/log(off|out)/.test(a.path)) - Number(/log(off|out)/.test(b.path)));
    expect(api.length).toBeGreaterThan(50);
    for (const r of api) {
      const url = sample(r.path);
      const token = r.path.startsWith('/admin/') ? operator : member;
      const res = await t.http.inject({
        method: r.method as 'GET' | 'POST',
        url,
        headers: { host: EVIL_HOST, authorization: `Bearer ${token}`, ...(r.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        payload: r.method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], `${r.method} ${url}`).toBe('no-store');
      expect(res.body, url).not.toContain(EVIL_HOST);
    }
    // and the answers that certainly carry data: a member's, an operator's, an error
    for (const [url, token] of [['/api/user', member], ['/api/nowhere', member], ['/admin/api/reconciliation/list', operator]] as const) {
      const res = await t.http.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"page":1}' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('media and pages keep their own caching', async () => {
    expect((await t.http.inject({ method: 'GET', url: '/media/banners/welcome.svg' })).headers['cache-control']).toMatch(/max-age/);
    expect((await t.http.inject({ method: 'GET', url: '/support/' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ listen: true, publicUrl: 'https://m.casino.example' });
  });
  afterAll(() => t.stop());

  it('every absolute URL handed out starts with it, whatever Host the caller sends', async () => {
    const headers = { host: EVIL_HOST };
    const token = await t.register('publicurl1');
    const q = (path: string, body: unknown = {}) => t.post(path, body, { token, headers });
    expect((await q('/api/getservicerurl')).data.url).toBe('https://m.casino.example/support/');
    const agent = await t.http.inject({ method: 'GET', url: '/api/getAgentLoginUrl', headers });
    expect(agent.json().data.url).toBe('https://m.casino.example/support/agent');
    expect((await q('/api/sponsors')).data.map((s: { url: string }) => s.url)).toEqual(['https://m.casino.example/partners/1', 'https://m.casino.example/partners/2']);
    const launch = await q('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates', is_mobile_url: 1 });
    expect(launch.code, launch.message).toBe(200);
    expect(launch.data.url).toMatch(/^https:\/\/m\.casino\.example\/sandbox\/provider\/play\?token=/);
  });
});
