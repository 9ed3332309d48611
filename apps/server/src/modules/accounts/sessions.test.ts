import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';
import { joinDay } from './member-facts.ts';

describe('sessions and the member calls', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp({ sessionIdleMinutes: 30 });
    token = await t.register('session01');
  });
  afterAll(() => t.stop());

  const unauthorized = { code: CODE.unauthorized, message: MSG.authExpired, data: null };

  it('answers 401 for a missing, malformed or unknown token on every member call', async () => {
    for (const path of ['/api/user', '/api/refreshusermoney', '/api/balance', '/api/logoff']) {
      expect(await t.post(path, {})).toEqual(unauthorized);
      expect(await t.post(path, {}, { headers: { authorization: 'Bearer' } })).toEqual(unauthorized);
      expect(await t.post(path, {}, { headers: { authorization: `Basic ${token}` } })).toEqual(unauthorized);
      expect(await t.post(path, {}, { token: 'x'.repeat(43) })).toEqual(unauthorized);
      expect(await t.post(path, {}, { token: `${token}'--` })).toEqual(unauthorized);
    }
  });

  it('answers the userInfo fields of the spec and never a secret', async () => {
    for (const path of ['/api/user', '/api/refreshusermoney']) {
      const reply = await t.post(path, {}, { token });
      expect(reply.code).toBe(200);
      expect(Object.keys(reply.data).sort()).toEqual(
        [
          'username', 'realname', 'avatar', 'mobile', 'email', 'birthday', 'balance', 'gameblance', 'paysum', 'vip',
          'current_vip', 'usdtrate', 'transferstatus', 'withdrawcashfee', 'withdrawfeeusdttrc', 'withdrawusdtrate',
          // ours (issue 15): the 已实名 badge's flag
          'realname_verified',
          // the original front-end's (issue 19): days since joining, agent flag
          'joinday', 'isagent',
        ].sort(),
      );
      expect(reply.data).toMatchObject({ username: 'session01', current_vip: 'VIP1', transferstatus: 1, usdtrate: 7.2, joinday: 0, isagent: 0 });
      expect(JSON.stringify(reply)).not.toMatch(/argon2|hash|654321|secret123/);
    }
  });

  it('joinday counts whole Beijing days since registration; isagent is 0 while no agent record exists', async () => {
    const bjMs = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);
    expect(joinDay(bjMs('2026-01-01 23:59:59'), bjMs('2026-01-02 00:00:00'))).toBe(1);
    expect(joinDay(bjMs('2026-01-01 00:00:00'), bjMs('2026-01-01 23:59:59'))).toBe(0);
    expect(joinDay(bjMs('2026-01-01 08:00:00'), bjMs('2026-01-31 07:00:00'))).toBe(30);
    // registered at 00:30 Beijing three days before today's Beijing date: 3 days, whatever the hour now
    const today = Date.parse(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:30:00+08:00`);
    await t.ctx.db.updateTable('members').set({ created_at: today - 3 * 86_400_000 }).where('username', '=', 'session01').execute();
    expect((await t.post('/api/user', {}, { token })).data).toMatchObject({ joinday: 3, isagent: 0 });
  });

  it('answers the central balance in yuan from the ledger account', async () => {
    const member = await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'session01').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('ledger_accounts').set({ balance: 123456 }).where('code', '=', `member:${member.id}:central`).execute();
    expect(await t.post('/api/balance', {}, { token })).toMatchObject({ code: 200, data: { balance: 1234.56 } });
    expect((await t.post('/api/user', {}, { token })).data.balance).toBe(1234.56);
    await t.ctx.db.updateTable('ledger_accounts').set({ balance: 0 }).where('code', '=', `member:${member.id}:central`).execute();
  });

  it('stores only a hash of the token', async () => {
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('expires a session idle longer than the setting, and keeps a busy one alive', async () => {
    const idle = await t.register('idle0001');
    const busy = await t.register('busy0001');
    const longAgo = Date.now() - 31 * 60_000;
    const recent = Date.now() - 29 * 60_000;
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: longAgo }).where('token_hash', '=', hashToken(idle)).execute();
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: recent }).where('token_hash', '=', hashToken(busy)).execute();
    expect(await t.post('/api/balance', {}, { token: idle })).toEqual(unauthorized);
    expect((await t.post('/api/balance', {}, { token: busy })).code).toBe(200);
    // the call refreshed the busy session's idle clock
    const row = await t.ctx.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hashToken(busy)).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBeGreaterThan(Date.now() - 60_000);
    // an expired session is gone for good
    expect(await t.ctx.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', hashToken(idle)).executeTakeFirst()).toBeUndefined();
  });

  it('logoff revokes that session only', async () => {
    const other = (await t.post('/api/login_pc', { name: 'session01', password: 'secret123' })).data.api_token;
    expect(await t.post('/api/logoff', {}, { token })).toMatchObject({ code: 200, message: MSG.logoutOk });
    expect(await t.post('/api/user', {}, { token })).toEqual(unauthorized);
    expect(await t.post('/api/logoff', {}, { token })).toEqual(unauthorized);
    expect((await t.post('/api/user', {}, { token: other })).code).toBe(200);
  });
});
