import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * A sign-in in flight while an operator freezes the member or resets their password (the usual
 * answers to a stolen or abused account): the session it makes must not outlive the freeze or the
 * old password. The password's check is made slow (an argon2 hash of more passes, which verify
 * reads from the hash itself), so the operator's action lands inside it every time; SQLite and
 * PostgreSQL.
 */
describe('sign-in racing a freeze or a password reset', () => {
  let t: TestApp;
  let admin: string;
  let slowHash: string;
  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    // about half a second to check, where the usual hash takes 20 ms
    slowHash = await hash('secret123', { algorithm: 2, memoryCost: 19456, timeCost: 100, parallelism: 1 } as Parameters<typeof hash>[1]);
  });
  afterAll(() => t.stop());

  const sessionsOf = async (id: number) =>
    Number((await t.ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('subject_kind', '=', 'member').where('subject_id', '=', id).executeTakeFirstOrThrow()).n);

  async function raced(name: string, action: string) {
    await t.register(name);
    const { id } = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('members').set({ password_hash: slowHash }).where('id', '=', id).execute();
    const signIn = t.post('/api/login_pc', { name, password: 'secret123' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const done = await t.post(action, { username: name, reason: '账号被盗，冻结处理' }, { token: admin });
    expect(done.code, done.message).toBe(200);
    return { id, reply: await signIn };
  }

  it('a freeze: the sign-in is refused and no session of the member is left', async () => {
    const { id, reply } = await raced('loginrace01', '/admin/api/members/freeze');
    expect(reply).toMatchObject({ code: CODE.forbidden, message: MSG.accountDisabled });
    expect(await sessionsOf(id)).toBe(0);
  });

  it('a password reset: the old password signs nobody in', async () => {
    const { id, reply } = await raced('loginrace02', '/admin/api/members/reset-password');
    expect(reply).toMatchObject({ code: CODE.invalid, message: MSG.loginFailed });
    expect(await sessionsOf(id)).toBe(0);
  });

  it('one member signing in from several devices at once: every sign-in is made (no deadlock between them)', async () => {
    await t.register('loginrace03');
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.post('/api/login_pc', { name: 'loginrace03', password: 'secret123' })));
    expect(replies.map((r) => r.code)).toEqual(Array(8).fill(200));
  });
});
