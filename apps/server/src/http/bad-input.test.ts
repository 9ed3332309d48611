import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';

describe('bad input is answered with the envelope and changes nothing', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    token = await t.register('solid001');
  });
  afterAll(() => t.stop());

  const snapshot = async () => ({
    members: await t.ctx.db.selectFrom('members').selectAll().execute(),
    sessions: (await t.ctx.db.selectFrom('sessions').select('token_hash').execute()).length,
  });

  const raw = (url: string, payload: string | Buffer, contentType = 'application/json') =>
    t.http.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });

  it('malformed JSON, wrong types, missing fields, a megabyte body, hostile keys', async () => {
    const before = await snapshot();
    const cases: [string, string | Buffer, string][] = [
      ['/api/register', '{"name": "abc', MSG.badRequest],
      ['/api/register', '[]', MSG.badRequest],
      ['/api/register', '"text"', MSG.badRequest],
      ['/api/register', '{"name": {"$gt": ""}}', MSG.username],
      ['/api/register', '{"name": ["player99"]}', MSG.username],
      ['/api/register', '{"__proto__": {"admin": true}, "name": "x"}', MSG.username],
      ['/api/register', JSON.stringify({ name: 'abcdefg', password: 'x'.repeat(5000) }), MSG.passwordLength],
      ['/api/login_pc', '{"name": null, "password": null}', MSG.loginRequired],
      ['/api/login_pc', JSON.stringify({ name: 'a'.repeat(65), password: 'x' }), MSG.loginFailed],
      ['/api/login_pc', Buffer.alloc(2 * 1024 * 1024, 'a'), MSG.bodyTooLarge],
      ['/api/register', Buffer.from([0xff, 0xfe, 0x00, 0x7b]), MSG.badRequest],
      ['/api/balance', '{', MSG.badRequest],
    ];
    for (const [url, payload, message] of cases) {
      const res = await raw(url, payload);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(body.code).not.toBe(200);
      expect({ url, message: body.message }).toEqual({ url, message });
      expect(res.body).not.toMatch(/at .*\.ts|stack|Error:/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown content type or an unknown /api path', async () => {
    const xml = await raw('/api/register', '<a/>', 'application/xml');
    expect(xml.statusCode).toBe(200);
    expect(xml.json()).toMatchObject({ code: CODE.invalid, message: MSG.badRequest });
    for (const [method, url] of [['POST', '/api/nothing-here'], ['GET', '/api/user/extra'], ['DELETE', '/api/user'], ['GET', '/api']] as const) {
      const res = await t.http.inject({ method, url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ code: CODE.notFound, message: MSG.notFound, data: null, request_id: res.headers['x-request-id'] }); // issue 23: the id of every error reply
    }
  });

  it('an empty body on a read-only call is taken as {}', async () => {
    const res = await t.http.inject({ method: 'POST', url: '/api/balance', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    expect(res.json()).toMatchObject({ code: 200, data: { balance: 0 } });
  });
});
