import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE, LIVE_MSG, type LiveEvent } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { sendToMember } from '../inbox/index.ts';
import { wallet } from '../wallet/index.ts';
import { openLive } from './sse.testing.ts';
import { REDIS_URL, redisReachable } from '../../../test/redis.ts';

/**
 * issue 37: two server processes on one database (PostgreSQL: one schema, LISTEN/NOTIFY; SQLite:
 * one file, the Redis bus and Redis tickets): what commits on one reaches the streams on the
 * other; a ticket is spent once whichever process redeems it; a sign-out on one ends the streams
 * on the other; a process restarted takes new streams and delivers to them.
 */

const haveRedis = await redisReachable();
const is = <T extends LiveEvent['type']>(type: T, test: (e: Extract<LiveEvent, { type: T }>) => boolean = () => true) => (e: LiveEvent) =>
  e.type === type && test(e as Extract<LiveEvent, { type: T }>);

describe.skipIf(!onPostgres && !haveRedis)('live-update streams across two server processes', () => {
  let a: TestApp;
  let b: App;
  let sqliteDir = '';
  let seq = 0;

  const startB = async () => {
    const app = await buildApp({ ...a.ctx.config, sandbox: false });
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    await app.live.ready();
    return app;
  };
  beforeAll(async () => {
    sqliteDir = onPostgres ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'live-two-'));
    a = await startApp({ listen: true, ...(onPostgres ? {} : { sqliteFile: path.join(sqliteDir, 'db.sqlite'), redisUrl: REDIS_URL }) });
    await a.live.ready();
    b = await startB();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.stop();
    if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
  });

  const member = async () => {
    const name = `livetwo${++seq}${Math.random().toString(36).slice(2, 5)}`;
    const token = await a.register(name);
    const { id } = await a.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    return { token, id: Number(id) };
  };
  const ticketOnA = async (token: string) => (await a.post('/api/stream/ticket', {}, { token })).data.ticket as string;
  const credit = (id: number, fen: number) => wallet.creditFromHouse(a.ctx.db, { memberId: id, house: 'deposits', amount: fen, reference: `two${++seq}`, idempotencyKey: `live:two:${seq}:${Date.now()}` });

  it('uses the bus and ticket store the setup calls for', () => {
    expect(a.live.bus.kind).toBe(onPostgres ? 'postgres' : 'redis');
    expect(b.live.bus.kind).toBe(a.live.bus.kind);
  });

  it('spends a ticket once whichever process redeems it', async () => {
    const m = await member();
    const tk = await ticketOnA(m.token);
    const onB = await openLive(`${b.ownAddress()}/api/stream?ticket=${tk}`);
    await onB.next(is('ready'));
    const onA = await openLive(`${a.origin}/api/stream?ticket=${tk}`);
    expect(onA.refusal).toMatchObject({ code: CODE.unauthorized, message: LIVE_MSG.ticket });
    // two processes racing for one ticket: one stream
    const tk2 = await ticketOnA(m.token);
    const raced = await Promise.all([openLive(`${a.origin}/api/stream?ticket=${tk2}`), openLive(`${b.ownAddress()}/api/stream?ticket=${tk2}`)]);
    expect(raced.filter((r) => r.isStream)).toHaveLength(1);
    await Promise.all([onB.close(), ...raced.map((r) => r.close())]);
  });

  it('delivers what commits on one process to a stream on the other: balance, inbox, and a sign-out ends it', async () => {
    const m = await member();
    const s = await openLive(`${b.ownAddress()}/api/stream?ticket=${await ticketOnA(m.token)}`);
    await s.next(is('inbox'));
    const at = Date.now();
    await credit(m.id, 88_00);
    await s.next(is('balance', (e) => e.balance === 88));
    const ms = Date.now() - at;
    await sendToMember(a.ctx, m.id, '跨进程', '消息');
    await s.next(is('inbox', (e) => e.count === 1));
    expect((await a.post('/api/logoff', {}, { token: m.token })).code).toBe(200);
    await s.next(is('bye', (e) => e.reason === 'revoked'));
    await s.ended;
    console.log(`cross-process balance delivery (${a.live.bus.kind}): ${ms} ms`);
  });

  it('ends its streams when a process stops, and a restarted process takes new ones and delivers', async () => {
    const m = await member();
    const s = await openLive(`${b.ownAddress()}/api/stream?ticket=${await ticketOnA(m.token)}`);
    await s.next(is('inbox'));
    await b.close();
    await s.next(is('bye', (e) => e.reason === 'closing'));
    await s.ended;
    b = await startB();
    const again = await openLive(`${b.ownAddress()}/api/stream?ticket=${await ticketOnA(m.token)}`);
    await again.next(is('balance', (e) => e.balance === 0));
    await credit(m.id, 5_00);
    await again.next(is('balance', (e) => e.balance === 5));
    await again.close();
  });
});
