import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, CODE, type ChatEvent } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { openSse } from '../../../test/sse.ts';

/**
 * The supervisor override (take / hand over / close with force) and the member's unread badge
 * call. A support operator without operators.manage is refused; a supervisor (a role holding
 * support.chat and operators.manage, not '*') succeeds, audited with override and the previous
 * holder; the member's stream hears the new assignment.
 */

async function openStream(url: string) {
  const stream = await openSse<ChatEvent>(url);
  expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
  return stream;
}

describe('live chat: supervisor override and the member unread badge', () => {
  let t: TestApp;
  let origin = '';
  let owner: string;
  let cs1: string;
  let cs2: string;
  let boss: string;
  let cs1Id: number;
  let cs2Id: number;
  let bossId: number;
  let ownerId: number;
  const admin = (path: string, body: Record<string, unknown>, token: string) => t.post(path, body, { token });
  const lastAudit = async (action: string) =>
    (await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());
  const convOf = (id: number) => t.ctx.db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** a member with a conversation cs1 holds */
  async function heldByCs1(name: string) {
    const member = await t.register(name);
    const sent = await t.post('/api/chat/send', { text: '在吗' }, { token: member });
    expect(sent.code, sent.message).toBe(200);
    const id = Number(sent.data.conversation_id);
    const took = await admin('/admin/api/chat/take', { conversation_id: id }, cs1);
    expect(took.code, took.message).toBe(200);
    return { member, id };
  }

  beforeAll(async () => {
    t = await startApp();
    await t.http.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.http.server.address() as AddressInfo).port}`;
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const role = await admin('/admin/api/roles/create', { code: 'cs_lead', name: '客服主管', permissions: ['support.chat', 'operators.manage', 'members.view'] }, owner);
    expect(role.code, role.message).toBe(200);
    for (const [username, r] of [['ov_cs1', 'support'], ['ov_cs2', 'support'], ['ov_boss', 'cs_lead']]) {
      const made = await admin('/admin/api/operators/create', { username, password: 'support123', role: r }, owner);
      expect(made.code, made.message).toBe(200);
    }
    const login = async (u: string) => (await t.post('/admin/api/login', { username: u, password: 'support123' })).data.token as string;
    [cs1, cs2, boss] = [await login('ov_cs1'), await login('ov_cs2'), await login('ov_boss')];
    const ids = await t.ctx.db.selectFrom('admins').select(['id', 'username']).execute();
    const idOf = (u: string) => Number(ids.find((x) => x.username === u)!.id);
    [cs1Id, cs2Id, bossId, ownerId] = [idOf('ov_cs1'), idOf('ov_cs2'), idOf('ov_boss'), idOf('admin')];
  });
  afterAll(() => t.stop());

  it('refuses a support operator without operators.manage, in Chinese, and changes nothing', async () => {
    const { id } = await heldByCs1('ovmem01');
    const auditsBefore = (await t.ctx.db.selectFrom('admin_audit').select('id').execute()).length;
    const messagesBefore = (await t.ctx.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', id).execute()).length;
    for (const [path, body] of [
      ['/admin/api/chat/take', { conversation_id: id, force: true }],
      ['/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs2Id, force: true }],
      ['/admin/api/chat/close', { conversation_id: id, force: true }],
    ] as const) {
      const r = await admin(path, body, cs2);
      expect(r.code, path).toBe(CODE.forbidden);
      expect(r.message, path).toBe(CHAT_MSG.forceDenied);
    }
    // the list of every operator's conversations is a supervisor's call: refused before the service
    expect(await admin('/admin/api/chat/all', { page: 1 }, cs2)).toMatchObject({ code: CODE.forbidden, message: FORBIDDEN_MESSAGE });
    // without force, even a supervisor gets the ordinary refusal (the override is asked for explicitly)
    for (const [path, body] of [
      ['/admin/api/chat/take', { conversation_id: id }],
      ['/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs2Id }],
      ['/admin/api/chat/close', { conversation_id: id }],
    ] as const) {
      const r = await admin(path, body, boss);
      expect(r.code, path).not.toBe(200);
    }
    const c = await convOf(id);
    expect([c.state, Number(c.admin_id)]).toEqual(['open', cs1Id]);
    expect((await t.ctx.db.selectFrom('admin_audit').select('id').execute()).length).toBe(auditsBefore);
    expect((await t.ctx.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', id).execute()).length).toBe(messagesBefore);
  });

  it('validates force and the list filters with the contract messages', async () => {
    const { id } = await heldByCs1('ovmem02');
    expect((await admin('/admin/api/chat/take', { conversation_id: id, force: 'yes' }, boss)).message).toBe(CHAT_MSG.force);
    expect((await admin('/admin/api/chat/close', { conversation_id: id, force: {} }, boss)).message).toBe(CHAT_MSG.force);
    expect((await admin('/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs2Id, force: [1] }, boss)).message).toBe(CHAT_MSG.force);
    expect((await admin('/admin/api/chat/all', { page: 1, admin_id: 'x' }, boss)).message).toBe(CHAT_MSG.operator);
    expect((await admin('/admin/api/chat/take', { conversation_id: 'abc', force: true }, boss)).message).toBe(CHAT_MSG.conversationId);
    expect((await admin('/admin/api/chat/take', { conversation_id: 99_999_999, force: true }, boss)).code).toBe(CODE.notFound);
    // a finance operator (no support.chat) never reaches the service
    const fin = await admin('/admin/api/operators/create', { username: 'ov_fin', password: 'support123', role: 'finance' }, owner);
    expect(fin.code, fin.message).toBe(200);
    const finance = (await t.post('/admin/api/login', { username: 'ov_fin', password: 'support123' })).data.token;
    expect((await admin('/admin/api/chat/all', { page: 1 }, finance)).code).toBe(CODE.forbidden);
    expect((await admin('/admin/api/chat/take', { conversation_id: id, force: true }, finance)).code).toBe(CODE.forbidden);
    const c = await convOf(id);
    expect(Number(c.admin_id)).toBe(cs1Id);
  });

  it('a supervisor lists every open conversation, pages and filters by operator', async () => {
    const r = await admin('/admin/api/chat/all', { page: 1, per_page: 1 }, boss);
    expect(r.code, r.message).toBe(200);
    const open = await t.ctx.db.selectFrom('chat_conversations').select('id').where('state', '=', 'open').execute();
    expect(r.data.total).toBe(open.length);
    expect(r.data.data).toHaveLength(1);
    expect(r.data.data[0]).toMatchObject({ state: 'open', admin_id: cs1Id, admin_name: 'ov_cs1' });
    const none = await admin('/admin/api/chat/all', { page: 1, admin_id: cs2Id }, boss);
    expect(none.data.total).toBe(0);
    const superAdmin = await admin('/admin/api/chat/all', { page: 1, admin_id: cs1Id }, owner);
    expect(superAdmin.data.total).toBe(open.length);
  });

  it('force take: the supervisor takes over, audited with override and the previous holder; the member hears it; the old holder may no longer write', async () => {
    const { member, id } = await heldByCs1('ovmem03');
    const ticket = (await t.post('/api/chat/ticket', {}, { token: member })).data.ticket;
    const stream = await openStream(`${origin}/api/chat/stream?ticket=${ticket}`);
    const opTicket = (await admin('/admin/api/chat/ticket', {}, cs1)).data.ticket;
    const oldHolder = await openStream(`${origin}/admin/api/chat/stream?ticket=${opTicket}`);
    try {
      await stream.next((e) => e.type === 'ready');
      await oldHolder.next((e) => e.type === 'ready');
      const r = await admin('/admin/api/chat/take', { conversation_id: id, force: true }, boss);
      expect(r.code, r.message).toBe(200);
      expect(r.message).toBe(CHAT_MSG.takenOver);
      expect(r.data).toMatchObject({ state: 'open', admin_id: bossId, admin_name: 'ov_boss' });
      const a = await lastAudit('chat.take');
      expect(Number(a.admin_id)).toBe(bossId);
      expect(a.target).toBe(`chat:${id}`);
      expect(JSON.parse(a.detail)).toEqual({
        before: { state: 'open', admin_id: cs1Id, admin: 'ov_cs1' },
        after: { state: 'open', admin_id: bossId, admin: 'ov_boss' },
        override: true,
      });
      // the member's stream: the assignment (operator not named) and the system notice. Each is
      // waited for by what it says: on PostgreSQL the events of cs1's take (its greeting, its
      // assignment) come through the bus and can reach a stream opened after them (a CI run read
      // the greeting as the handover notice)
      const assign = await stream.next((e) => e.type === 'assign' && e.conversation_id === id);
      expect(assign).toEqual({ type: 'assign', conversation_id: id, admin_id: null, state: 'open' });
      await stream.next((e) => e.type === 'message' && e.message.sender === 'system' && e.conversation_id === id && e.message.text === CHAT_MSG.systemHandover);
      // the previous holder's desk hears that it lost the conversation
      const lost = await oldHolder.next((e) => e.type === 'assign' && e.conversation_id === id && e.admin_id === bossId);
      expect(lost).toMatchObject({ admin_id: bossId, state: 'open' });
      expect((await admin('/admin/api/chat/send', { conversation_id: id, text: '还在' }, cs1)).message).toBe(CHAT_MSG.notYours);
      const said = await admin('/admin/api/chat/send', { conversation_id: id, text: '主管为您服务' }, boss);
      expect(said.code, said.message).toBe(200);
      expect((await admin('/admin/api/chat/mine', {}, cs1)).data.map((c: { id: number }) => c.id)).not.toContain(id);
      expect((await admin('/admin/api/chat/mine', {}, boss)).data.map((c: { id: number }) => c.id)).toContain(id);
    } finally {
      await stream.close();
      await oldHolder.close();
    }
  });

  it('force handover: to another operator, audited with override; the member hears it', async () => {
    const { member, id } = await heldByCs1('ovmem04');
    const ticket = (await t.post('/api/chat/ticket', {}, { token: member })).data.ticket;
    const stream = await openStream(`${origin}/api/chat/stream?ticket=${ticket}`);
    try {
      await stream.next((e) => e.type === 'ready');
      expect((await admin('/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs1Id, force: true }, boss)).message).toBe(CHAT_MSG.alreadyHolder);
      const r = await admin('/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs2Id, force: true }, boss);
      expect(r.code, r.message).toBe(200);
      expect(r.data).toMatchObject({ admin_id: cs2Id, state: 'open' });
      const a = await lastAudit('chat.handover');
      expect(Number(a.admin_id)).toBe(bossId);
      expect(JSON.parse(a.detail)).toEqual({ before: { admin_id: cs1Id, admin: 'ov_cs1' }, after: { admin_id: cs2Id, admin: 'ov_cs2' }, override: true });
      expect(await stream.next((e) => e.type === 'assign' && e.conversation_id === id)).toEqual({ type: 'assign', conversation_id: id, admin_id: null, state: 'open' });
      expect((await admin('/admin/api/chat/send', { conversation_id: id, text: '你好' }, cs2)).code).toBe(200);
      expect((await admin('/admin/api/chat/send', { conversation_id: id, text: '你好' }, cs1)).message).toBe(CHAT_MSG.notYours);
    } finally {
      await stream.close();
    }
    // the super admin ('*') may too; a queued conversation is not handed over by force
    expect((await admin('/admin/api/chat/handover', { conversation_id: id, to_admin_id: cs1Id, force: true }, owner)).code).toBe(200);
    expect(Number((await convOf(id)).admin_id)).toBe(cs1Id);
    const queued = await t.register('ovmem05');
    const q = await t.post('/api/chat/send', { text: '排队' }, { token: queued });
    expect((await admin('/admin/api/chat/handover', { conversation_id: q.data.conversation_id, to_admin_id: cs1Id, force: true }, boss)).message).toBe(CHAT_MSG.notOpen);
  });

  it('force close: the conversation ends, audited with override and the holder; the member is told', async () => {
    const { member, id } = await heldByCs1('ovmem06');
    const ticket = (await t.post('/api/chat/ticket', {}, { token: member })).data.ticket;
    const stream = await openStream(`${origin}/api/chat/stream?ticket=${ticket}`);
    try {
      await stream.next((e) => e.type === 'ready');
      const r = await admin('/admin/api/chat/close', { conversation_id: id, force: true }, owner);
      expect(r.code, r.message).toBe(200);
      expect(r.data.state).toBe('closed');
      const a = await lastAudit('chat.close');
      expect(Number(a.admin_id)).toBe(ownerId);
      expect(JSON.parse(a.detail)).toEqual({ before: { state: 'open', admin_id: cs1Id, admin: 'ov_cs1' }, after: { state: 'closed', admin_id: cs1Id }, override: true });
      expect(await stream.next((e) => e.type === 'assign' && e.conversation_id === id && e.state === 'closed')).toMatchObject({ state: 'closed' });
      const notice = await stream.next((e) => e.type === 'message' && e.conversation_id === id && e.message.sender === 'system' && e.message.text === CHAT_MSG.systemClosed);
      expect(notice).toBeTruthy();
      expect((await admin('/admin/api/chat/close', { conversation_id: id, force: true }, boss)).message).toBe(CHAT_MSG.closed);
    } finally {
      await stream.close();
    }
  });

  it('the holder using force on their own conversation is an ordinary action (no override in the audit)', async () => {
    const { id } = await heldByCs1('ovmem07');
    const r = await admin('/admin/api/chat/close', { conversation_id: id, force: true }, cs1);
    expect(r.code, r.message).toBe(200);
    expect(JSON.parse((await lastAudit('chat.close')).detail)).not.toHaveProperty('override');
  });

  it('/api/chat/unread answers the member their unread operator messages, cleared by reading; guests are refused', async () => {
    expect((await t.post('/api/chat/unread', {})).code).toBe(CODE.unauthorized);
    const member = await t.register('ovmem08');
    expect((await t.post('/api/chat/unread', {}, { token: member })).data).toEqual({ unread: 0 });
    const sent = await t.post('/api/chat/send', { text: '你好' }, { token: member });
    const id = Number(sent.data.conversation_id);
    expect((await admin('/admin/api/chat/take', { conversation_id: id }, cs2)).code).toBe(200);
    const reply = await admin('/admin/api/chat/send', { conversation_id: id, text: '您好，请讲' }, cs2);
    // the take's system notice and the reply
    expect((await t.post('/api/chat/unread', {}, { token: member })).data).toEqual({ unread: 2 });
    expect((await t.post('/api/chat/unread', ['x'], { token: member })).code).toBe(CODE.invalid);
    const read = await t.post('/api/chat/read', { last_id: reply.data.id }, { token: member });
    expect(read.code, read.message).toBe(200);
    expect((await t.post('/api/chat/unread', {}, { token: member })).data).toEqual({ unread: 0 });
    // another member's count is their own
    expect((await t.post('/api/chat/unread', {}, { token: await t.register('ovmem09') })).data).toEqual({ unread: 0 });
  });
});
