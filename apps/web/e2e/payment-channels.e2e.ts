import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PAY_MSG } from '@casino/contract';
import { api, baseUrl, captchaAnswer, centralBalance, chooseOption, operatorToken, pageHelpers, registerMember, settled, shot, signInWith, usePhone } from './browser.ts';

/**
 * Payment channels end to end (issue 21): an operator adds an MD5 四方 channel in the
 * back-office (1440x900), pointing at the sandbox gateway's 四方 mode; a member (375x812) pays a
 * deposit through it at the sandbox cashier; the order credits once (a re-sent notify changes
 * nothing) and the channel's today figures and per-day stats show it. The channel is deleted at
 * the end: while any channel exists online deposits go only through channels, and the other
 * files share this server.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
usePhone('payment-channels', (phone) => ({ browser, context, page } = phone));
const { byTest, open, toast } = pageHelpers(() => page);

const merchant = { id: `E2E${Date.now().toString(36).toUpperCase()}`, key: randomBytes(16).toString('hex') };
const channelName = `四方测试${Date.now().toString(36).slice(-4)}`;
let channelId = 0;

/** the back-office, signed in as the first operator */
async function backOffice(path: string): Promise<Page> {
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await desk.addInitScript((t) => localStorage.setItem('adminToken', t), await operatorToken());
  const admin = await desk.newPage();
  admin.on('pageerror', (err) => console.error('back-office page error:', err.message));
  await admin.goto(`${baseUrl()}/admin${path}`);
  return admin;
}

/** a 四方 form signed as the sandbox merchant: sorted non-empty fields, &key=, MD5, upper case */
function signed(fields: Record<string, string>): Record<string, string> {
  const text = Object.keys(fields)
    .filter((k) => fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return { ...fields, sign: createHash('md5').update(`${text}&key=${merchant.key}`).digest('hex').toUpperCase() };
}

/**
 * issue 33: a channel's settings (merchant id, keys, gateway addresses, notify allowlist) take
 * effect once a second operator approves them: a super admin of this file's own approves
 */
async function approveAsSecondOperator(id: number) {
  const second = { username: 'chan_ok_e2e', password: 'ChanOkE2e2026' };
  await api('/admin/api/operators/create', { ...second, role: 'super' }, { token: await operatorToken() });
  const img = await api<{ key: string }>('/admin/api/captcha', {});
  const login = await api<{ token: string }>('/admin/api/login', { ...second, captcha_key: img.data.key, code: captchaAnswer(img.data.key) });
  expect(login.code, login.message).toBe(200);
  const list = await api<{ data: { id: number }[] }>('/admin/api/payment-channels/key-changes', { channel_id: id, page: 1 }, { token: login.data.token });
  expect(list.data.data.length, list.message).toBe(1);
  const approved = await api('/admin/api/payment-channels/key-change-approve', { id: list.data.data[0].id }, { token: login.data.token });
  expect(approved.code, approved.message).toBe(200);
}

afterAll(async () => {
  if (channelId) await api('/admin/api/payment-channels/delete', { id: channelId }, { token: await operatorToken() });
});

describe('payment channels end to end', () => {
  it('an operator adds an MD5 四方 channel pointing at the sandbox', async () => {
    // the gateway's sales desk opens the merchant account (MD5, yuan, default field names)
    const opened = await fetch(`${baseUrl()}/sandbox/pay/sifang/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchant_id: merchant.id, key: merchant.key }),
    });
    expect(opened.status).toBe(201);

    const admin = await backOffice('/cashier/channels');
    await admin.getByTestId('channel-create').click();
    await settled(admin.locator('.ant-drawer-content-wrapper'));
    await admin.getByTestId('channel-name').fill(channelName);
    await admin.getByTestId('channel-merchant-id').fill(merchant.id);
    await admin.getByTestId('channel-sign-key').fill(merchant.key);
    // wxpay with its own range and gateway code; alipay on the site's fixed list
    await chooseOption(admin.getByTestId('channel-method-0-paytype'), '好友微信');
    await admin.getByTestId('channel-method-0-code').fill('8001');
    await admin.getByTestId('channel-method-0-min').fill('10');
    await admin.getByTestId('channel-method-0-max').fill('5000');
    await admin.getByTestId('channel-method-add').click();
    await chooseOption(admin.getByTestId('channel-method-1-paytype'), '支付宝扫码');
    await admin.getByTestId('channel-daily-cap').fill('100000');
    // a bad address first: the form shows the contract's message before anything is sent
    await admin.getByTestId('channel-order-url').fill('sandbox/order');
    await admin.getByTestId('channel-save').click();
    await admin.getByText('网关地址须以 http:// 或 https:// 开头（最多500字）').waitFor();
    await admin.getByTestId('channel-order-url').fill(`${baseUrl()}/sandbox/pay/sifang/order`);
    await admin.getByTestId('channel-query-url').fill(`${baseUrl()}/sandbox/pay/sifang/query`);
    await admin.getByTestId('channel-sifang').scrollIntoViewIfNeeded();
    await shot(admin, 'channels-form');
    await admin.getByTestId('channel-save').click();

    // the notify URL to give the gateway, once saved
    const created = admin.getByTestId('channel-created-notify-url');
    await created.waitFor();
    const notifyUrl = (await created.textContent()) ?? '';
    expect(notifyUrl).toMatch(/\/pay\/notify\/ch\/\d+$/);
    channelId = Number(notifyUrl.split('/').pop());
    await admin.getByRole('button', { name: '我已记下' }).click();

    const row = admin.locator('.ant-table-row', { has: admin.getByTestId(`channel-row-${channelName}`) });
    await row.waitFor();
    // issue 33: not used until a second operator approves its settings; the creator cannot
    expect(await row.getByTestId('channel-state').textContent()).toBe('待批准');
    expect(await admin.getByTestId('key-changes').getByTestId('key-change-approve').first().isDisabled()).toBe(true);
    await approveAsSecondOperator(channelId);
    await admin.getByRole('button', { name: /刷\s*新/ }).first().click();
    await expect.poll(() => row.getByTestId('channel-state').textContent()).toBe('启用');
    expect(await row.textContent()).toContain('通用四方支付');
    expect(await row.textContent()).toContain('好友微信10.00 ~ 5,000.00');
    // the stored settings: MD5, the default field names, the key only masked
    const got = await api('/admin/api/payment-channels/get', { id: channelId }, { token: await operatorToken() });
    expect(got.data).toMatchObject({ gateway_type: 'sifang', merchant_id: merchant.id, keys: { sign_key: `••••${merchant.key.slice(-4)}`, notify_key: '' }, sifang: { sign_type: 'md5', amount_unit: 'yuan' } });
    expect(got.data.methods.map((m: { paytype: string; code: string }) => `${m.paytype}:${m.code}`)).toEqual(['wxpay:8001', 'alipay:']);
    await admin.context().close();
  });

  it('a member pays through it: credited once, and the channel counts the order', async () => {
    expect(channelId).toBeGreaterThan(0);
    const member = await registerMember('pch', '周九');
    const bound = await api('/api/bindcard', { bank_owner: '周九', bank: '招商银行', bank_no: '6225880199887766', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token: member.token });
    expect(bound.code, bound.message).toBe(200);
    await signInWith(context, member.token);

    await open('/recharge');
    await byTest('recharge-method-wxpay').click();
    await byTest('recharge-amount').fill('300');
    await shot(page, 'channels-member-recharge');
    await byTest('recharge-submit').click();
    // the 四方 mode's cashier: the order went to our channel, not the default gateway
    await page.waitForURL(/\/sandbox\/pay\/sifang\/cashier\/SF/);
    await page.getByText('确认支付').waitFor();
    expect(await page.locator('#paid').inputValue()).toBe('300.00');
    await shot(page, 'channels-member-cashier');
    await page.getByText('确认支付').click();
    await page.getByText('支付成功').waitFor();
    await page.getByText('返回商户').click();
    await toast(PAY_MSG.paid).waitFor({ timeout: 20_000 });
    await expect.poll(() => centralBalance(member.token)).toBe(300);

    // the gateway sends its notify again: acknowledged, nothing credited twice
    const token = await operatorToken();
    const deposits = await api('/admin/api/deposits/list', { username: member.name }, { token });
    expect(deposits.data.total, 'the deposit is listed once').toBe(1);
    expect(deposits.data.data[0]).toMatchObject({ status: 'credited', amount: 300 });
    const depositNo: string = deposits.data.data[0].deposit_no;
    const again = await fetch(`${baseUrl()}/sandbox/pay/sifang/renotify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed({ mch_id: merchant.id, out_trade_no: depositNo })).toString(),
    });
    expect(await again.json()).toMatchObject({ code: '0', sent: true, acked: true });
    expect(await centralBalance(member.token)).toBe(300);
    expect((await api('/admin/api/deposits/list', { username: member.name }, { token })).data.total).toBe(1);

    // the list's today figures, then the detail's stats with the audited key reveal
    const admin = await backOffice('/cashier/channels');
    const row = admin.locator('.ant-table-row', { has: admin.getByTestId(`channel-row-${channelName}`) });
    await expect.poll(() => row.getByTestId('channel-today-orders').textContent()).toBe('1');
    expect(await row.getByTestId('channel-today-volume').textContent()).toBe('300.00');
    await shot(admin, 'channels-list');
    await admin.getByTestId(`channel-row-${channelName}`).click();
    await admin.getByTestId('channel-title').waitFor();
    const total = admin.getByTestId('channel-stats-total');
    await expect.poll(() => total.innerText()).toMatch(/合计\s+1\s+1\s+100\.00%\s+300\.00/);
    await admin.locator('[data-testid="channel-stats"] canvas').first().waitFor();
    await shot(admin, 'channels-detail');
    await admin.getByTestId('channel-reveal').click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '查看完整密钥' });
    await settled(dialog);
    await dialog.locator('textarea').fill('核对网关商户后台的密钥');
    await dialog.getByRole('button', { name: /^查\s*看$/ }).click();
    await admin.getByTestId('channel-revealed').getByText(merchant.key).waitFor();
    await admin.context().close();
  });
});
