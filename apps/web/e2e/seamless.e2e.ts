import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, centralBalance, operatorCredits, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Issue 38, end to end: the demo's seamless venue JDB电子 (seeded; the in-process provider told
 * its mode at start) played from the central wallet through the real wallet API. The member sees
 * no venue balance and no transfer for it, 自动免转 moves nothing, a round moves the central
 * balance by exactly its result, and the bet is listed in 投注记录 (no pull job).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('seamless', (phone) => ({ browser, context, page } = phone));
const { byTest, open } = pageHelpers(() => page);

/** "¥1,234.50" or "1234.50" -> 1234.5 */
const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const cents = (n: number) => Math.round(n * 100);

describe('a seamless venue', () => {
  it('is played from the central wallet: no venue balance, no transfer, the bet in 投注记录', { timeout: 180_000 }, async () => {
    const member = await registerMember('seamless', '孙八');
    await operatorCredits(member.name, 300);
    // 自动免转 off for the transfer form, then on before the game: it must not apply there
    expect((await api('/api/uptransferstatus', { transferstatus: 0 }, { token: member.token })).code).toBe(200);
    await signInWith(context, member.token);

    // the transfer screen: JDB电子 is neither among the venue balances nor a transfer target
    await open('/transfer');
    await byTest('transfer-form').waitFor();
    await page.locator('[data-testid^="venue-balance-"]').first().waitFor();
    if (await byTest('venues-toggle').isVisible()) await byTest('venues-toggle').click();
    await expect.poll(() => page.locator('[data-testid^="venue-balance-"]').count()).toBeGreaterThan(4);
    expect(await byTest('venue-balance-jdb').count()).toBe(0);
    expect(await byTest('venue-balance-pp').count()).toBe(1);
    await shot(page, 'seamless-transfer');
    await byTest('transfer-target').click();
    await byTest('wallet-option-pp').waitFor();
    expect(await byTest('wallet-option-jdb').count()).toBe(0);

    expect((await api('/api/uptransferstatus', { transferstatus: 1 }, { token: member.token })).code).toBe(200);
    // the slot: the frame shows the central balance, nothing was transferred
    await open('/gamePage?name=变脸&type=jdb&code=jdb_bianlian');
    const game = page.frameLocator('[data-testid="game-frame"]');
    await game.locator('#spinBtn').waitFor({ timeout: 20_000 });
    await expect.poll(async () => yuan(await game.locator('#bal').textContent())).toBe(300);
    expect(await game.locator('.bal').getAttribute('title')).toBe('中心钱包余额');
    await byTest('game-loading').waitFor({ state: 'hidden' });
    expect(await centralBalance(member.token)).toBe(300);
    await game.locator('#slot[data-state="idle"]').waitFor({ timeout: 15_000 });
    const [spun] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/spin')), game.locator('#spinBtn').click()]);
    expect(spun.status()).toBe(200);
    const round = (await spun.json()) as { bet_id: string; stake_fen: number; payout_fen: number };
    await game.locator('#slot[data-state="idle"]').waitFor({ timeout: 15_000 });
    const after = (30_000 - round.stake_fen + round.payout_fen) / 100;
    // exactly the round's result, at once (the credit was answered before the spin was)
    expect(await centralBalance(member.token)).toBe(after);
    await expect.poll(async () => yuan(await game.locator('#bal').textContent())).toBe(after);
    await shot(page, 'seamless-slot-played');

    // no transfer happened, either way
    const list = await api<{ platname: string; balance: number; seamless?: 1 }[]>('/api/balancelist', {}, { token: member.token });
    expect(list.data.find((v) => v.platname === 'jdb')).toMatchObject({ balance: 0, seamless: 1 });
    for (const type of [3, 4]) {
      const rec = await api<{ data: unknown[] }>('/api/gettransrecord', { date: 1, type, page: 1 }, { token: member.token });
      expect(rec.code, rec.message).toBe(200);
      expect(rec.data.data).toEqual([]);
    }

    // the money screen shows the central wallet, and no JDB电子 balance
    await byTest('game-back').click();
    await open('/money');
    await expect.poll(async () => yuan(await byTest('wallet-central').textContent()), { timeout: 10_000 }).toBe(after);
    await page.locator('[data-testid^="venue-balance-"]').first().waitFor();
    expect(await byTest('venue-balance-jdb').count()).toBe(0);
    await shot(page, 'seamless-money');

    // 投注记录: the round is there at once (written with its credit; no pull job)
    await open('/betRecord');
    await byTest('bet-record').waitFor();
    await byTest('bet-item').first().waitFor();
    expect(await byTest('bet-item').count()).toBe(1);
    await page.getByText(round.bet_id).waitFor();
    expect((await byTest('bet-amount').allTextContents()).map(yuan)).toEqual([round.stake_fen / 100]);
    expect(cents(yuan(await byTest('bet-winloss').first().textContent()))).toBe(round.payout_fen - round.stake_fen);
    await shot(page, 'seamless-bet-records');
  });
});
