import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG, RESET_MSG } from '@casino/contract';
import { api, currentCaptcha, operatorCredits, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Issue 15, the member site on a real phone: a page whose code fails to load recovers with
 * 重新加载 once the network is back; floating controls cover no other control at 320, 375 and
 * 414 px; 自动免转 says where the money went; 忘记密码 resets the password; a signed-in member
 * is not shown the login form.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('phone', (phone) => ({ browser, context, page } = phone));
const { byTest, open, hashPath, toast } = pageHelpers(() => page);

describe('a page whose code did not load', () => {
  it('shows an error state while the network is down, and 重新加载 brings the page with its styles', async () => {
    await open('/');
    await byTest('home').waitFor();
    // the network drops: every code chunk and stylesheet not yet loaded fails
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => (window.location.hash = '#/boutBallBet'));
    await byTest('route-error').waitFor();
    expect(await byTest('route-retry').textContent()).toBe('重新加载');
    await shot(page, 'phone-route-error');

    // a retry while still offline fails again, and still shows the error state
    await byTest('route-retry').click();
    await byTest('route-error').waitFor();

    await page.unroute('**/assets/**');
    await byTest('route-retry').click();
    await byTest('help-center').waitFor();
    expect(await byTest('route-error').count()).toBe(0);
    // the page's own stylesheet arrived too (its hero has the navy background)
    const hero = await page.locator('.help-hero').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(hero).toContain('gradient');
  });
});

/**
 * Floating controls against every other control on screen: the box of each floating control
 * must not overlap any link, button, input, tab or frame. The bottom dock and the tab bar are
 * the opaque bottom chrome: content scrolled behind them is out of view, so a content control's
 * box counts only above the chrome's top edge.
 */
async function overlaps(p: Page, floating: string[]): Promise<string[]> {
  return p.evaluate((selectors) => {
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0 && r.width > 0 && r.height > 0;
    };
    const chrome = ['[data-testid="bottom-dock"]', '.tabbar'].map((s) => document.querySelector(s)).filter((el): el is Element => Boolean(el));
    for (const bar of chrome) {
      const bg = getComputedStyle(bar).backgroundImage + getComputedStyle(bar).backgroundColor;
      if (bg === 'nonergba(0, 0, 0, 0)') throw new Error('the bottom chrome must be opaque');
    }
    const chromeTop = Math.min(window.innerHeight, ...chrome.map((el) => el.getBoundingClientRect().top));
    const floats = selectors.flatMap((s) => Array.from(document.querySelectorAll(s))).filter(visible);
    const controls = Array.from(document.querySelectorAll('a, button, input, select, textarea, iframe, [role="tab"], [role="button"]')).filter(
      (el) => visible(el) && !floats.some((f) => f === el || f.contains(el) || el.contains(f)),
    );
    const label = (el: Element) => `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? ''}] "${(el.textContent ?? '').trim().slice(0, 12)}"`;
    const found: string[] = [];
    for (const f of floats) {
      const a = f.getBoundingClientRect();
      for (const c of controls) {
        const b = c.getBoundingClientRect();
        const inChrome = chrome.some((bar) => bar.contains(c));
        const bottom = inChrome ? b.bottom : Math.min(b.bottom, chromeTop);
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) found.push(`${label(f)} covers ${label(c)}`);
      }
    }
    return found;
  }, floating);
}

/** The last control of the page sits fully above the bottom chrome once scrolled to the end. */
async function endReachable(p: Page, lastControl: string) {
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // two frames drawn after the scroll: its layout is on screen
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const [box, chromeTop] = await p.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const bars = ['[data-testid="bottom-dock"]', '.tabbar'].map((s) => document.querySelector(s)).filter(Boolean) as Element[];
    return [el.getBoundingClientRect().toJSON(), Math.min(...bars.map((b) => b.getBoundingClientRect().top))] as const;
  }, lastControl);
  expect(box.bottom, `${lastControl} under the bottom chrome`).toBeLessThanOrEqual(chromeTop + 0.5);
}

describe('floating controls at 320, 375 and 414 px', () => {
  it('the quick-pick handle, the red packet and the game page’s 返回 cover no other control', { timeout: 120_000 }, async () => {
    const member = await registerMember('layout');
    await signInWith(context, member.token);
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 812 });

      await open('/');
      await byTest('home').waitFor();
      await byTest('home-hongbao').waitFor();
      // the floating controls where they come to rest (they slide in)
      for (const id of ['quick-pick', 'home-hongbao']) await (await byTest(id).elementHandle())!.waitForElementState('stable');
      expect(await overlaps(page, ['[data-testid="quick-pick"]', '[data-testid="home-hongbao"]']), `home at ${width}`).toEqual([]);
      await endReachable(page, '.trust');
      expect(await overlaps(page, ['[data-testid="quick-pick"]', '[data-testid="home-hongbao"]']), `home end at ${width}`).toEqual([]);
      await shot(page, `phone-home-end-${width}`);

      await open('/mine');
      await byTest('logout-button').waitFor();
      expect(await overlaps(page, ['[data-testid="quick-pick"]']), `mine at ${width}`).toEqual([]);
      await endReachable(page, '[data-testid="logout-button"]');
      expect(await overlaps(page, ['[data-testid="quick-pick"]']), `mine end at ${width}`).toEqual([]);
      await shot(page, `phone-mine-end-${width}`);

      await open('/gamePage?name=甜蜜富矿&type=pp&code=pp_bonanza');
      await byTest('game-frame').waitFor();
      expect(await overlaps(page, ['[data-testid="game-back"]']), `game page at ${width}`).toEqual([]);
      await shot(page, `phone-game-${width}`);
    }
  });
});

describe('自动免转', () => {
  it('opening a game says which venue got how much, and the header shows the game wallet', async () => {
    const member = await registerMember('autotell');
    await operatorCredits(member.name, 250);
    await signInWith(context, member.token);
    expect((await api('/api/uptransferstatus', { transferstatus: 1 }, { token: member.token })).code).toBe(200);

    await open('/gamePage?name=甜蜜富矿&type=pp&code=pp_bonanza');
    // the amount is held together by word joiners (no line break inside it)
    const toastText = async () => ((await page.locator('.adm-toast-main').allTextContents()).join(' ')).replace(/\u2060/g, '');
    await expect.poll(toastText).toContain('已自动转入 PP电子 ¥250.00，返回后可一键回收');
    await shot(page, 'phone-auto-transfer-toast');
    await byTest('game-back').click();
    await byTest('home').waitFor();
    await expect.poll(() => byTest('header-balance').textContent()).toBe('0.00');
    await expect.poll(() => byTest('header-game-balance').textContent()).toContain('250.00');
  });
});

describe('忘记密码', () => {
  it('a member who proves the account is theirs sets a new password; the old session ends', async () => {
    const member = await registerMember('forgot', '孙八');
    const bind = await api('/api/bindcard', { bank_owner: '孙八', bank: '招商银行', bank_no: '6225881234564321', bank_address: '北京分行', pay_pass: '654321' }, { token: member.token });
    expect(bind.code, bind.message).toBe(200);

    await open('/login');
    await byTest('login-forgot').click();
    await byTest('reset-form').waitFor();
    await byTest('reset-name').fill(member.name);
    await byTest('reset-realname').fill('孙八');
    await byTest('reset-paypassword').fill('654321');
    await byTest('reset-card').fill('4320');
    await byTest('reset-password').fill('brand-new-9');
    await byTest('reset-confirm').fill('brand-new-9');
    await byTest('reset-submit').click();
    await toast(RESET_MSG.mismatch).waitFor();

    await byTest('reset-card').fill('4321');
    await byTest('reset-submit').click();
    await toast(RESET_MSG.ok).waitFor();
    await byTest('login-form').waitFor();
    expect((await api('/api/user', {}, { token: member.token })).code).toBe(401);

    await byTest('login-name').fill(member.name);
    await byTest('login-password').fill('brand-new-9');
    await byTest('login-code').fill((await currentCaptcha(page)).answer);
    await byTest('login-submit').click();
    await toast(MSG.loginOk).waitFor();
    await expect.poll(hashPath).toBe('/');
  });

  it('a signed-in member opening /login goes where redirect says, or home', async () => {
    const member = await registerMember('signedin');
    await signInWith(context, member.token);
    await open('/login?redirect=%2Fmine');
    await expect.poll(hashPath).toBe('/mine');
    await open('/login');
    await expect.poll(hashPath).toBe('/');
  });
});

describe('messaging-app links', () => {
  it('are hidden while unset and follow the operator’s settings once set', async () => {
    const settings = (body: Record<string, string>) => operatorToken().then((token) => api('/admin/api/settings/update', body, { token }));
    await open('/');
    await byTest('home').waitFor();
    await byTest('header-menu').click();
    await byTest('side-drawer').waitFor();
    expect(await byTest('drawer-messaging-login').count()).toBe(0);
    expect(await byTest('shortcut-bot').count()).toBe(0);

    expect((await settings({ tg_login_url: 'https://t.me/dingsheng_login_bot', tg_bot_url: 'https://t.me/dingsheng_bot' })).code).toBe(200);
    try {
      await page.reload();
      await byTest('home').waitFor();
      await expect.poll(() => byTest('shortcut-bot').getAttribute('href')).toBe('https://t.me/dingsheng_bot');
      await byTest('header-menu').click();
      expect(await byTest('drawer-messaging-login').getAttribute('href')).toBe('https://t.me/dingsheng_login_bot');
    } finally {
      await settings({ tg_login_url: '', tg_bot_url: '' });
    }
  });
});
