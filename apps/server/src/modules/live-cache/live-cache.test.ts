import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@casino/contract';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';
import { sessionTopics } from '../accounts/sessions.ts';
import { CENTRAL_CHANGED, memberAccountCode, wallet } from '../wallet/index.ts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { announce } from '../../db/hooks.ts';
import { decode, type Invalidation } from './index.ts';
import { REDIS_URL, redisReachable } from '../../../test/redis.ts';

/**
 * issue 24: the balance poll answers from memory, and never what a committed posting or an
 * ended session has made stale: in this process at once, in another process as soon as the
 * invalidation arrives (PostgreSQL: through LISTEN/NOTIFY, or Redis pub/sub when configured).
 */

const haveRedis = await redisReachable();

const unauthorized = { code: CODE.unauthorized, message: MSG.authExpired, data: null };

async function memberId(t: TestApp, name: string) {
  return (await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
}

/** changes a balance behind the ledger's back: a poll still answering the old figure was answered from memory */
async function forceBalance(t: TestApp, id: number, fen: number) {
  await t.ctx.db.updateTable('ledger_accounts').set({ balance: fen }).where('code', '=', memberAccountCode(id, 'central')).execute();
}

const balanceOf = async (t: TestApp, token: string) => (await t.post('/api/balance', {}, { token })).data?.balance;

describe('live cache in one process', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  it('answers the poll from memory, and a posting is seen by the very next poll', async () => {
    const token = await t.register('cache001');
    const id = await memberId(t, 'cache001');
    expect(await balanceOf(t, token)).toBe(0);
    await forceBalance(t, id, 999_00);
    expect(await balanceOf(t, token)).toBe(0);
    await forceBalance(t, id, 0);
    await wallet.creditFromHouse(t.ctx.db, { memberId: id, house: 'deposits', amount: 150_00, reference: 'o1', idempotencyKey: 'live:1' });
    expect(await balanceOf(t, token)).toBe(150);
    // inside a caller's transaction: stale only once it commits, never after
    await t.ctx.db.transaction().execute(async (trx) => {
      await wallet.debitToHouse(trx, { memberId: id, amount: 50_00, reference: 'o2', idempotencyKey: 'live:2' });
    });
    expect(await balanceOf(t, token)).toBe(100);
    // a rolled-back posting leaves the kept figure right
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await wallet.debitToHouse(trx, { memberId: id, amount: 10_00, reference: 'o3', idempotencyKey: 'live:3' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await balanceOf(t, token)).toBe(100);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)('a poll while a caller\'s transaction holds a posting keeps the old figure only until it commits', async () => {
    const token = await t.register('cache003');
    const id = await memberId(t, 'cache003');
    await wallet.creditFromHouse(t.ctx.db, { memberId: id, house: 'deposits', amount: 70_00, reference: 'p1', idempotencyKey: 'live:p1' });
    await t.ctx.db.transaction().execute(async (trx) => {
      await wallet.debitToHouse(trx, { memberId: id, amount: 20_00, reference: 'p2', idempotencyKey: 'live:p2' });
      // another connection: not committed yet, the old figure (and kept as such)
      expect(await balanceOf(t, token)).toBe(70);
      expect(await balanceOf(t, token)).toBe(70);
    });
    expect(await balanceOf(t, token)).toBe(50);
  });

  it('a logout, a password change and an operator ending sessions end cached sessions at once', async () => {
    const a = await t.register('cache002');
    const b = (await t.post('/api/login', { name: 'cache002', password: 'secret123' })).data.api_token;
    const c = (await t.post('/api/login', { name: 'cache002', password: 'secret123' })).data.api_token;
    for (const token of [a, b, c]) expect(await balanceOf(t, token)).toBe(0);
    expect((await t.post('/api/logoff', {}, { token: a })).code).toBe(200);
    expect(await t.post('/api/balance', {}, { token: a })).toEqual(unauthorized);
    expect(await balanceOf(t, b)).toBe(0);
    expect((await t.post('/api/editPassword', { password: 'secret123', paypassword: 'secret456' }, { token: b })).code).toBe(200);
    expect(await t.post('/api/balance', {}, { token: b })).toEqual(unauthorized);
    expect(await t.post('/api/balance', {}, { token: c })).toEqual(unauthorized);

    const d = (await t.post('/api/login', { name: 'cache002', password: 'secret456' })).data.api_token;
    expect(await balanceOf(t, d)).toBe(0);
    expect((await t.post('/admin/api/members/end-sessions', { username: 'cache002', reason: '测试' }, { token: owner })).code).toBe(200);
    expect(await t.post('/api/balance', {}, { token: d })).toEqual(unauthorized);

    const e = (await t.post('/api/login', { name: 'cache002', password: 'secret456' })).data.api_token;
    expect(await balanceOf(t, e)).toBe(0);
    expect((await t.post('/admin/api/members/freeze', { username: 'cache002', reason: '测试' }, { token: owner })).code).toBe(200);
    expect(await t.post('/api/balance', {}, { token: e })).toEqual(unauthorized);
  });
});

/** resolves when `b` hears from another process that `key` of `topic` is stale */
function heard(b: TestApp, topic: string, key: string | number, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no invalidation of ${topic} ${key} within ${ms} ms`));
    }, ms);
    const off = b.live.onRemote((m: Invalidation) => {
      if (m.topic === topic && m.keys.map(String).includes(String(key))) {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  });
}

for (const bus of ['postgres', 'redis'] as const) {
  describe.skipIf(!onPostgres || (bus === 'redis' && !haveRedis))(`live cache across two processes on PostgreSQL (${bus === 'redis' ? 'Redis pub/sub' : 'LISTEN/NOTIFY'})`, () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const redis = bus === 'redis' ? { redisUrl: REDIS_URL } : {};
      a = await startApp(redis);
      // the second process: the same database and schema
      b = await startApp({ ...redis, databaseSchema: a.ctx.config.databaseSchema });
      await Promise.all([a.live.ready(), b.live.ready()]);
      expect([a.live.bus.kind, b.live.bus.kind]).toEqual([bus, bus]);
    });
    afterAll(async () => {
      await b?.stop();
      await a?.stop();
    });

    it('a posting in one process is seen by the next poll in the other once the invalidation arrives', async () => {
      const token = await a.register(`x${bus.slice(0, 4)}001`);
      const id = await memberId(a, `x${bus.slice(0, 4)}001`);
      expect(await balanceOf(b, token)).toBe(0);
      await forceBalance(a, id, 999_00);
      expect(await balanceOf(b, token)).toBe(0); // kept in b
      await forceBalance(a, id, 0);
      const arrived = heard(b, CENTRAL_CHANGED, id);
      await wallet.creditFromHouse(a.ctx.db, { memberId: id, house: 'deposits', amount: 88_00, reference: 'x1', idempotencyKey: `live:${bus}:1` });
      expect(await balanceOf(a, token)).toBe(88);
      await arrived;
      expect(await balanceOf(b, token)).toBe(88);
    });

    it('a commit touching two topics goes out as one message carrying both (issue 37 point 3)', async () => {
      const name = `z${bus.slice(0, 4)}001`;
      await a.register(name);
      const id = await memberId(a, name);
      // the raw channel, as a third listener sees it: the messages of a's origin naming this member
      const scope = (a.ctx.config.databaseSchema ?? 'public').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 50);
      const raw: Invalidation[][] = [];
      let seen!: () => void;
      const both = new Promise<void>((resolve) => (seen = resolve));
      const take = (payload: string) => {
        const all = decode(payload);
        if (!all || all[0]?.origin !== a.live.bus.origin || !all.some((m) => m.keys.map(String).includes(String(id)))) return;
        raw.push(all);
        const topics = new Set(raw.flat().map((m) => m.topic));
        if (topics.has(CENTRAL_CHANGED) && topics.has(sessionTopics('member').subject)) seen();
      };
      let stop: () => Promise<unknown>;
      if (bus === 'postgres') {
        const c = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
        await c.connect();
        c.on('notification', (n) => n.payload && take(n.payload));
        await c.query(`LISTEN "cache_${scope}"`);
        stop = () => c.end();
      } else {
        const r = new Redis(REDIS_URL);
        r.on('message', (_ch: string, m: string) => take(m));
        await r.subscribe(`casino:cache:${scope}`);
        stop = async () => r.disconnect();
      }
      try {
        const arrived = Promise.all([heard(b, CENTRAL_CHANGED, id), heard(b, sessionTopics('member').subject, id)]);
        await a.ctx.db.transaction().execute(async (trx) => {
          await wallet.creditFromHouse(trx, { memberId: id, house: 'deposits', amount: 5_00, reference: 'z1', idempotencyKey: `live:${bus}:z1` });
          await announce(trx, sessionTopics('member').subject, [id]);
        });
        await arrived;
        await both;
        expect(raw).toHaveLength(1);
        expect(raw[0].map((m) => m.topic).sort()).toEqual([CENTRAL_CHANGED, sessionTopics('member').subject].sort());
      } finally {
        await stop();
      }
    });

    it('a logout in one process ends the session in the other; so does a password change', async () => {
      const name = `y${bus.slice(0, 4)}001`;
      const token = await a.register(name);
      const other = (await b.post('/api/login', { name, password: 'secret123' })).data.api_token;
      expect(await balanceOf(b, token)).toBe(0);
      expect(await balanceOf(a, other)).toBe(0);
      const loggedOut = heard(b, sessionTopics('member').token, hashToken(token));
      expect((await a.post('/api/logoff', {}, { token })).code).toBe(200);
      await loggedOut;
      expect(await b.post('/api/balance', {}, { token })).toEqual(unauthorized);

      const ended = heard(a, sessionTopics('member').subject, await memberId(a, name));
      expect((await b.post('/api/editPassword', { password: 'secret123', paypassword: 'secret456' }, { token: other })).code).toBe(200);
      await ended;
      expect(await a.post('/api/balance', {}, { token: other })).toEqual(unauthorized);
    });
  });
}
