import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WITHDRAW_INBOX, WITHDRAW_MSG } from '@casino/contract';
import { api, centralBalance, operatorCredits, operatorToken, pageHelpers, registerMember, shot, signInWith, usePhone } from './browser.ts';

/**
 * Withdrawals end to end (issue 10): the built site, the real server, an operator deciding
 * through the back-office API. A member with a bound card withdraws, sees the record pending,
 * an operator approves and the record shows approved; a rejected one returns the money and the
 * member reads the reason in the inbox. The USDT tab shows the fee, USDT amount and received.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('withdrawals', (phone) => ({ browser, context, page } = phone));
const { byTest, open, toast, hashPath } = pageHelpers(() => page);

/** The member's newest withdrawal as the operators see it. */
async function newestWithdrawal(username: string) {
  const list = await api('/admin/api/withdrawals/list', { username }, { token: await operatorToken() });
  expect(list.code, list.message).toBe(200);
  return list.data.data[0] as { withdraw_no: string; amount: number; state: number; risk: { notes: string[] } };
}

describe('withdrawals end to end', () => {
  it('bank card: withdraw, pending, approved by an operator; a rejected one comes back with the reason', { timeout: 120_000 }, async () => {
    const member = await registerMember('wd', '孙八');
    await operatorCredits(member.name, 1000);
    const bound = await api('/api/bindcard', { bank_owner: '孙八', bank: '招商银行', bank_no: '6225880112345678', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(bound.code, bound.message).toBe(200);

    await signInWith(context, member.token);
    // bank cards only: the page opens on 银行卡取款 by itself (issue 25)
    await open('/withdrawal');
    await expect.poll(hashPath).toBe('/withdrawal?type=2');
    await byTest('withdraw-form').waitFor();
    expect(await byTest('withdraw-tab-2').getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => byTest('withdraw-bet-amount').inputValue()).toBe('0.00');
    // no turnover owed: the whole central wallet can be withdrawn
    await expect.poll(() => byTest('withdraw-available').textContent()).toBe('¥1,000.00');
    await shot(page, 'withdrawal-bank-empty');

    // the spec's first rule, before anything is sent
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.cardRequired).waitFor();

    // the popup lists the card by its last 4 only; choosing closes it
    await byTest('withdraw-card').click();
    const option = byTest(`withdraw-card-option-${bound.data.id}`);
    await option.waitFor();
    await expect.poll(() => option.textContent()).toContain('尾号 5678');
    expect(await option.textContent()).not.toContain('622588');
    await shot(page, 'withdrawal-card-popup', { still: option });
    await option.click();
    await expect.poll(() => byTest('withdraw-card').textContent()).toContain('招商银行');

    await byTest('withdraw-amount').fill('99');
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.amountMin).waitFor();
    await byTest('withdraw-amount').fill('300');
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.passwordRequired).waitFor();
    await byTest('withdraw-password').fill('654321');
    await byTest('withdraw-kefu').scrollIntoViewIfNeeded();
    await shot(page, 'withdrawal-bank-filled');
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.submitted).waitFor();
    // to the records after 1.5 s, on the withdrawals type
    await expect.poll(hashPath, { timeout: 5_000 }).toBe('/transRecord?type=2');
    const first = await newestWithdrawal(member.name);
    expect(first).toMatchObject({ amount: 300, state: 1 });
    const item = byTest('trans-item').filter({ hasText: first.withdraw_no });
    await expect.poll(() => item.locator('[data-testid="trans-state"]').textContent()).toBe('待审核');
    expect(await centralBalance(member.token)).toBe(700);
    await shot(page, 'withdrawal-record-pending');

    // the operator approves through the API; the record shows it
    const approved = await api('/admin/api/withdrawals/approve', { withdraw_no: first.withdraw_no }, { token: await operatorToken() });
    expect(approved.code, approved.message).toBe(200);
    await page.reload();
    await expect.poll(() => item.locator('[data-testid="trans-state"]').textContent()).toBe('已通过');

    // a second one, rejected with a reason: the money returns and the inbox says why
    await open('/withdrawal?type=2');
    await byTest('withdraw-card').click();
    await byTest(`withdraw-card-option-${bound.data.id}`).click();
    await byTest('withdraw-amount').fill('200');
    await byTest('withdraw-password').fill('654321');
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.submitted).waitFor();
    await expect.poll(hashPath, { timeout: 5_000 }).toBe('/transRecord?type=2');
    const second = await newestWithdrawal(member.name);
    expect(second.amount).toBe(200);
    expect(await centralBalance(member.token)).toBe(500);
    const rejected = await api('/admin/api/withdrawals/reject', { withdraw_no: second.withdraw_no, reason: '银行卡户名与实名不符' }, { token: await operatorToken() });
    expect(rejected.code, rejected.message).toBe(200);
    expect(await centralBalance(member.token)).toBe(700);
    await page.reload();
    await expect.poll(() => byTest('trans-item').filter({ hasText: second.withdraw_no }).locator('[data-testid="trans-state"]').textContent()).toBe('已拒绝');

    await open('/message?type=2');
    const message = page.getByText(WITHDRAW_INBOX.rejectedTitle).first();
    await message.waitFor();
    await message.click();
    await expect.poll(() => byTest('message-detail-content').textContent()).toContain('银行卡户名与实名不符');
    await shot(page, 'withdrawal-inbox-rejected');
  });

  it('turnover owed: the page says nothing can be withdrawn now, and how much turnover is left', async () => {
    const member = await registerMember('wdt', '吴十');
    // an operator's credit of 545 with 1x turnover (DESIGN.md section 4)
    const adjust = await api('/admin/api/members/adjust', { username: member.name, amount: 545, reason: '端到端测试入款', turnover_multiple: 1 }, { token: await operatorToken() });
    expect(adjust.code, adjust.message).toBe(200);
    await signInWith(context, member.token);
    await open('/withdrawal');
    await expect.poll(async () => byTest('withdraw-bet-amount').inputValue()).toBe('545.00');
    await expect.poll(() => byTest('withdraw-available').textContent()).toBe('¥0.00');
    expect(await byTest('withdraw-available-why').textContent()).toContain('还需打码 ¥545.00');
    expect(await byTest('withdraw-available-why').textContent()).toContain('中心钱包余额 ¥545.00');
    await byTest('withdraw-available-box').scrollIntoViewIfNeeded();
    await shot(page, 'withdrawal-turnover-owed');
  });

  it('USDT tab: add link when none; fee once an address is chosen, USDT amount and received; tab switch resets', { timeout: 90_000 }, async () => {
    const member = await registerMember('wdu', '周九');
    await operatorCredits(member.name, 2000);
    await signInWith(context, member.token);
    await open('/withdrawal?type=1');
    // no address yet: the selector is a link to add one
    await byTest('withdraw-add-card').waitFor();
    await shot(page, 'withdrawal-usdt-none');
    const bound = await api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLAa', pay_pass: '654321' }, { token: member.token });
    expect(bound.code, bound.message).toBe(200);
    await page.reload();
    await byTest('withdraw-card').click();
    await byTest(`withdraw-card-option-${bound.data.id}`).click();
    await byTest('withdraw-amount').fill('1000');
    // seeded: 7.1 yuan per USDT, TRC20 fee 1 USDT; 1000 / 7.1 = 140.84
    await expect.poll(() => byTest('withdraw-usdt-fee').textContent()).toContain('1.00 USDT');
    await expect.poll(() => byTest('withdraw-usdt-amount').textContent()).toBe('140.84 USDT');
    await expect.poll(() => byTest('withdraw-usdt-received').textContent()).toBe('139.84 USDT');
    await byTest('withdraw-password').fill('654321');
    await shot(page, 'withdrawal-usdt-filled', { gone: byTest(`withdraw-card-option-${bound.data.id}`) });

    // switching tab starts afresh
    await byTest('withdraw-tab-2').click();
    await byTest('withdraw-add-card').waitFor();
    await byTest('withdraw-tab-1').click();
    await byTest('withdraw-card-empty').waitFor();
    expect(await byTest('withdraw-amount').inputValue()).toBe('');
    expect(await byTest('withdraw-password').inputValue()).toBe('');
    expect(await byTest('withdraw-usdt-fee').count()).toBe(0);

    // 最大金额 fills the whole central balance; the submit goes through
    await byTest('withdraw-card').click();
    await byTest(`withdraw-card-option-${bound.data.id}`).click();
    await byTest('withdraw-max').click();
    expect(await byTest('withdraw-amount').inputValue()).toBe('2000.00');
    await byTest('withdraw-password').fill('654321');
    await byTest('withdraw-submit').click();
    await toast(WITHDRAW_MSG.submitted).waitFor();
    await expect.poll(hashPath, { timeout: 5_000 }).toBe('/transRecord?type=2');
    expect(await centralBalance(member.token)).toBe(0);
  });
});
