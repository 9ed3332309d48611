import type { ChatEvent } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { openSse } from '../../../test/sse.ts';

/**
 * The attacker's view of the operators' chat stream (GET /admin/api/chat/stream): members'
 * messages (names, cards typed into the chat, complaints) flow down it. It was opened with a
 * ticket that named the operator only, and once open it ran for as long as the connection: an
 * operator disabled, whose password was reset (a stolen session thrown out), who signed out, or
 * whose new role has no support.chat kept receiving every member's messages; a ticket taken
 * before a sign-out still opened a stream after it. Now a stream belongs to the session that
 * asked for its ticket: once that session, the operator or the permission is gone, the stream
 * gets nothing more and ends, and the ticket opens nothing.
 */
describe('an operator chat stream ends with its session', () => {
  let t: TestApp;
  let owner: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp({ listen: true });
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    for (const name of ['csdisabled', 'csreset', 'cslogout', 'csrole', 'csticket']) {
      expect((await t.post('/admin/api/operators/create', { username: name, password: 'support-pass-1', role: 'support' }, { token: owner })).code).toBe(200);
      tokens[name] = (await t.post('/admin/api/login', { username: name, password: 'support-pass-1' })).data.token;
    }
  });
  afterAll(() => t.stop());

  const open = async (token: string) => {
    const ticket = (await t.post('/admin/api/chat/ticket', {}, { token })).data.ticket as string;
    const s = await openSse<ChatEvent>(`${t.origin}/admin/api/chat/stream?ticket=${ticket}`);
    expect(s.isStream).toBe(true);
    await s.next((e) => e.type === 'ready');
    return s;
  };
  const ends = (s: { ended: Promise<void> }, ms = 5_000) => Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('disabled, password reset, signed out or moved to a role without support.chat: nothing more, and the stream ends', async () => {
    // a conversation the operator to be disabled has taken: its messages go to that operator's stream
    const victim = await t.register('streamvic0');
    const first = await t.post('/api/chat/send', { text: '你好' }, { token: victim });
    expect(first.code, first.message).toBe(200);
    expect((await t.post('/admin/api/chat/take', { conversation_id: first.data.conversation_id }, { token: tokens.csdisabled })).code).toBe(200);
    const control = await open(owner);
    const streams = {
      disabled: await open(tokens.csdisabled),
      reset: await open(tokens.csreset),
      logout: await open(tokens.cslogout),
      role: await open(tokens.csrole),
    };
    expect((await t.post('/admin/api/operators/disable', { username: 'csdisabled' }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/operators/reset-password', { username: 'csreset', password: 'new-pass-123' }, { token: owner })).code).toBe(200);
    expect((await t.post('/admin/api/logout', {}, { token: tokens.cslogout })).code).toBe(200);
    expect((await t.post('/admin/api/operators/update', { username: 'csrole', role: 'content' }, { token: owner })).code).toBe(200);

    // the member of the taken conversation writes again, and a new member writes: the queue
    // event reaches the operators still allowed (events go out in order)
    expect((await t.post('/api/chat/send', { text: '我的卡号是6222020000000000' }, { token: victim })).code).toBe(200);
    const member = await t.register('streamvic1');
    const sent = await t.post('/api/chat/send', { text: '在吗' }, { token: member });
    expect(sent.code, sent.message).toBe(200);
    const conv = sent.data.conversation_id as number;
    await control.next((e) => e.type === 'queue' && e.conversation_id === conv);

    for (const [why, s] of Object.entries(streams)) {
      expect(await ends(s), `${why}: the stream still runs`).toBe(true);
      expect(s.events.filter((e) => e.type !== 'ready'), why).toEqual([]);
    }
    await control.close();
  }, 30_000);

  it('a ticket taken before a sign-out opens nothing after it', async () => {
    const ticket = (await t.post('/admin/api/chat/ticket', {}, { token: tokens.csticket })).data.ticket as string;
    expect((await t.post('/admin/api/logout', {}, { token: tokens.csticket })).code).toBe(200);
    const s = await openSse<ChatEvent>(`${t.origin}/admin/api/chat/stream?ticket=${ticket}`);
    expect(s.isStream).toBe(false);
    expect(s.refusal).toMatchObject({ code: 401 });
  });
});
