import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MSG } from '@casino/contract';
import { api, launch, phone, shot } from './browser.ts';
import { startServer as startOn, type RunningServer } from './server.ts';

/**
 * Promotions end to end (issue 11) on a server of this file's own: it runs with the test-only
 * promotions clock (PROMO_TEST_NOW, refused in production) set to the next 10:30 Beijing, so
 * that the red-packet window is open and the daily jobs see "yesterday" as the bet day.
 * Phase 1 (jobs off): a member registers, binds a card, deposits 300 through the bank method and
 * an operator approves it; the venue's record of a settled bet of yesterday is stored as the bet
 * pull stores it. Phase 2 (jobs on): the rebate job settles that day; in the browser the member
 * claims the rebate on /fanshui, grabs a red packet on /hongbao and finds it on /welfare.
 */

const BJ = 8 * 3_600_000;
const DAY = 86_400_000;

let server: RunningServer | undefined;
let base = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-promo-'));

/** the next 10:30 Beijing from now (deposits credited now count for that day's window unless made 10:00-12:00) */
function nextGrabMoment(now: number): number {
  const dayStart = Math.floor((now + BJ) / DAY) * DAY - BJ;
  const ten = dayStart + 10 * 3_600_000;
  return (now < ten ? ten : ten + DAY) + 30 * 60_000;
}
const promoNow = nextGrabMoment(Date.now());
const wire = (ms: number) => new Date(ms + BJ).toISOString().slice(0, 19).replace('T', ' ');

async function startServer(jobs: boolean) {
  server = await startOn(
    { DATA_DIR: dataDir, CAPTCHA: 'off', RATE_LIMITS: 'off', JOBS: jobs ? 'on' : 'off', PROMO_TEST_NOW: wire(promoNow) },
    { firstPort: 3900, spread: 90, logLevel: 'error' },
  );
  base = server.base;
}

async function stopServer() {
  await server?.stop();
}

/** A call to this file's own server (api() answers the suite's shared one unless told the base). */
const call = <T = any>(p: string, body: unknown = {}, token?: string) => api<T>(p, body, { token, base });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
const name = `promo${Date.now().toString(36)}`;
/** whether the deposit was credited between 10:00 and 12:00 Beijing, which counts toward no window */
let depositInGap = false;

beforeAll(async () => {
  await startServer(false);
  const reg = await call<{ api_token: string }>('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '周八', paypassword: '654321' });
  expect(reg.code, reg.message).toBe(200);
  token = reg.data.api_token;
  const card = await call('/api/bindcard', { bank_owner: '周八', bank_no: '6225881234567890', pay_pass: '654321', bank: '招商银行', bank_address: '深圳市福田支行' }, token);
  expect(card.code, card.message).toBe(200);
  const order = await call('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '周八', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行' }, token);
  expect(order.code, order.message).toBe(200);
  const admin = await call<{ token: string }>('/admin/api/login', { username: 'admin', password: 'e2e-admin-pass' });
  expect((await call('/admin/api/deposits/approve', { deposit_no: order.message }, admin.data.token)).code).toBe(200);
  // the window of the clock's day opens at 12:00 the day before (22 h before its 10:00)
  depositInGap = Date.now() < promoNow - 30 * 60_000 - 22 * 3_600_000;
  // the venue's record of a settled live-casino bet of 5000 yuan on the promotions clock's yesterday
  const memberId = fetchMemberId();
  const settledAt = promoNow - 30 * 60_000 - 10 * 3_600_000 - 12 * 3_600_000;
  const db = new Database(path.join(dataDir, 'casino.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `insert into bets (platform, bet_id, member_id, game_code, game_name, category_id, bet_amount, valid_amount, win_loss, status, detail, created_at, settled_at, pulled_at, turnover_counted)
     values ('ag', ?, ?, 'baccarat', '百家乐', 'realbet', 500000, 500000, -20000, 1, '', ?, ?, ?, 1)`,
  ).run(`E2E${Date.now()}`, memberId, settledAt - 60_000, settledAt, settledAt);
  db.close();
  await stopServer();
  await startServer(true);
  browser = await launch();
  ({ context, page } = await phone(browser));
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function fetchMemberId(): number {
  const db = new Database(path.join(dataDir, 'casino.sqlite'), { readonly: true });
  try {
    return (db.prepare('select id from members where username = ?').get(name) as { id: number }).id;
  } finally {
    db.close();
  }
}

const byTest = (id: string) => page.locator(`[data-testid="${id}"]`);
const open = (route: string) => page.goto(`${base}/#${route}`);

describe('promotions end to end', () => {
  it('a member with a settled bet claims the daily rebate on /fanshui', { timeout: 120_000 }, async () => {
    // members start at VIP1 (issue 19), live rate 0.40 %: 5000 x 0.4 % = 20.00, settled by the job within seconds
    await expect
      .poll(async () => (await call<{ nojisuan: number }>('/api/getfanshui', { date: 4, page: 1 }, token)).data.nojisuan, { timeout: 60_000, interval: 1000 })
      .toBe(20);
    await open('/fanshui');
    await expect.poll(() => byTest('fanshui-nojisuan').textContent()).toContain('20.00');
    await byTest('fanshui-item').first().waitFor();
    expect(await byTest('fanshui-state').first().textContent()).toBe('待领取');
    await shot(page, 'promo-fanshui-pending');
    const before = (await call<{ balance: number }>('/api/balance', {}, token)).data.balance;
    await byTest('fanshui-claim').click();
    await expect.poll(() => byTest('fanshui-jisuan').textContent()).toContain('20.00');
    await expect.poll(() => byTest('fanshui-state').first().textContent()).toBe('已领取');
    expect((await call<{ balance: number }>('/api/balance', {}, token)).data.balance).toBeCloseTo(before + 20, 2);
    // claiming again: nothing left
    await byTest('fanshui-claim').click();
    await page.getByText(PROMO_MSG.nothingToClaim).waitFor();
    await shot(page, 'promo-fanshui-claimed');
  });

  it('a member with deposits grabs a red packet inside the window and sees it in /welfare', { timeout: 90_000 }, async () => {
    await open('/hongbao');
    await byTest('hongbao-rule').first().waitFor();
    if (depositInGap) {
      // credited between 10:00 and 12:00 Beijing: no window counts it (spec), so not eligible
      await byTest('hongbao-grab').click();
      expect(await byTest('hongbao-message').textContent()).toBe(PROMO_MSG.notEligible);
      return;
    }
    // the seeded demo rules: 100-999.99 yuan deposited gives 1 grab of 1.88-18.88
    await expect.poll(() => byTest('hongbao-sendnums').textContent()).toBe('1');
    await shot(page, 'promo-hongbao');
    await byTest('hongbao-grab').click();
    await byTest('hongbao-amount').waitFor();
    const won = Number((await byTest('hongbao-amount').textContent())!.replace(/[^\d.]/g, ''));
    expect(won).toBeGreaterThanOrEqual(1.88);
    expect(won).toBeLessThanOrEqual(18.88);
    await shot(page, 'promo-hongbao-won');
    await byTest('hongbao-to-welfare').click();
    await byTest('welfare-item').first().waitFor();
    expect(Number((await byTest('welfare-amount').first().textContent())!.replace(/[^\d.]/g, ''))).toBe(won);
    await shot(page, 'promo-welfare');
    // the allowance is used: the not-eligible popup
    await open('/hongbao');
    await expect.poll(() => byTest('hongbao-sendnums').textContent()).toBe('0');
    await byTest('hongbao-grab').click();
    expect(await byTest('hongbao-message').textContent()).toBe(PROMO_MSG.notEligible);
  });

  it('/vip: the member starts at VIP1, its card and bar agree, and the turnover says when it updates', async () => {
    // issue 19: members start at VIP1; the settled bet of yesterday counts as turnover
    const progress = await call<{ vip: number; flow: number }>('/api/vipprogress', {}, token);
    expect(progress.data.vip).toBe(1);
    await open('/vip');
    await expect.poll(() => byTest('vip-current').textContent()).toBe('VIP1');
    const one = byTest('vip-level-card').filter({ has: page.locator('[data-testid="vip-card-status"]', { hasText: '当前等级' }) });
    expect(await one.getAttribute('data-level')).toBe('1');
    expect(await one.locator('[data-testid="vip-progress"]').textContent()).toBe('100%');
    // VIP2 asks 1,000 deposited: 300 is 30 %, 未达成
    const two = byTest('vip-level-card').and(page.locator('[data-level="2"]'));
    expect(await two.locator('[data-testid="vip-card-status"]').textContent()).toBe('未达成');
    expect(await two.locator('[data-testid="vip-progress"]').textContent()).toBe('30%');
    await byTest('vip-my-progress').scrollIntoViewIfNeeded();
    await expect.poll(() => byTest('vip-progress-flow-hint').textContent()).toContain('每日凌晨更新');
    await shot(page, 'promo-vip');
  });

  it('a member applies from /activityInfo, customer service opens, and /activityRecord follows the review', { timeout: 90_000 }, async () => {
    const activity = (await call<{ data: { id: number; title: string }[] }>('/api/activitylist', { page: 1 })).data.data[0]!;
    await open(`/activityInfo?id=${activity.id}`);
    await byTest('activity-apply').click();
    await page.waitForURL(/#\/kefu/);
    await open('/activityRecord');
    await byTest('activity-record-item').first().waitFor();
    expect(await byTest('activity-record-state').first().textContent()).toBe('审核中');
    // the operator approves it with an 8.88 bonus through the back-office call
    const admin = await call<{ token: string }>('/admin/api/login', { username: 'admin', password: 'e2e-admin-pass' });
    const list = await call<{ data: { apply_no: string }[] }>('/admin/api/activity-applications/list', { state: 1, username: name, page: 1 }, admin.data.token);
    const approved = await call('/admin/api/activity-applications/approve', { apply_no: list.data.data[0]!.apply_no, bonus: 8.88, turnover_multiple: 1 }, admin.data.token);
    expect(approved.code, approved.message).toBe(200);
    // the same hash again does not reload the page: reload it as a member pulling to refresh would
    await page.reload();
    await expect.poll(() => byTest('activity-record-state').first().textContent()).toBe('已通过');
    await shot(page, 'promo-activity-record');
  });

  it('guests on /hongbao are asked to log in', async () => {
    const guest = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    try {
      const g = await guest.newPage();
      await g.addInitScript(() => sessionStorage.setItem('welcomeShown', '1'));
      await g.goto(`${base}/#/`);
      await g.locator('[data-testid="home"]').waitFor();
      await g.goto(`${base}/#/hongbao`);
      await g.getByText(PROMO_MSG.guestPrompt).waitFor();
      // the rules are shown to guests too (GET /api/userredpacket without a token)
      await g.locator('[data-testid="hongbao-rule"]').first().waitFor();
      // issue 25: back to home, the dialog goes with the page
      await g.goBack();
      await g.locator('[data-testid="home"]').waitFor();
      await expect.poll(() => g.getByText(PROMO_MSG.guestPrompt).count()).toBe(0);
      await expect.poll(() => g.locator('.adm-mask').filter({ visible: true }).count()).toBe(0);
      await g.goto(`${base}/#/hongbao`);
      await g.getByText(PROMO_MSG.guestPrompt).waitFor();
      await g.getByText('去登录').click();
      await g.waitForURL(/#\/login\?redirect=%2Fhongbao/);
    } finally {
      await guest.close();
    }
  });

  it('/hongbao: when the grab allowance cannot be read, 立即抢红包 says so and asks again instead of doing nothing', async () => {
    let asked = 0;
    await page.route('**/api/userredpacket', (r) => {
      asked++;
      return r.abort('failed');
    });
    try {
      await open('/hongbao');
      await page.reload();
      await byTest('hongbao-rules').getByText('重新加载').waitFor();
      const before = asked;
      await byTest('hongbao-grab').click();
      await page.getByText(PROMO_MSG.redPacketNetwork).waitFor();
      await expect.poll(() => asked).toBeGreaterThan(before);
    } finally {
      await page.unroute('**/api/userredpacket');
    }
  });
});
