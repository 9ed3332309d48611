import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RISK_MSG } from '@casino/contract';
import { api, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * 限制优惠 on the deposit screen (issue 36 point 4, follow-up): the member is offered no bonus
 * choice, only a calm line saying the deposit is credited in full, and a deposit without a bonus
 * goes through; a 正常 member still sees the choices. 375x812, the real server.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('promo-limited', (phone) => ({ browser, context, page } = phone));
const { byTest, open } = pageHelpers(() => page);

async function depositor(prefix: string) {
  const member = await registerMember(prefix, '吴十');
  const bound = await api('/api/bindcard', { bank_owner: '吴十', bank: '招商银行', bank_no: '6225880199881234', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
  expect(bound.code, bound.message).toBe(200);
  return member;
}

describe('限制优惠 on the deposit screen', () => {
  it('shows the line instead of bonus choices; a 正常 member keeps them', { timeout: 120_000 }, async () => {
    const limited = await depositor('rkl');
    const set = await api('/admin/api/members/risk-level', { username: limited.name, level: 'no_promo', reason: '优惠套利嫌疑' }, { token: await operatorToken() });
    expect(set.code, set.message).toBe(200);
    await signInWith(context, limited.token);
    await open('/recharge');
    await byTest('recharge-bonus-withheld').waitFor();
    expect(await byTest('recharge-bonus-withheld').textContent()).toBe(RISK_MSG.depositBonusWithheld);
    expect(await byTest('recharge-bonus-0').count()).toBe(0);
    expect(await byTest('recharge-bonus-10').count()).toBe(0);
    await byTest('recharge-bonus-withheld').scrollIntoViewIfNeeded();
    await shot(page, 'recharge-no-promo', { still: byTest('recharge-bonus-withheld') });
    // the deposit itself: a bank order without a bonus is taken
    await byTest('recharge-amount').fill('100');
    for (const [key, value] of [
      ['bank_owner', '吴十'],
      ['bank', '招商银行'],
      ['bank_no', '6225880199881234'],
      ['bank_address', '深圳市福田支行'],
    ] as const) {
      await byTest(`recharge-${key}`).fill(value);
    }
    await byTest('recharge-submit').click();
    await page.waitForURL(/payInfo\?deposit_no=/);

    const plain = await depositor('rkn');
    await signInWith(context, plain.token);
    await open('/recharge');
    // the same document: load it again so the new token is read and nothing is cached
    await page.reload();
    await byTest('recharge-bonus-10').waitFor();
    expect(await byTest('recharge-bonus-withheld').count()).toBe(0);
  });
});
