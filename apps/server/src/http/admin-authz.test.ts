import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEFAULT_ROLES, grants, PERMISSIONS, type Permission } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';
import { postRoutes } from '../../test/routes.ts';
import { adminRouteTable } from './admin-routes.ts';
import { FORBIDDEN_MESSAGE } from './admin-routes.ts';

/**
 * The authorization matrix (issue 12): every /admin/api call of the route table x every default
 * role (and the first operator's 'owner', a member's token and no token). Exactly the calls a
 * role's permissions allow get past the permission check; every other answers 403 (401 without
 * an operator session) and changes nothing: no ledger entry, no audit row, no other write.
 * The calls are read from the running app, so a call added later is in the matrix by itself.
 */

/** calls without a session: the login form's own */
const PUBLIC_CALLS = new Set(['/admin/api/login', '/admin/api/captcha']);
/** calls about the operator's own session and account: any signed-in operator (permission null) */
const SELF_CALLS = new Set(['/admin/api/logout', '/admin/api/me', '/admin/api/me/password', '/admin/api/me/totp/setup', '/admin/api/me/totp/enable', '/admin/api/me/totp/disable']);

const TABLES = ['ledger_entries', 'ledger_accounts', 'admin_audit', 'settings', 'admins', 'admin_roles', 'members', 'member_notes', 'member_messages', 'venue_transfers', 'turnover_requirements'] as const;

describe('authorization matrix of the back-office calls', () => {
  let t: TestApp;
  const tokens = new Map<string, string | null>();
  const roles = ['owner', ...Object.keys(DEFAULT_ROLES)];
  const permsOf = (role: string) => (role === 'owner' ? ['*'] : DEFAULT_ROLES[role].grants);

  beforeAll(async () => {
    t = await startApp();
    const owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    tokens.set('owner', owner);
    for (const role of Object.keys(DEFAULT_ROLES)) {
      const username = `op_${role}`;
      const made = await t.post('/admin/api/operators/create', { username, password: 'matrix-pass1', role }, { token: owner });
      expect(made.code, made.message).toBe(200);
      tokens.set(role, (await t.post('/admin/api/login', { username, password: 'matrix-pass1' })).data.token);
    }
    tokens.set('member', await t.register('matrix01'));
    tokens.set('none', null);
  });
  afterAll(() => t.stop());

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of TABLES) out[table] = await t.ctx.db.selectFrom(table).selectAll().execute();
    return out;
  };
  const call = (path: string, token: string | null, body: unknown = {}) => t.post(path, body, token ? { token } : {});

  it('every /admin/api call is in the route table with a known permission', () => {
    const table = adminRouteTable();
    const served = postRoutes(t.http.printRoutes({ commonPrefix: false })).filter((p) => p.startsWith('/admin/api/'));
    expect(table.length).toBeGreaterThan(20);
    // a call registered past the table (no permission check) fails here
    expect(served.filter((p) => !PUBLIC_CALLS.has(p) && !table.some((r) => r.path === p))).toEqual([]);
    for (const { path, permission } of table) {
      if (permission === null) expect(SELF_CALLS.has(path), `${path} has no permission: only the operator's own calls may`).toBe(true);
      else expect(Object.keys(PERMISSIONS), path).toContain(permission);
    }
    // the calls DESIGN.md section 11 names for operators
    expect(table.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/admin/api/members/adjust', '/admin/api/roles/list', '/admin/api/operators/create', '/admin/api/audit/list', '/admin/api/settings/get', '/admin/api/settings/update']),
    );
  });

  it('refuses every call a role does not hold with 403 (401 without an operator session) and changes nothing', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    let refused = 0;
    for (const { path, permission } of adminRouteTable()) {
      for (const [who, token] of tokens) {
        const operator = who !== 'member' && who !== 'none';
        if (operator && (permission === null || grants(permsOf(who), permission as Permission))) continue;
        // a body that would act if the check let it through
        const reply = await call(path, token, { username: 'matrix01', amount: 10, reason: '越权测试', permissions: ['*'], code: 'x_role', name: 'x', role: 'super', password: 'matrix-pass1', title: 't', content: 'c', vip: 3 });
        const expected = operator ? CODE.forbidden : CODE.unauthorized;
        expect(reply.code, `${who} ${path}`).toBe(expected);
        if (operator) expect(reply.message).toBe(FORBIDDEN_MESSAGE);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });

  it('lets every role through exactly the calls its permissions allow', { timeout: 180_000 }, async () => {
    // logout last: it ends the session the other calls use
    const table = adminRouteTable().sort((a, b) => Number(a.path === '/admin/api/logout') - Number(b.path === '/admin/api/logout'));
    let passed = 0;
    for (const role of roles) {
      for (const { path, permission } of table) {
        if (permission !== null && !grants(permsOf(role), permission as Permission)) continue;
        // an empty body: the call gets past the permission check and answers its own way
        const reply = await call(path, tokens.get(role)!, {});
        expect([CODE.forbidden, CODE.unauthorized], `${role} ${path}: ${reply.message}`).not.toContain(reply.code);
        expect(reply.code, `${role} ${path}: ${reply.message}`).not.toBe(CODE.error);
        passed++;
      }
    }
    expect(passed).toBeGreaterThan(50);
  });
});
