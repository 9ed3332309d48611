import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIVE_MSG } from '@casino/contract';
import { baseUrl, operatorCredits, registerMember, signInWith, usePhone } from './browser.ts';

/**
 * issue 37 (DESIGN.md section 16): the member site's live-update stream. Refused, the site polls
 * the balance as spec section 4 says; once the stream is up it stops polling and shows what is
 * pushed. The page's clock is the test's (page.clock): a poll happens only when the test moves
 * time on, so "no poll while the stream is up" is a count after a fixed stretch of page time,
 * not a wait on the wall clock. The member token never appears in a URL.
 */

let context: BrowserContext;
let page: Page;
usePhone('live', (phone) => ({ context, page } = phone));

const byTest = (id: string) => page.getByTestId(id);
const live = () => page.evaluate(() => document.documentElement.dataset.live ?? '');

describe('live updates on the member site', () => {
  it('polls while the stream is refused, stops once it is up, shows pushed balances; the token stays out of URLs', { timeout: 90_000 }, async () => {
    const member = await registerMember('live');
    const urls: string[] = [];
    let balancePolls = 0;
    page.on('request', (r) => {
      urls.push(r.url());
      if (r.url().endsWith('/api/balance')) balancePolls++;
    });
    // the stream refused as a server does when it cannot take one (an envelope, not events)
    let refusals = 0;
    await page.route('**/api/stream?*', (route) => {
      refusals++;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 503, message: LIVE_MSG.unavailable, data: null }) });
    });
    await page.clock.install();
    await signInWith(context, member.token);
    await page.goto(`${baseUrl()}/#/`);
    await expect.poll(() => byTest('header-balance').isVisible()).toBe(true);
    await expect.poll(() => refusals).toBeGreaterThan(0);
    await expect.poll(live).toBe('down');

    // refused: the spec's poll every 4.3 s
    const before = balancePolls;
    await page.clock.runFor(3 * 4300 + 100);
    await expect.poll(() => balancePolls - before).toBeGreaterThanOrEqual(3);

    // the stream is allowed again: the next try (back-off, at most a minute) opens it
    await page.unroute('**/api/stream?*');
    await page.clock.fastForward(61_000);
    await expect.poll(live, { timeout: 20_000 }).toBe('up');

    // up: a stretch of page time with no balance poll, then a credit shown from the stream alone
    const upAt = balancePolls;
    await page.clock.runFor(10 * 4300);
    await operatorCredits(member.name, 66);
    await expect.poll(() => byTest('header-balance').textContent(), { timeout: 20_000 }).toContain('66.00');
    expect(balancePolls).toBe(upAt);

    // the token never went into a URL (the stream's GET carries a single-use ticket)
    expect(urls.some((u) => u.includes('/api/stream?ticket='))).toBe(true);
    expect(urls.filter((u) => u.includes(member.token))).toEqual([]);
  });
});
