import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONTENT_ADMIN_MSG } from '@casino/contract';
import { makePng } from '../../server/src/modules/profile/testing.ts';
import { api, baseUrl, launch, operatorToken, shot } from './browser.ts';

/**
 * Issue 13, content: in the back-office (1440x900) an operator edits a banner (title, link and a
 * new picture uploaded and judged by the server), and the member site's home (375x812) shows the
 * edited banner first in its carousel.
 */
let browser: Browser;
let bannerId = 0;

beforeAll(async () => {
  browser = await launch();
  // a banner of this file's own, first in the carousel (sort 0); removed again afterwards
  const made = await api('/admin/api/banners/create', { title: '端到端原横幅', src: '/media/banners/vip.svg', link: '/vip', sort: 0 }, { token: await operatorToken() });
  expect(made.code, made.message).toBe(200);
  bannerId = made.data.id;
});
afterAll(async () => {
  if (bannerId) await api('/admin/api/banners/delete', { id: bannerId }, { token: await operatorToken() });
  await browser?.close();
});

test('an operator edits a banner and the member home carousel shows it', async () => {
  const token = await operatorToken();
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await desk.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  const page = await desk.newPage();
  await page.goto(`${baseUrl()}/admin/content/banners`);
  await page.getByTestId(`banner-edit-${bannerId}`).click();

  const title = `周末加赠${Date.now().toString(36)}`;
  await page.getByTestId('banner-title-input').fill(title);
  await page.getByTestId('banner-link-input').fill('/activity');
  // an HTML file named .png is refused by its bytes; the picture stays as it was
  const fileInput = page.locator('.ant-modal input[type=file]');
  await fileInput.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await page.getByTestId('banner-picture-error').getByText(CONTENT_ADMIN_MSG.uploadType).waitFor();
  await fileInput.setInputFiles({ name: 'weekend.png', mimeType: 'image/png', buffer: makePng(750, 300, [214, 38, 61], [16, 26, 54]) });
  const preview = page.getByTestId('banner-picture-preview').locator('img');
  await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
  const src = (await preview.getAttribute('src'))!;
  await shot(page, 'content-admin-banner-edit');
  await page.locator('.ant-modal').getByRole('button', { name: /保\s*存/ }).click();
  await page.locator('.ant-message').getByText(CONTENT_ADMIN_MSG.saved).waitFor();
  await page.getByTestId('banner-title').getByText(title).waitFor();

  const member = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await member.newPage();
  await phone.goto(`${baseUrl()}/#/`);
  const first = phone.getByTestId('home-banner-slide').first();
  await expect.poll(() => first.getAttribute('aria-label'), { timeout: 10_000 }).toBe(title);
  await expect.poll(() => first.locator('img').getAttribute('src')).toBe(src);
  // the picture really loads (served with its sniffed type)
  await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);
  await shot(phone, 'content-admin-member-home');
  await desk.close();
  await member.close();
});
