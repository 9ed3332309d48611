import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_PHASE, PAY_MSG } from '@casino/contract';
import { api, centralBalance, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Deposits end to end (issue 9): the built site, the real server with its in-process sandbox
 * gateway. A member pays online at the sandbox cashier, comes back to 充值成功 and the new
 * balance; a bank deposit is approved by an operator and the balance and record follow; an
 * under-payment lands in review and credits nothing.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('deposits', (phone) => ({ browser, context, page } = phone));
const { byTest, open, toast, hashPath } = pageHelpers(() => page);

/** a member with a bank card (deposits need one), signed in on the phone */
async function depositor(prefix: string) {
  const member = await registerMember(prefix, '周九');
  const bound = await api('/api/bindcard', { bank_owner: '周九', bank: '招商银行', bank_no: '6225880199887766', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
  expect(bound.code, bound.message).toBe(200);
  await signInWith(context, member.token);
  return member;
}

describe('deposits end to end', () => {
  it('online: pays at the sandbox cashier, returns to 充值成功 and the new balance', { timeout: 120_000 }, async () => {
    const member = await depositor('dpo');
    await open('/recharge');
    await byTest('recharge').waitFor();
    await shot(page, 'recharge-bank');
    await byTest('recharge-method-alipay').click();
    // a fixed-amount method: only its list, no free amount box
    expect(await byTest('recharge-amount').count()).toBe(0);
    await byTest('recharge-submit').click();
    await toast('请输入有效的金额：100,200,300,500,800,1000,2000,3000').waitFor();
    await byTest('recharge-pick-200').click();
    await byTest('recharge-bonus-10').click();
    // 200 x 1 + (200 + 20) x 10 before the member confirms
    await expect.poll(() => byTest('recharge-turnover-total').textContent()).toBe('¥2,400.00');
    await shot(page, 'recharge-alipay-bonus');
    await byTest('recharge-submit').click();

    await page.waitForURL(/\/sandbox\/pay\/cashier\/SP/);
    const cashierUrl = page.url();
    // issue 19: the unpaid order's /payInfo (from the pending record) offers the same cashier,
    // as a button and a QR code, and the button leads back to it
    await open('/transRecord?type=1');
    await byTest('trans-payinfo').first().click();
    await byTest('payinfo-cashier').waitFor();
    expect(await byTest('payinfo-cashier-link').getAttribute('href')).toBe(cashierUrl);
    await expect.poll(() => byTest('payinfo-cashier-qr').isVisible()).toBe(true);
    expect(await byTest('payinfo-account').count()).toBe(0);
    await shot(page, 'payinfo-online');
    await byTest('payinfo-cashier-link').click();
    await page.waitForURL(cashierUrl);
    await page.getByText('确认支付').waitFor();
    expect(await page.locator('.qr svg').count()).toBe(1);
    expect(await page.locator('#paid').inputValue()).toBe('200.00');
    await shot(page, 'cashier');
    await page.getByText('确认支付').click();
    await page.getByText('支付成功').waitFor();
    await shot(page, 'cashier-paid');
    await page.getByText('返回商户').click();

    await toast(PAY_MSG.paid).waitFor({ timeout: 20_000 });
    expect(hashPath()).toBe('/recharge');
    await expect.poll(() => centralBalance(member.token)).toBe(220);
    await expect.poll(() => byTest('recharge-balance').textContent(), { timeout: 10_000 }).toBe('¥220.00');
    // the remembered order is forgotten: coming back again shows nothing
    expect(await page.evaluate(() => sessionStorage.getItem('pendingDeposit'))).toBe('');
  });

  it('bank: the order waits on /payInfo, an operator approves, balance and record follow', { timeout: 120_000 }, async () => {
    const member = await depositor('dpb');
    await open('/recharge');
    await byTest('recharge-method-bank').click();
    await byTest('recharge-amount').fill('500');
    await byTest('recharge-submit').click();
    await toast(PAY_MSG.depositorName).waitFor();
    await byTest('recharge-bank_owner').fill('周九');
    await byTest('recharge-bank').fill('招商银行');
    await byTest('recharge-bank_no').fill('6225880199887766');
    await byTest('recharge-bank_address').fill('深圳市福田支行');
    await byTest('recharge-submit').click();
    await toast(PAY_MSG.submitted).waitFor();
    await byTest('payinfo').waitFor();
    expect(hashPath()).toMatch(/^\/payInfo\?deposit_no=D\d{20}$/);
    const depositNo = await byTest('payinfo-no').textContent();
    expect(await byTest('payinfo-amount').textContent()).toBe('¥500.00');
    await expect.poll(() => byTest('payinfo-countdown').textContent()).toMatch(/请在 (59:\d\d|60:00) 内完成转账/);
    const lines = await byTest('payinfo-line').allTextContents();
    expect(lines.some((l) => /^\d{16,19}$/.test(l))).toBe(true);
    await shot(page, 'payinfo-bank');

    const approved = await api('/admin/api/deposits/approve', { deposit_no: depositNo }, { token: await operatorToken() });
    expect(approved.code, approved.message).toBe(200);
    expect(await centralBalance(member.token)).toBe(500);
    await open('/transRecord?type=1');
    await byTest('trans-item').first().waitFor();
    await expect.poll(() => byTest('trans-state').first().textContent()).toBe(DEPOSIT_PHASE.credited.name); // issue 34: a deposit's one name (已到账)
    expect(await byTest('trans-amount').first().textContent()).toBe('¥500.00');
    await shot(page, 'transrecord-deposits');
  });

  it('USDT: the estimate before confirming, then the address with its QR code and the USDT amount', { timeout: 120_000 }, async () => {
    await depositor('dpt');
    await open('/recharge');
    await byTest('recharge-method-usdtpay').click();
    await byTest('recharge-protocol-ERC20').click();
    await byTest('recharge-amount').fill('720');
    // 720 / 7.2 (the seeded rate), floored to 2 decimals
    await expect.poll(() => byTest('recharge-usdt-estimate').textContent()).toContain('100.00');
    await byTest('recharge-submit').click();
    await byTest('payinfo').waitFor();
    expect(await byTest('payinfo-amount').textContent()).toBe('100.00 USDT');
    await byTest('payinfo-qr').waitFor();
    expect(await byTest('payinfo-line').first().textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await shot(page, 'payinfo-usdt', { gone: page.locator('.adm-toast-main') });
  });

  it('under-payment: the order goes to review and nothing is credited', { timeout: 120_000 }, async () => {
    const member = await depositor('dpu');
    await open('/recharge');
    await byTest('recharge-method-wxpay').click();
    await byTest('recharge-amount').fill('300');
    await byTest('recharge-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/cashier\/SP/);
    await page.locator('#paid').fill('299.00');
    await page.getByText('确认支付').click();
    await page.getByText('支付成功').waitFor();
    await page.getByText('返回商户').click();
    await toast(PAY_MSG.inReview).waitFor({ timeout: 20_000 });
    expect(await centralBalance(member.token)).toBe(0);
    const list = await api('/admin/api/deposits/list', { state: 'review', username: member.name }, { token: await operatorToken() });
    expect(list.data.data[0]).toMatchObject({ status: 'review', paid_amount: 299, amount: 300, review_reason: '实付金额 299.00 元与订单金额 300.00 元不符' });
  });

  it('no bound card: the spec notice with links to bind one', async () => {
    const member = await registerMember('dpn');
    await signInWith(context, member.token);
    await open('/recharge');
    await byTest('recharge-no-card').waitFor();
    expect(await byTest('recharge-no-card').textContent()).toContain(PAY_MSG.noCard);
    await shot(page, 'recharge-no-card');
  });
});
