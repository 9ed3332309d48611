import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenueApp } from '../modules/transfers/testing.ts';
import type { TestApp } from '../../test/harness.ts';

/**
 * Every money figure an operator reads, pinned to the ledger in yuan (issue 25: the member 360
 * and the chat desk's member panel showed 累计存款 80,000.00 for 800.00 of deposits). One member,
 * walker01, with known movements: an operator credit and debit, a manual deposit with a bonus,
 * a withdrawal paid and one refused, a transfer to a venue. Each figure is compared with the sum
 * of the ledger entries it stands for, divided by 100 here and nowhere else in this file.
 */
describe('operator money figures are the ledger in yuan', () => {
  let t: TestApp;
  let op: string;
  let member: { id: number; token: string };
  const USER = 'walker01';
  const call = async (path: string, body: Record<string, unknown> = {}) => {
    const r = await t.post(path, body, { token: op });
    expect(r.code, `${path}: ${r.message}`).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startVenueApp();
    op = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const token = await t.register(USER, { realname: '李四' });
    const { id } = await t.ctx.db.selectFrom('members').select('id').where('username', '=', USER).executeTakeFirstOrThrow();
    member = { id: Number(id), token };
    const bound = await t.post('/api/bindcard', { bank_owner: '李四', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行', pay_pass: '654321' }, { token });
    expect(bound.code, bound.message).toBe(200);

    await call('/admin/api/members/adjust', { username: USER, amount: 1000, reason: '测试入款', turnover_multiple: 0 });
    // a withdrawal paid out and one refused (before any deposit: no turnover owed yet)
    const paid = await t.post('/api/withdraw', { amount: 300, bank: bound.data.id, password: '654321' }, { token });
    expect(paid.code, paid.message).toBe(200);
    const refused = await t.post('/api/withdraw', { amount: 100, bank: bound.data.id, password: '654321' }, { token });
    expect(refused.code, refused.message).toBe(200);
    const pending = (await call('/admin/api/withdrawals/list', { username: USER })).data as { withdraw_no: string; amount: number }[];
    const byAmount = (yuan: number) => pending.find((w) => w.amount === yuan)!.withdraw_no;
    await call('/admin/api/withdrawals/approve', { withdraw_no: byAmount(300) });
    await call('/admin/api/withdrawals/reject', { withdraw_no: byAmount(100), reason: '资料不符' });
    // a manual deposit of 800 with a 10% bonus, approved
    const order = await t.post('/api/recharge', { paytype: 'bank', amount: 800, amount_proportion: 0.1, bank_owner: '李四', bank: '中国银行', bank_no: '6217000011112222', bank_address: '北京市朝阳支行' }, { token });
    expect(order.code, order.message).toBe(200);
    await call('/admin/api/deposits/approve', { deposit_no: order.data.deposit_no });
    // 50 into a venue, and an operator debit
    const moved = await t.post('/api/transfer', { amount: 50, sourcetype: 'userbalance', targettype: 'obgdy' }, { token });
    expect(moved.code, moved.message).toBe(200);
    await call('/admin/api/members/adjust', { username: USER, amount: -20.5, reason: '测试扣款' });
    await t.reports.rollup(Date.now());
  }, 60_000);
  afterAll(() => t?.stop());

  /** the ledger's sums for walker01, fen, by entry kind and direction (into / out of their central wallet) */
  async function ledger() {
    const db = t.ctx.db;
    const accounts = await db.selectFrom('ledger_accounts').select(['id', 'code', 'balance']).execute();
    const code = new Map(accounts.map((a) => [Number(a.id), a.code]));
    const entries = (await db.selectFrom('ledger_entries').select(['from_account_id', 'to_account_id', 'amount', 'kind', 'reference']).execute()).map((e) => ({
      from: code.get(Number(e.from_account_id))!,
      to: code.get(Number(e.to_account_id))!,
      amount: Number(e.amount),
      kind: e.kind,
      reference: e.reference,
    }));
    const central = `member:${member.id}:central`;
    const sum = (kind: string, dir?: 'in' | 'out') => entries.filter((e) => e.kind === kind && (!dir || (dir === 'in' ? e.to === central : e.from === central))).reduce((n, e) => n + e.amount, 0);
    const balance = (c: string) => Number(accounts.find((a) => a.code === c)?.balance ?? 0);
    return { entries, sum, balance, central };
  }
  /** fen -> yuan, the test's own arithmetic */
  const y = (fen: number) => fen / 100;

  it('member 360, its live balances and the members list: the ledger in yuan (累计存款 800, not 80,000)', async () => {
    const l = await ledger();
    const v = await call('/admin/api/members/get', { username: USER });
    expect(l.sum('deposit', 'in')).toBe(80_000);
    expect(v.profile.paysum).toBe(y(l.sum('deposit', 'in')));
    expect(v.profile.balance).toBe(y(l.balance(l.central)));
    expect(v.balances).toEqual({ central: y(l.balance(l.central)), withdraw_hold: y(l.balance(`member:${member.id}:withdraw_hold`)), transit: y(l.balance(`member:${member.id}:transit`)) });
    expect(v.balances.central).toBe(1509.5);
    // turnover owed: the deposit 1x plus (deposit + bonus) x 10 for a 10% bonus, as the turnover rows say
    const rows = await t.ctx.db.selectFrom('turnover_requirements').select(['required', 'done']).where('member_id', '=', member.id).execute();
    expect(v.turnover_remaining).toBe(y(rows.reduce((n, r) => n + Number(r.required) - Number(r.done), 0)));

    const live = await call('/admin/api/members/balances', { username: USER });
    expect(live.central).toBe(y(l.balance(l.central)));
    expect(live.venues.find((x: { platform: string }) => x.platform === 'obgdy').balance).toBe(y(l.balance('venue:obgdy:clearing')));
    expect((await call('/admin/api/members/list', { username: USER })).data[0].balance).toBe(y(l.balance(l.central)));
  });

  it('the member ledger and record tabs: every amount is its entry or order in yuan, accounts and actors by name', async () => {
    const l = await ledger();
    const rows = (await call('/admin/api/members/records', { username: USER, kind: 'ledger' })).data as Record<string, any>[];
    const mine = l.entries.filter((e) => e.from.startsWith(`member:${member.id}:`) || e.to.startsWith(`member:${member.id}:`));
    expect(rows).toHaveLength(mine.length);
    for (const r of rows) {
      const e = mine.find((x) => x.kind === r.kind && x.from === r.from && x.to === r.to && x.reference === r.reference)!;
      expect(r.amount, `${r.kind} ${r.reference}`).toBe(y(e.amount));
      expect(r.central_change).toBe(e.to === l.central ? y(e.amount) : e.from === l.central ? -y(e.amount) : 0);
    }
    const named = (kind: string) => rows.find((r) => r.kind === kind)!;
    expect(named('bonus')).toMatchObject({ amount: 80, from_name: '平台 · 优惠支出', to_name: `会员 ${USER} · 中心钱包`, created_by_name: '操作员 admin' });
    expect(named('venue_transfer_out')).toMatchObject({ amount: 50, from_name: `会员 ${USER} · 转账途中`, to_name: 'OB电子 · 清算', created_by_name: '系统' });

    const deposits = (await call('/admin/api/members/records', { username: USER, kind: 'deposits' })).data;
    expect(deposits).toMatchObject([{ amount: y(l.sum('deposit', 'in')), credited_amount: y(l.sum('deposit', 'in')), bonus_amount: y(l.sum('bonus', 'in')) }]);
    const withdrawals = (await call('/admin/api/members/records', { username: USER, kind: 'withdrawals' })).data as { amount: number; state: number }[];
    expect(withdrawals.find((w) => w.state === 2)!.amount).toBe(y(l.sum('withdraw_payout')));
    expect(withdrawals.find((w) => w.state === 3)!.amount).toBe(y(l.sum('withdraw_return')));
    const transfers = (await call('/admin/api/members/records', { username: USER, kind: 'transfers' })).data;
    expect(transfers).toMatchObject([{ amount: y(l.sum('venue_transfer_out')), platform_name: 'OB电子' }]);
    const turnover = (await call('/admin/api/members/records', { username: USER, kind: 'turnover' })).data as { source: string; credited: number }[];
    expect(turnover.find((r) => r.source === 'deposit')!.credited).toBe(y(l.sum('deposit', 'in')));
    expect(turnover.find((r) => r.source === 'deposit_bonus')!.credited).toBe(y(l.sum('bonus', 'in')));
  });

  it('the cashier lists: deposits, withdrawals and their risk notes in yuan', async () => {
    const l = await ledger();
    const deposits = (await call('/admin/api/deposits/list', { username: USER })).data;
    expect(deposits).toMatchObject([{ amount: y(l.sum('deposit', 'in')), bonus_amount: y(l.sum('bonus', 'in')), status: 'credited' }]);
    const withdrawals = (await call('/admin/api/withdrawals/list', { username: USER })).data as { amount: number; review: string; risk: { paysum: number } }[];
    expect(withdrawals.find((w) => w.review === 'approved')!.amount).toBe(y(l.sum('withdraw_payout')));
    expect(withdrawals.find((w) => w.review === 'rejected')!.amount).toBe(y(l.sum('withdraw_return')));
    for (const w of withdrawals) expect(w.risk.paysum).toBe(y(l.sum('deposit', 'in')));
    const exposure = (await call('/admin/api/venues/exposure', {})).rows as { platform: string; clearing: number }[];
    expect(exposure.find((r) => r.platform === 'obgdy')!.clearing).toBe(y(l.balance('venue:obgdy:clearing')));
  });

  it('the dashboard and the reports: today is the ledger in yuan', async () => {
    const l = await ledger();
    // the only member on this site: the site's figures are walker01's
    const expected = {
      deposits: y(l.sum('deposit', 'in')),
      withdrawals: y(l.sum('withdraw_payout')),
      bonuses: y(l.sum('bonus', 'in')),
      adjustments_in: y(l.sum('adjustment', 'in')),
      adjustments_out: y(l.sum('adjustment', 'out')),
    };
    expect(expected).toEqual({ deposits: 800, withdrawals: 300, bonuses: 80, adjustments_in: 1000, adjustments_out: 20.5 });
    const dash = await call('/admin/api/dashboard/summary', {});
    expect(dash.today).toMatchObject(expected);
    expect(dash.month).toMatchObject(expected);
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const daily = await call('/admin/api/reports/daily', { from: day, to: day });
    expect(daily.rows[0]).toMatchObject({ day, ...expected });
    const members = await call('/admin/api/reports/members', { from: day, to: day, username: USER });
    expect(members.data[0]).toMatchObject({ username: USER, ...expected });
  });

  it('the audit log answers amounts in yuan, actions and targets by name', async () => {
    const rows = (await call('/admin/api/audit/list', { action: 'member.adjust' })).data as { action_name: string; target_name: string; detail: Record<string, unknown> }[];
    expect(rows.map((r) => r.detail.amount)).toEqual([-20.5, 1000]);
    expect(rows[0]).toMatchObject({ action_name: '余额调整', target_name: `会员 ${USER}` });
    expect(JSON.stringify(rows)).not.toContain('_fen');
    const approved = (await call('/admin/api/audit/list', { action: 'deposit.approve' })).data[0];
    expect(approved.detail.after).toMatchObject({ status: 'credited', amount: 800, credited_amount: 800, bonus_amount: 80 });
    expect(approved.target_name).toMatch(/^存款单 D\d+$/);
    // operators by name inside details too: the withdrawal's decider is admin, not 1
    const paidOut = (await call('/admin/api/audit/list', { action: 'withdrawal.approve' })).data[0];
    expect(paidOut.detail).toMatchObject({ amount: 300, after: { state: 2, decided_by: 'admin' } });
    const inMember360 = (await call('/admin/api/members/records', { username: USER, kind: 'audit' })).data as { action_name: string; detail: Record<string, unknown> }[];
    expect(inMember360.map((r) => [r.action_name, r.detail.amount])).toEqual([
      ['余额调整', -20.5],
      ['余额调整', 1000],
    ]);
  });
});
