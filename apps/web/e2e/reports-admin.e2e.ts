import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { api, baseUrl, launch, operatorCredits, operatorToken, registerMember, settled, shot } from './browser.ts';
import { runJob } from './server.ts';

/**
 * Reports (issue 13) in the back-office at 1440x900: an operator credit shows in today's row of
 * the daily report once the rollup job has run (run at once with npm run job); the operator runs the report and
 * downloads its CSV: a BOM, the header row, and today's figure as the screen shows it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

test('an operator runs the daily report and downloads its CSV', async () => {
  const token = await operatorToken();
  const member = await registerMember('rpt');
  await operatorCredits(member.name, 321.09);
  const day = today();
  // the report rollup (every 15 s) run now, as an operator can (npm run job): the credit is in today's figures
  await runJob('report_rollup', { base: baseUrl(), dataDir: inject('dataDir') });
  await expect
    .poll(
      async () => {
        const reply = await api('/admin/api/reports/members', { from: day, to: day, page: 1, username: member.name }, { token });
        expect(reply.code, reply.message).toBe(200);
        return reply.data.data[0]?.adjustments_in ?? 0;
      },
      { interval: 250 },
    )
    .toBe(321.09);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/reports`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: day });
  await row.waitFor();
  // newest day first (issue 25): today heads the month so far
  await expect.poll(() => page.locator('.ant-table-row').first().locator('td').first().textContent()).toBe(day);
  // the screen's figure for today, read from the same report the CSV is made of
  const shown = (await api('/admin/api/reports/daily', { from: day, to: day }, { token })).data.rows[0].adjustments_in as number;
  expect(shown).toBeGreaterThanOrEqual(321.09);
  await shot(page, 'reports-daily');

  await page.getByRole('button', { name: /导出 CSV/ }).click();
  const confirm = page.locator('.ant-popconfirm');
  await settled(confirm);
  const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: /^导\s*出$/ }).click()]);
  await page.getByText('日报表已开始下载').waitFor();
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\n');
  const header = lines[0].split(',');
  expect(header.slice(0, 3)).toEqual(['日期', '存款', '存款笔数']);
  // the CSV in the screen's order: today first
  expect(lines[1].startsWith(`${day},`)).toBe(true);
  const todayLine = lines.find((l) => l.startsWith(`${day},`))!.split(',');
  expect(Number(todayLine[header.indexOf('人工加款')])).toBeGreaterThanOrEqual(shown);
  await context.close();
}, 120_000);
