import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';
import { postRoutes } from '../../test/routes.ts';

/**
 * Every member call, whatever module it belongs to, answers hostile bodies with the envelope
 * (HTTP 200, a refusal code, a Chinese message, no stack trace) and changes nothing. The
 * calls are read from the running app's route table, so a call added later is covered too.
 */

/** calls whose own tests cover bodies (they change state by design or take multipart) */
const OWN_RULES = new Set(['/api/logoff', '/api/login', '/api/login_pc', '/api/register', '/api/uploadimg']);

const HOSTILE: string[] = [
  'null',
  '[]',
  '"text"',
  '12345',
  JSON.stringify({ id: { $gt: 0 }, page: [1], type: '1 OR 1=1', amount: '1e309', date: {}, api_type: ['pp'] }),
  JSON.stringify({ id: -1, page: 1e20, type: -5, amount: -100, date: 99, gamecode: '../../etc/passwd', plat_name: '<script>' }),
  JSON.stringify({ id: 1.5, page: 'NaN', amount: 'Infinity', transferstatus: 7, sourcetype: 'userbalance', targettype: 'userbalance' }),
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"polluted": true}}}',
  JSON.stringify({ username: { $ne: '' }, amount: '1e309', reason: ['x'], request_id: { a: 1 }, turnover_multiple: -1 }),
  JSON.stringify({ username: 'hostile01', amount: 1e20, reason: 'r'.repeat(20_000), turnover_multiple: 1e9 }),
  JSON.stringify({ username: 'hostile01', amount: 0.001, reason: '   ', request_id: 'x'.repeat(20_000) }),
  JSON.stringify({
    id: '9'.repeat(40),
    mobile: 'x'.repeat(20_000),
    email: 'y'.repeat(20_000),
    apply_info: 'z'.repeat(20_000),
    bank_no: '1'.repeat(20_000),
    password: 'p'.repeat(20_000),
  }),
];

/** Every hostile body on one call: HTTP 200, a refusal envelope with a message, no trace. */
async function expectRefusedCleanly(t: TestApp, url: string, token: string) {
  for (const payload of HOSTILE) {
    const res = await t.http.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    const where = `${url} ${payload.slice(0, 60)}`;
    expect(res.statusCode, where).toBe(200);
    const body = res.json() as { code: number; message: string };
    expect(body.code, where).not.toBe(500);
    expect(typeof body.message, where).toBe('string');
    expect(res.body, where).not.toMatch(/at .*\.[jt]s:\d|stack|Error:|SQLITE|syntax error/i);
  }
}

describe('hostile bodies on every member call', () => {
  let t: TestApp;
  let token: string;
  let calls: string[];
  beforeAll(async () => {
    t = await startApp();
    token = await t.register('hostile01');
    calls = postRoutes(t.http.printRoutes({ commonPrefix: false })).filter((p) => p.startsWith('/api/') && !OWN_RULES.has(p));
  });
  afterAll(() => t.stop());

  const TABLES = [
    'members', 'sessions', 'ledger_accounts', 'ledger_entries', 'venue_transfers', 'venue_players', 'member_cards',
    'member_messages', 'agent_applications', 'support_tickets', 'bets', 'admin_audit', 'settings',
  ] as const;
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of TABLES) out[table] = await t.ctx.db.selectFrom(table).selectAll().execute();
    return out;
  };

  it('reads the calls from the route table', () => {
    // a broken parse would make the next test pass on nothing
    expect(calls.length).toBeGreaterThan(30);
    expect(calls).toEqual(
      expect.arrayContaining(['/api/transfer', '/api/bindcard', '/api/editPassword', '/api/readmessage', '/api/activitydeatil', '/api/applyagentdo', '/api/applyagentinfo']),
    );
  });

  it('answers each with the envelope, no 500, no trace, and changes nothing', { timeout: 120_000 }, async () => {
    const before = await snapshot();
    for (const url of calls) await expectRefusedCleanly(t, url, token);
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('hostile bodies on every back-office call', () => {
  let t: TestApp;
  let token: string;
  let calls: string[];
  beforeAll(async () => {
    t = await startApp();
    await t.register('hostile01');
    const login = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
    expect(login.code, login.message).toBe(200);
    token = login.data.token;
    calls = postRoutes(t.http.printRoutes({ commonPrefix: false })).filter((p) => p.startsWith('/admin/api/') && p !== '/admin/api/login');
  });
  afterAll(() => t.stop());

  it('answers each with the envelope, no 500, no trace, and moves no money', { timeout: 120_000 }, async () => {
    expect(calls).toContain('/admin/api/members/adjust');
    const entries = () => t.ctx.db.selectFrom('ledger_entries').selectAll().execute();
    const audit = () => t.ctx.db.selectFrom('admin_audit').selectAll().execute();
    const [ledgerBefore, auditBefore] = [await entries(), await audit()];
    for (const url of calls) await expectRefusedCleanly(t, url, token);
    expect(await entries()).toEqual(ledgerBefore);
    expect(await audit()).toEqual(auditBefore);
  });
});
