import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEFAULT_ROLES, grants, PERMISSIONS, type Permission } from '@casino/contract';
import { startApp, type TestApp } from '../../test/harness.ts';
import { postRoutes } from '../../test/routes.ts';
import { adminRouteTable, FORBIDDEN_MESSAGE } from './admin-routes.ts';

/**
 * The authorization matrix (issue 12): every /admin/api call of the route table x every default
 * role (and the first operator's 'owner', a member's token and no token). Exactly the calls a
 * role's permissions allow get past the permission check; every other answers 403 (401 without
 * an operator session) and changes nothing: no ledger entry, no audit row, no other write.
 * The expected permissions are one reviewed table (ROUTE_PERMISSIONS), checked against the
 * running app's route table, so a call added later without an entry fails the test.
 */

/** calls without a session: the login form's own */
const PUBLIC_CALLS = new Set(['/admin/api/login', '/admin/api/captcha']);
/**
 * THE table: every back-office call and the permission it needs (null: any signed-in operator,
 * only for the operator's own session and account). The server's route table must equal it, so
 * a new call without an entry here, or a permission changed without review, fails this test.
 */
const ROUTE_PERMISSIONS: Record<string, Permission | null> = {
  '/admin/api/logout': null,
  '/admin/api/members/adjust': 'members.adjust',
  '/admin/api/me/password': null,
  '/admin/api/me/totp/setup': null,
  '/admin/api/me/totp/enable': null,
  '/admin/api/me/totp/disable': null,
  '/admin/api/me': null,
  '/admin/api/operators/list': 'operators.manage',
  '/admin/api/operators/create': 'operators.manage',
  '/admin/api/operators/update': 'operators.manage',
  '/admin/api/operators/disable': 'operators.manage',
  '/admin/api/operators/enable': 'operators.manage',
  '/admin/api/operators/reset-password': 'operators.manage',
  '/admin/api/operators/reset-totp': 'operators.manage',
  '/admin/api/roles/list': 'operators.manage',
  '/admin/api/roles/create': 'operators.manage',
  '/admin/api/roles/update': 'operators.manage',
  '/admin/api/audit/list': 'audit.view',
  '/admin/api/settings/get': 'settings.view',
  '/admin/api/settings/update': 'settings.update',
  '/admin/api/reconciliation/list': 'reconciliation.view',
  '/admin/api/reconciliation/resolve': 'reconciliation.resolve',
  '/admin/api/withdrawals/list': 'withdrawals.view',
  '/admin/api/withdrawals/claim': 'withdrawals.review',
  '/admin/api/withdrawals/release': 'withdrawals.review',
  '/admin/api/withdrawals/approve': 'withdrawals.review',
  '/admin/api/withdrawals/reject': 'withdrawals.review',
  '/admin/api/activity-applications/list': 'promotions.view',
  '/admin/api/activity-applications/approve': 'promotions.manage',
  '/admin/api/activity-applications/reject': 'promotions.manage',
  '/admin/api/red-packet-rules/list': 'promotions.view',
  '/admin/api/red-packet-rules/create': 'promotions.manage',
  '/admin/api/red-packet-rules/update': 'promotions.manage',
  '/admin/api/red-packet-rules/delete': 'promotions.manage',
  '/admin/api/rebates/runs': 'promotions.view',
  '/admin/api/deposits/list': 'deposits.view',
  '/admin/api/deposits/approve': 'deposits.review',
  '/admin/api/deposits/reject': 'deposits.review',
  '/admin/api/deposit-accounts/list': 'deposits.view',
  '/admin/api/deposit-accounts/create': 'settings.update',
  '/admin/api/deposit-accounts/update': 'settings.update',
  '/admin/api/dashboard/summary': 'dashboard.view',
  '/admin/api/dashboard/series': 'dashboard.view',
  '/admin/api/members/list': 'members.view',
  '/admin/api/members/get': 'members.view',
  '/admin/api/members/balances': 'members.view',
  '/admin/api/members/records': 'members.view',
  '/admin/api/members/reveal-card': 'cards.reveal',
  '/admin/api/members/freeze': 'members.edit',
  '/admin/api/members/unfreeze': 'members.edit',
  '/admin/api/members/reset-password': 'members.edit',
  '/admin/api/members/reset-pay-password': 'members.edit',
  '/admin/api/members/end-sessions': 'members.edit',
  '/admin/api/members/recover-venues': 'members.edit',
  '/admin/api/members/set-vip': 'members.edit',
  '/admin/api/members/message': 'members.edit',
  '/admin/api/members/verify-realname': 'members.edit',
  '/admin/api/members/note': 'members.edit',
  '/admin/api/transfers/list': 'transfers.view',
  '/admin/api/transfers/settle': 'transfers.settle',
};

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

  it('every /admin/api call is in the table with the permission reviewed there', () => {
    const table = adminRouteTable();
    const served = postRoutes(t.http.printRoutes({ commonPrefix: false })).filter((p) => p.startsWith('/admin/api/'));
    // a call registered past registerAdminRoutes (no permission check) fails here
    expect(served.filter((p) => !PUBLIC_CALLS.has(p) && !table.some((r) => r.path === p))).toEqual([]);
    // a call without an entry, an entry without a call, or a changed permission fails here
    expect(Object.fromEntries(table.map((r) => [r.path, r.permission]))).toEqual(ROUTE_PERMISSIONS);
    for (const [path, permission] of Object.entries(ROUTE_PERMISSIONS)) {
      if (permission === null) expect(path === '/admin/api/logout' || path.startsWith('/admin/api/me'), `${path}: only the operator's own calls go without a permission`).toBe(true);
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
    for (const [path, permission] of Object.entries(ROUTE_PERMISSIONS)) {
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
    const table = Object.entries(ROUTE_PERMISSIONS)
      .map(([path, permission]) => ({ path, permission }))
      .sort((a, b) => Number(a.path === '/admin/api/logout') - Number(b.path === '/admin/api/logout'));
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
