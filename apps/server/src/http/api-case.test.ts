import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';
import { postRoutes } from '../../test/routes.ts';
import { apiPathCase } from './api-case.ts';

/** Issue 19 / DESIGN.md section 3: /api/* paths match case-insensitively. */
describe('API paths in any case', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    token = await t.register('casepath01');
  });
  afterAll(() => t.stop());

  const call = async (method: 'GET' | 'POST', url: string, auth = '') => {
    const res = await t.http.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
      payload: method === 'POST' ? '{"page":1}' : undefined,
    });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
  };

  it('answers the original front-end spelling /api/noticelist and /api/activityapplylog (404 before)', async () => {
    const notices = await call('POST', '/api/noticelist');
    expect(notices.status).toBe(200);
    expect(notices.body.code).toBe(200);
    expect(notices.body.data).toMatchObject({ total: expect.any(Number), last_page: expect.any(Number) });
    expect(Array.isArray(notices.body.data.data)).toBe(true);

    const log = await call('POST', '/api/activityapplylog', token);
    expect(log.body.code).toBe(200);
    expect(log.body.data).toMatchObject({ data: [], total: 0 });
    // the same guard as the spec's spelling: no token, 401
    expect((await call('POST', '/api/activityapplylog')).body.code).toBe(CODE.unauthorized);
  });

  it('any case, a trailing slash and a query string reach the same call', async () => {
    for (const url of ['/API/NOTICELIST', '/Api/NoticeList/', '/api/noticelist?from=x', '/api/noticeList']) {
      const r = await call('POST', url);
      expect(r.status, url).toBe(200);
      expect(r.body.code, url).toBe(200);
    }
    const visit = await call('GET', '/api/GETVISITURL');
    expect(visit.status).toBe(200);
    expect(visit.body.message).not.toBe(MSG.notFound);
    const agent = await call('GET', '/api/getagentloginurl');
    expect(agent.body).toMatchObject({ code: 200, data: { url: expect.any(String) } });
  });

  it('unknown paths still answer the not-found envelope, in any case', async () => {
    for (const url of ['/api/nosuchcall', '/API/NOSUCHCALL']) {
      const r = await call('POST', url);
      expect(r.status, url).toBe(200);
      expect(r.body).toMatchObject({ code: CODE.notFound, message: MSG.notFound });
    }
  });

  it('the route table keeps the spec spelling; the back-office paths are unchanged', async () => {
    const routes = postRoutes(t.http.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('/api/activityApplyLog');
    expect(routes).toContain('/api/noticeList');
    expect(routes).not.toContain('/api/noticelist');
    // /admin/api is not rewritten (DESIGN.md names /api/* only)
    const admin = await call('POST', '/ADMIN/API/LOGIN');
    expect(admin.body.code).toBe(CODE.notFound);
    const login = await call('POST', '/admin/api/login');
    expect(login.body.code).not.toBe(CODE.notFound);
  });
});

describe('apiPathCase', () => {
  it('rewrites only fixed /api/ and /pay/api/ paths it knows', () => {
    const c = apiPathCase();
    for (const url of ['/api/noticeList', '/pay/api/queryOrderNo', '/admin/api/members/list', '/pay/notify/:gateway', '/media/X.svg']) {
      c.onRoute({ url, method: 'POST' } as never);
    }
    expect(c.rewriteUrl({ url: '/api/NOTICELIST?page=2' })).toBe('/api/noticeList?page=2');
    expect(c.rewriteUrl({ url: '/PAY/API/queryorderno?orderNo=D1' })).toBe('/pay/api/queryOrderNo?orderNo=D1');
    expect(c.rewriteUrl({ url: '/api/noticeList' })).toBe('/api/noticeList');
    expect(c.rewriteUrl({ url: '/admin/api/MEMBERS/LIST' })).toBe('/admin/api/MEMBERS/LIST');
    expect(c.rewriteUrl({ url: '/media/x.svg' })).toBe('/media/x.svg');
    expect(c.rewriteUrl({ url: '/api/unknown' })).toBe('/api/unknown');
  });
});
