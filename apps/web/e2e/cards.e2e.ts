import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_MSG } from '@casino/contract';
import { answeredCaptcha, api, currentCaptcha, pageHelpers, shot, usePhone } from './browser.ts';

/**
 * Cards and the message centre, end to end: a member registered through the form binds a
 * USDT address and a bank card through the add pages, sees them masked on /wallet, unbinds
 * one, and at 5 addresses the add button is gone; /message shows the announcements and the
 * inbox, and reading a message brings the unread count (messageNum) down.
 */

let page: Page;
usePhone('cards', (phone) => ({ page } = phone));
const { open, hashPath, byTest, toast, stored } = pageHelpers(() => page);

/** TRC20-shaped addresses (format only): 'T' and 33 base58 characters. */
const TRC = (i: number) => `TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbL${'ABCDEFGHJK'[i]}${'abcdefghij'[i]}`;

describe('cards', () => {
  it('register, bind a USDT address and a bank card, see them masked, unbind one; no add button at 5', { timeout: 120_000 }, async () => {
    // a fresh member through the register form
    const name = `cards${Date.now().toString(36)}`;
    await open('/login?type=1');
    await byTest('register-form').waitFor();
    await byTest('reg-name').fill(name);
    await byTest('reg-password').fill('secret123');
    await byTest('reg-confirm').fill('secret123');
    await byTest('reg-realname').fill('赵六');
    await byTest('reg-paypassword').fill('654321');
    await byTest('reg-code').fill((await currentCaptcha(page)).answer);
    await byTest('reg-submit').click();
    await expect.poll(hashPath).toBe('/');
    const token = (await stored('token'))!;
    expect(token).toBeTruthy();

    // no cards yet: the USDT tab is the default and offers the add button
    await open('/wallet');
    await byTest('wallet-empty').waitFor();
    expect(await byTest('wallet-tab-1').getAttribute('aria-selected')).toBe('true');
    await shot(page, 'cards-wallet-empty');
    await byTest('wallet-add').click();
    await expect.poll(hashPath).toBe('/addUsdtCard');

    // the form shows the contract's messages first, in the spec's order
    await byTest('usdt-submit').click();
    await toast(CARD_MSG.addressRequired).waitFor();
    await byTest('usdt-address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await byTest('usdt-submit').click();
    await toast(CARD_MSG.trc20Invalid).waitFor();
    await byTest('usdt-address').fill(TRC(0));
    await byTest('usdt-submit').click();
    await toast(CARD_MSG.payPassRequired).waitFor();
    // a wrong payment password is the server's answer
    await byTest('usdt-paypass').fill('999999');
    await byTest('usdt-submit').click();
    await toast(CARD_MSG.payPassWrong).waitFor();
    await byTest('usdt-paypass').fill('654321');
    await shot(page, 'cards-add-usdt');
    await byTest('usdt-submit').click();
    await toast(CARD_MSG.bound).waitFor();
    await expect.poll(hashPath).toBe('/wallet?type=1');
    await byTest('wallet-card').first().waitFor();
    expect(await byTest('card-no').allTextContents()).toEqual([`**** **** **** ${TRC(0).slice(-4)}`]);
    expect(await byTest('card-owner').textContent()).toContain('TRC20');
    expect(await page.content()).not.toContain(TRC(0));

    // the bank-card tab, then its add page
    await byTest('wallet-tab-2').click();
    await expect.poll(hashPath).toBe('/wallet?type=2');
    await byTest('wallet-empty').waitFor();
    await byTest('wallet-add').click();
    await expect.poll(hashPath).toBe('/addBankCard');
    // the holder's name starts as the member's real name
    await expect.poll(() => byTest('bank-owner').inputValue()).toBe('赵六');
    await byTest('bank-submit').click();
    await toast(CARD_MSG.bankRequired).waitFor();
    await byTest('bank-type').click();
    await byTest('bank-option-cmb').click();
    expect(await byTest('bank-type-value').textContent()).toContain('招商银行');
    await byTest('bank-no').fill('1234567');
    await byTest('bank-submit').click();
    await toast(CARD_MSG.bankNoInvalid).waitFor();
    await byTest('bank-no').fill('6225881234567890');
    expect(await byTest('bank-no').inputValue()).toBe('6225 8812 3456 7890');
    await byTest('bank-address').fill('广东省深圳市福田支行');
    await byTest('bank-paypass').fill('654321');
    await shot(page, 'cards-add-bank');
    await byTest('bank-submit').click();
    await toast(CARD_MSG.bound).waitFor();
    await expect.poll(hashPath).toBe('/wallet?type=2');
    await byTest('wallet-card').first().waitFor();
    expect(await byTest('card-no').allTextContents()).toEqual(['**** **** **** 7890']);
    expect(await byTest('card-bank').textContent()).toBe('招商银行');
    expect(await page.content()).not.toContain('6225881234567890');
    await shot(page, 'cards-wallet-bank');

    // unbind: asks first; cancel keeps it, confirm removes it
    await byTest('card-delete').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText(CARD_MSG.deleteConfirm).waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => byTest('wallet-card').count()).toBe(1);
    // Back while it asks: the question leaves with the page instead of standing over the next
    // one (where its 确定 would unbind a card no longer shown), and the card stays
    await open('/mine');
    await open('/wallet?type=2');
    await byTest('card-delete').click();
    await dialog.getByText(CARD_MSG.deleteConfirm).waitFor();
    await page.goBack();
    await expect.poll(hashPath).toBe('/mine');
    await expect.poll(() => dialog.count()).toBe(0);
    await open('/wallet?type=2');
    await expect.poll(() => byTest('wallet-card').count()).toBe(1);
    await byTest('card-delete').click();
    await dialog.getByText(CARD_MSG.deleteConfirm).waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await toast(CARD_MSG.unbound).waitFor();
    await byTest('wallet-empty').waitFor();
    expect((await api('/api/getcard', { type: 1 }, { token })).data).toEqual([]);

    // four more addresses over the API: at 5 the add button is gone
    for (let i = 1; i <= 4; i++) {
      const r = await api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC(i), pay_pass: '654321' }, { token });
      expect(r.code, r.message).toBe(200);
    }
    await open('/wallet?type=1');
    await page.reload();
    await expect.poll(() => byTest('wallet-card').count()).toBe(5);
    await byTest('wallet-limit-note').waitFor();
    expect(await byTest('wallet-add').count()).toBe(0);
    expect(await byTest('wallet-tab-1').textContent()).toContain('5/5');
    await shot(page, 'cards-wallet-full');
    // and the server refuses a sixth with its message
    const sixth = await api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC(5), pay_pass: '654321' }, { token });
    expect(sixth.message).toBe(CARD_MSG.usdtLimit);
  });
});

describe('message centre', () => {
  it('announcements, the inbox with ?type=2, full text on tap, unread count follows', { timeout: 90_000 }, async () => {
    // the demo member has seeded inbox messages
    const login = await api<{ api_token: string }>('/api/login_pc', { name: 'demo888', password: 'demo888', ...(await answeredCaptcha()) });
    expect(login.code, login.message).toBe(200);
    const token = login.data.api_token;
    const unreadBefore = (await api('/api/messagenum', {}, { token })).data.count as number;
    expect(unreadBefore).toBeGreaterThan(0);
    const notices = await api('/api/noticeList', { page: 1 });
    expect(notices.data.data.length).toBeGreaterThan(0);

    // signed in as the demo member: the stored token is read when the page loads
    await open('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    // the reloaded home has taken the token (its balance shows) before the route that needs it
    await byTest('header-balance').waitFor();
    await open('/message');
    await expect.poll(hashPath).toBe('/message');
    await byTest('message-tab-1').waitFor();
    expect(await byTest('message-tab-1').getAttribute('aria-selected')).toBe('true');
    await byTest('notice-item').first().waitFor();
    expect(await byTest('notice-item').count()).toBe(Math.min(notices.data.data.length, notices.data.per_page));
    await expect.poll(() => stored('messageNum')).toBe(String(unreadBefore));
    await shot(page, 'message-notices');
    await byTest('notice-item').first().click();
    await byTest('message-detail').waitFor();
    expect(await byTest('message-detail-title').textContent()).toBe(notices.data.data[0].title);
    expect(await byTest('message-detail-content').textContent()).toBe(notices.data.data[0].content);
    await byTest('message-detail-close').click();
    await byTest('message-detail').waitFor({ state: 'hidden' });

    // the inbox tab by tap, then by the query
    await byTest('message-tab-2').click();
    await expect.poll(hashPath).toBe('/message?type=2');
    await byTest('inbox-item').first().waitFor();
    await open('/');
    await open('/message?type=2');
    expect(await byTest('message-tab-2').getAttribute('aria-selected')).toBe('true');
    await byTest('inbox-item').first().waitFor();
    const inbox = await api('/api/messagelist', { page: 1 }, { token });
    expect(await byTest('inbox-item').count()).toBe(inbox.data.data.length);
    expect(await byTest('message-unread-badge').textContent()).toBe(String(unreadBefore));
    await shot(page, 'message-inbox');

    // reading the first unread message: full text, marked read, count down by one
    const unreadItem = page.locator('[data-testid="inbox-item"][data-read="0"]').first();
    const title = (await unreadItem.locator('.msg-item-title').textContent())!;
    await unreadItem.click();
    await byTest('message-detail').waitFor();
    expect(await byTest('message-detail-title').textContent()).toBe(title);
    const full = inbox.data.data.find((m: { title: string }) => m.title === title);
    expect(await byTest('message-detail-content').textContent()).toBe(full.content);
    await expect.poll(() => stored('messageNum')).toBe(String(unreadBefore - 1));
    await shot(page, 'message-detail');
    await byTest('message-detail-close').click();
    expect(await page.locator('[data-testid="inbox-item"][data-read="1"]').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await api('/api/messagenum', {}, { token })).data.count).toBe(unreadBefore - 1);
    if (unreadBefore - 1 > 0) expect(await byTest('message-unread-badge').textContent()).toBe(String(unreadBefore - 1));
    else expect(await byTest('message-unread-badge').count()).toBe(0);
  });
});
