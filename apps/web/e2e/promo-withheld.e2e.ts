import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RISK_MSG } from '@casino/contract';
import { api, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * 限制优惠 on the red-packet and activity pages (issue 36 point 4): the member reads plainly that
 * the account does not take part, where the grab and apply buttons were, instead of a press that
 * met a refusal (or 暂未达到领取条件 for a red packet); a 正常 member still has both buttons.
 * 375x812, the real server.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('promo-withheld', (phone) => ({ browser, context, page } = phone));
const { byTest, open } = pageHelpers(() => page);

async function firstActivity(): Promise<number> {
  const list = await api<{ data: { id: number }[] }>('/api/activitylist', { page: 1 });
  expect(list.code, list.message).toBe(200);
  expect(list.data.data.length, 'a seeded activity').toBeGreaterThan(0);
  return list.data.data[0].id;
}

describe('限制优惠 on the red-packet and activity pages', () => {
  it('shows the notes instead of the buttons; a 正常 member keeps them', { timeout: 120_000 }, async () => {
    const activity = await firstActivity();
    const limited = await registerMember('rkw');
    const set = await api('/admin/api/members/risk-level', { username: limited.name, level: 'no_promo', reason: '优惠套利嫌疑' }, { token: await operatorToken() });
    expect(set.code, set.message).toBe(200);
    await signInWith(context, limited.token);

    await open('/hongbao');
    await byTest('hongbao-withheld').waitFor();
    expect(await byTest('hongbao-withheld').textContent()).toBe(RISK_MSG.redPacketWithheld);
    expect(await byTest('hongbao-grab').count()).toBe(0);
    // the spec's counts are still shown beside it
    await byTest('hongbao-rules').waitFor();
    await shot(page, 'hongbao-no-promo', { still: byTest('hongbao-withheld') });

    await open(`/activityInfo?id=${activity}`);
    await byTest('activity-withheld').waitFor();
    expect(await byTest('activity-withheld').textContent()).toBe(RISK_MSG.activityWithheld);
    expect(await byTest('activity-apply').count()).toBe(0);
    await byTest('activity-info-title').waitFor();
    await shot(page, 'activity-no-promo', { still: byTest('activity-withheld') });

    const plain = await registerMember('rkp');
    const other = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await signInWith(other, plain.token);
    page = await other.newPage();
    await open('/hongbao');
    await byTest('hongbao-grab').waitFor();
    await byTest('hongbao-sendnums').filter({ hasText: /^\d+$/ }).waitFor();
    expect(await byTest('hongbao-withheld').count()).toBe(0);
    await open(`/activityInfo?id=${activity}`);
    await byTest('activity-apply').waitFor();
    expect(await byTest('activity-withheld').count()).toBe(0);
  });
});
