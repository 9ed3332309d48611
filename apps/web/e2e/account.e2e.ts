import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG, PROFILE_MSG } from '@casino/contract';
import { makePng } from '../../server/src/modules/profile/testing.ts';
import { api, currentCaptcha, pageHelpers, registerMember, shot, usePhone } from './browser.ts';

/**
 * The member's own account through the built site and the real server: profile (mobile,
 * email, birthday picker) kept after a reload, avatar upload seen in the member centre, the
 * login-password change that ends the session, the payment-password change.
 */

let page: Page;
usePhone('account', (phone) => ({ page } = phone));
const { byTest, open, hashPath, toast, stored } = pageHelpers(() => page);
const storedToken = () => stored('token');

/** Log in through the login screen (captcha answer read where the server keeps it). */
async function uiLogin(name: string, password: string) {
  if (!hashPath().startsWith('/login')) await open('/login');
  await byTest('login-name').fill(name);
  await byTest('login-password').fill(password);
  // a captcha is single use: after this try the page shows a new one, which the next try waits for
  await byTest('login-code').fill((await currentCaptcha(page)).answer);
  await byTest('login-submit').click();
}

async function signedIn(name: string, password = 'secret123') {
  await uiLogin(name, password);
  await expect.poll(hashPath).toBe('/');
  await expect.poll(storedToken).not.toBeNull();
}

/** Picks one item of a column of the open date picker (a tapped item is selected, as a finger does). */
async function pickItem(label: string) {
  await page.locator('.adm-picker-view-column-item', { hasText: new RegExp(`^${label}$`) }).tap();
}

describe('member account end to end', () => {
  it('edits the profile (mobile, email, birthday by the picker); a wrong mobile is refused; kept after a reload', async () => {
    const member = await registerMember('acct', '孙八');
    await signedIn(member.name);
    await open('/userInfo');
    await byTest('userinfo').waitFor();
    await expect.poll(() => byTest('userinfo-username').textContent()).toBe(member.name);
    await expect.poll(() => byTest('userinfo-realname').textContent()).toBe('孙*');

    // a wrong mobile: the spec's message, nothing saved
    await byTest('userinfo-mobile').fill('12345678901');
    await byTest('userinfo-email').fill('sun.ba@example.com');
    await byTest('userinfo-save').click();
    await toast(PROFILE_MSG.mobile).waitFor();
    expect((await api<{ mobile: string }>('/api/user', {}, { token: member.token })).data.mobile).toBe('');

    await byTest('userinfo-mobile').fill('13912345678');
    // birthday through the picker: opens on 1990-01-01, pick 1992-03-05
    await byTest('userinfo-birthday').click();
    await page.locator('.adm-picker').waitFor();
    await pickItem('1992年');
    await pickItem('3月');
    await pickItem('5日');
    await shot(page, 'account-birthday-picker');
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    await expect.poll(() => byTest('userinfo-birthday-value').textContent()).toBe('1992-03-05');
    await byTest('userinfo-save').click();
    await toast(PROFILE_MSG.profileSaved).waitFor();

    // what the server keeps, and what the page shows after a reload
    expect((await api('/api/user', {}, { token: member.token })).data).toMatchObject({ mobile: '13912345678', email: 'sun.ba@example.com', birthday: '1992-03-05' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
    expect(stored).toMatchObject({ mobile: '13912345678', email: 'sun.ba@example.com', birthday: '1992-03-05' });
    await page.reload();
    await byTest('userinfo').waitFor();
    await expect.poll(() => byTest('userinfo-mobile').inputValue()).toBe('13912345678');
    expect(await byTest('userinfo-email').inputValue()).toBe('sun.ba@example.com');
    expect(await byTest('userinfo-birthday-value').textContent()).toBe('1992-03-05');
    await shot(page, 'account-userinfo-saved');
  });

  it('uploads a PNG avatar on /mine and shows it there, served by our server', async () => {
    const member = await registerMember('acct', '孙八');
    await signedIn(member.name);
    await open('/mine');
    await byTest('mine').waitFor();
    expect(await byTest('mine-avatar').locator('img').count()).toBe(0);

    await byTest('mine-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(48, 48) });
    await toast(PROFILE_MSG.avatarOk).waitFor();
    const img = byTest('mine-avatar').locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(48);
    expect((await api<{ avatar: string }>('/api/user', {}, { token: member.token })).data.avatar).toBe(await img.getAttribute('src'));

    // a file that is not an image is refused with a clear message, the avatar stays
    const before = await img.getAttribute('src');
    await byTest('mine-avatar-input').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await toast(PROFILE_MSG.avatarType).waitFor();
    expect(await img.getAttribute('src')).toBe(before);
    await page.reload();
    await expect.poll(() => byTest('mine-avatar').locator('img').getAttribute('src')).toBe(before);
    await shot(page, 'account-mine-avatar');
  });

  it('changes the login password: every session ends, /login with 密码修改成功！, the new one logs in and the old one no longer', async () => {
    const member = await registerMember('acct', '孙八');
    await signedIn(member.name);
    const oldToken = await storedToken();
    await open('/password?type=1');
    await byTest('password-page').waitFor();

    // the browser-only confirm rule, then the server's old-password check
    await byTest('pw-old').fill('secret123');
    await byTest('pw-new').fill('fresh456');
    await byTest('pw-confirm').fill('fresh457');
    await byTest('pw-submit').click();
    await toast(MSG.passwordMismatch).waitFor();
    await byTest('pw-old').fill('notmine99');
    await byTest('pw-confirm').fill('fresh456');
    await byTest('pw-submit').click();
    await toast(PROFILE_MSG.oldWrong).waitFor();

    await byTest('pw-old').fill('secret123');
    await byTest('pw-submit').click();
    await toast(PROFILE_MSG.passwordChanged).waitFor();
    await expect.poll(hashPath).toBe('/login');
    expect(await storedToken()).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    // the session that asked, and the one opened at registration, are both over
    expect((await api('/api/user', {}, { token: oldToken! })).code).toBe(401);
    expect((await api('/api/user', {}, { token: member.token })).code).toBe(401);

    await uiLogin(member.name, 'secret123');
    await toast(MSG.loginFailed).waitFor();
    await uiLogin(member.name, 'fresh456');
    await expect.poll(hashPath).toBe('/');
    expect((await api('/api/user', {}, { token: (await storedToken())! })).code).toBe(200);
  });

  it('changes the payment password: the old one is refused afterwards, the session stays', async () => {
    const member = await registerMember('acct', '孙八');
    await signedIn(member.name);
    const token = (await storedToken())!;
    await open('/userCent');
    await byTest('usercent-paypassword').click();
    await expect.poll(hashPath).toBe('/password?type=2');
    await expect.poll(() => byTest('password-title').textContent()).toBe('修改支付密码');

    await byTest('pw-old').fill('000000');
    await byTest('pw-new').fill('246810');
    await byTest('pw-confirm').fill('246810');
    await byTest('pw-submit').click();
    await toast(PROFILE_MSG.oldPayWrong).waitFor();
    await byTest('pw-old').fill('654321');
    await byTest('pw-submit').click();
    await toast(PROFILE_MSG.passwordChanged).waitFor();
    await expect.poll(hashPath).toBe('/userCent');

    // still signed in; the old payment password no longer opens anything, the new one does
    expect((await api('/api/user', {}, { token })).code).toBe(200);
    expect((await api('/api/editPayPassword', { password: '654321', paypassword: '135790' }, { token })).message).toBe(PROFILE_MSG.oldPayWrong);
    expect((await api('/api/editPayPassword', { password: '246810', paypassword: '135790' }, { token })).code).toBe(200);
  });

  it('applies to the agent programme once: the form checks first, then the pending state shows and a repeat is refused', async () => {
    const member = await registerMember('agent', '孙八');
    await signedIn(member.name);
    await open('/applyagent');
    await expect.poll(() => byTest('applyagent-username').textContent()).toBe(member.name);
    await expect.poll(() => byTest('applyagent-realname').textContent()).toContain('孙');
    // the spec's checks, in the browser first
    await byTest('applyagent-mobile').fill('12345');
    await byTest('applyagent-submit').click();
    await toast(PROFILE_MSG.mobile).waitFor();
    await byTest('applyagent-mobile').fill('13812345678');
    await byTest('applyagent-submit').click();
    await toast(PROFILE_MSG.applyReason).waitFor();
    await byTest('applyagent-reason').fill('本人有稳定的推广渠道，希望加入代理计划');
    await byTest('applyagent-submit').click();
    await toast(PROFILE_MSG.applyOk).waitFor();
    await expect.poll(() => byTest('applyagent-status').textContent()).toContain(PROFILE_MSG.applyPending);
    await shot(page, 'account-applyagent-pending');
    // after a reload the application is still pending and a repeat is refused by the server
    await page.reload();
    await expect.poll(() => byTest('applyagent-status').textContent()).toContain(PROFILE_MSG.applyPending);
    expect(await byTest('applyagent-submit').isDisabled()).toBe(true);
    const token = await stored('token');
    const again = await api('/api/applyagentdo', { mobile: '13812345678', apply_info: '再次申请' }, { token: token! });
    expect(again.message).toBe(PROFILE_MSG.applyPending);
  });
});
