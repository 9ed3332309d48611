import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, CODE } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * An operator's sign-in in flight while another operator disables them or resets their password
 * (the answers to a stolen operator password or a departing employee): the session it made
 * outlived the disable (a working back-office token for a disabled operator) and the old password
 * (the stolen one kept working through the reset), because the account was read only before the
 * argon2 check. The check is made slow (an argon2 hash of more passes, which verify reads from the
 * hash itself), so the other operator's action lands inside it every time; SQLite and PostgreSQL.
 */
describe('operator sign-in racing a disable or a password reset', () => {
  let t: TestApp;
  let owner: string;
  let slowHash: string;
  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    // about half a second to check, where the usual hash takes 20 ms
    slowHash = await hash('stolen-pass-1', { algorithm: 2, memoryCost: 19456, timeCost: 100, parallelism: 1 } as Parameters<typeof hash>[1]);
  });
  afterAll(() => t.stop());

  const sessionsOf = async (id: number) =>
    Number((await t.ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('subject_kind', '=', 'admin').where('subject_id', '=', id).executeTakeFirstOrThrow()).n);

  async function raced(username: string, action: string, body: Record<string, unknown> = {}) {
    expect((await t.post('/admin/api/operators/create', { username, password: 'first-pass-1', role: 'finance' }, { token: owner })).code).toBe(200);
    const { id } = await t.ctx.db.selectFrom('admins').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('admins').set({ password_hash: slowHash, must_change_password: 0 }).where('id', '=', id).execute();
    const signIn = t.post('/admin/api/login', { username, password: 'stolen-pass-1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const done = await t.post(action, { username, ...body }, { token: owner });
    expect(done.code, done.message).toBe(200);
    return { id: Number(id), reply: await signIn };
  }

  it('a disable: the sign-in is refused and no session of the operator is left', async () => {
    const { id, reply } = await raced('oprace01', '/admin/api/operators/disable');
    expect(reply).toMatchObject({ code: CODE.invalid, message: ADMIN_MSG.loginFailed });
    expect(await sessionsOf(id)).toBe(0);
  });

  it('a password reset: the old password signs nobody in', async () => {
    const { id, reply } = await raced('oprace02', '/admin/api/operators/reset-password', { password: 'reset-pass-9' });
    expect(reply).toMatchObject({ code: CODE.invalid, message: ADMIN_MSG.loginFailed });
    expect(await sessionsOf(id)).toBe(0);
  });
});
