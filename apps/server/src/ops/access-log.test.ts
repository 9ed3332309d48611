import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/wait.ts';
import { buildServerOnce, call, newSite, startServer, type Proc, type Site } from './testing.ts';

/**
 * Issue 23 point 4: one JSON line per request at info, without bodies or secrets, and the
 * request id on every error reply (header and envelope). Read from a real process's output.
 */
describe('access log and request ids', () => {
  let site: Site;
  let server: Proc;
  beforeAll(async () => {
    buildServerOnce();
    site = await newSite();
    server = await startServer(site, { SANDBOX: 'on' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await site?.drop();
  });

  /** the access-log line of one request id (waits for the process to print it) */
  function lineOf(reqId: string) {
    return waitFor(() => server.logLines().find((l) => l.msg === 'request' && l.req_id === reqId), { timeout: 5_000, what: `the access-log line of ${reqId}` });
  }

  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { res, json: (await res.json()) as { code: number; message: string; data: any; request_id?: string }, id: res.headers.get('x-request-id')! };
  }

  it('a refused login: the reply carries its request id in the header and the envelope; the line names route, status and code, never the password', async () => {
    const { json, id } = await post('/api/login', { name: 'demo888', password: 'wrong-password-123' });
    expect(json.code).toBe(400);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(json.request_id).toBe(id);
    const line = await lineOf(id);
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'POST', route: '/api/login', status: 200, code: 400, req_id: id, ip: '127.0.0.1' });
    expect(typeof line.ms).toBe('number');
    expect(line.member_id).toBeUndefined();
    expect(server.output()).not.toContain('wrong-password-123');
  });

  it("a member's call names the member; the token and the body stay out of the log; a success has no request_id field", async () => {
    const login = await post('/api/login', { name: 'demo888', password: 'demo888' });
    expect(login.json.code).toBe(200);
    const token = login.json.data.api_token as string;
    const memberId = (await lineOf(login.id)).member_id; // not known at login (no session yet)
    expect(memberId).toBeUndefined();
    const user = await post('/api/user', {}, { authorization: `Bearer ${token}` });
    expect(user.json.code).toBe(200);
    expect(user.json.request_id).toBeUndefined();
    const line = await lineOf(user.id);
    expect(line).toMatchObject({ route: '/api/user', code: 200, member_id: expect.any(Number) });
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain('"password"');
  });

  it("an operator's call names the operator; an unknown /api path and an expired token carry the id too", async () => {
    const admin = await post('/admin/api/login', { username: 'admin', password: 'ops-admin-password' });
    expect(admin.json.code).toBe(200);
    const me = await call(server.base, '/admin/api/reconciliation/days', { page: 1 }, admin.json.data.token);
    expect(me.code).toBe(200);
    const days = await post('/admin/api/reconciliation/days', { page: 1 }, { authorization: `Bearer ${admin.json.data.token}` });
    expect(await lineOf(days.id)).toMatchObject({ route: '/admin/api/reconciliation/days', operator_id: expect.any(Number) });
    expect(server.output()).not.toContain('ops-admin-password');

    const missing = await post('/api/no-such-call', {});
    expect(missing.json).toMatchObject({ code: 404, request_id: missing.id });
    expect(await lineOf(missing.id)).toMatchObject({ route: '(no route)', status: 200, code: 404 });

    const expired = await post('/api/user', {}, { authorization: `Bearer ${'x'.repeat(40)}` });
    expect(expired.json).toMatchObject({ code: 401, request_id: expired.id });
  });

  it("keeps a proxy's X-Request-Id when it is a plain token, replaces anything else", async () => {
    const given = 'nginx-3f2a9c1b7d5e4f60';
    const kept = await post('/api/login', { name: 'x' }, { 'x-request-id': given });
    expect(kept.id).toBe(given);
    expect(kept.json.request_id).toBe(given);
    const bad = await post('/api/login', { name: 'x' }, { 'x-request-id': 'a"},{"injected":1' });
    expect(bad.id).toMatch(/^[0-9a-f]{16}$/);
    expect(server.output()).not.toContain('injected');
  });

  it('a page request (not /api) is logged with its HTTP status and carries the header', async () => {
    const res = await fetch(`${server.base}/no-such-file.png`);
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id')!;
    expect(await lineOf(id)).toMatchObject({ method: 'GET', status: 404 });
  });
});
