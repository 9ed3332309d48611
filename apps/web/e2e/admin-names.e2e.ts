import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, baseUrl, chooseOption, launch, operatorToken, registerMember, requestsSeen, shot } from './browser.ts';

/**
 * Operators read names, not codes (issue 25): every back-office screen with data on it, at
 * 1440x900, and not one table cell shows a bare code (venue_transfer_out, member:2:central,
 * admin:1, credited, deposit_bonus ...) or raw JSON. The data comes first, through the same calls
 * the site and the back-office make: a member with a credit and a debit by an operator, a paid
 * and a refused withdrawal, an approved deposit with a bonus and a pending one, a transfer to a
 * venue, a note, a chat taken by an operator; the audit log has each of those steps.
 */

/** a whole cell that reads like a code: lower case, digits, _ : . - */
const BARE = /^[a-z][a-z0-9_:.-]*$/;
/** snake_case anywhere (deposit_bonus, venue_transfer_out) */
const SNAKE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;
/** a ledger account or actor code anywhere (member:2:central, venue:pp:clearing, house:bonus, admin:1) */
const ACCOUNT = /\b(member|house|venue|admin|deposit|withdrawal|transfer|role|ticket):[A-Za-z0-9_]+/;
/** JSON written out as it is */
const JSON_TEXT = /[{[]\s*"[^"]+"\s*:/;
/** issue 34: an amount of 1,000 or more printed without grouping (6000.00 where 6,000.00 is meant) */
const UNGROUPED = /(?<![\d,.])\d{4,}\.\d{2}(?!\d)/;
/** the messages of every call made here: what the back-office's toasts show for them */
const replies: string[] = [];

let browser: Browser;
let token = '';
let member = { name: '', token: '' };
/** usernames and other words a cell may show as they are ('node': the user agent of the API calls made here, shown as the device) */
const allowed = new Set<string>(['node']);
/**
 * Columns that show an identifier operators type or quote on purpose, under its name: a bank's
 * icon code (what the operator enters), a game's provider code, a role's code (what
 * operators/create takes). Only these; every other column must read as words.
 */
const IDENTIFIER_COLUMNS = new Set(['/content/banks 代码（图标）', '/games/list 游戏', '/roles 角色']);

/**
 * A line without what is data, not a code: usernames (root_e2e is a name an operator chose; other
 * files on the shared server make such operators) and a browser's user-agent text (x86_64).
 */
function scrub(line: string): string {
  let out = line.replace(/Mozilla\/5\.0.*$/, '');
  for (const name of allowed) if (name.length > 2) out = out.split(name).join('');
  return out.trim();
}

/** The cells that read like codes on the page now, as 'column: text'. */
async function codeCells(page: Page, screen = ''): Promise<string[]> {
  const cells = await page.$$eval('.ant-table-tbody td.ant-table-cell', (tds) =>
    tds
      .filter((td) => !td.closest('.ant-table-measure-row') && !td.querySelector('.ant-table'))
      .map((td) => {
        // the header row may sit in a table of its own (a table that scrolls sideways)
        const table = td.closest('.ant-table');
        const index = Array.from(td.parentElement?.children ?? []).indexOf(td);
        const header = table?.querySelectorAll('thead tr:last-child th')[index]?.textContent?.trim() ?? '';
        return { header, text: (td as HTMLElement).innerText.trim() };
      }),
  );
  const bad: string[] = [];
  for (const { header, text } of cells) {
    if (!text || allowed.has(text) || IDENTIFIER_COLUMNS.has(`${screen} ${header}`)) continue;
    const lines = text.split('\n').map((l) => scrub(l.trim())).filter(Boolean);
    const hit = lines.some((l) => (BARE.test(l) && !allowed.has(l)) || SNAKE.test(l) || ACCOUNT.test(l) || JSON_TEXT.test(l));
    if (hit) bad.push(`${header || '(no header)'}: ${text.replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  return bad;
}

/** The value beside a label of a descriptions list (bordered or not). */
function described(scope: Locator, label: string): Promise<string> {
  return scope.locator('.ant-descriptions-item-label').getByText(label, { exact: true }).locator('xpath=ancestor-or-self::*[contains(@class,"ant-descriptions-item-label")]/following-sibling::*[1]').first().innerText();
}

async function desktop(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
  // every toast the page shows, kept for the grouping check (issue 34)
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __toasts: string[] }).__toasts = []);
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-message-notice-content, .ant-notification-notice')) {
        const text = (n as HTMLElement).innerText.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  trackCalls(page);
  return page;
}

async function ok(path: string, body: Record<string, unknown>, as = token) {
  const r = await api(path, body, { token: as });
  expect(r.code, `${path}: ${r.message}`).toBe(200);
  if (r.message) replies.push(`${path}: ${r.message}`);
  return r.data;
}

beforeAll(async () => {
  browser = await launch();
  token = await operatorToken();
  member = await registerMember('names', '周九');
  const banks = await api<{ bank_name: string }[]>('/api/banklist', {}, { token: member.token });
  const card = await ok('/api/bindcard', { bank: banks.data[0].bank_name, bank_owner: '周九', bank_no: '6222020200998877665', bank_address: '上海市分行', pay_pass: '654321' }, member.token);
  await ok('/admin/api/members/adjust', { username: member.name, amount: 1000, reason: '首充补偿', turnover_multiple: 0 });
  // a withdrawal paid out, one refused
  await ok('/api/withdraw', { amount: 300, bank: card.id, password: '654321' }, member.token);
  await ok('/api/withdraw', { amount: 100, bank: card.id, password: '654321' }, member.token);
  const asked = (await ok('/admin/api/withdrawals/list', { username: member.name })).data as { withdraw_no: string; amount: number }[];
  await ok('/admin/api/withdrawals/approve', { withdraw_no: asked.find((w) => w.amount === 300)!.withdraw_no });
  await ok('/admin/api/withdrawals/reject', { withdraw_no: asked.find((w) => w.amount === 100)!.withdraw_no, reason: '银行卡信息不符' });
  // a bank deposit of 800 with a 10% bonus, approved; one of 200 left waiting
  const deposit = (amount: number, extra: Record<string, unknown> = {}) =>
    ok('/api/recharge', { paytype: 'bank', amount, bank_owner: '周九', bank: '中国银行', bank_no: '6217000011112222', bank_address: '北京市朝阳支行', ...extra }, member.token);
  const credited = await deposit(800, { amount_proportion: 0.1 });
  await ok('/admin/api/deposits/approve', { deposit_no: credited.deposit_no });
  await deposit(200);
  // issue 34: amounts past a thousand, in the toasts' messages and the inbox texts they write
  const big = await deposit(6000);
  await ok('/admin/api/deposits/approve', { deposit_no: big.deposit_no });
  await ok('/admin/api/members/adjust', { username: member.name, amount: 5000, reason: '活动补发', turnover_multiple: 0 });
  // into a venue, and an operator debit; a note and a VIP change for the audit log
  await ok('/api/transfer', { amount: 50, sourcetype: 'userbalance', targettype: 'obgdy' }, member.token);
  await ok('/admin/api/members/adjust', { username: member.name, amount: -20.5, reason: '重复入款扣回' });
  await ok('/admin/api/members/note', { username: member.name, content: '已电话核实身份' });
  await ok('/admin/api/members/set-vip', { username: member.name, vip: 2, reason: '客户经理申请' });
  // a chat the operator takes
  await ok('/api/chat/send', { text: '我的存款到账了吗' }, member.token);
  const queue = (await ok('/admin/api/chat/queue', {})).data as { id: number; username: string }[];
  const conv = queue.find((c) => c.username === member.name)!;
  await ok('/admin/api/chat/take', { conversation_id: conv.id });
  await ok('/admin/api/chat/send', { conversation_id: conv.id, text: '您好，已为您查询' });

  // names a cell may show as they are: members' and operators' usernames
  const members = (await ok('/admin/api/members/list', { per_page: 100 })).data as { username: string }[];
  const operators = (await ok('/admin/api/operators/list', { per_page: 100 })).data as { username: string }[];
  for (const u of [...members, ...operators]) allowed.add(u.username);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Screens with tables, and what shows when their data has loaded. */
const SCREENS: { path: string; name: string }[] = [
  { path: '/', name: 'dashboard' },
  { path: '/members', name: 'members' },
  { path: '/cashier/deposits?all', name: 'deposits' },
  { path: '/cashier/withdrawals', name: 'withdrawals' },
  { path: '/cashier/transfers', name: 'transfers' },
  { path: '/reconciliation/daily', name: 'recon-daily' },
  { path: '/reconciliation/differences', name: 'recon-differences' },
  { path: '/reports', name: 'reports' },
  { path: '/promotions/activity-applications', name: 'activity-applications' },
  { path: '/promotions/agent-applications', name: 'agent-applications' },
  { path: '/promotions/vip-levels', name: 'vip-levels' },
  { path: '/promotions/red-packets', name: 'red-packets' },
  { path: '/promotions/rebates', name: 'rebates' },
  { path: '/promotions/settings', name: 'promo-settings' },
  { path: '/content/banners', name: 'banners' },
  { path: '/content/notices', name: 'notices' },
  { path: '/content/activities', name: 'activities' },
  { path: '/content/articles', name: 'articles' },
  { path: '/content/inbox', name: 'inbox' },
  { path: '/content/sponsors', name: 'sponsors' },
  { path: '/content/banks', name: 'banks' },
  { path: '/support/history', name: 'chat-history' },
  { path: '/support/tickets', name: 'tickets' },
  { path: '/games/venues', name: 'venues' },
  { path: '/games/list', name: 'games' },
  { path: '/games/exposure', name: 'exposure' },
  { path: '/settings/cashier', name: 'settings-cashier' },
  { path: '/settings/accounts', name: 'settings-accounts' },
  { path: '/operators', name: 'operators' },
  { path: '/roles', name: 'roles' },
  { path: '/audit', name: 'audit' },
];

/** the back-office calls each page has sent and not yet had answered */
const pending = new WeakMap<Page, Set<Request>>();

function trackCalls(page: Page) {
  const calls = new Set<Request>();
  pending.set(page, calls);
  // the chat desk's event stream stays open by design: it is not a call waiting for its answer
  page.on('request', (r) => void (r.url().includes('/admin/api/') && !r.url().includes('/admin/api/chat/stream') && calls.add(r)));
  page.on('requestfinished', (r) => void calls.delete(r));
  page.on('requestfailed', (r) => void calls.delete(r));
}

/**
 * Waits until the screen is past loading: every back-office call its render asked for has been
 * sent and answered, and nothing spins; twice, for the calls a first answer leads to. Events,
 * not a clock: a screen without a table once waited out a 10 s timeout here (five screens, most
 * of this test's time).
 */
async function loaded(page: Page) {
  for (let round = 0; round < 2; round++) {
    await requestsSeen(page);
    await expect.poll(() => pending.get(page)?.size ?? 0, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
  }
}

/**
 * Opens a screen inside the running back-office, as its menu does: the router follows the
 * browser's history (popstate). A full load for each screen was most of this test's time.
 * Waits until the screen's title has replaced the one before: React commits a screen whole, so
 * from then on no row of the screen before is on the page to be read as this one's.
 */
async function visit(page: Page, path: string) {
  const title = page.locator('main.ant-layout-content .page-title h1').first();
  const before = await title.innerText();
  await page.evaluate((to) => {
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (history.state?.idx ?? 0) + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, `/admin${path}`);
  await expect.poll(() => title.innerText().catch(() => before), { message: `${path}: its title in place of ${before}` }).not.toBe(before);
}

test('no back-office table cell shows a bare code', async () => {
  const page = await desktop();
  const found: string[] = [];
  for (const [i, s] of SCREENS.entries()) {
    const path = s.path.replace('?all', '');
    if (i === 0) {
      await page.goto(`${baseUrl()}/admin${path}`);
      await page.getByTestId('operator-menu').waitFor();
    } else {
      await visit(page, path);
    }
    // the menu shows where the operator is, its group opened, however the screen was reached
    await expect.poll(() => page.locator('.ant-layout-sider .ant-menu-item-selected').isVisible(), { message: `${path}: its menu entry` }).toBe(true);
    await loaded(page);
    if (s.path === '/cashier/deposits?all') {
      // every state, so the credited order shows beside the waiting one
      await page.locator('.filters .ant-segmented-item').filter({ hasText: '全部' }).click();
      await page.locator('.ant-table-row').filter({ hasText: '已入账' }).first().waitFor();
      await loaded(page);
    }
    if (s.path === '/reports') {
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await loaded(page);
    }
    await shot(page, `names-${s.name}`);
    for (const c of await codeCells(page, path)) found.push(`${s.path} ${c}`);
  }

  // the member 360: its profile and every record tab
  await page.goto(`${baseUrl()}/admin/members/${member.name}`);
  await page.getByTestId('member-username').waitFor();
  await loaded(page);
  // 累计存款 is the 6,800.00 deposited, not 680,000.00 (issue 25)
  await expect.poll(() => described(page.locator('body'), '累计存款')).toBe('6,800.00');
  await shot(page, 'names-member-360');
  for (const c of await codeCells(page)) found.push(`member 资料 ${c}`);
  // each record tab, with a name it must show once its rows are in
  const tabs: [string, string][] = [
    ['资金流水', `会员 ${member.name} · 中心钱包`],
    ['打码量', '存款赠送'],
    ['存款', '已入账'],
    ['取款', '已出款'],
    ['场馆转账', 'OB电子'],
    ['操作日志', '余额调整'],
  ];
  for (const [tab, shows] of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.locator('.ant-table-row').filter({ hasText: shows }).first().waitFor();
    await loaded(page);
    await shot(page, `names-member-${tab}`);
    for (const c of await codeCells(page)) found.push(`member ${tab} ${c}`);
  }

  // the chat desk with the member's conversation open: its member panel
  await page.goto(`${baseUrl()}/admin/support/chat`);
  await loaded(page);
  await page.getByText(member.name).first().click();
  const panel = page.getByTestId('chat-member');
  await expect.poll(() => described(panel, '累计存款')).toBe('6,800.00');
  await loaded(page);
  await shot(page, 'names-chat');
  for (const c of await codeCells(page)) found.push(`chat ${c}`);

  expect(found).toEqual([]);
  toastsSeen.push(...(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts ?? [])));
}, 240_000);

const toastsSeen: string[] = [];

/**
 * Issue 34: toasts and inbox texts print amounts grouped, as every money figure on the screens
 * does (6,000.00, never 6000.00): the messages the back-office's toasts show for this file's
 * calls (a 6,000 deposit approved, a 5,000 credit), the toasts the sweep above saw, and the texts
 * the server wrote to the member's inbox.
 */
test('toasts and inbox texts show amounts grouped', async () => {
  const inbox = await api<{ data: { title: string; content: string }[] }>('/api/messagelist', { page: 1 }, { token: member.token });
  expect(inbox.code, inbox.message).toBe(200);
  const texts = [...replies, ...toastsSeen, ...inbox.data.data.map((m) => `inbox: ${m.title} ${m.content}`)];
  // the scenario's own large amounts are there to be read: the deposit's inbox text says 6,000.00
  expect(texts.filter((t) => t.startsWith('inbox:') && t.includes('6,000.00'))).not.toEqual([]);
  expect(texts.filter((t) => UNGROUPED.test(t))).toEqual([]);
});

/**
 * Names where operators pick or read a venue, and the money queues whole at 1440x900: 待处理转账
 * filters by a venue picked by its name (the filter took a code: typing OB电子 matched nothing),
 * 场馆管理 names a venue's provider (it read 'obgdy · sandbox'), and 存款审核 and 取款审核 show
 * every column without scrolling sideways (打码 / 累计存款 sat under 操作 at 1,420 px).
 */
test('venues by name, and the cashier queues fit the screen', async () => {
  const page = await desktop();
  await page.goto(`${baseUrl()}/admin/cashier/transfers`);
  await page.getByTestId('operator-menu').waitFor();
  await loaded(page);
  await page.locator('.filters .ant-segmented-item').filter({ hasText: '全部' }).click();
  await chooseOption(page.locator('.filters .ant-select').first(), 'OB电子（OBGDY）');
  await page.locator('.ant-table-row').filter({ hasText: member.name }).first().waitFor();
  await loaded(page);
  const venues = await page.locator('.ant-table-row td:nth-child(3)').allInnerTexts();
  expect(venues.length).toBeGreaterThan(0);
  expect(new Set(venues)).toEqual(new Set(['OB电子']));

  await visit(page, '/games/venues');
  await loaded(page);
  const ob = page.locator('.ant-table-row').filter({ hasText: 'OB电子' }).first();
  await expect.poll(() => ob.innerText()).toContain('obgdy · 沙盒供应商');

  for (const path of ['/cashier/deposits', '/cashier/withdrawals']) {
    await visit(page, path);
    await loaded(page);
    await page.locator('.filters .ant-segmented-item').filter({ hasText: '全部' }).click();
    await page.locator('.ant-table-row').filter({ hasText: member.name }).first().waitFor();
    await loaded(page);
    const overflow = await page.locator('.ant-table-body, .ant-table-content').first().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${path}: px past the card`).toBeLessThanOrEqual(0);
  }
}, 120_000);
