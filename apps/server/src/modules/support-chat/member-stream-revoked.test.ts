import type { ChatEvent } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { openSse } from '../../../test/sse.ts';

/**
 * A member's chat stream (GET /api/chat/stream) carries what customer service writes to them:
 * account details, reset steps, a withdrawal's reasons. Like an operator's (operator-stream-
 * revoked.test.ts), it belongs to the session that asked for its ticket (DESIGN 5: a sign-out,
 * freeze or password change holds in every process once answered): once that session is gone
 * the stream gets nothing more and ends, and a ticket taken before opens nothing. Before, the
 * ticket named the member only and the stream ran as long as its connection.
 */
describe('a member chat stream ends with its session', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ listen: true });
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  /** a member with a conversation the operator has taken, and a stream open on it */
  const member = async (name: string) => {
    const token = await t.register(name);
    const sent = await t.post('/api/chat/send', { text: '你好' }, { token });
    expect(sent.code, sent.message).toBe(200);
    const conversation = sent.data.conversation_id as number;
    expect((await t.post('/admin/api/chat/take', { conversation_id: conversation }, { token: admin })).code).toBe(200);
    const ticket = (await t.post('/api/chat/ticket', {}, { token })).data.ticket as string;
    const stream = await openSse<ChatEvent>(`${t.origin}/api/chat/stream?ticket=${ticket}`);
    expect(stream.isStream).toBe(true);
    await stream.next((e) => e.type === 'ready');
    return { token, conversation, stream };
  };
  const ends = (s: { ended: Promise<void> }, ms = 5_000) => Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  const reply = async (conversation: number, text: string) => expect((await t.post('/admin/api/chat/send', { conversation_id: conversation, text }, { token: admin })).code).toBe(200);

  it('signed out, frozen or password reset: nothing more, and the stream ends', async () => {
    const control = await member('mstreamctl');
    const signedOut = await member('mstreamout');
    const frozen = await member('mstreamfrz');
    const reset = await member('mstreamrst');
    expect((await t.post('/api/logoff', {}, { token: signedOut.token })).code).toBe(200);
    expect((await t.post('/admin/api/members/freeze', { username: 'mstreamfrz', reason: '账号被盗，冻结处理' }, { token: admin })).code).toBe(200);
    expect((await t.post('/admin/api/members/reset-password', { username: 'mstreamrst', reason: '会员申请重置' }, { token: admin })).code).toBe(200);

    for (const m of [signedOut, frozen, reset]) await reply(m.conversation, '您的新密码已发送');
    // the control's message goes out after the others (events are handled in order)
    await reply(control.conversation, '您好');
    await control.stream.next((e) => e.type === 'message');

    for (const [why, m] of Object.entries({ signedOut, frozen, reset })) {
      expect(await ends(m.stream), `${why}: the stream still runs`).toBe(true);
      expect(m.stream.events.filter((e) => e.type !== 'ready'), why).toEqual([]);
    }
    await control.stream.close();
  }, 30_000);

  it('a ticket taken before a sign-out opens nothing after it', async () => {
    const token = await t.register('mstreamtkt');
    const ticket = (await t.post('/api/chat/ticket', {}, { token })).data.ticket as string;
    expect((await t.post('/api/logoff', {}, { token })).code).toBe(200);
    const s = await openSse<ChatEvent>(`${t.origin}/api/chat/stream?ticket=${ticket}`);
    expect(s.isStream).toBe(false);
    expect(s.refusal).toMatchObject({ code: 401 });
  });
});
