import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** The system Chromium at the spec's phone size. */
export async function launch(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  return { context, page };
}

/** The answer of a captcha image, read where the server keeps it (tests only). */
export function captchaAnswer(key: string): string {
  const db = new Database(path.join(inject('dataDir'), 'casino.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT answer FROM captchas WHERE key = ?').get(key) as { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${key}`);
    return row.answer;
  } finally {
    db.close();
  }
}

/** Waits for the next captcha image the page fetches and answers its key. */
export async function nextCaptchaKey(page: Page, trigger?: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/captcha')),
    trigger?.(),
  ]);
  const body = await response.json();
  return body.data.key as string;
}

export async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`) });
}
