import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent } from '@casino/contract';
import { buildApp, type App } from '../../app.ts';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { memoryBus, redisBus, type BusMessage } from './bus.ts';
import { REDIS_URL, redisReachable } from '../../../test/redis.ts';
import { openSse } from '../../../test/sse.ts';

/**
 * The event streams across server processes: two app instances on one database (the same
 * PostgreSQL schema, bus LISTEN/NOTIFY; or the same SQLite file with the Redis bus), a message
 * sent through one reaching a stream opened on the other.
 */

const haveRedis = await redisReachable();

/** A chat stream, with the headers every taken-over reply carries, once each. */
async function openStream(url: string) {
  const stream = await openSse<ChatEvent>(url);
  expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
  expect(stream.res.headers.get('cache-control')).toBe('no-store');
  expect(stream.res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(stream.res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(stream.res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  return stream;
}

describe.skipIf(!onPostgres && !haveRedis)('chat streams across two server processes', () => {
  let a: TestApp;
  let b: App;
  let bOrigin = '';
  let sqliteDir = '';

  beforeAll(async () => {
    // SQLite: one file shared by both apps, events through Redis. PostgreSQL: one schema, LISTEN/NOTIFY.
    sqliteDir = onPostgres ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'chat-two-'));
    a = await startApp({ listen: true, ...(onPostgres ? {} : { sqliteFile: path.join(sqliteDir, 'db.sqlite'), redisUrl: REDIS_URL }) });
    // the second process: the same configuration (same database, schema, data folder)
    b = await buildApp({ ...a.ctx.config, sandbox: false });
    await b.http.listen({ host: '127.0.0.1', port: 0 });
    bOrigin = b.ownAddress();
    await Promise.all([a.chat.bus.ready(), b.chat.bus.ready()]);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.stop();
    if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('uses the bus the setup calls for', () => {
    expect(a.chat.bus.kind).toBe(onPostgres ? 'postgres' : 'redis');
    expect(b.chat.bus.kind).toBe(a.chat.bus.kind);
  });

  it('delivers a message sent on one process to streams on the other, both ways, and typing and assignment', async () => {
    const member = await a.register('stream01');
    const owner = (await a.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token as string;
    const adminId = Number((await a.ctx.db.selectFrom('admins').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);

    /** a call answered by process B */
    const onB = async (path: string, body: object): Promise<any> =>
      (await fetch(`${bOrigin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` }, body: JSON.stringify(body) })).json();

    // the operator listens on B, the member on A
    const opTicket = (await a.post('/admin/api/chat/ticket', {}, { token: owner })).data.ticket;
    const opStream = await openStream(`${bOrigin}/admin/api/chat/stream?ticket=${opTicket}`);
    await opStream.next((e) => e.type === 'ready');
    // a ticket is used once
    const again = await fetch(`${bOrigin}/admin/api/chat/stream?ticket=${opTicket}`);
    expect(((await again.json()) as { code: number }).code).toBe(401);
    const memberTicket = (await a.post('/api/chat/ticket', {}, { token: member })).data.ticket;
    const memberStream = await openStream(`${a.origin}/api/chat/stream?ticket=${memberTicket}`);
    await memberStream.next((e) => e.type === 'ready');

    const sent = await a.post('/api/chat/send', { text: '跨进程你好' }, { token: member });
    expect(sent.code, sent.message).toBe(200);
    const conv = sent.data.conversation_id as number;
    await opStream.next((e) => e.type === 'queue' && e.conversation_id === conv);

    // taken on B: the member on A hears of it and gets the notice
    const take = await onB('/admin/api/chat/take', { conversation_id: conv });
    expect(take.code, take.message).toBe(200);
    const assign = await memberStream.next((e) => e.type === 'assign');
    // members are not told which operator
    expect(assign).toMatchObject({ conversation_id: conv, state: 'open', admin_id: null });

    await a.post('/api/chat/typing', { typing: true }, { token: member });
    expect(await opStream.next((e) => e.type === 'typing')).toMatchObject({ conversation_id: conv, side: 'member', typing: true });

    const second = await a.post('/api/chat/send', { text: '第二条' }, { token: member });
    const got = await opStream.next((e) => e.type === 'message' && e.message.id === second.data.id);
    expect(got).toMatchObject({ type: 'message', conversation_id: conv, message: { text: '第二条', sender: 'member' } });

    const reply = await onB('/admin/api/chat/send', { conversation_id: conv, text: '<b>来自B</b>' });
    expect(reply.code, reply.message).toBe(200);
    const heard = await memberStream.next((e) => e.type === 'message' && e.message.id === reply.data.id);
    expect(heard).toMatchObject({ message: { text: '<b>来自B</b>', sender: 'operator', operator_name: '' } });
    expect(adminId).toBeGreaterThan(0);

    // another member's stream hears nothing of this conversation
    const other = await a.register('stream02');
    const otherStream = await openStream(`${bOrigin}/api/chat/stream?ticket=${(await a.post('/api/chat/ticket', {}, { token: other })).data.ticket}`);
    await otherStream.next((e) => e.type === 'ready');
    const third = await onB('/admin/api/chat/send', { conversation_id: conv, text: '第三条' });
    await memberStream.next((e) => e.type === 'message' && e.message.id === third.data.id);
    expect(otherStream.events.filter((e) => e.type !== 'ready')).toEqual([]);

    // catching up after the last id seen gives what a dropped stream missed
    const caught = await a.post('/api/chat/history', { after_id: second.data.id }, { token: member });
    expect(caught.data.messages.map((m: { text: string }) => m.text)).toEqual(['<b>来自B</b>', '第三条']);

    await Promise.all([opStream.close(), memberStream.close(), otherStream.close()]);
  }, 30_000);
});

describe.skipIf(!haveRedis)('the Redis bus', () => {
  it('delivers between two bus instances on one channel, not to another channel', async () => {
    const log = pino({ level: 'silent' });
    const channel = `casino:chat:test_${Date.now()}`;
    const one = redisBus(REDIS_URL, channel, log);
    const two = redisBus(REDIS_URL, channel, log);
    const three = redisBus(REDIS_URL, `${channel}_other`, log);
    await Promise.all([one.ready(), two.ready(), three.ready()]);
    const got: BusMessage[] = [];
    const stray: BusMessage[] = [];
    two.subscribe((m) => got.push(m));
    three.subscribe((m) => stray.push(m));
    await one.publish({ member_id: 7, admin_id: null, event: { type: 'queue', conversation_id: 3 } });
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([{ member_id: 7, admin_id: null, event: { type: 'queue', conversation_id: 3 } }]);
    expect(stray).toEqual([]);
    await Promise.all([one.close(), two.close(), three.close()]);
  });
});


describe('the in-process bus (one SQLite process)', () => {
  it('delivers a copy on the next turn to every subscriber until it unsubscribes', async () => {
    const bus = memoryBus();
    const got: BusMessage[] = [];
    const off = bus.subscribe((m) => got.push(m));
    const event = { member_id: 1, admin_id: 2, event: { type: 'typing' as const, conversation_id: 5, side: 'member' as const, typing: true } };
    await bus.publish(event);
    expect(got).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([event]);
    expect(got[0]).not.toBe(event);
    off();
    await bus.publish(event);
    await new Promise((r) => setImmediate(r));
    expect(got).toHaveLength(1);
  });
});
