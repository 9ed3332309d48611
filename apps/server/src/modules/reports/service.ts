import {
  fenToYuan,
  GAME_CATEGORY_NAMES,
  type ReportAgentRow,
  type ReportDayRow,
  type ReportFigures,
  type ReportMemberRow,
  type ReportMonthRow,
  type ReportPaged,
  type ReportTable,
  type ReportVenueRow,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { dateOfDayNumber, dayNumberOfDate } from '../../db/beijing-day.ts';
import { paged } from '../../lib/paging.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { addKindSum, ggrOf, ngrOf, noFigures, type MoneyFigures } from '../wallet/index.ts';
import * as repo from './repo.ts';

/** settled bets taken per rollup transaction */
export const BET_BATCH = 5000;
/** a ledger day is final once it ended this long ago (entries are dated when posted) */
export const DAY_SETTLE_MS = 10 * 60_000;
/** ledger days recomputed per run at most (a first run over years of history catches up run by run) */
const MAX_DAYS_PER_RUN = 62;

/** 'YYYY-MM-DD' (a Beijing calendar day) to its epoch-day number */
export const dayOfDate = dayNumberOfDate;
export const dateOfDay = dateOfDayNumber;

interface Fen extends MoneyFigures {
  bet_count: number;
  stake: number;
  valid: number;
  result: number;
  new_members: number;
  active_members: number;
  first_deposits: number;
  first_deposit_amount: number;
}
const zero = (): Fen => ({
  ...noFigures(),
  bet_count: 0,
  stake: 0,
  valid: 0,
  result: 0,
  new_members: 0,
  active_members: 0,
  first_deposits: 0,
  first_deposit_amount: 0,
});


function figures(f: Fen): ReportFigures {
  return {
    deposits: fenToYuan(f.deposits),
    deposit_count: f.deposit_count,
    withdrawals: fenToYuan(f.withdrawals),
    withdrawal_count: f.withdrawal_count,
    bonuses: fenToYuan(f.bonuses),
    rebates: fenToYuan(f.rebates),
    red_packets: fenToYuan(f.red_packets),
    adjustments_in: fenToYuan(f.adjustments_in),
    adjustments_out: fenToYuan(f.adjustments_out),
    bet_count: f.bet_count,
    bets: fenToYuan(f.stake),
    valid_bets: fenToYuan(f.valid),
    payouts: fenToYuan(f.stake + f.result),
    ggr: fenToYuan(ggrOf(f.result)),
    ngr: fenToYuan(ngrOf(f.result, f.bonuses, f.rebates, f.red_packets)),
    new_members: f.new_members,
    active_members: f.active_members,
    first_deposits: f.first_deposits,
    first_deposit_amount: fenToYuan(f.first_deposit_amount),
  };
}

function add(into: Fen, f: Fen) {
  for (const k of Object.keys(into) as (keyof Fen)[]) into[k] += f[k];
}

function memberRow(member_id: number, username: string, s: repo.MemberSums): ReportMemberRow {
  return {
    member_id,
    username,
    deposits: fenToYuan(s.deposits),
    withdrawals: fenToYuan(s.withdrawals),
    bonuses: fenToYuan(s.bonuses),
    rebates: fenToYuan(s.rebates),
    red_packets: fenToYuan(s.red_packets),
    adjustments_in: fenToYuan(s.adjust_in),
    adjustments_out: fenToYuan(s.adjust_out),
    bet_count: s.bet_count,
    bets: fenToYuan(s.stake),
    valid_bets: fenToYuan(s.valid),
    ggr: fenToYuan(ggrOf(s.result)),
    ngr: fenToYuan(ngrOf(s.result, s.bonuses, s.rebates, s.red_packets)),
  };
}

function agentRow(referrer: string, referrerUsername: string | null, newMembers: number, s: repo.MemberSums & { members: number }): ReportAgentRow {
  return {
    referrer,
    referrer_username: referrerUsername,
    new_members: newMembers,
    members: s.members,
    deposits: fenToYuan(s.deposits),
    withdrawals: fenToYuan(s.withdrawals),
    bonuses: fenToYuan(s.bonuses),
    rebates: fenToYuan(s.rebates),
    red_packets: fenToYuan(s.red_packets),
    bets: fenToYuan(s.stake),
    valid_bets: fenToYuan(s.valid),
    ggr: fenToYuan(ggrOf(s.result)),
    ngr: fenToYuan(ngrOf(s.result, s.bonuses, s.rebates, s.red_packets)),
  };
}

export interface Range {
  from: string;
  to: string;
}

/** Reports over the rollups, and the rollup itself. */
export function createReportsService(ctx: AppContext) {
  const { db } = ctx;

  async function asOf(): Promise<string | null> {
    const at = await repo.mark(db, 'last_run');
    return at === null ? null : toWireTime(at);
  }

  /** figures per Beijing day in the range (both ends included) */
  async function byDay(from: number, to: number): Promise<Map<number, Fen>> {
    const [bets, money, people, first] = await Promise.all([
      repo.betsByDay(db, from, to),
      repo.moneyByDay(db, from, to),
      repo.peopleByDay(db, from, to),
      repo.firstDepositsByDay(db, from, to),
    ]);
    const days = new Map<number, Fen>();
    const at = (d: number) => days.get(d) ?? days.set(d, zero()).get(d)!;
    for (const b of bets) Object.assign(at(b.day), { bet_count: b.bet_count, stake: b.stake, valid: b.valid, result: b.result });
    for (const r of money) addKindSum(at(r.day), r);
    for (const p of people) Object.assign(at(p.day), { active_members: p.active, new_members: p.joined });
    for (const f of first) Object.assign(at(f.day), { first_deposits: f.n, first_deposit_amount: f.amount });
    return days;
  }

  async function daily(r: Range): Promise<ReportTable<ReportDayRow>> {
    const from = dayOfDate(r.from);
    const to = dayOfDate(r.to);
    const [days, active, as_of] = await Promise.all([byDay(from, to), repo.activeBetween(db, from, to), asOf()]);
    const total = zero();
    const rows: ReportDayRow[] = [];
    // newest day first (issue 25), on screen and in the CSV alike
    for (let d = to; d >= from; d--) {
      const f = days.get(d) ?? zero();
      add(total, f);
      rows.push({ day: dateOfDay(d), ...figures(f) });
    }
    total.active_members = active;
    return { rows, totals: figures(total), as_of };
  }

  async function monthly(r: Range): Promise<ReportTable<ReportMonthRow>> {
    const from = dayOfDate(r.from);
    const to = dayOfDate(r.to);
    const days = await byDay(from, to);
    const months = new Map<string, { fen: Fen; first: number; last: number }>();
    for (let d = from; d <= to; d++) {
      const key = dateOfDay(d).slice(0, 7);
      const m = months.get(key) ?? months.set(key, { fen: zero(), first: d, last: d }).get(key)!;
      m.last = d;
      add(m.fen, days.get(d) ?? zero());
    }
    // a month's active members are distinct members, not the sum of its days
    const list = [...months];
    const [actives, active, as_of] = await Promise.all([
      Promise.all(list.map(([, m]) => repo.activeBetween(db, m.first, m.last))),
      repo.activeBetween(db, from, to),
      asOf(),
    ]);
    const total = zero();
    const rows = list.map(([month, m], i) => {
      m.fen.active_members = actives[i];
      add(total, m.fen);
      return { month, ...figures(m.fen) };
    });
    total.active_members = active;
    return { rows, totals: figures(total), as_of };
  }

  async function venues(r: Range): Promise<ReportTable<ReportVenueRow, Omit<ReportVenueRow, 'platform' | 'venue_name' | 'category_id' | 'category_name'>>> {
    const [rows, names, as_of] = await Promise.all([repo.betsByVenue(db, dayOfDate(r.from), dayOfDate(r.to)), repo.venueNames(db), asOf()]);
    const total = { bet_count: 0, stake: 0, valid: 0, result: 0 };
    const out = rows.map((v) => {
      total.bet_count += v.bet_count;
      total.stake += v.stake;
      total.valid += v.valid;
      total.result += v.result;
      return {
        platform: v.platform,
        venue_name: names.get(v.platform) ?? v.platform,
        category_id: v.category_id,
        category_name: (GAME_CATEGORY_NAMES as Record<string, string>)[v.category_id] ?? v.category_id,
        ...venueFigures(v),
      };
    });
    return { rows: out, totals: venueFigures(total), as_of };
  }

  /** `direct`: sum the member-days even over a kept window (the windows' own test compares the two) */
  async function members(q: Range & { page: number; per_page: number; username?: string }, direct = false): Promise<ReportPaged<ReportMemberRow>> {
    const from = dayOfDate(q.from);
    const to = dayOfDate(q.to);
    const memberId = q.username ? await repo.memberIdOf(db, q.username) : undefined;
    const empty = { rows: [], total: 0, totals: Object.fromEntries(repo.MEMBER_SUMS.map((c) => [c, 0])) as repo.MemberSums };
    const at = { from, to, limit: q.per_page, offset: (q.page - 1) * q.per_page };
    // issue 37: a range that is one of the kept windows reads its per-member rows
    const page =
      memberId === null
        ? empty
        : ((memberId === undefined && !direct ? await repo.windowMembersPage(db, at) : null) ?? (await repo.membersPage(db, { ...at, memberId })));
    const names = await repo.usernames(db, page.rows.map((r) => r.member_id));
    const { member_id: _m, username: _u, ...totals } = memberRow(0, '', page.totals);
    return {
      ...paged(page.rows.map((r) => memberRow(r.member_id, names.get(r.member_id) ?? String(r.member_id), r)), page.total, q.page, q.per_page),
      totals,
      as_of: await asOf(),
    };
  }

  async function agents(q: Range & { page: number; per_page: number }, direct = false): Promise<ReportPaged<ReportAgentRow>> {
    const from = dayOfDate(q.from);
    const to = dayOfDate(q.to);
    const at = { from, to, limit: q.per_page, offset: (q.page - 1) * q.per_page };
    const page = (direct ? null : await repo.windowAgentsPage(db, at)) ?? (await repo.agentsPage(db, at));
    const referrers = page.rows.map((r) => r.referrer);
    const [newMembers, names] = await Promise.all([repo.referredBetween(db, referrers, from, to), repo.referrerUsernames(db, referrers)]);
    const { referrer: _r, referrer_username: _u, ...totals } = agentRow('', null, [...newMembers.values()].reduce((a, b) => a + b, 0), page.totals);
    return {
      ...paged(page.rows.map((r) => agentRow(r.referrer, names.get(r.referrer) ?? null, newMembers.get(r.referrer) ?? 0, r)), page.total, q.page, q.per_page),
      totals: { ...totals, new_members: await newMembersTotal(from, to) },
      as_of: await asOf(),
    };
  }

  /** members registered in the days with any referrer (rolled up per day) */
  async function newMembersTotal(from: number, to: number): Promise<number> {
    return (await repo.peopleByDay(db, from, to)).reduce((sum, d) => sum + d.referred, 0);
  }

  /** Members' rows in member-id order, page by page (the CSV export's keyset read). */
  async function* memberRows(q: Range & { username?: string }, pageSize = 2000): AsyncGenerator<ReportMemberRow> {
    const from = dayOfDate(q.from);
    const to = dayOfDate(q.to);
    if (q.username) {
      const memberId = await repo.memberIdOf(db, q.username);
      if (memberId === null) return;
      const page = await repo.membersPage(db, { from, to, memberId, limit: 1, offset: 0 });
      for (const r of page.rows) yield memberRow(r.member_id, q.username, r);
      return;
    }
    let after: number | null = 0;
    while (after !== null) {
      // the page's usernames come with its member ids (one query fewer per page)
      const page: Awaited<ReturnType<typeof repo.membersAfter>> = await repo.membersAfter(db, { from, to, after, limit: pageSize, dialect: ctx.dialect });
      for (const r of page.rows) yield memberRow(r.member_id, page.names.get(r.member_id) ?? String(r.member_id), r);
      after = page.last;
    }
  }

  async function* agentRows(q: Range, pageSize = 500): AsyncGenerator<ReportAgentRow> {
    const from = dayOfDate(q.from);
    const to = dayOfDate(q.to);
    let after: string | null = null;
    let more = true;
    while (more) {
      const page: Awaited<ReturnType<typeof repo.agentsAfter>> = await repo.agentsAfter(db, { from, to, after, limit: pageSize, dialect: ctx.dialect });
      const referrers = page.rows.map((r) => r.referrer);
      const [newMembers, names] = await Promise.all([repo.referredBetween(db, referrers, from, to), repo.referrerUsernames(db, referrers)]);
      for (const r of page.rows) yield agentRow(r.referrer, names.get(r.referrer) ?? null, newMembers.get(r.referrer) ?? 0, r);
      after = page.last;
      more = page.last !== null;
    }
  }

  /**
   * One rollup run: settled bets not yet rolled up (batch by batch until none is left or the
   * time budget is spent), then the ledger's days from the cursor to today, recomputed; days that
   * ended more than DAY_SETTLE_MS ago move the cursor on. Idempotent: run it any number of times.
   */
  async function rollup(now = Date.now(), budgetMs = 4 * 60_000): Promise<{ bets: number; days: number; windows: number }> {
    const started = Date.now();
    // issue 37: the fixed windows first, rebuilt when their days moved (once a Beijing day) or were
    // never built; the bets and ledger days below then add to them as they add to the member-days
    const kept = new Map((await repo.keptWindows(db)).map((w) => [w.name, w]));
    let windows = 0;
    for (const w of repo.windowsOn(repo.dayNumber(now))) {
      const was = kept.get(w.name);
      if (was && was.from === w.from && was.to === w.to) continue;
      await repo.buildWindow(db, w, now);
      windows++;
    }
    let bets = 0;
    for (;;) {
      const taken = await repo.rollUpBets(db, BET_BATCH);
      bets += taken;
      if (taken < BET_BATCH || Date.now() - started > budgetMs) break;
    }
    const today = repo.dayNumber(now);
    let cursor = (await repo.mark(db, 'ledger_day')) ?? (await repo.firstMoneyDay(db)) ?? today;
    const last = Math.min(today, cursor + MAX_DAYS_PER_RUN - 1);
    let days = 0;
    for (let d = cursor; d <= last; d++) {
      await repo.recomputeMoneyDay(db, d);
      days++;
    }
    while (cursor <= last && repo.dayStartMs(cursor + 1) + DAY_SETTLE_MS <= now) cursor++;
    await repo.setMark(db, 'ledger_day', cursor);
    await repo.setMark(db, 'last_run', now);
    return { bets, days, windows };
  }

  return { daily, monthly, venues, members, agents, memberRows, agentRows, rollup, asOf };
}

function venueFigures(v: { bet_count: number; stake: number; valid: number; result: number }) {
  return { bet_count: v.bet_count, bets: fenToYuan(v.stake), valid_bets: fenToYuan(v.valid), payouts: fenToYuan(v.stake + v.result), ggr: fenToYuan(ggrOf(v.result)) };
}

export type ReportsService = ReturnType<typeof createReportsService>;
export { dayjs };
