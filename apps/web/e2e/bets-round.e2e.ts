import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { baseUrl, launch, operatorToken, registerMember, shot } from './browser.ts';

/**
 * 注单查询 by round (issue 36 point 5), the back-office at 1440x900: two members' bets on both
 * sides of one match (the provider's round id and sides, as the bet pull stores them). The
 * operator opens one bet's detail, reads its round and side (主胜), follows 同局注单 and sees the
 * round's bets on both sides, found by the 局号 filter.
 */

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  const token = await operatorToken();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
});
afterAll(() => browser?.close());

it('a bet\'s detail shows its round and side; 同局注单 lists the round on both sides', { timeout: 120_000 }, async () => {
  const home = await registerMember('rdh');
  const away = await registerMember('rda');
  const round = `fx:${Date.now() % 1_000_000}`;
  // the rows the bet pull writes from the provider's records (the server's own database)
  const db = new Database(path.join(inject('dataDir'), 'casino.sqlite'), { fileMustExist: true });
  try {
    const idOf = (name: string) => (db.prepare('select id from members where username = ?').get(name) as { id: number }).id;
    const now = Date.now();
    const insert = db.prepare(
      `insert into bets (platform, bet_id, member_id, game_code, game_name, category_id, bet_amount, valid_amount, win_loss, status, detail, created_at, settled_at, pulled_at, round_id, side)
       values ('sb', ?, ?, 'sb_lobby', '沙巴体育', 'sport', ?, 0, 0, 2, ?, ?, null, ?, ?, ?)`,
    );
    insert.run(`SBR${now}H`, idOf(home.name), 50_000, '英超 曼城 vs 阿森纳 · 曼城胜 @1.85 · 投注 500.00', now - 120_000, now, round, 'home');
    insert.run(`SBR${now}A`, idOf(away.name), 30_000, '英超 曼城 vs 阿森纳 · 阿森纳胜 @4.20 · 投注 300.00', now - 60_000, now, round, 'away');
  } finally {
    db.close();
  }

  await page.goto(`${baseUrl()}/admin/risk/bets`);
  const filters = page.locator('.filters');
  await filters.getByLabel('会员').fill(home.name);
  await filters.getByRole('button', { name: '搜索' }).click();
  const row = page.locator('.ant-table-row', { hasText: home.name });
  await row.waitFor();
  // antd spaces a two-character label: 详 情
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const drawer = page.locator('.ant-drawer-body');
  await drawer.getByText('同局注单', { exact: true }).waitFor();
  const text = await drawer.innerText();
  expect(text).toContain(round);
  expect(text).toContain('主胜');
  await shot(page, 'admin-bet-round', { still: drawer });

  // the round's bets, both sides: the member filter is cleared, the round filter set
  await drawer.getByText('同局注单', { exact: true }).click();
  await page.locator('.ant-table-row', { hasText: away.name }).waitFor();
  await page.locator('.ant-table-row', { hasText: home.name }).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(2);
  expect(await filters.getByTestId('bets-round').inputValue()).toBe(round);
  expect(await filters.getByLabel('会员').inputValue()).toBe('');
  await shot(page, 'admin-bets-by-round');
});
