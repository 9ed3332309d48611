import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, CODE, controlCharsMessage } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { termsOf } from './service.ts';

/** a 1x1 PNG */
export const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

/** multipart body with a `file` part (and optional fields before it) */
export function multipartBody(file: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----chat${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(t: TestApp, url: string, token: string, file: Buffer, filename = 'a.png', type = 'image/png', fields: Record<string, string> = {}) {
  const body = multipartBody(file, filename, type, fields);
  const res = await t.http.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; message: string; data: any };
}

describe('live customer service: calls, rules, permissions, audit', () => {
  let t: TestApp;
  let owner: string;
  let cs1: string;
  let cs2: string;
  let finance: string;
  let alice: string;
  let bob: string;
  let cs1Id: number;
  let cs2Id: number;
  let financeId: number;
  const admin = (path: string, body: Record<string, unknown>, token: string) => t.post(path, body, { token });
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    for (const [username, role] of [['cs_one', 'support'], ['cs_two', 'support'], ['fin_one', 'finance']]) {
      const r = await admin('/admin/api/operators/create', { username, password: 'support123', role }, owner);
      expect(r.code, r.message).toBe(200);
    }
    cs1 = (await t.post('/admin/api/login', { username: 'cs_one', password: 'support123' })).data.token;
    cs2 = (await t.post('/admin/api/login', { username: 'cs_two', password: 'support123' })).data.token;
    finance = (await t.post('/admin/api/login', { username: 'fin_one', password: 'support123' })).data.token;
    const ids = await t.ctx.db.selectFrom('admins').select(['id', 'username']).execute();
    const idOf = (u: string) => Number(ids.find((x) => x.username === u)!.id);
    [cs1Id, cs2Id, financeId] = [idOf('cs_one'), idOf('cs_two'), idOf('fin_one')];
    alice = await t.register('alice001');
    bob = await t.register('bob00001');
  });
  afterAll(() => t.stop());

  it('refuses bad text with the contract messages and stores nothing', async () => {
    expect((await t.post('/api/chat/send', {}, { token: alice })).message).toBe(CHAT_MSG.textRequired);
    expect((await t.post('/api/chat/send', { text: '   ' }, { token: alice })).message).toBe(CHAT_MSG.textRequired);
    expect((await t.post('/api/chat/send', { text: 'x'.repeat(1001) }, { token: alice })).message).toBe(CHAT_MSG.textTooLong);
    expect((await t.post('/api/chat/send', { text: '你好\u202e' }, { token: alice })).message).toBe(controlCharsMessage('消息内容'));
    expect((await t.post('/api/chat/send', { text: ['x'] }, { token: alice })).code).toBe(CODE.invalid);
    expect((await t.post('/api/chat/history', { limit: 1000 }, { token: alice })).message).toBe(CHAT_MSG.limit);
    expect((await t.post('/api/chat/read', { last_id: -1 }, { token: alice })).message).toBe(CHAT_MSG.messageId);
    expect((await t.post('/api/chat/send', { text: 'hi' })).code).toBe(CODE.unauthorized);
    expect(await t.ctx.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('chat_conversations').selectAll().execute()).toEqual([]);
  });

  it('queues the first message, an operator takes it, both sides talk, unread counts follow', async () => {
    expect((await t.post('/api/chat/open', {}, { token: alice })).data).toEqual({ conversation: null, unread: 0, last_id: 0 });
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script> & 你好';
    const sent = await t.post('/api/chat/send', { text: hostile }, { token: alice });
    expect(sent.code, sent.message).toBe(200);
    // stored and answered as the very text (shown as text, never as HTML)
    expect(sent.data.text).toBe(hostile);
    expect(sent.data.sender).toBe('member');

    const queue = await admin('/admin/api/chat/queue', {}, cs1);
    expect(queue.data.total).toBe(1);
    const conv = queue.data.data[0];
    expect(conv).toMatchObject({ username: 'alice001', state: 'queued', unread: 1, admin_id: null });
    expect(conv.last_message).toBe(hostile);
    expect(conv.waiting_seconds).toBeGreaterThanOrEqual(0);

    // the operator cannot write before taking it
    expect((await admin('/admin/api/chat/send', { conversation_id: conv.id, text: 'hello' }, cs1)).code).toBe(CODE.forbidden);

    const taken = await admin('/admin/api/chat/take', { conversation_id: conv.id }, cs1);
    expect(taken.code, taken.message).toBe(200);
    expect(taken.data).toMatchObject({ state: 'open', admin_id: cs1Id, admin_name: 'cs_one' });
    const takeAudit = await audits('chat.take');
    expect(takeAudit).toHaveLength(1);
    expect(JSON.parse(takeAudit[0].detail)).toEqual({ before: { state: 'queued', admin_id: null }, after: { state: 'open', admin_id: cs1Id } });
    expect((await admin('/admin/api/chat/queue', {}, cs1)).data.total).toBe(0);

    const reply = await admin('/admin/api/chat/send', { conversation_id: conv.id, text: '您好，请问有什么可以帮您？' }, cs1);
    expect(reply.code, reply.message).toBe(200);
    expect(reply.data.operator_name).toBe('cs_one');
    // another operator cannot write in it
    expect((await admin('/admin/api/chat/send', { conversation_id: conv.id, text: 'x' }, cs2)).message).toBe(CHAT_MSG.notYours);

    const state = await t.post('/api/chat/open', {}, { token: alice });
    expect(state.data.conversation).toMatchObject({ id: conv.id, state: 'open' });
    expect(state.data.unread).toBe(2); // the "taken" notice and the reply
    const history = await t.post('/api/chat/history', {}, { token: alice });
    expect(history.data.messages.map((m: { sender: string }) => m.sender)).toEqual(['member', 'system', 'operator']);
    // members never see operators' names
    expect(history.data.messages.every((m: { operator_name: string }) => m.operator_name === '')).toBe(true);
    const last = history.data.messages.at(-1).id;
    const read = await t.post('/api/chat/read', { last_id: last }, { token: alice });
    expect(read.data.unread).toBe(0);

    const mine = await admin('/admin/api/chat/mine', {}, cs1);
    expect(mine.data.map((c: { id: number }) => c.id)).toEqual([conv.id]);
    expect(mine.data[0].unread).toBe(1);
    const readOp = await admin('/admin/api/chat/read', { conversation_id: conv.id, last_id: sent.data.id }, cs1);
    expect(readOp.data.unread).toBe(0);
  });

  it('catches up after an id (the polling fallback) and pages back', async () => {
    const all = (await t.post('/api/chat/history', {}, { token: alice })).data.messages;
    const after = await t.post('/api/chat/history', { after_id: all[0].id }, { token: alice });
    expect(after.data.messages.map((m: { id: number }) => m.id)).toEqual(all.slice(1).map((m: { id: number }) => m.id));
    const back = await t.post('/api/chat/history', { before_id: all.at(-1).id, limit: 1 }, { token: alice });
    expect(back.data.messages.map((m: { id: number }) => m.id)).toEqual([all.at(-2).id]);
    expect(back.data.has_more).toBe(true);
  });

  it('keeps members apart: a member sees only their own conversation and pictures', async () => {
    const pic = await upload(t, '/api/chat/picture', alice, PNG_1x1);
    expect(pic.code, pic.message).toBe(200);
    const bobSent = await t.post('/api/chat/send', { text: '我是bob' }, { token: bob });
    expect(bobSent.data.conversation_id).not.toBe(pic.data.conversation_id);
    const bobHistory = await t.post('/api/chat/history', { after_id: 0, limit: 100 }, { token: bob });
    expect(bobHistory.data.messages.map((m: { text: string }) => m.text)).toEqual(['我是bob']);
    expect(JSON.stringify(bobHistory.data)).not.toContain(pic.data.picture);
    // ids of alice's messages given to bob's calls change nothing of alice's
    await t.post('/api/chat/read', { last_id: pic.data.id }, { token: bob });
    expect((await t.post('/api/chat/open', {}, { token: bob })).data.conversation.id).toBe(bobSent.data.conversation_id);
    // the picture's name is 128 random bits; a guessed or malformed name is not served
    expect(pic.data.picture).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.png$/);
    expect((await t.http.inject({ method: 'GET', url: '/uploads/chat/00000000000000000000000000000000.png' })).statusCode).toBe(404);
    expect((await t.http.inject({ method: 'GET', url: '/uploads/chat/..%2f..%2fcasino.sqlite' })).statusCode).toBe(404);
  });

  it('judges pictures by their bytes and serves them with their type and nosniff', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload(t, '/api/chat/picture', alice, svg, 'a.png', 'image/png')).message).toBe(CHAT_MSG.pictureType);
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(100, ' '));
    expect((await upload(t, '/api/chat/picture', alice, html, 'a.jpg', 'image/jpeg')).message).toBe(CHAT_MSG.pictureType);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(t, '/api/chat/picture', alice, big)).message).toBe(CHAT_MSG.pictureTooLarge);
    const json = await t.post('/api/chat/picture', { file: 'x' }, { token: alice });
    expect(json.message).toBe(CHAT_MSG.pictureMissing);

    // a JPEG start with nothing of a picture behind it is not a picture
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
    expect((await upload(t, '/api/chat/picture', alice, fakeJpeg, 'a.jpg', 'image/jpeg')).message).toBe(CHAT_MSG.pictureType);
    // SOI, an APP0 segment, then a frame of 640x480
    const sof = Buffer.from('ffc0001108000000000301220002110103110100', 'hex');
    sof.writeUInt16BE(480, 5);
    sof.writeUInt16BE(640, 7);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), sof, Buffer.alloc(40)]);
    const ok = await upload(t, '/api/chat/picture', alice, jpeg, 'photo.png', 'image/png');
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.picture).toMatch(/\.jpg$/);
    const served = await t.http.inject({ method: 'GET', url: ok.data.picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    // the operator's side: only the holder, only pictures
    const conv = ok.data.conversation_id;
    expect((await upload(t, '/admin/api/chat/picture', cs2, PNG_1x1, 'a.png', 'image/png', { conversation_id: String(conv) })).code).toBe(CODE.forbidden);
    expect((await upload(t, '/admin/api/chat/picture', cs1, svg, 'a.png', 'image/png', { conversation_id: String(conv) })).message).toBe(CHAT_MSG.pictureType);
    expect((await upload(t, '/admin/api/chat/picture', cs1, PNG_1x1, 'a.png', 'image/png', { conversation_id: 'abc' })).message).toBe(CHAT_MSG.conversationId);
    const opPic = await upload(t, '/admin/api/chat/picture', cs1, PNG_1x1, 'a.png', 'image/png', { conversation_id: String(conv) });
    expect(opPic.code, opPic.message).toBe(200);
    expect(opPic.data.sender).toBe('operator');
    // no stray files: one per accepted picture (alice's png and jpeg, the operator's png)
    const files = fs.readdirSync(`${t.ctx.config.dataDir}/uploads/chat`);
    expect(files.filter((f) => !f.startsWith('.'))).toHaveLength(3);
  });

  it('answers 403 to an operator without support.chat, on every chat call', async () => {
    for (const path of ['queue', 'take', 'mine', 'get', 'history', 'send', 'typing', 'read', 'handover', 'close', 'operators', 'search', 'ticket']) {
      const r = await admin(`/admin/api/chat/${path}`, { conversation_id: 1, text: 'x', last_id: 1, to_admin_id: cs1Id }, finance);
      expect(r.code, path).toBe(CODE.forbidden);
      expect(r.message).toBe(FORBIDDEN_MESSAGE);
    }
    expect((await upload(t, '/admin/api/chat/picture', finance, PNG_1x1, 'a.png', 'image/png', { conversation_id: '1' })).code).toBe(CODE.forbidden);
    // and a member's token is no operator's
    expect((await admin('/admin/api/chat/queue', {}, alice)).code).toBe(CODE.unauthorized);
  });

  it('lets exactly one of two concurrent takes win', async () => {
    const carol = await t.register('carol001');
    const sent = await t.post('/api/chat/send', { text: '在吗' }, { token: carol });
    const conv = sent.data.conversation_id;
    const before = (await audits('chat.take')).length;
    const replies = await Promise.all([cs1, cs2, cs1, cs2].map((tok) => admin('/admin/api/chat/take', { conversation_id: conv }, tok)));
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 200).map((r) => r.message)).toEqual([CHAT_MSG.alreadyTaken, CHAT_MSG.alreadyTaken, CHAT_MSG.alreadyTaken]);
    expect((await audits('chat.take')).length).toBe(before + 1);
    const system = await t.ctx.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conv).where('sender', '=', 'system').execute();
    expect(system).toHaveLength(1);
  });

  it('hands over to a colleague holding support.chat only, audited', async () => {
    const bobConv = (await t.post('/api/chat/open', {}, { token: bob })).data.conversation.id;
    expect((await admin('/admin/api/chat/take', { conversation_id: bobConv }, cs2)).code).toBe(200);
    expect((await admin('/admin/api/chat/handover', { conversation_id: bobConv, to_admin_id: financeId }, cs2)).message).toBe(CHAT_MSG.handoverTarget);
    expect((await admin('/admin/api/chat/handover', { conversation_id: bobConv, to_admin_id: cs2Id }, cs2)).message).toBe(CHAT_MSG.handoverSelf);
    expect((await admin('/admin/api/chat/handover', { conversation_id: bobConv, to_admin_id: 999999 }, cs2)).message).toBe(CHAT_MSG.handoverTarget);
    expect((await admin('/admin/api/chat/handover', { conversation_id: bobConv, to_admin_id: cs2Id }, cs1)).code).toBe(CODE.forbidden);
    expect((await admin('/admin/api/chat/handover', { conversation_id: bobConv }, cs2)).message).toBe(CHAT_MSG.operator);
    expect(await audits('chat.handover')).toHaveLength(0);

    const ops = await admin('/admin/api/chat/operators', {}, cs2);
    expect(ops.data.map((o: { username: string }) => o.username)).toEqual(expect.arrayContaining(['admin', 'cs_one', 'cs_two']));
    expect(ops.data.map((o: { username: string }) => o.username)).not.toContain('fin_one');

    const done = await admin('/admin/api/chat/handover', { conversation_id: bobConv, to_admin_id: cs1Id }, cs2);
    expect(done.code, done.message).toBe(200);
    expect(done.data).toMatchObject({ admin_id: cs1Id, state: 'open' });
    const row = await audits('chat.handover');
    expect(row).toHaveLength(1);
    expect(JSON.parse(row[0].detail)).toEqual({ before: { admin_id: cs2Id, admin: 'cs_two' }, after: { admin_id: cs1Id, admin: 'cs_one' } });
    expect((await admin('/admin/api/chat/send', { conversation_id: bobConv, text: '旧客服' }, cs2)).code).toBe(CODE.forbidden);
    expect((await admin('/admin/api/chat/send', { conversation_id: bobConv, text: '新客服为您服务' }, cs1)).code).toBe(200);
  });

  it('closes a conversation (audited); the next message starts a new one in the queue', async () => {
    const bobConv = (await t.post('/api/chat/open', {}, { token: bob })).data.conversation.id;
    expect((await admin('/admin/api/chat/close', { conversation_id: bobConv }, cs2)).code).toBe(CODE.forbidden);
    const closed = await admin('/admin/api/chat/close', { conversation_id: bobConv }, cs1);
    expect(closed.code, closed.message).toBe(200);
    expect(closed.data.state).toBe('closed');
    expect(await audits('chat.close')).toHaveLength(1);
    expect((await admin('/admin/api/chat/close', { conversation_id: bobConv }, cs1)).message).toBe(CHAT_MSG.closed);
    expect((await admin('/admin/api/chat/take', { conversation_id: bobConv }, cs1)).message).toBe(CHAT_MSG.closed);
    expect((await admin('/admin/api/chat/take', { conversation_id: 999999 }, cs1)).message).toBe(CHAT_MSG.notFound);
    const again = await t.post('/api/chat/send', { text: '还有问题' }, { token: bob });
    expect(again.data.conversation_id).not.toBe(bobConv);
    const queue = await admin('/admin/api/chat/queue', {}, cs1);
    expect(queue.data.data.map((c: { id: number }) => c.id)).toContain(again.data.conversation_id);
    // the member's history spans both conversations
    const texts = (await t.post('/api/chat/history', { limit: 100 }, { token: bob })).data.messages.map((m: { text: string }) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['我是bob', CHAT_MSG.systemClosed, '还有问题']));
  });

  it('searches history by text, member and date, paged', async () => {
    expect(termsOf('Hello 你好!')).toEqual(['he', 'el', 'll', 'lo', '你好']);
    const hit = await admin('/admin/api/chat/search', { text: '新客服' }, cs1);
    expect(hit.code, hit.message).toBe(200);
    expect(hit.data.data.map((m: { text: string }) => m.text)).toEqual(['新客服为您服务']);
    expect(hit.data.data[0]).toMatchObject({ username: 'bob00001', operator_name: 'cs_one' });
    // case-insensitive, and LIKE's wildcards are literal
    expect((await admin('/admin/api/chat/search', { text: 'BOB' }, cs1)).data.data.map((m: { text: string }) => m.text)).toEqual(['我是bob']);
    expect((await admin('/admin/api/chat/search', { text: 'b%' }, cs1)).message).toBe(CHAT_MSG.searchText);
    expect((await admin('/admin/api/chat/search', { text: 'ob_' }, cs1)).data.total).toBe(0);
    expect((await admin('/admin/api/chat/search', { text: '你' }, cs1)).message).toBe(CHAT_MSG.searchText);
    const byMember = await admin('/admin/api/chat/search', { username: 'bob00001', per_page: 2 }, cs1);
    expect(byMember.data.total).toBeGreaterThan(2);
    expect(byMember.data.data).toHaveLength(2);
    expect(byMember.data.last_page).toBe(Math.ceil(byMember.data.total / 2));
    expect((await admin('/admin/api/chat/search', { username: 'nobody99' }, cs1)).data.total).toBe(0);
    expect((await admin('/admin/api/chat/search', { from: '2000-01-01', to: '2000-01-02' }, cs1)).data.total).toBe(0);
    expect((await admin('/admin/api/chat/search', { from: '2000-13-01' }, cs1)).code).toBe(CODE.invalid);
    expect((await admin('/admin/api/chat/search', { from: '2030-01-02', to: '2030-01-01' }, cs1)).message).toBe('开始时间不能晚于结束时间');
  });

  it('issues single-use stream tickets; the stream refuses anything else with the envelope', async () => {
    const ticket = (await t.post('/api/chat/ticket', {}, { token: alice })).data.ticket as string;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // an operator's stream does not take a member's ticket
    const wrongKind = await t.http.inject({ method: 'GET', url: `/admin/api/chat/stream?ticket=${ticket}` });
    expect(wrongKind.json()).toMatchObject({ code: CODE.unauthorized, message: CHAT_MSG.ticket });
    for (const url of ['/api/chat/stream', '/api/chat/stream?ticket=x', '/api/chat/stream?ticket[]=a', '/admin/api/chat/stream']) {
      const r = await t.http.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ code: CODE.unauthorized });
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });
});
