import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_FLAG_KIND_LABEL, AGENT_STATEMENT_STATE_LABEL } from '@casino/contract';
import { api, launch, openDropdown, phone, settled, shot } from './browser.ts';
import { runJob, startServer as startOn, type RunningServer } from './server.ts';

/**
 * The affiliate programme end to end (issue 20) on a server of this file's own.
 * Phase 1 (real clock, jobs on): a member applies, an operator approves, and the member finds
 * the agent portal in the member centre with its link, QR code and copy button. A guest opens
 * the link, registers through it (the pid shows on the form), deposits 300 through the bank
 * method (an operator approves) and plays: a settled bet of 600 valid, lost 200, stored as the
 * bet pull stores it. The rollup job brings them into the portal's figures: run at once by the
 * operator command (npm run job -- agent_rollup) rather than waited for (every minute).
 * Phase 2 (the promotions clock PROMO_TEST_NOW on the 1st of next month, so this month is "last
 * month"): an operator settles the month in the back-office and approves the statement; the
 * agent sees it paid and the credit in the central wallet.
 * Expected with the default plan: 1 active member (600 >= 500), GGR 200, fee 1 % of 300 = 3,
 * net 197, tier 1 (30 %): commission 59.10 (under the 10,000 two-person amount: one approval).
 */

const BJ = 8 * 3_600_000;
const wire = (ms: number) => new Date(ms + BJ).toISOString().slice(0, 19).replace('T', ' ');
/** the Beijing month of a moment, 'YYYY-MM' */
const monthOf = (ms: number) => new Date(ms + BJ).toISOString().slice(0, 7);
/** 10:30 Beijing on the 1st of the month after the one `ms` is in */
function firstOfNextMonth(ms: number): number {
  const d = new Date(ms + BJ);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 10, 30) - BJ;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-agents-'));
const month = monthOf(Date.now());
const settleNow = firstOfNextMonth(Date.now());
let server: RunningServer | undefined;
let base = '';

async function startServer(env: Record<string, string>) {
  server = await startOn({ DATA_DIR: dataDir, CAPTCHA: 'off', RATE_LIMITS: 'off', OPERATOR_SETUP: 'off', ...env }, { firstPort: 4100, spread: 90, logLevel: 'error' });
  base = server.base;
}

/** the agents' figure rollup and flag checks, run now on this file's database (npm run job) */
const rollupNow = () => runJob('agent_rollup', { base, dataDir });

/** a call to this file's own server */
const call = <T = any>(p: string, body: unknown = {}, token?: string) => api<T>(p, body, { token, base });

let operator = '';
async function operatorToken(): Promise<string> {
  if (operator) return operator;
  const login = await call<{ token: string }>('/admin/api/login', { username: 'admin', password: 'e2e-admin-pass' });
  expect(login.code, login.message).toBe(200);
  operator = login.data.token;
  return operator;
}

const stamp = Date.now().toString(36).slice(-6);
const agentName = `agt${stamp}`;
const memberName = `dl${stamp}`;
/** a downline member holding the agent's own card (the case the fraud checks are for) */
const flaggedName = `dx${stamp}`;
let agentToken = '';
let memberToken = '';
let code = '';
let link = '';

let browser: Browser;

/** a phone signed in with `token` (or a guest) on this file's server */
async function phoneAs(token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const p = await phone(browser);
  if (token) await p.context.addInitScript((t) => localStorage.setItem('token', t), token);
  return p;
}
const open = (page: Page, route: string) => page.goto(`${base}/#${route}`);
const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.slice(1));

beforeAll(async () => {
  await startServer({ JOBS: 'on' });
  const reg = await call<{ api_token: string }>('/api/register', { name: agentName, password: 'secret123', confirmPass: 'secret123', realname: '王代理', paypassword: '654321' });
  expect(reg.code, reg.message).toBe(200);
  agentToken = reg.data.api_token;
  // the existing operator flow: the member applies, an operator approves; that makes an agent
  const applied = await call('/api/applyagentdo', { mobile: '13800138000', apply_info: '有推广渠道，希望加入代理' }, agentToken);
  expect(applied.code, applied.message).toBe(200);
  const list = await call<{ data: { id: number; username: string }[] }>('/admin/api/agent-applications/list', { state: 1, page: 1 }, await operatorToken());
  const app = list.data.data.find((a) => a.username === agentName)!;
  const approved = await call('/admin/api/agent-applications/approve', { id: app.id }, await operatorToken());
  expect(approved.code, approved.message).toBe(200);
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('agent portal', () => {
  it('an approved agent finds the portal in the member centre: link, QR code, copy', async () => {
    const summary = await call<{ code: string; link: string }>('/api/agent/summary', {}, agentToken);
    expect(summary.code, summary.message).toBe(200);
    code = summary.data.code;
    // a relative link (no PUBLIC_URL) is the member site's own address
    link = new URL(summary.data.link, `${base}/`).toString();
    expect(link).toContain(`pid=${encodeURIComponent(code)}`);

    const { page } = await phoneAs(agentToken);
    await open(page, '/mine');
    await page.getByTestId('mine-link-agent').click();
    await expect.poll(() => hashOf(page)).toBe('/agent');
    await page.getByTestId('agent-portal').waitFor();
    expect(await page.getByTestId('agent-code').textContent()).toBe(code);
    expect(await page.getByTestId('agent-link').textContent()).toBe(link);
    await expect.poll(() => page.getByTestId('agent-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await shot(page, 'agent-portal-home');
    await page.getByTestId('agent-copy').click();
    await page.locator('.adm-toast-main', { hasText: '推广链接已复制' }).waitFor();

    // getAgentLoginUrl points an agent here, and /gamePage?dailiD=1 opens it
    const url = await api<{ url: string }>('/api/getAgentLoginUrl', undefined, { method: 'GET', token: agentToken, base });
    expect(url.data.url).toMatch(/#\/agent$/);
    await open(page, '/mine');
    await page.getByTestId('mine').waitFor();
    await open(page, '/gamePage?dailiD=1');
    await expect.poll(() => hashOf(page)).toBe('/agent');
    await page.getByTestId('agent-portal').waitFor();
  });

  it('a guest registers through the link (pid on the form), deposits and plays', async () => {
    const { page } = await phoneAs();
    await page.goto(link);
    await page.getByTestId('register-form').waitFor();
    expect(await page.getByTestId('reg-pid').textContent()).toContain(code);
    await page.getByTestId('reg-name').fill(memberName);
    await page.getByTestId('reg-password').fill('secret123');
    await page.getByTestId('reg-confirm').fill('secret123');
    await page.getByTestId('reg-realname').fill('李会员');
    await page.getByTestId('reg-paypassword').fill('654321');
    // CAPTCHA=off on this server: the form asks for no code
    if (await page.getByTestId('reg-code').count()) await page.getByTestId('reg-code').fill('abcd');
    await page.getByTestId('reg-submit').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    memberToken = (await page.evaluate(() => localStorage.getItem('token')))!;

    // a deposit of 300 through the bank method, approved by an operator
    const card = await call('/api/bindcard', { bank_owner: '李会员', bank_no: '6225881234561111', pay_pass: '654321', bank: '招商银行', bank_address: '深圳市福田支行' }, memberToken);
    expect(card.code, card.message).toBe(200);
    const order = await call('/api/recharge', { paytype: 'bank', amount: 300, bank_owner: '李会员', bank: '招商银行', bank_no: '6225881234561111', bank_address: '深圳市福田支行' }, memberToken);
    expect(order.code, order.message).toBe(200);
    const approved = await call('/admin/api/deposits/approve', { deposit_no: order.message }, await operatorToken());
    expect(approved.code, approved.message).toBe(200);

    // plays: the venue's record of a settled live-casino bet (600 valid, lost 200), as the bet pull stores it
    const db = new Database(path.join(dataDir, 'casino.sqlite'));
    db.pragma('busy_timeout = 5000');
    try {
      const member = db.prepare('select id from members where username = ?').get(memberName) as { id: number };
      // settled now: after the registration, so it counts for the agent the member belongs to since then
      const now = Date.now();
      db.prepare(
        `insert into bets (platform, bet_id, member_id, game_code, game_name, category_id, bet_amount, valid_amount, win_loss, status, detail, created_at, settled_at, pulled_at, turnover_counted)
         values ('ag', ?, ?, 'baccarat', '百家乐', 'realbet', 60000, 60000, -20000, 1, '', ?, ?, ?, 1)`,
      ).run(`E2EAG${now}`, member.id, now - 1000, now, now);
    } finally {
      db.close();
    }
  });

  it('a second sign-up through the code binds the agent\'s own card: the fraud check flags it', async () => {
    const mine = await call('/api/bindcard', { bank_owner: '王代理', bank_no: '6222020000000002', pay_pass: '654321', bank: '招商银行', bank_address: '广州市天河支行' }, agentToken);
    expect(mine.code, mine.message).toBe(200);
    const reg = await call<{ api_token: string }>('/api/register', { name: flaggedName, password: 'secret123', confirmPass: 'secret123', realname: '王小号', paypassword: '654321', pid: code });
    expect(reg.code, reg.message).toBe(200);
    const card = await call('/api/bindcard', { bank_owner: '王小号', bank_no: '6222020000000002', pay_pass: '654321', bank: '招商银行', bank_address: '广州市天河支行' }, reg.data.api_token);
    expect(card.code, card.message).toBe(200);
  });

  it('the portal shows the new member with the deposit and the bets', async () => {
    await rollupNow();
    await expect
      .poll(
        async () => {
          const r = await call<{ data: { username: string; deposits: number; valid_bets: number }[] }>('/api/agent/members', { page: 1 }, agentToken);
          const row = r.data?.data.find((m) => m.username === memberName);
          return row ? [row.deposits, row.valid_bets] : null;
        },
        { interval: 500 },
      )
      .toEqual([300, 600]);

    const { page } = await phoneAs(agentToken);
    await open(page, '/agent');
    await expect.poll(() => page.getByTestId('agent-fig-deposits').textContent()).toContain('300.00');
    expect(await page.getByTestId('agent-fig-active_members').textContent()).toContain('1');
    expect(await page.getByTestId('agent-projected-tier').textContent()).toContain('30%');
    expect(await page.getByTestId('agent-projected-commission').textContent()).toBe('59.10');
    await shot(page, 'agent-portal-month');

    await page.getByTestId('agent-tab-members').click();
    const row = page.getByTestId('agent-member').filter({ hasText: memberName });
    await row.waitFor();
    expect(await row.getByTestId('agent-member-deposits').textContent()).toBe('300.00');
    expect(await row.getByTestId('agent-member-bets').textContent()).toBe('600.00');
    // no real name on the agent's screen
    expect(await page.getByTestId('agent-members').textContent()).not.toContain('李会员');
    await shot(page, 'agent-portal-members');

    // this month is not settled yet (the monthly job, on with the jobs, may have written earlier months)
    await page.getByTestId('agent-tab-statements').click();
    await page.getByTestId('empty-state').or(page.getByTestId('agent-statements')).waitFor();
    await shot(page, 'agent-portal-statements-before');
    expect(await page.getByTestId('agent-paid-total').textContent()).toBe('0.00');
    if (await page.getByTestId('agent-statements').count()) expect(await page.getByTestId('agent-statements').textContent()).not.toContain(`${month} 月结`);
  });

  it('a member who is not an agent is shown the programme with its apply button', async () => {
    const { page } = await phoneAs(memberToken);
    await open(page, '/mine');
    await page.getByTestId('mine-link-applyagent').waitFor();
    await open(page, '/agent');
    await page.getByTestId('agent-programme').waitFor();
    await shot(page, 'agent-portal-not-agent');
    await page.getByTestId('agent-apply').click();
    await expect.poll(() => hashOf(page)).toBe('/applyagent');
    await page.getByTestId('applyagent').waitFor();
  });
});

describe('flag review', () => {
  it('an operator finds the flagged member in the back-office and clears the flag with a reason', async () => {
    const token = await operatorToken();
    // the checks run with the rollup job
    await rollupNow();
    await expect
      .poll(async () => (await call<{ data: { username: string; kind: string; state: number }[] }>('/admin/api/agent-flags/list', { username: flaggedName, page: 1 }, token)).data?.data.map((f) => `${f.kind}:${f.state}`), { interval: 500 })
      .toEqual(['card:1']);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await context.newPage();
    await page.goto(`${base}/admin/agents/flags`);
    const row = page.locator('.ant-table-row').filter({ hasText: flaggedName });
    await row.waitFor();
    expect(await row.textContent()).toContain(AGENT_FLAG_KIND_LABEL.card);
    expect(await row.textContent()).toContain(agentName);
    await shot(page, 'admin-agent-flags');
    await row.getByRole('button', { name: /解除标记/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '解除风险标记' });
    await settled(dialog);
    await dialog.locator('textarea').fill('已电话核实：为代理家人的独立账户');
    await dialog.getByRole('button', { name: /确认解除/ }).click();
    await page.locator('.ant-message-notice').first().waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const after = await call<{ data: { state: number; clear_reason: string }[] }>('/admin/api/agent-flags/list', { username: flaggedName, state: 2, page: 1 }, token);
    expect(after.data.data[0]).toMatchObject({ state: 2, clear_reason: '已电话核实：为代理家人的独立账户' });
    await context.close();
  });
});

describe('agents in the back-office', () => {
  it('an operator makes a member an agent, then moves a downline member to it with a reason', { timeout: 90_000 }, async () => {
    const token = await operatorToken();
    const second = `ag2${stamp}`;
    const reg = await call<{ api_token: string }>('/api/register', { name: second, password: 'secret123', confirmPass: 'secret123', realname: '赵二代', paypassword: '654321' });
    expect(reg.code, reg.message).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await context.newPage();
    await page.goto(`${base}/admin/agents`);
    await page.getByTestId(`agent-row-${agentName}`).waitFor();

    await page.getByTestId('agent-create-open').click();
    const create = page.locator('.ant-modal').filter({ hasText: '新建代理' });
    await settled(create);
    await page.getByTestId('agent-create-username').fill(second);
    await create.getByRole('button', { name: /确认新建/ }).click();
    const made = page.locator('.ant-modal').filter({ hasText: '操作结果' });
    await settled(made);
    expect(await made.textContent()).toContain(`${second} 已成为代理`);
    await made.getByRole('button', { name: /我已记下/ }).click();
    await page.getByTestId(`agent-row-${second}`).waitFor();

    await page.getByTestId('agent-move-open').click();
    const move = page.locator('.ant-modal').filter({ hasText: '转移会员' });
    await settled(move);
    await page.getByTestId('agent-move-username').fill(flaggedName);
    await move.locator('.ant-select').click();
    await page.keyboard.type(second);
    await (await openDropdown(page)).locator('.ant-select-item-option').filter({ hasText: second }).click();
    await move.locator('textarea').fill('会员申请转到新代理名下');
    await shot(page, 'admin-agent-move');
    await move.getByRole('button', { name: /确认转移/ }).click();
    const moved = page.locator('.ant-modal').filter({ hasText: '操作结果' });
    await settled(moved);
    expect(await moved.textContent()).toContain(`${flaggedName}：${agentName} → ${second}`);
    await moved.getByRole('button', { name: /我已记下/ }).click();
    await context.close();

    // the new agent's portal lists the member from the move on; the old one no longer does
    const theirs = await call<{ data: { username: string }[] }>('/api/agent/members', { page: 1 }, reg.data.api_token);
    expect(theirs.data.data.map((m) => m.username)).toEqual([flaggedName]);
    const mine = await call<{ data: { username: string }[] }>('/api/agent/members', { page: 1 }, agentToken);
    expect(mine.data.data.map((m) => m.username)).toEqual([memberName]);
  });
});

describe('settlement', () => {
  let before = 0;
  let statementId = 0;

  it('an operator settles last month in the back-office and approves the statement', { timeout: 180_000 }, async () => {
    before = (await call<{ balance: number }>('/api/balance', {}, agentToken)).data.balance;
    await server!.stop();
    operator = '';
    await startServer({ JOBS: 'off', PROMO_TEST_NOW: wire(settleNow) });
    const token = await operatorToken();

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await context.newPage();
    // the screen's month pickers read the browser's clock: the same "next month" as the server's,
    // flowing (a fixed time would keep antd's notices on screen for ever)
    await page.clock.install({ time: settleNow + 60_000 });
    await page.goto(`${base}/admin/agents/statements`);
    await page.getByTestId('settlement-run-open').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '结算月份' });
    await settled(dialog);
    await dialog.getByText(month, { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: /开始结算/ }).click();
    const result = page.locator('.ant-modal').filter({ hasText: '操作结果' });
    await settled(result);
    // both agents: the one of this file's flow and the one made in the back-office
    expect(await result.textContent()).toContain(`${month}：新生成 2 份报表`);
    await result.getByRole('button', { name: /我已记下/ }).click();

    const list = await call<{ data: { id: number; username: string; total: number; net_profit: number; active_members: number; state: number }[] }>('/admin/api/agent-statements/list', { month, page: 1 }, token);
    expect(list.code, list.message).toBe(200);
    const st = list.data.data.find((s) => s.username === agentName)!;
    expect(st).toMatchObject({ active_members: 1, net_profit: 197, total: 59.1, state: 1 });
    statementId = st.id;

    await page.getByTestId(`statement-total-${st.id}`).waitFor();
    expect(await page.getByTestId(`statement-total-${st.id}`).textContent()).toBe('59.10');
    await page.getByTestId(`statement-open-${st.id}`).click();
    const drawer = page.getByTestId('statement-detail');
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain('第1档 · 30%');
    await settled(page.locator('.ant-drawer-content-wrapper'));
    await shot(page, 'admin-agent-statement-detail', { still: page.locator('.ant-drawer-content-wrapper') });
    await page.locator('.ant-drawer-close').click();
    await shot(page, 'admin-agent-statements');

    await page.getByTestId(`statement-approve-${st.id}`).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '审核通过' });
    await settled(confirm);
    expect(await confirm.textContent()).toContain('59.10');
    await confirm.getByRole('button', { name: /确\s*认/ }).click();
    await page.getByText('全部').first().waitFor();
    await page.locator('.ant-segmented-item', { hasText: '已发放' }).click();
    await expect.poll(() => page.getByTestId(`statement-state-${st.id}`).textContent()).toBe(AGENT_STATEMENT_STATE_LABEL[3]);
    await shot(page, 'admin-agent-statements-paid');

    // the other screens an operator works in, for the record
    const agents = await call<{ data: { id: number; username: string }[] }>('/admin/api/agents/list', { username: agentName, page: 1 }, token);
    await page.goto(`${base}/admin/agents`);
    await page.getByTestId(`agent-row-${agentName}`).waitFor();
    await shot(page, 'admin-agents');
    await page.goto(`${base}/admin/agents/${agents.data.data[0].id}`);
    await page.getByTestId('agent-figures').waitFor();
    await shot(page, 'admin-agent-detail');
    await page.goto(`${base}/admin/agents/plans`);
    await page.getByTestId('agent-settings').locator('input').first().waitFor();
    await shot(page, 'admin-agent-plans');
    await context.close();
  });

  it('the agent sees the statement paid and the commission in the central wallet', async () => {
    expect(statementId).toBeGreaterThan(0);
    const after = (await call<{ balance: number }>('/api/balance', {}, agentToken)).data.balance;
    expect(after).toBeCloseTo(before + 59.1, 2);

    const { page } = await phoneAs(agentToken);
    await open(page, '/agent?tab=statements');
    const item = page.getByTestId('agent-statement').first();
    await item.waitFor();
    expect(await item.getByTestId('agent-statement-state').textContent()).toBe(AGENT_STATEMENT_STATE_LABEL[3]);
    expect(await item.getByTestId('agent-statement-total').textContent()).toBe('59.10');
    expect(await page.getByTestId('agent-paid-total').textContent()).toBe('59.10');
    await shot(page, 'agent-portal-statements');
    await item.click();
    await page.getByTestId('agent-statement-detail').waitFor();
    expect(await page.getByTestId('agent-detail-total').textContent()).toBe('59.10');
    await shot(page, 'agent-portal-statement-detail');
  });
});
