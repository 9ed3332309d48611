import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESPONSIBLE_KIND_NAMES } from '@casino/contract';
import { api, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Issue 34 point 5: a member on a time-out is told so up front, with when it ends, on home, 存款
 * and the game list (they used to look normal until a refusal); 自我管理 is drawn in the site's
 * gold with an icon of its own, and 代理加盟's perk tiles take the hero's whole width.
 */

let context: BrowserContext;
let page: Page;
usePhone('break-banner', (p: { browser: Browser; context: BrowserContext; page: Page }) => ({ context, page } = p));
const { byTest, open } = pageHelpers(() => page);

describe('a break said up front', () => {
  it('during a time-out, home, 存款 and the game list say until when deposits, transfers in and play are closed', { timeout: 120_000 }, async () => {
    const member = await registerMember('brk', '孙冷静');
    const card = await api('/api/bindcard', { bank_owner: '孙冷静', bank: '招商银行', bank_no: '6225880133445566', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(card.code, card.message).toBe(200);
    await signInWith(context, member.token);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 812 });
      await open('/applyagent');
      await byTest('applyagent').waitFor();
      await shot(page, `break-${width}-applyagent`);
      await open('/mine');
      await byTest('mine-link-responsible').waitFor();
      await byTest('mine-link-responsible').scrollIntoViewIfNeeded();
      await shot(page, `break-${width}-mine`);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    // no break: no banner
    await open('/');
    await byTest('home-balance').waitFor();
    expect(await byTest('break-banner').count()).toBe(0);

    const started = await api<{ active_break: { ends_at: string } }>('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: member.token });
    expect(started.code, started.message).toBe(200);
    const words = `您正在${RESPONSIBLE_KIND_NAMES.timeout}中，至 ${started.data.active_break.ends_at.slice(0, 16)} 结束，期间不能存款、转入和游戏`;
    // the same page, loaded again (a member who started the break on 自我管理 sees it at once)
    await page.reload();
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 812 });
      for (const [route, name, screen] of [['/', 'home', 'home'], ['/recharge', 'recharge', 'recharge'], ['/concise?type=pp', 'games', 'concise-page'], ['/responsible', 'responsible', 'rg-active-break']] as const) {
        await open(route);
        await byTest(screen).waitFor();
        // the banner of this screen, never the one of the screen before
        if (name !== 'responsible') await expect.poll(() => byTest(screen).getByTestId('break-banner').textContent()).toBe(words);
        await shot(page, `break-${width}-${name}`);
      }
    }
  });
});
