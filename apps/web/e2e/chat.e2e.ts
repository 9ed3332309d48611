import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Live customer service end to end (issue 13): a signed-in member writes on /kefu, an operator
 * takes the conversation and answers through the back-office calls, and the member sees the
 * answer arrive over the event stream without reloading.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('chat', (phone) => ({ browser, context, page } = phone));
const { byTest, open } = pageHelpers(() => page);

describe('live customer service', () => {
  it('a guest never asks for the unread count nor loads the badge', async () => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/chat/unread') || r.url().includes('ChatUnreadBadge')) asked.push(r.url());
    });
    await open('/');
    await byTest('tab-bar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    // the next test signs in: its first page must be a real load (init scripts run on loads only)
    await page.goto('about:blank');
  });

  it('member sends, an operator takes and replies, the member sees the reply live', { timeout: 60_000 }, async () => {
    void browser;
    const member = await registerMember('chat', '钱七');
    await signInWith(context, member.token);
    await open('/kefu');
    await byTest('kefu-chat').waitFor();
    await expect.poll(() => byTest('cv-status').textContent()).toBe('发送消息即可联系客服');

    const hostile = '<b>存款</b>没有到账 <img src=x onerror=alert(1)>';
    await byTest('cv-input').fill(hostile);
    await byTest('cv-send').click();
    // shown as text, never as HTML
    await expect.poll(() => byTest('cv-mine').last().textContent()).toContain(hostile);
    expect(await byTest('cv-list').locator('img[src="x"]').count()).toBe(0);
    await expect.poll(() => byTest('cv-status').textContent()).toBe('正在为您安排客服，请稍候…');

    const op = await operatorToken();
    const queue = await api<{ data: { id: number; username: string }[] }>('/admin/api/chat/queue', {}, { token: op });
    const conv = queue.data.data.find((c) => c.username === member.name)!;
    expect(conv).toBeTruthy();
    const take = await api('/admin/api/chat/take', { conversation_id: conv.id }, { token: op });
    expect(take.code, take.message).toBe(200);
    await byTest('cv-system').first().waitFor();

    await api('/admin/api/chat/typing', { conversation_id: conv.id, typing: true }, { token: op });
    await byTest('cv-typing').waitFor();
    const reply = await api('/admin/api/chat/send', { conversation_id: conv.id, text: '您好，已为您查询，请稍候' }, { token: op });
    expect(reply.code, reply.message).toBe(200);
    await expect.poll(() => byTest('cv-theirs').last().textContent()).toContain('您好，已为您查询，请稍候');
    await expect.poll(() => byTest('cv-status').textContent()).toBe('客服在线');
    await shot(page, 'kefu-chat');

    // the open chat marks the reply read; leaving before that call lands would (rightly) keep it unread
    await expect.poll(async () => (await api<{ unread: number }>('/api/chat/unread', {}, { token: member.token })).data?.unread).toBe(0);
    // outside /kefu: the tab bar and /mine show the unread replies; reading them in /kefu clears both
    await open('/mine');
    await byTest('mine').waitFor();
    // the chat's read call may still be on its way back to the page when it leaves /kefu: its
    // answer clears the badge then (the server had cleared the count already)
    await expect.poll(() => byTest('mine-kefu-unread').count()).toBe(0);
    const more = await api('/admin/api/chat/send', { conversation_id: conv.id, text: '请问还有其他问题吗？' }, { token: op });
    expect(more.code, more.message).toBe(200);
    await api('/admin/api/chat/send', { conversation_id: conv.id, text: '有问题随时联系我们' }, { token: op });
    await page.reload();
    await expect.poll(() => byTest('mine-kefu-unread').textContent()).toBe('2');
    await expect.poll(() => byTest('tab-kefu-unread').textContent()).toBe('2');
    await byTest('mine-link-kefu').scrollIntoViewIfNeeded();
    await shot(page, 'mine-chat-unread');
    await byTest('tab-kefu').click();
    await expect.poll(() => byTest('cv-theirs').last().textContent()).toContain('有问题随时联系我们');
    await expect.poll(() => byTest('tab-kefu-unread').count()).toBe(0);
    await byTest('tab-mine').click();
    await byTest('mine').waitFor();
    expect(await byTest('mine-kefu-unread').count()).toBe(0);
    expect((await api('/api/chat/unread', {}, { token: member.token })).data).toEqual({ unread: 0 });
  });
});
