import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_PHASE, MSG, PAY_MSG } from '@casino/contract';
import { api, baseUrl, currentCaptcha, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * A deposit's state reads the same on every member screen (issues 33 and 34), on a server without
 * PUBLIC_URL browsed at localhost:<port> while it listens on 127.0.0.1:<port>:
 * - the cashier's 返回商户 leads back to localhost (the member's own origin, where the session is),
 *   to the order, signed in; an expired session keeps the order through the sign-in;
 * - an order paid 150 of 200 is 待审核 with its why on 支付信息, 交易记录 and the deposit page, never
 *   待支付 with a countdown and a pay button again; 待处理订单 lists unpaid orders only.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('order-states', (phone) => ({ browser, context, page } = phone));

/** the site as the member reaches it: localhost, not the listen address */
const site = () => baseUrl().replace('127.0.0.1', 'localhost');
const byTest = (id: string) => page.getByTestId(id);
const open = (hashPath: string) => page.goto(`${site()}/#${hashPath}`);
const hashPath = () => decodeURIComponent(new URL(page.url()).hash.slice(1));
const toast = (text: string) => page.locator('.adm-toast-main', { hasText: text });

async function depositor(prefix: string) {
  const member = await registerMember(prefix, '周九');
  const bound = await api('/api/bindcard', { bank_owner: '周九', bank: '招商银行', bank_no: '6225880199887766', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
  expect(bound.code, bound.message).toBe(200);
  await signInWith(context, member.token);
  return member;
}

const review = DEPOSIT_PHASE.review.name;
const unpaid = DEPOSIT_PHASE.unpaid.name;

describe('one name and one set of actions per deposit state', () => {
  it('under-paid at the cashier: back on localhost signed in, 待审核 with its why everywhere, never asked to pay again', { timeout: 90_000 }, async () => {
    await depositor('ost');
    await open('/recharge');
    await byTest('recharge-method-wxpay').click();
    await byTest('recharge-amount').fill('200');
    await byTest('recharge-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/cashier\/SP/);
    // issue 33: the cashier's way back is the member's own origin, with the order number
    const back = await page.getByText('返回商户').getAttribute('href');
    expect(back).toMatch(new RegExp(`^${site().replace(/[.]/g, '\\.')}/#/recharge\\?orderNo=D\\d{20}$`));
    const depositNo = new URL(back!).hash.split('orderNo=')[1];

    // unpaid: 待处理订单 lists it, 待支付 with the countdown and the way to pay, the same on 支付信息
    await open('/transRecord?type=1&pending=1');
    await byTest('trans-pending-head').waitFor();
    await expect.poll(() => byTest('trans-state').allTextContents()).toEqual([unpaid]);
    await byTest('order-countdown').waitFor();
    expect(await byTest('trans-pay').count()).toBe(1);
    await shot(page, 'order-pending-list');
    await byTest('trans-pay').click();
    await byTest('payinfo-cashier').waitFor();
    expect(await byTest('payinfo-phase').textContent()).toBe(unpaid);
    expect(await byTest('payinfo-countdown').count()).toBe(1);

    // pay 150 of 200 at the cashier, then 返回商户
    await byTest('payinfo-cashier-link').click();
    await page.waitForURL(/\/sandbox\/pay\/cashier\/SP/);
    await page.locator('#paid').fill('150.00');
    await page.getByText('确认支付').click();
    await page.getByText('支付成功').waitFor();
    await page.getByText('返回商户').click();

    // issue 34 point 2: on localhost, signed in, the order's own state
    await toast(PAY_MSG.inReview).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).host).toBe(new URL(site()).host);
    expect(hashPath()).toBe('/recharge');
    await byTest('recharge-returned').waitFor();
    await expect.poll(() => byTest('recharge-returned-phase').textContent()).toBe(review);
    expect(await byTest('recharge-returned').locator('[data-testid="order-why"]').textContent()).toContain('金额不符：实付 ¥150.00，订单 ¥200.00');
    expect(await byTest('recharge-returned-pay').count()).toBe(0);
    await shot(page, 'order-returned-review', { gone: page.locator('.adm-toast-main') });

    // 支付信息: 待审核 with why; no countdown, no cashier
    await byTest('recharge-returned-detail').click();
    await byTest('payinfo').waitFor();
    expect(await byTest('payinfo-no').textContent()).toBe(depositNo);
    expect(await byTest('payinfo-state').textContent()).toBe(review);
    expect(await byTest('payinfo-phase').textContent()).toBe(review);
    expect(await byTest('payinfo-why').textContent()).toContain('金额不符');
    expect(await byTest('payinfo-countdown').count()).toBe(0);
    expect(await byTest('payinfo-cashier').count()).toBe(0);
    await shot(page, 'order-payinfo-review');

    // 交易记录: the same name and why, no pay action
    await open('/transRecord?type=1');
    const item = byTest('trans-item').filter({ hasText: depositNo });
    await item.waitFor();
    expect(await item.locator('[data-testid="trans-state"]').textContent()).toBe(review);
    expect(await item.locator('[data-testid="order-why"]').textContent()).toContain('金额不符');
    expect(await item.locator('[data-testid="trans-pay"]').count()).toBe(0);
    expect(await item.locator('[data-testid="trans-amount"]').textContent()).toBe('¥150.00');
    await shot(page, 'order-records-review');

    // 待处理订单: no longer there
    await open('/transRecord?type=1&pending=1');
    await page.getByText('暂无待处理订单').waitFor();
    expect(await byTest('trans-item').count()).toBe(0);
  });

  it('back from the cashier with an expired session: signs in and returns to the same order', { timeout: 60_000 }, async () => {
    const member = await depositor('osx');
    const order = await api('/api/recharge', { paytype: 'wxpay', amount: 300 }, { token: member.token });
    expect(order.code, order.message).toBe(200);
    const no = order.data.deposit_no as string;
    // the session ends while the member is at the cashier
    expect((await api('/api/logoff', {}, { token: member.token })).code).toBe(200);
    await page.route('**/api/balance', (route) => route.abort()); // the 认证失败 path of any other call
    await open(`/recharge?orderNo=${no}`);
    await page.getByText(MSG.authExpiredTitle).waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(hashPath).toBe(`/login?redirect=/recharge?orderNo=${no}`);
    await page.unroute('**/api/balance');
    await byTest('login-name').fill(member.name);
    await byTest('login-password').fill('secret123');
    await byTest('login-code').fill((await currentCaptcha(page)).answer);
    await byTest('login-submit').click();
    await byTest('recharge-returned').waitFor({ timeout: 20_000 });
    expect(await byTest('recharge-returned').textContent()).toContain(no);
    expect(await byTest('recharge-returned-phase').textContent()).toBe(unpaid);
    await byTest('order-countdown').waitFor();
    expect(await byTest('recharge-returned-pay').textContent()).toBe('前往收银台支付');
    await shot(page, 'order-returned-unpaid');
  });
});
