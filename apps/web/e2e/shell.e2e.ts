import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { MSG } from '@casino/contract';
import { baseUrl, currentCaptcha, shot, usePhone } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('shell', (phone) => ({ browser, context, page } = phone));

describe('desktop browsers', () => {
  it('re-open the site inside a narrow phone frame, and crossing 768 px reloads', async () => {
    // a desktop window instead of the phone (the hooks close every context after the test)
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' })).newPage();
    await page.goto(`${baseUrl()}/#/`);
    const frame = page.getByTestId('phone-frame');
    await frame.waitFor();
    const box = await frame.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(430);
    // the app itself runs inside the frame
    await page.frameLocator('[data-testid="phone-frame"]').getByTestId('home').waitFor();
    await shot(page, 'desktop-frame');

    const reloaded = page.waitForEvent('load');
    await page.setViewportSize({ width: 700, height: 900 });
    await reloaded;
    // narrow now: the app runs directly, no frame
    await page.getByTestId('home').waitFor();
    expect(await page.getByTestId('phone-frame').count()).toBe(0);
  });
});

describe('referrer and drawer', () => {
  it('/register?pid= forwards to the register tab and the pid is stored with the new member', async () => {
    await page.goto(`${baseUrl()}/#/register?pid=agent77`);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toMatch(/^#\/login\?.*pid=agent77/);
    await page.getByTestId('register-form').waitFor();
    await page.getByTestId('reg-name').fill('e2ereferred');
    await page.getByTestId('reg-password').fill('secret123');
    await page.getByTestId('reg-confirm').fill('secret123');
    await page.getByTestId('reg-realname').fill('钱七');
    await page.getByTestId('reg-paypassword').fill('654321');
    await page.getByTestId('reg-code').fill((await currentCaptcha(page)).answer);
    await page.getByTestId('reg-submit').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
    const db = new Database(path.join(inject('dataDir'), 'casino.sqlite'), { readonly: true });
    try {
      const row = db.prepare('SELECT referrer_pid FROM members WHERE username = ?').get('e2ereferred') as { referrer_pid: string };
      expect(row.referrer_pid).toBe('agent77');
    } finally {
      db.close();
    }
  });

  it('the side drawer copies the permanent domain', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto(`${baseUrl()}/#/`);
    await page.getByTestId('header-menu').click();
    await page.getByTestId('side-drawer').waitFor();
    await shot(page, 'drawer-guest');
    expect(await page.getByTestId('drawer-login').isVisible()).toBe(true);
    await page.getByTestId('drawer-domain').click();
    await page.locator('.adm-toast-main', { hasText: MSG.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://m.dingsheng-demo.example');
  });
});
