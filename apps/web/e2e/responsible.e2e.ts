import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatYuan, RECORDS_EXPORT_MSG, RESPONSIBLE_BLOCKED, RESPONSIBLE_KIND_NAMES, RESPONSIBLE_MSG, RESPONSIBLE_PERIOD_NAMES } from '@casino/contract';
import { api, baseUrl, operatorCredits, operatorToken, pageHelpers, registerMember, settled, shot, signInWith, usePhone } from './browser.ts';

/**
 * Responsible play end to end (issue 22): on 自我管理 a member sets a daily deposit limit and a
 * deposit above it is refused with the limit and what is left; a member takes a 24-hour time-out
 * after the warning, and then a transfer into a venue and a game launch are refused with when it
 * ends while the withdrawal page still opens; an operator finds the member on the back-office list
 * (1440x900), extends the break with a reason and reads it on the member 360's tab.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('responsible', (p) => ({ browser, context, page } = p));
const { byTest, open, toast } = pageHelpers(() => page);

describe('responsible play end to end', () => {
  it('a member sets a daily deposit limit of 200 and a deposit of 300 is refused with the limit and what is left', { timeout: 90_000 }, async () => {
    const member = await registerMember('rgdep', '周九');
    // the cashier asks for a bound card first
    const card = await api('/api/bindcard', { bank_owner: '周九', bank: '招商银行', bank_no: '6225880199887766', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(card.code, card.message).toBe(200);
    await signInWith(context, member.token);
    await open('/responsible');
    const day = byTest('rg-limit-deposit-day');
    await day.getByRole('button', { name: '设置' }).click();
    await byTest('rg-amount-input').fill('200');
    await byTest('rg-save-limit').click();
    await toast(RESPONSIBLE_MSG.limitSet).waitFor();
    await expect.poll(() => day.textContent()).toContain('200.00元');
    await expect.poll(() => byTest('rg-history').textContent()).toContain('存款限额');
    await shot(page, 'responsible-limit-set');

    await open('/recharge');
    await byTest('recharge-method-bank').click();
    await byTest('recharge-amount').fill('300');
    await byTest('recharge-bank_owner').fill('周九');
    await byTest('recharge-bank').fill('招商银行');
    await byTest('recharge-bank_no').fill('6225880199887766');
    await byTest('recharge-bank_address').fill('深圳市福田支行');
    await byTest('recharge-submit').click();
    await toast(RESPONSIBLE_MSG.depositLimit(RESPONSIBLE_PERIOD_NAMES.day, formatYuan(200), formatYuan(200))).waitFor();
    await shot(page, 'responsible-deposit-refused');
  });

  it('a member takes a 24-hour time-out: transfer-in and game launch are refused, withdrawal opens; an operator lists and extends it', { timeout: 150_000 }, async () => {
    const member = await registerMember('rgbrk', '吴十');
    await operatorCredits(member.name, 500);
    const card = await api('/api/bindcard', { bank_owner: '吴十', bank: '招商银行', bank_no: '6225880155554444', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(card.code, card.message).toBe(200);
    await signInWith(context, member.token);

    await open('/responsible');
    await byTest('rg-timeout-24h').click();
    const warning = byTest('rg-break-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('不能提前结束');
    expect(await warning.textContent()).toContain('取款不受影响');
    await shot(page, 'responsible-timeout-warning', { still: warning });
    await page.getByRole('button', { name: `确认${RESPONSIBLE_KIND_NAMES.timeout}` }).click();
    const active = byTest('rg-active-break');
    await active.waitFor();
    const endsAt = /至 (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/.exec((await active.textContent()) ?? '')?.[1] ?? '';
    expect(endsAt).not.toBe('');
    // opened afresh, the page starts with what is closed and until when
    await page.reload();
    await byTest('rg-active-break').waitFor();
    await shot(page, 'responsible-timeout-on');

    // the server refuses money into a venue, in words that say what and until when
    const transfer = await api('/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: 'pp' }, { token: member.token });
    expect(transfer.message).toBe(RESPONSIBLE_MSG.onBreak(RESPONSIBLE_KIND_NAMES.timeout, endsAt, RESPONSIBLE_BLOCKED.transferIn));
    // a game launch in the browser shows the refusal
    await open('/gamePage?name=甜蜜富矿&type=pp&code=pp_bonanza');
    await toast(RESPONSIBLE_MSG.onBreak(RESPONSIBLE_KIND_NAMES.timeout, endsAt, RESPONSIBLE_BLOCKED.launch)).waitFor();
    // withdrawals stay open
    await open('/withdrawal');
    await byTest('withdraw-form').waitFor();
    await expect.poll(() => byTest('withdraw-available').textContent()).toBe('¥500.00');

    // the operator's list at 1440x900
    const token = await operatorToken();
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await desk.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const admin = await desk.newPage();
    await admin.goto(`${baseUrl()}/admin/responsible`);
    await admin.locator('.ant-segmented-item').filter({ hasText: '冷静期中' }).click();
    const row = admin.locator('.ant-table-row').filter({ hasText: member.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('冷静期中');
    expect(await row.textContent()).toContain(endsAt);
    await shot(admin, 'admin-responsible-list', { gone: admin.locator('.ant-segmented-thumb') });

    // 延长: confirmed, with a reason, and the new end shown
    await admin.getByTestId(`extend-${member.name}`).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '延长自我排除' });
    await settled(dialog);
    await dialog.getByText('6个月').click();
    await dialog.locator('textarea').fill('会员来电要求延长');
    await dialog.getByRole('button', { name: /确认延长/ }).click();
    const result = admin.locator('.ant-modal').filter({ hasText: '操作结果' });
    await settled(result);
    expect(await result.textContent()).toContain(`${member.name} 的自我排除现至`);
    await result.getByRole('button', { name: /我已记下/ }).click();
    // the list refreshes: the time-out has become a self-exclusion, so it leaves 冷静期中 and
    // stands under 自我排除中
    await row.waitFor({ state: 'detached' });
    await admin.locator('.ant-segmented-item').filter({ hasText: '自我排除中' }).click();
    await expect.poll(() => row.textContent()).toContain('自我排除中');

    // member 360: the tab shows the break and every change with its actor
    await admin.goto(`${baseUrl()}/admin/members/${member.name}`);
    await admin.getByRole('tab', { name: '自我管理' }).click();
    const tab = admin.getByTestId('responsible-tab');
    await tab.waitFor();
    await expect.poll(() => tab.textContent()).toContain('自我排除中');
    expect(await tab.textContent()).toContain('会员来电要求延长');
    expect(await tab.textContent()).toContain('操作员');
    await shot(admin, 'admin-responsible-360');
    await desk.close();
  });
  it('help article 8 leads to 自我管理; a member downloads their bets as CSV and a range over 90 days is refused', { timeout: 90_000 }, async () => {
    const member = await registerMember('rgcsv', '郑一');
    await signInWith(context, member.token);
    await open('/boutBallBetInfo?type=8');
    await byTest('article-body').waitFor();
    await byTest('article-responsible').click();
    await expect.poll(() => page.url()).toContain('#/responsible');

    await open('/betRecord');
    await byTest('csv-open-bets').click();
    await byTest('csv-download').waitFor();
    await shot(page, 'records-csv-sheet', { still: byTest('csv-download') });
    const [download] = await Promise.all([page.waitForEvent('download'), byTest('csv-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^投注记录-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((s) => {
        const parts: Buffer[] = [];
        s.on('data', (c: Buffer) => parts.push(c));
        s.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        s.on('error', reject);
      }, reject);
    });
    expect(text.replace(/^\uFEFF/, '').split('\n')[0]).toContain('注单号');

    await byTest('csv-open-bets').click();
    await byTest('csv-from').fill('2025-01-01');
    await byTest('csv-to').fill('2025-06-01');
    await byTest('csv-download').click();
    await toast(RECORDS_EXPORT_MSG.tooLong).waitFor();
  });
});
