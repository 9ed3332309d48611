import { describe, expect, it } from 'vitest';
import { ME_PATH, routePattern, routePreloadScript } from './route-preload';

const ROUTES = [
  { path: '/', files: ['Dashboard.js', 'statistic.js'] },
  { path: '/members', files: ['Members.js', 'table.js'] },
  { path: '/members/:username', files: ['MemberDetail.js', 'table.js', 'descriptions.js'] },
  { path: '/agents/statements', files: ['Statements.js'] },
  { path: '/agents/:id', files: ['AgentDetail.js'] },
];

/** runs the script as a page at `pathname` would, with or without a token; -> what it did */
function run(pathname: string, token: string | null, started = false) {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const fetches: { url: string; init: RequestInit }[] = [];
  const window: { __adminBoot?: Record<string, unknown> } = started ? { __adminBoot: {} } : {};
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null as string | null }),
    head: { appendChild: (l: (typeof links)[number]) => links.push(l) },
  };
  const localStorage = { getItem: (k: string) => (k === 'adminToken' ? token : null) };
  const fetch = (url: string, init: RequestInit) => {
    fetches.push({ url, init });
    return Promise.resolve({ json: () => Promise.resolve({ code: 200, data: { username: 'op' } }) });
  };
  new Function('window', 'document', 'location', 'localStorage', 'fetch', routePreloadScript(ROUTES, '/admin/assets/', 'adminToken', '/admin', ['Login.js', 'table.js']))(
    window,
    document,
    { pathname },
    localStorage,
    fetch,
  );
  return { links, fetches, boot: window.__adminBoot };
}

describe('route preload script (issue 37 point 5)', () => {
  it('links the files of the screen at the address, in order, as modulepreload with CORS like Vite', () => {
    const { links } = run('/admin/members/alice', 'tok');
    expect(links.map((l) => l.href)).toEqual(['/admin/assets/MemberDetail.js', '/admin/assets/table.js', '/admin/assets/descriptions.js']);
    expect(links.every((l) => l.rel === 'modulepreload' && l.crossOrigin === '')).toBe(true);
  });

  it('matches as the router does: whole path, trailing slash, static before :id, the dashboard at /admin', () => {
    expect(run('/admin/members/', 'tok').links.map((l) => l.href)).toEqual(['/admin/assets/Members.js', '/admin/assets/table.js']);
    expect(run('/admin/agents/statements', 'tok').links.map((l) => l.href)).toEqual(['/admin/assets/Statements.js']);
    expect(run('/admin/agents/7', 'tok').links.map((l) => l.href)).toEqual(['/admin/assets/AgentDetail.js']);
    expect(run('/admin', 'tok').links.map((l) => l.href)).toEqual(['/admin/assets/Dashboard.js', '/admin/assets/statistic.js']);
    expect(run('/admin/', 'tok').links.map((l) => l.href)).toEqual(['/admin/assets/Dashboard.js', '/admin/assets/statistic.js']);
    expect(run('/admin/members/alice/extra', 'tok').links).toEqual([]);
    expect(run('/administrator', 'tok').links).toEqual([]);
  });

  it('asks who the operator is with their token in a header, never the address, and leaves the answer for the app', async () => {
    const { fetches, boot } = run('/admin/members', 'tok-1');
    expect(fetches).toHaveLength(1);
    expect(fetches[0].url).toBe(ME_PATH);
    expect(fetches[0].init).toMatchObject({ method: 'POST', body: '{}', headers: { Authorization: 'Bearer tok-1' } });
    expect(await boot?.[ME_PATH]).toEqual({ code: 200, data: { username: 'op' } });
  });

  it("signed out: links the sign-in page's files at any address, asks nothing", () => {
    for (const at of ['/admin/members', '/admin/login', '/admin']) {
      const r = run(at, null);
      expect(r.links.map((l) => l.href)).toEqual(['/admin/assets/Login.js', '/admin/assets/table.js']);
      expect(r.fetches).toEqual([]);
      expect(r.boot).toBeUndefined();
    }
  });

  it('does nothing once the app has started (the script arrived late)', () => {
    for (const r of [run('/admin/members', 'tok', true), run('/admin/members', null, true)]) {
      expect(r.links).toEqual([]);
      expect(r.fetches).toEqual([]);
    }
  });

  it('escapes a path for its pattern', () => {
    expect(new RegExp(routePattern('/a.b/:id'), 'i').test('/a.b/1')).toBe(true);
    expect(new RegExp(routePattern('/a.b/:id'), 'i').test('/axb/1')).toBe(false);
  });
});
