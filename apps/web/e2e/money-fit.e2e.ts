import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Money is never clipped (issue 34 point 1): a member holds 99,999,999.99 in the central wallet
 * and in every venue wallet, and on each money screen at 320 and 375 px wide no money figure
 * (every one is marked `data-money`, see components/Money.tsx) overflows its box, is clipped by
 * a box around it or is ellipsized; the header keeps the whole site title.
 */

let context: BrowserContext;
let page: Page;
usePhone('money-fit', (p: { browser: Browser; context: BrowserContext; page: Page }) => ({ context, page } = p));
const { open } = pageHelpers(() => page);

const MAX_YUAN = 99_999_999.99;
const MAX_FEN = 9_999_999_999;
/**
 * A direct test helper: the member's central wallet holds `fen` (its ledger account's balance set
 * in the server's database; the back-office's adjustments of this size wait for a second operator).
 */
function setCentral(username: string, fen: number) {
  const db = new Database(path.join(inject('dataDir'), 'casino.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { id } = db.prepare('SELECT id FROM members WHERE username = ?').get(username) as { id: number };
    const set = db.prepare('UPDATE ledger_accounts SET balance = ? WHERE code = ?').run(fen, `member:${id}:central`);
    expect(set.changes, 'the central wallet account').toBe(1);
  } finally {
    db.close();
  }
}

/** Screens with money on them, and the figures each must show at least (its own testids). */
const SCREENS: { route: string; shows: string[] }[] = [
  { route: '/', shows: ['header-balance'] },
  { route: '/mine', shows: ['mine-balance'] },
  { route: '/money', shows: ['wallet-total', 'wallet-central'] },
  { route: '/withdrawal', shows: ['withdraw-available', 'wallet-central'] },
  { route: '/transfer', shows: ['wallet-central', 'venue-list'] },
  { route: '/recharge', shows: ['recharge-balance'] },
  { route: '/transRecord?type=4', shows: ['trans-amount'] },
  { route: '/betRecord', shows: ['bet-record'] },
  { route: '/vip', shows: ['vip-paysum', 'vip-level-card', 'vip-my-progress'] },
  { route: '/hongbao', shows: ['hongbao-rules'] },
  { route: '/fanshui', shows: ['fanshui-jisuan'] },
  { route: '/welfare', shows: ['welfare-page'] },
  { route: '/agent', shows: ['agent-projected-commission', 'agent-net-profit'] },
  { route: '/responsible', shows: ['rg-limit-deposit-day'] },
];

/** What is wrong with the money figures on screen now (empty when every one fits). */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const name = (el: Element) => (el as HTMLElement).dataset.testid || el.className || el.tagName;
    const title = document.querySelector<HTMLElement>('[data-testid="header-title"]');
    if (title && title.scrollWidth > title.clientWidth + 1) bad.push(`header title "${title.textContent}" cut (${title.scrollWidth} > ${title.clientWidth})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-money]'))) {
      const r = el.getBoundingClientRect();
      if (!el.getClientRects().length || r.width === 0) continue;
      const label = `${name(el)} "${el.textContent}"`;
      if (el.scrollWidth > el.clientWidth + 1) bad.push(`${label} overflows its box (${el.scrollWidth} > ${el.clientWidth})`);
      for (let a: HTMLElement | null = el; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.textOverflow === 'ellipsis' && s.overflowX !== 'visible' && a.scrollWidth > a.clientWidth + 1) bad.push(`${label} ellipsized by ${name(a)}`);
        if (a !== el && s.overflowX !== 'visible') {
          const box = a.getBoundingClientRect();
          if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(`${label} clipped by ${name(a)}`);
        }
      }
      if (r.left < -1 || r.right > window.innerWidth + 1) bad.push(`${label} runs off the screen`);
    }
    return bad;
  });
}

describe('money is never clipped', () => {
  it('99,999,999.99 in every wallet fits on every money screen at 320 and 375 px', { timeout: 300_000 }, async () => {
    const member = await registerMember('mfit', '钱满仓');
    // the cashier's form (with its balance) asks for a bound card first
    const card = await api('/api/bindcard', { bank_owner: '钱满仓', bank: '招商银行', bank_no: '6225880166778899', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(card.code, card.message).toBe(200);
    // an agent too, for the portal's figures
    const applied = await api('/api/applyagentdo', { mobile: '13800138000', apply_info: '金额显示测试' }, { token: member.token });
    expect(applied.code, applied.message).toBe(200);
    const apps = await api<{ data: { id: number; username: string }[] }>('/admin/api/agent-applications/list', { state: 1, page: 1 }, { token: await operatorToken() });
    const application = apps.data.data.find((a) => a.username === member.name);
    expect(application, 'the agent application').toBeTruthy();
    expect((await api('/admin/api/agent-applications/approve', { id: application!.id }, { token: await operatorToken() })).code).toBe(200);

    // the whole central wallet into one venue (a record of 99,999,999.99, and the member exists
    // at the sandbox provider), then every venue wallet there set to 99,999,999.99 and the
    // central wallet filled again
    setCentral(member.name, MAX_FEN);
    const moved = await api('/api/transfer', { amount: MAX_YUAN, sourcetype: 'userbalance', targettype: 'pp' }, { token: member.token });
    expect(moved.code, moved.message).toBe(200);
    const venues = await api<{ platname: string }[]>('/api/balancelist', {}, { token: member.token });
    const db = new Database(path.join(inject('dataDir'), 'sandbox-provider.sqlite'), { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const username = (db.prepare('SELECT username FROM wallets WHERE platform = ? AND balance_fen = ?').get('pp', MAX_FEN) as { username: string }).username;
      const set = db.prepare('INSERT INTO wallets (username, platform, balance_fen) VALUES (?, ?, ?) ON CONFLICT (username, platform) DO UPDATE SET balance_fen = excluded.balance_fen');
      for (const v of venues.data) set.run(username, v.platname, MAX_FEN);
    } finally {
      db.close();
    }
    setCentral(member.name, MAX_FEN);
    const after = await api<{ platname: string; balance: number }[]>('/api/balancelist', {}, { token: member.token });
    expect(after.data.every((v) => Number(v.balance) === MAX_YUAN)).toBe(true);

    await signInWith(context, member.token);
    const found: string[] = [];
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 812 });
      for (const screen of SCREENS) {
        await open(screen.route);
        for (const id of screen.shows) await page.getByTestId(id).first().waitFor();
        // the page's figures settle: nothing still loading (page code, lists), the type fitted
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .sk'), undefined, { timeout: 15_000 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        // every venue wallet shown
        if (await page.getByTestId('venues-toggle').isVisible()) await page.getByTestId('venues-toggle').click();
        await shot(page, `money-fit-${width}${screen.route === '/' ? '-home' : screen.route.replace(/[/?=]/g, '-')}`);
        for (const m of await misfits(page)) found.push(`${width}px ${screen.route}: ${m}`);
      }
    }
    expect(found).toEqual([]);
  });
});
