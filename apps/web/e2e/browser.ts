import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { OMNIBOX_POPUP_OFF, QUIET_CHROMIUM } from '../../../scripts/chromium-flags.mjs';

export const baseUrl = () => inject('baseUrl');

/** The browsers this file launched, for sayWhere after a failed test. */
const launched: Browser[] = [];
/** Failed tests whose page was already described. */
const described = new WeakSet<object>();

/**
 * CI keeps only its printed output, not the screenshots: after a failed test, one line says where
 * its newest page was and what it showed; scripts/test.mjs repeats E2E-PAGE lines in its summary.
 */
async function sayWhere(page: Page, label: string, task: { name: string }): Promise<void> {
  if (described.has(task)) return;
  described.add(task);
  const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim().slice(0, 300)).catch(() => '(unreadable)');
  console.log(`E2E-PAGE ${label} > ${task.name.slice(0, 60)}: at ${page.url()} showing: ${shown}`);
}

// files that launch their own browser and keep their pages for the whole file (no usePhone):
// their failed tests are described too (usePhone's own hook does it before closing its pages)
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const newest = launched.flatMap((b) => b.contexts().flatMap((c) => c.pages())).at(-1);
  if (newest) await sayWhere(newest, path.basename(ctx.task.file?.name ?? 'e2e', '.e2e.ts'), ctx.task);
});

/** The system Chromium at the spec's phone size. */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    // each test's phone is a new window: the popup page off saves CPU shared with the PostgreSQL suites
    args: [...QUIET_CHROMIUM, OMNIBOX_POPUP_OFF],
  });
  launched.push(browser);
  return browser;
}

/**
 * A fresh 375x812 phone. The seeded site greets each visit with its welcome modal (index_modal
 * 1), which covers the page at a moment that depends on load: a phone marks the visit as greeted
 * before any page script runs, unless `greet` asks for the modal (the tests of the modal itself).
 */
export async function phone(browser: Browser, { greet = false }: { greet?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
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
  // every page of a phone knows the captcha image it shows (see currentCaptcha) and reports
  // what the site's content-security policy refused (see usePhone)
  context.on('page', watchPage);
  if (!greet) await context.addInitScript(() => sessionStorage.setItem('welcomeShown', '1'));
  const page = await context.newPage();
  watchPage(page);
  return { context, page };
}

/** What the content-security policy refused during the current test, across its pages. */
const cspRefusals: string[] = [];

function watchPage(page: Page) {
  trackCaptcha(page);
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspRefusals.push(m.text());
  });
}

export interface Phone {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The hooks of one end-to-end file: one browser for the file, a fresh phone (375x812
 * context and page) for each test, handed to `bind` so the file keeps its own `page`.
 * After each test every context still open is closed (also those a test made itself);
 * when the test failed, the newest page is first saved as failed-<label>-<test>.png.
 */
export function usePhone(label: string, bind: (phone: Phone) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    cspRefusals.length = 0;
    const { context, page } = await phone(browser!);
    bind({ browser: browser!, context, page });
  });
  afterEach(async (ctx) => {
    const contexts = browser?.contexts() ?? [];
    const newest = contexts.flatMap((c) => c.pages()).at(-1);
    if (newest && ctx.task.result?.state === 'fail') {
      const test = ctx.task.name.slice(0, 40).replace(/[\\/:*?"<>|]/g, '_');
      await shot(newest, `failed-${label}-${test}`).catch(() => undefined);
      await sayWhere(newest, label, ctx.task);
    }
    await Promise.all(contexts.map((c) => c.close()));
    // a policy that blocks part of the site fails the test that met it
    const refused = cspRefusals.splice(0);
    if (refused.length && ctx.task.result?.state !== 'fail') throw new Error(`content-security policy refused:\n${refused.join('\n')}`);
  });
}

/** Short ways to reach into a page; `current` answers the page the test works on now. */
export function pageHelpers(current: () => Page) {
  return {
    byTest: (id: string) => current().getByTestId(id),
    /** Loads the site at a hash path, e.g. open('/login?type=1'). */
    open: (hashPath: string) => current().goto(`${baseUrl()}/#${hashPath}`),
    /** The hash path shown now, decoded: '/login?redirect=/userInfo'. */
    hashPath: () => decodeURIComponent(new URL(current().url()).hash.slice(1)),
    toast: (text: string) => current().locator('.adm-toast-main', { hasText: text }),
    stored: (key: string) => current().evaluate((k) => localStorage.getItem(k), key),
  };
}

const captchas = new WeakMap<Page, { key: string | null; answered: Set<string> }>();

/** Follows the captcha images the page fetches (phone() does this for every page). */
export function trackCaptcha(page: Page) {
  if (captchas.has(page)) return;
  const seen = { key: null as string | null, answered: new Set<string>() };
  captchas.set(page, seen);
  page.on('response', async (res) => {
    if (!res.url().includes('/api/captcha')) return;
    const body = await res.json().catch(() => null);
    if (body?.data?.key) seen.key = body.data.key;
  });
}

/** Key of the captcha image the page shows now (null before the first one). */
export function captchaKey(page: Page): string | null {
  return captchas.get(page)?.key ?? null;
}

/**
 * The image on screen and its answer, once one is on screen that was not answered yet: an
 * image is single use, so after a try this waits for the new one the page fetches. The key is
 * read from the image itself (its data-key), never from the last captcha response seen: a page
 * left behind (a sign-out's login screen, then a reload) can fetch two, and the last response
 * seen was not always the image shown (a CI run answered the wrong one and never signed in).
 */
export async function currentCaptcha(page: Page): Promise<{ key: string; answer: string }> {
  const seen = captchas.get(page);
  if (!seen) throw new Error('currentCaptcha: this page was not opened by phone()');
  const img = page.getByTestId('captcha-img');
  let key: string | null = null;
  await expect
    .poll(
      async () => {
        key = await img.getAttribute('data-key', { timeout: 1_000 }).catch(() => null);
        return key !== null && !seen.answered.has(key);
      },
      { message: 'a captcha image not answered yet' },
    )
    .toBe(true);
  seen.answered.add(key!);
  return { key: key!, answer: captchaAnswer(key!) };
}

export interface Envelope<T = any> {
  code: number;
  message: string;
  data: T;
}

/**
 * One call to the server's API, as a member (token) or a guest; POST sends body (or {}).
 * `base` is the suite's server unless a file runs one of its own.
 */
export async function api<T = any>(path: string, body?: unknown, { token, method = 'POST', base = baseUrl() }: { token?: string; method?: 'GET' | 'POST'; base?: string } = {}): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** A captcha fetched over the API with its answer: the code and captcha_key fields of a form. */
export async function answeredCaptcha(): Promise<{ code: string; captcha_key: string }> {
  const captcha = await api<{ key: string }>('/api/captcha', undefined, { method: 'GET' });
  return { code: captchaAnswer(captcha.data.key), captcha_key: captcha.data.key };
}

let operator: string | null = null;
/** The first operator's token (admin / e2e-admin-pass), signed in once over the API with its captcha. */
export async function operatorToken(): Promise<string> {
  if (operator) return operator;
  const img = await api<{ key: string }>('/admin/api/captcha', {});
  const login = await api<{ token: string }>('/admin/api/login', { username: 'admin', password: 'e2e-admin-pass', captcha_key: img.data.key, code: captchaAnswer(img.data.key) });
  expect(login.code, login.message).toBe(200);
  operator = login.data.token;
  return operator;
}

/** The operator credits a member's central wallet (back-office adjust), as the money tests start. */
export async function operatorCredits(username: string, amount: number) {
  const adjust = await api('/admin/api/members/adjust', { username, amount, reason: '端到端测试入款' }, { token: await operatorToken() });
  expect(adjust.code, adjust.message).toBe(200);
}

/** A member's central-wallet balance in yuan, as /api/balance answers it. */
export async function centralBalance(token: string): Promise<number> {
  return Number((await api<{ balance: number }>('/api/balance', {}, { token })).data.balance);
}

/**
 * Waits until a back-office popup (antd modal, popover, popconfirm) has finished zooming in:
 * while its motion classes (-appear, -enter) are on, its buttons move, and on a loaded machine a
 * click sent then was lost (CI runs failed so: a withdrawal confirm left open for 30 s, a CSV
 * export never asked for). The classes go when the motion ends.
 */
export async function settled(popup: Locator): Promise<void> {
  await popup.waitFor();
  await expect.poll(() => popup.evaluate((el) => /-(appear|enter)(-|\s|$)/.test(el.className))).toBe(false);
}

/** The back-office select dropdown open now, once it has finished sliding in (see chooseOption). */
export async function openDropdown(page: Page): Promise<Locator> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await settled(dropdown);
  return dropdown;
}

/**
 * Opens a back-office select and picks the option titled `title`, then waits until the select
 * shows it. The option is clicked only once the dropdown has finished sliding in: a click sent
 * during the motion was lost on a loaded CI machine (the first method of a payment channel kept
 * its default 支付宝扫码, so the second method's 支付宝扫码 stayed disabled and its click timed out).
 */
export async function chooseOption(select: Locator, title: string): Promise<void> {
  await select.click();
  const dropdown = await openDropdown(select.page());
  await dropdown.locator(`.ant-select-item-option[title="${title}"]`).click();
  await select.locator(`.ant-select-content[title="${title}"]`).waitFor();
}

/** Every page the context opens next starts signed in with this token (all the site needs). */
export function signInWith(context: BrowserContext, token: string) {
  return context.addInitScript((t) => localStorage.setItem('token', t), token);
}

let registered = 0;
/** A fresh member (password secret123, payment password 654321) registered over the API. */
export async function registerMember(prefix: string, realname = '赵六'): Promise<{ name: string; token: string }> {
  const name = `${prefix}${Date.now().toString(36)}${registered++}`;
  const reg = await api<{ api_token: string }>('/api/register', {
    name,
    password: 'secret123',
    confirmPass: 'secret123',
    realname,
    paypassword: '654321',
    ...(await answeredCaptcha()),
  });
  expect(reg.code, reg.message).toBe(200);
  return { name, token: reg.data.api_token };
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

/**
 * Saves a picture when E2E_SHOTS names a folder (and does nothing else otherwise). It shows the
 * end state of every motion, never a guessed moment: CSS transitions and animations are run to
 * their end (Playwright's `animations: 'disabled'`); motions driven by script (antd-mobile's
 * springs) are waited out: `still` until the element's box stays the same over two animation
 * frames, `gone` until no element of the locator is visible any more.
 */
export async function shot(page: Page, name: string, { still, gone }: { still?: Locator; gone?: Locator } = {}) {
  if (!process.env.E2E_SHOTS) return;
  if (gone) await expect.poll(() => gone.locator('visible=true').count(), { message: `${name}: what should be gone` }).toBe(0);
  if (still) await (await still.elementHandle())!.waitForElementState('stable');
  await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), animations: 'disabled' });
}

/**
 * Waits until every request the page's last render asked for has been seen by `page.on('request')`
 * listeners: after a frame (effects run), the page sends a marker request, whose event comes after
 * those of every request it sent before. For "nothing more was asked for" checks, instead of a pause.
 */
export async function requestsSeen(page: Page): Promise<void> {
  const marker = `/e2e-marker-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(marker)),
    page.evaluate((url) => {
      requestAnimationFrame(() => setTimeout(() => void fetch(url).catch(() => undefined)));
    }, marker),
  ]);
}
