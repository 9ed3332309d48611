import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { MSG } from '@casino/contract';
import { api, baseUrl, currentCaptcha, requestsSeen, shot, usePhone } from './browser.ts';

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
    // no entry address set (h5_url '', issue 19): the domain is the site's own
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(baseUrl());
  });
});

/** A site setting written where the server keeps it (it reads settings again within 5 s). */
function setSetting(key: string, value: unknown) {
  const db = new Database(path.join(inject('dataDir'), 'casino.sqlite'));
  try {
    db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify(value), key);
  } finally {
    db.close();
  }
}
const visitUrl = () => api<{ url: string } | null>('/api/getVisitUrl', undefined, { method: 'GET' });

describe('entry address (GET /api/getVisitUrl)', () => {
  it("an operator's other entry address takes the visitor there with the referrer code; this site's own address does not", { timeout: 60_000 }, async () => {
    // none set: the server answers no address and the site stays
    expect((await visitUrl()).code).not.toBe(200);
    const entry = 'https://m.entry-demo.example/';
    await context.route(`${entry}**`, (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>entry</title><p>entry</p>' }));
    try {
      setSetting('h5_url', entry);
      await expect.poll(async () => (await visitUrl()).code, { timeout: 15_000, interval: 500 }).toBe(200);
      await page.goto(`${baseUrl()}/#/?pid=agent88`);
      await page.waitForURL(`${entry}register?pid=agent88`);

      // an address on this very origin: followed, it would reload the site for ever. Issue 33: the
      // server compares it with the origin the request reached and answers no address, so the
      // original client (which follows any answer) stays too, and so does this site
      setSetting('h5_url', `${baseUrl()}/`);
      await expect.poll(async () => (await visitUrl()).code, { timeout: 15_000, interval: 500 }).not.toBe(200);
      const asked = page.waitForResponse((r) => r.url().includes('/api/getVisitUrl'));
      await page.goto(`${baseUrl()}/#/`);
      // every page load after this one: none may follow (the answer is this very site)
      const loads: string[] = [];
      page.on('request', (r) => void (r.isNavigationRequest() && loads.push(r.url())));
      await asked;
      await page.getByTestId('home').waitFor();
      // what the answer led to has been asked for by now (a marker request sent after a frame)
      await requestsSeen(page);
      expect(loads).toEqual([]);
      expect(page.url()).toBe(`${baseUrl()}/#/`);
    } finally {
      setSetting('h5_url', '');
      await expect.poll(async () => (await visitUrl()).code, { timeout: 15_000, interval: 500 }).not.toBe(200);
    }
  });
});

/** Width and height of a PNG from its IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installing the app (/download/ promises 添加到主屏幕)', () => {
  it('Chromium finds the site installable: manifest, icons and Apple tags, no installability errors', { timeout: 60_000 }, async () => {
    // installability is not judged in incognito, which every Playwright context is: a profile of its own
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-install-'));
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    try {
      const p = ctx.pages()[0] ?? (await ctx.newPage());
      await p.goto(`${baseUrl()}/#/`);
      await p.getByTestId('home').waitFor();
      const cdp = await ctx.newCDPSession(p);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}');
      expect(data).toMatchObject({ name: '鼎盛娱乐', short_name: '鼎盛娱乐', display: 'standalone', start_url: './', scope: './', theme_color: '#101a36', background_color: '#101a36' });
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);

      // served as a manifest; every icon is a real PNG of the size it claims, 192 and 512 among them
      const res = await fetch(manifest.url);
      expect(res.headers.get('content-type')).toContain('application/manifest+json');
      const sizes: string[] = [];
      for (const icon of data.icons as { src: string; sizes: string; type: string }[]) {
        const file = await fetch(new URL(icon.src, manifest.url));
        expect(file.status, icon.src).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/png');
        const size = pngSize(Buffer.from(await file.arrayBuffer()));
        expect(size && `${size.width}x${size.height}`, icon.src).toBe(icon.sizes);
        sizes.push(icon.sizes);
      }
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));

      // iOS reads its own tags
      const head = await p.evaluate(() => ({
        touchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? '',
        capable: document.querySelector('meta[name="apple-mobile-web-app-capable"]')?.getAttribute('content'),
        status: document.querySelector('meta[name="apple-mobile-web-app-status-bar-style"]')?.getAttribute('content'),
        title: document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content'),
      }));
      expect(head).toMatchObject({ capable: 'yes', status: 'black', title: '鼎盛娱乐' });
      const touch = pngSize(Buffer.from(await (await fetch(head.touchIcon)).arrayBuffer()));
      expect(touch).toEqual({ width: 180, height: 180 });
    } finally {
      await ctx.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
