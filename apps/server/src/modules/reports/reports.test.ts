import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CSV_HEADERS, REPORT_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { wallet } from '../wallet/index.ts';
import { guardCell } from './csv.ts';
import { DOWNLOAD_GONE } from './routes.ts';

/**
 * Reports against a known scenario on fixed Beijing days around D = 2026-03-10: deposits,
 * a withdrawal, a bonus, a rebate, a red packet, adjustments both ways and bets, some on the
 * last second of D and some on the first second of D+1.
 */
const HOUR = 3_600_000;
/** 2026-03-10 00:00:00 Beijing */
const D = Date.UTC(2026, 2, 9, 16);
const at = (dayOffset: number, hours: number) => D + dayOffset * 24 * HOUR + hours * HOUR;

describe('reports', () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  let a: number;
  let b: number;
  const clock = at(3, 0);
  const range = { from: '2026-03-05', to: '2026-03-11' };

  const report = (path: string, body: object, token = owner) => t.post(`/admin/api/reports/${path}`, body, { token });

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/operators/create', { username: 'helpdesk1', password: 'helpdesk123', role: 'support' }, { token: owner })).code).toBe(200);
    support = (await t.post('/admin/api/login', { username: 'helpdesk1', password: 'helpdesk123' })).data.token;
    await t.register('rpt0001');
    await t.register('rpt0002', { pid: 'rpt0001' });
    const db = t.ctx.db;
    const ids = await db.selectFrom('members').select(['id', 'username']).where('username', 'in', ['rpt0001', 'rpt0002']).execute();
    a = Number(ids.find((m) => m.username === 'rpt0001')!.id);
    b = Number(ids.find((m) => m.username === 'rpt0002')!.id);
    await db.updateTable('members').set({ created_at: at(0, 9) }).where('id', 'in', [a, b]).execute();

    const key = (s: string) => ({ reference: s, idempotencyKey: s });
    await wallet.creditFromHouse(db, { memberId: b, amount: 10_000, house: 'deposits', kind: 'deposit', ...key('r-dep-0'), now: at(-5, 12) });
    await wallet.creditFromHouse(db, { memberId: a, amount: 50_000, house: 'deposits', kind: 'deposit', ...key('r-dep-1'), now: at(0, 10) });
    await wallet.creditFromHouse(db, { memberId: a, amount: 5_000, house: 'bonus', kind: 'bonus', ...key('r-bonus-1'), now: at(0, 10) });
    await wallet.creditFromHouse(db, { memberId: a, amount: 500, house: 'red_packet', kind: 'red_packet', ...key('r-rp-1'), now: at(0, 12) });
    await wallet.holdForWithdrawal(db, { memberId: a, amount: 10_000, ...key('r-wd-1'), now: at(0, 15) });
    await wallet.payOutHold(db, { memberId: a, amount: 10_000, reference: 'r-wd-1', idempotencyKey: 'r-wd-1:decision', now: at(0, 15) });
    await wallet.creditFromHouse(db, { memberId: a, amount: 100, house: 'adjustments', kind: 'adjustment', ...key('r-adj-1'), now: at(0, 16) });
    // the last second of D, then the first second of D+1
    await wallet.creditFromHouse(db, { memberId: b, amount: 20_000, house: 'deposits', kind: 'deposit', ...key('r-dep-2'), now: at(1, 0) - 1000 });
    await wallet.creditFromHouse(db, { memberId: b, amount: 1_000, house: 'rebate', kind: 'rebate', ...key('r-reb-1'), now: at(1, 0) });
    await wallet.debitToHouse(db, { memberId: b, amount: 30, house: 'adjustments', kind: 'adjustment', ...key('r-adj-2'), now: at(1, 1) });

    const bet = (id: string, member: number, category: string, stake: number, result: number, status: number, settledAt: number | null) => ({
      platform: 'pp', bet_id: id, member_id: member, game_code: 'g', game_name: '游戏', category_id: category, bet_amount: stake, valid_amount: stake,
      win_loss: result, status, created_at: settledAt ?? at(1, 9), settled_at: settledAt, pulled_at: Date.now(),
    });
    await db
      .insertInto('bets')
      .values([
        bet('rb1', a, 'realbet', 20_000, -8_000, 1, at(1, 0) - 1000),
        bet('rb2', b, 'concise', 10_000, 3_000, 1, at(1, 0)),
        bet('rb3', a, 'realbet', 40_000, 0, 2, null),
        bet('rb4', b, 'concise', 9_900, 0, 0, at(0, 11)),
      ])
      .execute();
    await t.reports.rollup(clock);
  });
  afterAll(() => t?.stop());

  it('adds up each Beijing day from the ledger and the settled bets, 23:59:59 and 00:00:00 on their own days', async () => {
    const reply = await report('daily', range);
    expect(reply.code).toBe(200);
    const rows = reply.data.rows;
    // newest day first (issue 25)
    expect(rows.map((r: { day: string }) => r.day)).toEqual(['2026-03-11', '2026-03-10', '2026-03-09', '2026-03-08', '2026-03-07', '2026-03-06', '2026-03-05']);
    expect(rows[6]).toMatchObject({ deposits: 100, deposit_count: 1, first_deposits: 1, first_deposit_amount: 100, new_members: 0 });
    expect(rows[1]).toEqual({
      day: '2026-03-10',
      deposits: 700,
      deposit_count: 2,
      withdrawals: 100,
      withdrawal_count: 1,
      bonuses: 50,
      rebates: 0,
      red_packets: 5,
      adjustments_in: 1,
      adjustments_out: 0,
      bet_count: 1,
      bets: 200,
      valid_bets: 200,
      payouts: 120,
      ggr: 80,
      // 80 - 50 bonus - 0 rebate - 5 red packet
      ngr: 25,
      new_members: 2,
      active_members: 1,
      first_deposits: 1,
      first_deposit_amount: 500,
    });
    // the open bet rb3 and the void rb4 are not in it
    expect(rows[0]).toMatchObject({ day: '2026-03-11', deposits: 0, rebates: 10, adjustments_out: 0.3, bet_count: 1, bets: 100, payouts: 130, ggr: -30, ngr: -40, active_members: 1 });
    expect(reply.data.totals).toMatchObject({ deposits: 800, deposit_count: 3, withdrawals: 100, bets: 300, ggr: 50, ngr: -15, new_members: 2, active_members: 2, first_deposits: 2 });
    expect(reply.data.as_of).toBe('2026-03-13 00:00:00');
  });

  it('adds a bet once when it settles later, whatever runs the rollup at the same time', async () => {
    await t.ctx.db.updateTable('bets').set({ status: 1, win_loss: -40_000, settled_at: at(1, 10) }).where('bet_id', '=', 'rb3').execute();
    await Promise.all([t.reports.rollup(clock), t.reports.rollup(clock), t.reports.rollup(clock)]);
    await t.reports.rollup(clock);
    const rows = (await report('daily', range)).data.rows;
    expect(rows[0]).toMatchObject({ day: '2026-03-11', bet_count: 2, bets: 500, ggr: 370, ngr: 360, active_members: 2 });
    expect(rows[1]).toMatchObject({ day: '2026-03-10', deposits: 700, bets: 200, ggr: 80 });
  });

  it('answers months, venues, members and agents from the same rollups', async () => {
    const monthly = await report('monthly', { from: '2026-02-20', to: '2026-03-31' });
    expect(monthly.data.rows.map((r: { month: string }) => r.month)).toEqual(['2026-02', '2026-03']);
    expect(monthly.data.rows[1]).toMatchObject({ deposits: 800, bets: 700, ggr: 450, ngr: 385, active_members: 2, new_members: 2 });
    expect(monthly.data.rows[0]).toMatchObject({ deposits: 0, bets: 0 });

    const venues = await report('venues', range);
    expect(venues.data.rows.map((r: { category_id: string; bets: number; ggr: number; category_name: string }) => [r.category_id, r.category_name, r.bets, r.ggr])).toEqual([
      ['concise', '电子游戏', 100, -30],
      ['realbet', '真人视讯', 600, 480],
    ]);
    expect(venues.data.totals).toMatchObject({ bet_count: 3, bets: 700, ggr: 450 });

    const members = await report('members', { ...range, page: 1 });
    expect(members.data).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(members.data.data[0]).toMatchObject({ username: 'rpt0001', deposits: 500, withdrawals: 100, bonuses: 50, red_packets: 5, adjustments_in: 1, bets: 600, ggr: 480, ngr: 425 });
    expect(members.data.data[1]).toMatchObject({ username: 'rpt0002', deposits: 300, rebates: 10, adjustments_out: 0.3, bets: 100, ggr: -30, ngr: -40 });
    expect(members.data.totals).toMatchObject({ deposits: 800, bets: 700, ggr: 450 });
    const one = await report('members', { ...range, page: 1, username: 'RPT0002' });
    expect(one.data.data.map((r: { username: string }) => r.username)).toEqual(['rpt0002']);
    expect((await report('members', { ...range, page: 1, username: 'nobody99' })).data).toMatchObject({ total: 0, data: [] });

    const agents = await report('agents', { ...range, page: 1 });
    expect(agents.data.total).toBe(1);
    expect(agents.data.data[0]).toEqual({
      referrer: 'rpt0001', referrer_username: 'rpt0001', new_members: 1, members: 1, deposits: 300, withdrawals: 0, bonuses: 0, rebates: 10, red_packets: 0,
      bets: 100, valid_bets: 100, ggr: -30, ngr: -40,
    });
  });

  it('refuses bad ranges with the contract messages and changes nothing', async () => {
    expect(await report('daily', { from: '2026-03-11', to: '2026-03-10' })).toMatchObject({ code: 400, message: REPORT_MSG.order });
    expect(await report('daily', { from: '2025-03-10', to: '2026-03-11' })).toMatchObject({ code: 400, message: REPORT_MSG.span });
    expect((await report('daily', { from: '2025-03-11', to: '2026-03-11' })).code).toBe(200);
    expect(await report('daily', { from: '2026-02-30', to: '2026-03-11' })).toMatchObject({ code: 400, message: REPORT_MSG.day });
    expect(await report('monthly', { from: '2026-03-01 00:00:00', to: '2026-03-11' })).toMatchObject({ code: 400, message: REPORT_MSG.day });
    expect(await report('venues', { to: '2026-03-11' })).toMatchObject({ code: 400, message: REPORT_MSG.from });
    expect(await report('agents', { from: '2026-03-01', page: 1 })).toMatchObject({ code: 400, message: REPORT_MSG.to });
    expect(await report('members', { ...range, page: 0 })).toMatchObject({ code: 400, message: '页码必须是正整数' });
    expect(await report('members', { ...range, username: 'x'.repeat(500) })).toMatchObject({ code: 400 });
    expect(await report('export', { ...range, report: 'ledger' })).toMatchObject({ code: 400, message: REPORT_MSG.report });
    expect(await report('daily', { from: { $gt: '' }, to: ['2026-03-11'] })).toMatchObject({ code: 400 });
    expect((await t.post('/admin/api/reports/daily', '[1,2', { token: owner })).code).toBe(400);
  });

  it('refuses an operator without reports.view and a member token', async () => {
    for (const path of ['daily', 'monthly', 'venues', 'members', 'agents', 'export']) {
      expect(await report(path, { ...range, report: 'daily', page: 1 }, support)).toMatchObject({ code: 403, message: FORBIDDEN_MESSAGE });
    }
    const member = await t.register('rpt0003');
    expect((await report('daily', range, member)).code).toBe(401);
  });

  it('streams the CSV once through a single-use link, with a BOM, escaping and the export audited', async () => {
    const exported = await report('export', { ...range, report: 'daily' });
    expect(exported.code).toBe(200);
    const res = await t.http.inject({ method: 'GET', url: exported.data.url });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('daily-2026-03-05_2026-03-11.csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(REPORT_CSV_HEADERS.daily.join(','));
    expect(lines).toHaveLength(8);
    // the screen's order: newest day first
    expect(lines[1].split(',')[0]).toBe('2026-03-11');
    expect(lines[2].split(',').slice(0, 2)).toEqual(['2026-03-10', '700']);
    expect(lines[7].split(',')[0]).toBe('2026-03-05');
    // used once
    expect((await t.http.inject({ method: 'GET', url: exported.data.url })).json()).toMatchObject({ code: 401, message: DOWNLOAD_GONE });
    expect((await t.http.inject({ method: 'GET', url: '/admin/download/reports?token=nope' })).json()).toMatchObject({ code: 401, message: DOWNLOAD_GONE });

    const logged = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'reports.export').execute();
    expect(logged.map((r) => r.target)).toContain('daily:2026-03-05~2026-03-11');

    // a referrer typed as a formula at sign-up is written as text
    await t.register('rpt0005', { pid: '=HYPERLINK("http://x","y")' });
    const c = await t.ctx.db.selectFrom('members').select(['id', 'referrer_pid']).where('username', '=', 'rpt0005').executeTakeFirstOrThrow();
    expect(c.referrer_pid).toBe('=HYPERLINK("http://x","y")');
    await t.ctx.db.updateTable('members').set({ created_at: at(0, 9) }).where('id', '=', c.id).execute();
    await t.ctx.db
      .insertInto('bets')
      .values({ platform: 'pp', bet_id: 'rb5', member_id: c.id, game_code: 'g', game_name: '游戏', category_id: 'realbet', bet_amount: 5_000, valid_amount: 5_000, win_loss: 0, status: 1, created_at: at(0, 13), settled_at: at(0, 13), pulled_at: Date.now() })
      .execute();
    await t.reports.rollup(clock);
    const agents = await report('export', { ...range, report: 'agents' });
    const csv = (await t.http.inject({ method: 'GET', url: agents.data.url })).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")",,1,1,0,0,0,0,0,50,50,0,0`);
    expect(csv).toContain('rpt0001,rpt0001,1,1,300,0,0,10,0,100,100,-30,-40');
    expect(csv).not.toMatch(/(^|\n|,)"?=HYPERLINK/);

    // the keyset reads behind the members and agents files, one row per page: nothing lost or repeated
    const paged: string[] = [];
    for await (const r of t.reports.memberRows(range, 1)) paged.push(`${r.username}:${r.bets}`);
    expect(paged).toEqual(['rpt0001:600', 'rpt0002:100', 'rpt0005:50']);
    const whole = (await t.http.inject({ method: 'GET', url: (await report('export', { ...range, report: 'members' })).data.url })).body.slice(1).trim().split('\n');
    expect(whole.slice(1).map((l) => l.split(',')[0])).toEqual(['rpt0001', 'rpt0002', 'rpt0005']);
    const referrers: string[] = [];
    for await (const r of t.reports.agentRows(range, 1)) referrers.push(`${r.referrer}:${r.bets}`);
    expect(referrers).toEqual(['=HYPERLINK("http://x","y"):50', 'rpt0001:100']);

    const members = await report('export', { ...range, report: 'members', username: 'rpt0001' });
    const mcsv = (await t.http.inject({ method: 'GET', url: members.data.url })).body.slice(1).trim().split('\n');
    expect(mcsv).toEqual([REPORT_CSV_HEADERS.members.join(','), 'rpt0001,500,100,50,0,5,1,0,2,600,600,480,425']);
  });

  it('refuses a link whose operator lost the permission', async () => {
    const helper = await t.post('/admin/api/operators/create', { username: 'finhelp1', password: 'finhelp123', role: 'finance' }, { token: owner });
    expect(helper.code).toBe(200);
    const fin = (await t.post('/admin/api/login', { username: 'finhelp1', password: 'finhelp123' })).data.token;
    const exported = await report('export', { ...range, report: 'venues' }, fin);
    expect(exported.code).toBe(200);
    await t.ctx.db.updateTable('admins').set({ status: 0 }).where('username', '=', 'finhelp1').execute();
    expect((await t.http.inject({ method: 'GET', url: exported.data.url })).json()).toMatchObject({ code: 403 });
  });

  it('guards every formula lead character', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'ok', '1-2'].map(guardCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx", 'ok', '1-2']);
  });

  it('leaves the ledger consistent', async () => {
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});
