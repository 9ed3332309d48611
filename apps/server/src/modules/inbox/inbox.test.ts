import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, INBOX_MSG, INBOX_PER_PAGE, MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoInbox } from '../../db/seed/inbox.ts';
import { createInbox, sendToMember } from './index.ts';

describe('inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  let seq = 0;
  const member = async () => {
    const name = `inbox${String(++seq).padStart(3, '0')}x`;
    const token = await t.register(name);
    const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    return { token, id: Number(row.id) };
  };
  const unread = async (token: string) => {
    const r = await t.post('/api/messagenum', {}, { token });
    expect(r.code, r.message).toBe(200);
    return r.data.count as number;
  };
  const page = async (token: string, p?: unknown) => {
    const r = await t.post('/api/messagelist', p === undefined ? {} : { page: p }, { token });
    expect(r.code, r.message).toBe(200);
    return r.data;
  };

  it('pages newest first and stops past last_page', async () => {
    const m = await member();
    const base = Date.now() - 100_000;
    for (let i = 1; i <= 23; i++) await sendToMember(t.ctx, m.id, `标题${i}`, `内容${i}`, { at: base + i * 1000 });
    const first = await page(m.token);
    expect(first).toMatchObject({ total: 23, last_page: 3, current_page: 1, per_page: INBOX_PER_PAGE });
    expect(first.data.map((x: { title: string }) => x.title)).toEqual(Array.from({ length: 10 }, (_, i) => `标题${23 - i}`));
    expect(first.data[0]).toEqual({ id: expect.any(Number), title: '标题23', content: '内容23', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), is_read: 0 });
    const third = await page(m.token, '3');
    expect(third.data.map((x: { title: string }) => x.title)).toEqual(['标题3', '标题2', '标题1']);
    const past = await page(m.token, 4);
    expect(past).toMatchObject({ data: [], total: 23, last_page: 3, current_page: 4 });
    // an empty inbox still has one (empty) page
    const empty = await member();
    expect(await page(empty.token)).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('counts unread; reading marks one read, once, and the count follows', async () => {
    const m = await member();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await sendToMember(t.ctx, m.id, `消息${i}`, '正文'));
    expect(await unread(m.token)).toBe(3);
    const r = await t.post('/api/readmessage', { id: ids[1] }, { token: m.token });
    expect(r).toMatchObject({ code: 200, data: { id: ids[1], is_read: 1, count: 2 } });
    expect(await unread(m.token)).toBe(2);
    // reading it again changes nothing
    expect(await t.post('/api/readmessage', { id: String(ids[1]) }, { token: m.token })).toMatchObject({ code: 200, data: { count: 2 } });
    const listed = (await page(m.token)).data as { id: number; is_read: number }[];
    expect(listed.map((x) => [x.id, x.is_read])).toEqual([
      [ids[2], 0],
      [ids[1], 1],
      [ids[0], 0],
    ]);
  });

  it("another member's messages: not listed, not counted, not marked read", async () => {
    const owner = await member();
    const intruder = await member();
    const id = await sendToMember(t.ctx, owner.id, '私人消息', '只给本人');
    expect(await page(intruder.token)).toMatchObject({ data: [], total: 0 });
    expect(await unread(intruder.token)).toBe(0);
    expect(await t.post('/api/readmessage', { id }, { token: intruder.token })).toMatchObject({ code: CODE.notFound, message: INBOX_MSG.notFound });
    const row = await t.ctx.db.selectFrom('member_messages').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.is_read).toBe(0);
    expect(await unread(owner.token)).toBe(1);
  });

  it('malformed or hostile input answers a clear message and changes nothing', async () => {
    const m = await member();
    await sendToMember(t.ctx, m.id, '一条', '内容');
    const cases: [string, unknown, string][] = [
      ['/api/messagelist', { page: 0 }, MSG.badRequest],
      ['/api/messagelist', { page: -2 }, MSG.badRequest],
      ['/api/messagelist', { page: 'abc' }, MSG.badRequest],
      ['/api/messagelist', { page: [1] }, MSG.badRequest],
      ['/api/messagelist', { page: 1.5 }, MSG.badRequest],
      ['/api/messagelist', { page: 10_000_000 }, MSG.badRequest],
      ['/api/readmessage', {}, INBOX_MSG.idRequired],
      ['/api/readmessage', { id: '1; DELETE FROM member_messages' }, INBOX_MSG.idRequired],
      ['/api/readmessage', { id: { $ne: null } }, INBOX_MSG.idRequired],
      ['/api/readmessage', { id: 0 }, INBOX_MSG.idRequired],
      ['/api/readmessage', { id: 987654321 }, INBOX_MSG.notFound],
    ];
    for (const [path, body, message] of cases) {
      const r = await t.post(path, body, { token: m.token });
      expect({ path, body, message: r.message, failed: r.code !== 200 }).toEqual({ path, body, message, failed: true });
    }
    expect(await unread(m.token)).toBe(1);
    for (const path of ['/api/messagelist', '/api/readmessage', '/api/messagenum']) {
      expect(await t.post(path, { id: 1 })).toMatchObject({ code: CODE.unauthorized });
    }
  });

  it('sendToMember: plain text within bounds, a known member, a dedupe key sends once', async () => {
    const m = await member();
    const inbox = createInbox(t.ctx);
    await expect(inbox.service.sendToMember(m.id, '  ', '内容')).rejects.toMatchObject({ message: INBOX_MSG.titleInvalid });
    await expect(inbox.service.sendToMember(m.id, 'x'.repeat(101), '内容')).rejects.toMatchObject({ message: INBOX_MSG.titleInvalid });
    await expect(inbox.service.sendToMember(m.id, '标题', '')).rejects.toMatchObject({ message: INBOX_MSG.contentInvalid });
    await expect(inbox.service.sendToMember(m.id, '标题', 'x'.repeat(5001))).rejects.toMatchObject({ message: INBOX_MSG.contentInvalid });
    await expect(inbox.service.sendToMember(999_999, '标题', '内容')).rejects.toMatchObject({ code: CODE.notFound });
    expect(await unread(m.token)).toBe(0);

    const id = await inbox.service.sendToMember(m.id, '  标题\n换行 ', '第一行\r\n第二行\u0007');
    expect(id).toEqual(expect.any(Number));
    const [msg] = (await page(m.token)).data;
    expect(msg).toMatchObject({ title: '标题 换行', content: '第一行\n第二行' });
    expect(await inbox.service.sendToMember(m.id, '活动', '一次', { dedupeKey: 'promo:1' })).toEqual(expect.any(Number));
    expect(await inbox.service.sendToMember(m.id, '活动', '两次', { dedupeKey: 'promo:1' })).toBeNull();
    expect(await unread(m.token)).toBe(2);
  });
});

describe('inbox seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ seedDemo: true });
  });
  afterAll(() => t.stop());

  it('the demo member has a welcome message, seeded once', async () => {
    const login = await t.post('/api/login', { name: 'demo888', password: 'demo888' });
    expect(login.code, login.message).toBe(200);
    const token = login.data.api_token;
    const first = await t.post('/api/messagelist', { page: 1 }, { token });
    expect(first.data.data[0]).toMatchObject({ title: '欢迎加入鼎盛娱乐', is_read: 0 });
    expect(first.data.total).toBe(3);
    await seedDemoInbox(t.ctx, 'demo888');
    expect((await t.post('/api/messagenum', {}, { token })).data.count).toBe(3);
  });
});
