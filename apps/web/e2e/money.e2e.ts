import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { TRANSFER_MSG } from '@casino/contract';
import { api, baseUrl, centralBalance, operatorCredits, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';
import { runJob } from './server.ts';

/**
 * The money path of the wallets issue, end to end through the built site, the real server
 * and the sandbox provider over HTTP: an operator credits a member, the member moves 100
 * into a venue, plays a slot in the frame, comes back, recovers everything, and the bet
 * and transaction records account for every fen.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('money', (phone) => ({ browser, context, page } = phone));
const { byTest, open, toast } = pageHelpers(() => page);

type Venue = { platname: string; balance: number };
/** The central wallet (as userbalance, /api/balance) and each venue's balance (/api/balancelist). */
async function balances(token: string): Promise<Record<string, number>> {
  const list = await api<Venue[]>('/api/balancelist', {}, { token });
  expect(list.code).toBe(200);
  // venues only (issue 19): the site puts the 平台钱包 entry in front itself (wallet-option-userbalance)
  expect(list.data.map((v) => v.platname)).not.toContain('userbalance');
  return { userbalance: await centralBalance(token), ...Object.fromEntries(list.data.map((v) => [v.platname, Number(v.balance)])) };
}

/** "¥1,234.50" or "1234.50" -> 1234.5 */
const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const cents = (n: number) => Math.round(n * 100);

describe('wallets end to end', () => {
  it('credit, transfer 100 into a venue, spin a slot in the frame, recover all: records add up', { timeout: 180_000 }, async () => {
    const member = await registerMember('money', '钱七');
    await operatorCredits(member.name, 500);

    // signed in as the member (the stored token is all the site needs)
    await signInWith(context, member.token);
    await open('/money');
    await expect.poll(async () => yuan(await byTest('wallet-central').textContent())).toBe(500);

    // manual transfer: switch auto-transfer off, then central -> PP电子, 100
    await open('/transfer');
    await byTest('auto-transfer-switch').click();
    await toast('操作成功！').waitFor();
    await byTest('transfer-form').waitFor();
    await byTest('transfer-source').click();
    // the picker's first entry is the 平台钱包 the site adds, holding the central wallet
    const options = byTest('wallet-popup').locator('[data-testid^="wallet-option-"]');
    await expect.poll(() => options.first().getAttribute('data-testid')).toBe('wallet-option-userbalance');
    expect(await options.first().textContent()).toMatch(/平台钱包.*500\.00/);
    await byTest('wallet-option-userbalance').click();
    await byTest('transfer-target').click();
    await byTest('wallet-option-pp').click();
    await byTest('transfer-amount').fill('100');
    await shot(page, 'money-transfer-filled');
    await byTest('transfer-submit').click();
    await expect.poll(() => balances(member.token), { timeout: 15_000 }).toMatchObject({ userbalance: 400, pp: 100 });
    // the venue list shows 4 venues collapsed (spec section 9): open it to find PP电子
    if (!(await byTest('venue-balance-pp').isVisible())) await byTest('venues-toggle').click();
    await expect.poll(async () => yuan(await byTest('venue-balance-pp').textContent()), { timeout: 10_000 }).toBe(100);

    // the slot, inside the site's frame
    await open('/gamePage?name=奥林匹斯之门&type=pp&code=pp_gates');
    await byTest('game-frame').waitFor();
    const game = page.frameLocator('[data-testid="game-frame"]');
    await game.locator('#spinBtn').waitFor();
    await expect.poll(async () => yuan(await game.locator('#bal').textContent())).toBe(100);
    await byTest('game-loading').waitFor({ state: 'hidden' });
    const SPINS = 4;
    const betIds: string[] = [];
    for (let i = 0; i < SPINS; i++) {
      // one spin = one answered call to the provider; the game says when it is idle again
      await game.locator('#slot[data-state="idle"]').waitFor({ timeout: 15_000 });
      const [spun] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/spin')),
        game.locator('#spinBtn').click(),
      ]);
      expect(spun.status()).toBe(200);
      betIds.push(((await spun.json()) as { bet_id: string }).bet_id);
    }
    await game.locator('#slot[data-state="idle"]').waitFor({ timeout: 15_000 });
    await shot(page, 'money-slot-played');
    // what the provider holds is what the game shows (after its count-up animation)
    const venueAfterPlay = (await balances(member.token)).pp;
    await expect.poll(async () => yuan(await game.locator('#bal').textContent())).toBe(venueAfterPlay);

    // back to the site (opened by address, so there is no in-site history: back lands on home),
    // where the header's one-tap recover-all brings every venue's money home
    await byTest('game-back').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
    await byTest('header-recover').click();
    const recovered = venueAfterPlay.toFixed(2);
    await toast(TRANSFER_MSG.recovered(1, recovered)).waitFor();
    const central = cents(400 + venueAfterPlay) / 100;
    await expect.poll(() => balances(member.token)).toMatchObject({ userbalance: central, pp: 0 });
    await expect.poll(async () => yuan(await byTest('header-balance').textContent()), { timeout: 10_000 }).toBe(central);
    await open('/money');
    await expect.poll(async () => yuan(await byTest('wallet-central').textContent()), { timeout: 10_000 }).toBe(central);
    await expect.poll(async () => yuan(await byTest('wallet-game').textContent())).toBe(0);
    await expect.poll(async () => yuan(await byTest('wallet-total').textContent())).toBe(central);
    await shot(page, 'money-recovered');

    // bet records: every spin listed once the bet-pull job (every 15 s) has run: run now, as an
    // operator can (npm run job)
    const netWin = cents(venueAfterPlay - 100);
    await runJob('pull_bets', { base: baseUrl(), dataDir: inject('dataDir') });
    await expect
      .poll(
        async () => {
          // a fresh load each time: the list is read once per visit
          if (new URL(page.url()).hash === '#/betRecord') await page.reload();
          else await open('/betRecord');
          await byTest('bet-record').waitFor();
          await Promise.race([byTest('bet-item').first().waitFor(), page.getByText('暂无').first().waitFor()]);
          return byTest('bet-item').count();
        },
        { interval: 1_000 },
      )
      .toBe(SPINS);
    const stakes = (await byTest('bet-amount').allTextContents()).map(yuan);
    const winLoss = (await byTest('bet-winloss').allTextContents()).map(yuan);
    expect(stakes.every((s) => s > 0)).toBe(true);
    expect(winLoss.reduce((a, b) => a + cents(b), 0)).toBe(netWin);
    expect(await byTest('bet-status').allTextContents()).toEqual(Array(SPINS).fill('已结算'));
    // each spin the provider answered is listed under its own bet number
    for (const id of betIds) await page.getByText(id).waitFor();
    await shot(page, 'money-bet-records');

    // transaction records: the 100 out to the venue (type 4) and what came back (type 3)
    await open('/transRecord?type=4');
    await byTest('trans-item').first().waitFor();
    expect((await byTest('trans-amount').allTextContents()).map(yuan)).toEqual([100]);
    expect(await byTest('trans-state').allTextContents()).toEqual(['成功']);
    await byTest('trans-type-3').click();
    // four ¥10 spins leave at least 60 in the venue: there is always something to bring back
    await expect.poll(async () => (await byTest('trans-amount').allTextContents()).map(yuan)).toEqual([venueAfterPlay]);
    expect(await byTest('trans-state').allTextContents()).toEqual(['成功']);
    await shot(page, 'money-trans-records');

    // and the sum: 500 credited = central now - what the slot won or lost
    expect(cents(central) - netWin).toBe(50_000);
  });
});

describe('game page', () => {
  it('with 自动免转 on, opening a game moves the whole central balance into its venue', async () => {
    const member = await registerMember('money', '钱七');
    await operatorCredits(member.name, 200);
    await signInWith(context, member.token);
    await open('/gamePage?name=甜蜜富矿&type=pp&code=pp_bonanza');
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect.poll(async () => yuan(await game.locator('#bal').textContent()), { timeout: 20_000 }).toBe(200);
    expect(await balances(member.token)).toMatchObject({ userbalance: 0, pp: 200 });
  });

  it('a guest is told to log in; a refused launch shows the server message and goes back', async () => {
    await open('/gamePage?name=x&type=pp&code=pp_bonanza');
    await toast('请登录！').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');

    const member = await registerMember('money', '钱七');
    await signInWith(context, member.token);
    page = await context.newPage(); // a fresh document reads the stored token
    await open('/gamePage?name=x&type=pp&code=pp_no_such_game');
    await toast('该游戏不存在').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
  });

  it('in a messaging app, a frame still blank after 3 s offers reload and dismiss', async () => {
    const member = await registerMember('money', '钱七');
    await context.close();
    context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Telegram-iOS/10.0',
    });
    page = await context.newPage();
    await signInWith(context, member.token);
    // the game's page never answers (a slow network in the messaging app's browser)
    let hits = 0;
    await page.route((u) => u.pathname.startsWith('/sandbox/') && u.pathname.endsWith('/play'), () => {
      hits++;
    });
    // the page's clock is the test's: the 3 s wait passes when the test moves it on
    await page.clock.install();
    await open('/gamePage?name=x&type=pp&code=pp_bonanza');
    await byTest('game-frame').waitFor({ state: 'attached' });
    await expect.poll(() => hits).toBe(1);
    expect(await byTest('game-frame-tip').isVisible()).toBe(false);
    await page.clock.fastForward(2_000);
    expect(await byTest('game-frame-tip').isVisible()).toBe(false);
    await page.clock.fastForward(1_500);
    await byTest('game-frame-tip').waitFor();
    await shot(page, 'game-frame-tip');
    await byTest('game-tip-reload').click();
    await expect.poll(() => hits).toBe(2);
    expect(await byTest('game-frame-tip').isVisible()).toBe(false);
    await page.clock.fastForward(3_500);
    await byTest('game-frame-tip').waitFor();
    await byTest('game-tip-close').click();
    await byTest('game-frame-tip').waitFor({ state: 'hidden' });
  });
});
