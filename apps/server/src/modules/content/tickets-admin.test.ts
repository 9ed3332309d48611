import { ADMIN_COMMON_MSG, CODE, INBOX_ADMIN_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';

describe('support tickets in the back office', () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let editor: string;
  const call = (path: string, body: unknown, token = support) => t.post(`/admin/api/tickets/${path}`, body, { token });
  const leave = async (contact: string, content: string, name = '') => {
    const r = await t.post('/support/api/ticket', { name, contact, content });
    expect(r.code, r.message).toBe(200);
    const row = await t.ctx.db.selectFrom('support_tickets').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const audits = (action: string) => t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  beforeAll(async () => {
    t = await startApp();
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    await t.post('/admin/api/operators/create', { username: 'cs_tk', password: 'support123', role: 'support' }, { token: admin });
    await t.post('/admin/api/operators/create', { username: 'ed_tk', password: 'editor1234', role: 'content' }, { token: admin });
    support = (await t.post('/admin/api/login', { username: 'cs_tk', password: 'support123' })).data.token;
    editor = (await t.post('/admin/api/login', { username: 'ed_tk', password: 'editor1234' })).data.token;
  });
  afterAll(() => t.stop());

  it("a member's ticket (contact = their username): listed with the member, the reply reaches their inbox, audited", async () => {
    const token = await t.register('tkmember1');
    const id = await leave('TKMember1', '我的取款一直没到账，订单号 W123', '李先生');
    const list = await call('list', { state: 0 });
    expect(list.code, list.message).toBe(200);
    expect(list.data.data[0]).toMatchObject({ id, name: '李先生', contact: 'TKMember1', state: 0, member: 'tkmember1', replies: 0, excerpt: '我的取款一直没到账，订单号 W123' });

    const r = await call('reply', { id, content: '您好，您的取款已处理完成，请查收。' });
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe(INBOX_ADMIN_MSG.repliedToInbox);
    expect(r.data.ticket).toMatchObject({ id, state: 1, member: 'tkmember1', member_source: 'reply', replies: 1 });
    expect(r.data.ticket.replies_list[0]).toMatchObject({ content: '您好，您的取款已处理完成，请查收。', operator: 'cs_tk', member: 'tkmember1' });

    const inbox = await t.post('/api/messagelist', { page: 1 }, { token });
    expect(inbox.data.data[0].title).toBe('客服回复了您的留言');
    expect(inbox.data.data[0].content).toContain('我的取款一直没到账');
    expect(inbox.data.data[0].content).toContain('您好，您的取款已处理完成，请查收。');

    const [a] = await audits('ticket.reply');
    expect(a.target).toBe(`ticket:${id}`);
    expect(JSON.parse(a.detail)).toMatchObject({ before: { state: 0 }, after: { state: 1, member: 'tkmember1', content: '您好，您的取款已处理完成，请查收。' } });

    // closing: audited, then no more replies
    const c = await call('close', { id });
    expect(c).toMatchObject({ code: 200, message: INBOX_ADMIN_MSG.closed, data: { state: 2 } });
    expect(JSON.parse((await audits('ticket.close'))[0].detail)).toEqual({ before: { state: 1 }, after: { state: 2 } });
    expect(await call('reply', { id, content: '再说一句' })).toMatchObject({ code: 400, message: INBOX_ADMIN_MSG.ticketClosed });
    expect(await call('close', { id })).toMatchObject({ code: 400, message: INBOX_ADMIN_MSG.ticketAlreadyClosed });
    expect((await t.post('/api/messagenum', {}, { token })).data.count).toBe(1);
  });

  it("a guest's ticket: the reply is kept, no inbox; the operator sees the contact and may name the member", async () => {
    const id = await leave('13800138000', '忘记账号了，怎么找回？');
    const got = await call('get', { id });
    expect(got.data).toMatchObject({ id, contact: '13800138000', member: null, member_source: null, content: '忘记账号了，怎么找回？', ip: expect.any(String) });
    const r = await call('reply', { id, content: '已电话联系' });
    expect(r).toMatchObject({ code: 200, message: INBOX_ADMIN_MSG.replied, data: { delivered: false, ticket: { state: 1, member: null } } });
    expect(await t.ctx.db.selectFrom('member_messages').select('id').where('dedupe_key', 'like', 'ticket-reply:%').where('content', 'like', '%已电话联系%').executeTakeFirst()).toBeUndefined();

    // the operator found the member by phone and names them: the next reply reaches their inbox
    const token = await t.register('tkguest2');
    const named = await call('reply', { id, content: '您的账号是 tkguest2', username: 'TKGUEST2' });
    expect(named).toMatchObject({ code: 200, data: { delivered: true, ticket: { member: 'tkguest2', member_source: 'reply', replies: 2 } } });
    expect((await t.post('/api/messagelist', { page: 1 }, { token })).data.data[0].content).toContain('您的账号是 tkguest2');
    expect(await call('reply', { id, content: 'x', username: 'no_such_member' })).toMatchObject({ code: CODE.notFound, message: INBOX_ADMIN_MSG.memberNotFound });
    expect((await call('list', { contact: '13800138000' })).data).toMatchObject({ total: 1, data: [{ id, member: 'tkguest2', replies: 2 }] });
  });

  it('bad input answers the Chinese message; operators without support.chat get 403; nothing changes', async () => {
    const id = await leave('guest@example.com', '请问怎么绑定银行卡');
    const cases: [string, unknown, string][] = [
      ['get', { id: 'abc' }, INBOX_ADMIN_MSG.ticketNotFound],
      ['get', { id: 99999999 }, INBOX_ADMIN_MSG.ticketNotFound],
      ['reply', { id, content: '' }, INBOX_ADMIN_MSG.ticketReply],
      ['reply', { id, content: 'x'.repeat(2001) }, INBOX_ADMIN_MSG.ticketReply],
      ['reply', { id, content: '回复\u202e' }, '回复内容不能包含控制字符或不可见的格式字符'],
      ['reply', { id, content: { a: 1 } }, INBOX_ADMIN_MSG.ticketReply],
      ['reply', { id: -1, content: 'x' }, INBOX_ADMIN_MSG.ticketNotFound],
      ['close', {}, INBOX_ADMIN_MSG.ticketNotFound],
      ['list', { state: 7 }, ADMIN_COMMON_MSG.badRequest],
      ['list', { page: 'x' }, ADMIN_COMMON_MSG.page],
    ];
    for (const [path, body, message] of cases) {
      const r = await call(path, body);
      expect({ path, message: r.message, failed: r.code !== 200 && r.code !== 500 }).toEqual({ path, message, failed: true });
    }
    for (const path of ['list', 'get', 'reply', 'close']) {
      expect({ path, code: (await call(path, { id, content: '越权' }, editor)).code }).toEqual({ path, code: CODE.forbidden });
    }
    const row = await t.ctx.db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.state)).toBe(0);
    expect(await t.ctx.db.selectFrom('support_ticket_replies').select('id').where('ticket_id', '=', id).executeTakeFirst()).toBeUndefined();
    // the super operator holds every slug
    expect((await call('get', { id }, admin)).code).toBe(200);
  });
});
