import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { beijingDayNumber, beijingDayStartMs, DAY_MS, dateOfDayNumber, dayNumberOfDate } from '../../db/beijing-day.ts';
import type { DB, Dialect } from '../../db/index.ts';
import { addKindSum, FIGURE_KINDS, firstDepositsOf, noFigures, type MoneyFigures } from '../wallet/index.ts';

/**
 * SQL of the reports (issue 13). Tables read here without a module of their own to ask:
 * bets (settled rows, and the rolled_up flag this module owns), ledger_entries and
 * ledger_accounts (figure kinds only), members (created_at, referrer_pid, username) and venues
 * (names). Days are Beijing epoch-day numbers: floor((ms + 8 h) / 24 h).
 */

export const dayNumber = beijingDayNumber;
export const dayStartMs = beijingDayStartMs;


const n = (v: unknown) => Number(v ?? 0);
/** rows per multi-row insert (at most 16 columns: well under SQLite's 32766 parameters) */
const INSERT_CHUNK = 500;

// ---- bets -> rollups ---------------------------------------------------------------------------

/** members' referrers (set at sign-up, never changed), copied into their member-day rows */
async function referrersOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.selectFrom('members').select(['id', 'referrer_pid']).where('id', 'in', ids.slice(i, i + 1000)).execute();
    for (const r of rows) out.set(n(r.id), r.referrer_pid ? r.referrer_pid : null);
  }
  return out;
}

export interface BetTaken {
  member_id: number;
  platform: string;
  category_id: string;
  bet_amount: number;
  valid_amount: number;
  win_loss: number;
  settled_at: number | null;
  created_at: number;
}

/**
 * Takes up to `limit` settled bets not yet rolled up, oldest first, and adds them to the day
 * rollups, in one transaction: the conditional update is the guard, so a bet is added once
 * whatever runs at the same time. Answers how many were taken.
 */
export async function rollUpBets(db: Kysely<DB>, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockRollups(trx);
    // the pending ids are read first, then updated by key: as one statement with the read as a
    // subquery, PostgreSQL (statistics from when nothing was pending) ran the subquery again for
    // every pending bet, 42 s for 5,000 bets on the scale seed (issue 37, measured)
    const pending = (await trx.selectFrom('bets').select('id').where('status', '=', 1).where('rolled_up', '=', 0).orderBy('id').limit(limit).execute()).map((r) => r.id);
    if (!pending.length) return 0;
    const taken: BetTaken[] = await trx
      .updateTable('bets')
      .set({ rolled_up: 1 })
      .where('id', 'in', pending)
      .where('status', '=', 1)
      .where('rolled_up', '=', 0)
      .returning(['member_id', 'platform', 'category_id', 'bet_amount', 'valid_amount', 'win_loss', 'settled_at', 'created_at'])
      .execute();
    if (!taken.length) return 0;
    const venue = new Map<string, { day: number; platform: string; category_id: string; bet_count: number; stake: number; valid: number; result: number }>();
    const member = new Map<string, { day: number; member_id: number; referrer: string | null; bet_count: number; stake: number; valid: number; result: number }>();
    for (const b of taken) {
      const day = dayNumber(n(b.settled_at ?? b.created_at));
      const vk = `${day}|${b.platform}|${b.category_id}`;
      const v = venue.get(vk) ?? venue.set(vk, { day, platform: b.platform, category_id: b.category_id, bet_count: 0, stake: 0, valid: 0, result: 0 }).get(vk)!;
      const mk = `${day}|${b.member_id}`;
      const m = member.get(mk) ?? member.set(mk, { day, member_id: n(b.member_id), referrer: null, bet_count: 0, stake: 0, valid: 0, result: 0 }).get(mk)!;
      for (const r of [v, m]) {
        r.bet_count += 1;
        r.stake += n(b.bet_amount);
        r.valid += n(b.valid_amount);
        r.result += n(b.win_loss);
      }
    }
    const add = (table: 'report_bet_days' | 'report_member_days') => ({
      bet_count: sql<number>`${sql.ref(`${table}.bet_count`)} + excluded.bet_count`,
      stake: sql<number>`${sql.ref(`${table}.stake`)} + excluded.stake`,
      valid: sql<number>`${sql.ref(`${table}.valid`)} + excluded.valid`,
      result: sql<number>`${sql.ref(`${table}.result`)} + excluded.result`,
    });
    const venues = [...venue.values()];
    for (let i = 0; i < venues.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('report_bet_days')
        .values(venues.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['day', 'platform', 'category_id']).doUpdateSet(add('report_bet_days')))
        .execute();
    }
    // a member-day whose bet count after the upsert is this batch's own was not active before
    // (the upsert reads the committed row under its lock, so concurrent runs count it once)
    const members = [...member.values()];
    const referrers = await referrersOf(trx, [...new Set(members.map((m) => m.member_id))]);
    for (const m of members) m.referrer = referrers.get(m.member_id) ?? null;
    const newlyActive = new Map<number, number>();
    for (let i = 0; i < members.length; i += INSERT_CHUNK) {
      const after = await trx
        .insertInto('report_member_days')
        .values(members.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['day', 'member_id']).doUpdateSet(add('report_member_days')))
        .returning(['day', 'member_id', 'bet_count'])
        .execute();
      for (const r of after) {
        const day = n(r.day);
        if (n(r.bet_count) === member.get(`${day}|${n(r.member_id)}`)?.bet_count) newlyActive.set(day, (newlyActive.get(day) ?? 0) + 1);
      }
    }
    if (newlyActive.size) {
      await trx
        .insertInto('report_days')
        .values([...newlyActive].map(([day, active_members]) => ({ day, active_members })))
        .onConflict((oc) => oc.column('day').doUpdateSet({ active_members: sql<number>`report_days.active_members + excluded.active_members` }))
        .execute();
    }
    await addToWindows(trx, members);
    return taken.length;
  });
}

// ---- ledger -> rollups -------------------------------------------------------------------------

export async function mark(db: Kysely<DB>, name: string): Promise<number | null> {
  const row = await db.selectFrom('report_marks').select('value').where('name', '=', name).executeTakeFirst();
  return row ? n(row.value) : null;
}

export async function setMark(db: Kysely<DB>, name: string, value: number) {
  await db
    .insertInto('report_marks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * issue 24: the first Beijing day the ledger rollup has not closed (its cursor): the money rows of
 * every day before it were recomputed after the day ended and are final; 0 before the first run.
 */
export async function ledgerClosedBefore(db: Kysely<DB>): Promise<number> {
  return (await mark(db, 'ledger_day')) ?? 0;
}

/** the Beijing day of the first entry of a figure kind or the first member, or null with none (kind_time, members_created) */
export async function firstMoneyDay(db: Kysely<DB>): Promise<number | null> {
  const firsts = await Promise.all(
    FIGURE_KINDS.map((kind) => db.selectFrom('ledger_entries').select('created_at').where('kind', '=', kind).orderBy('created_at').limit(1).executeTakeFirst()),
  );
  const member = await db.selectFrom('members').select('created_at').orderBy('created_at').limit(1).executeTakeFirst();
  const times = [...firsts, member].filter((r) => r).map((r) => n(r!.created_at));
  return times.length ? dayNumber(Math.min(...times)) : null;
}

/**
 * Recomputes one Beijing day's ledger money (figure kinds) from the entries: per member into
 * report_member_days (absolute values: a re-run gives the same rows), per kind into
 * report_money_days, and first deposits. Reads the day's entries through (kind, created_at).
 */
export async function recomputeMoneyDay(db: Kysely<DB>, day: number) {
  const from = dayStartMs(day);
  const to = from + DAY_MS;
  await db.transaction().execute(async (trx) => {
    await lockRollups(trx);
    const rows = await trx
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as ta', 'ta.id', 'e.to_account_id')
      .innerJoin('ledger_accounts as fa', 'fa.id', 'e.from_account_id')
      .select([
        'e.kind',
        sql<number>`coalesce(ta.member_id, fa.member_id)`.as('member_id'),
        sql<number>`case when ta.member_id is null then 0 else 1 end`.as('to_member'),
        sql<number>`sum(e.amount)`.as('amount'),
        sql<number>`count(*)`.as('n'),
      ])
      .where('e.kind', 'in', [...FIGURE_KINDS])
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .groupBy(['e.kind', sql`coalesce(ta.member_id, fa.member_id)`, sql`case when ta.member_id is null then 0 else 1 end`])
      .execute();
    const perMember = new Map<number, MoneyFigures>();
    const perKind = new Map<string, { day: number; kind: string; to_member: number; amount: number; n: number }>();
    for (const r of rows) {
      const amount = n(r.amount);
      const count = n(r.n);
      const toMember = n(r.to_member);
      const k = `${r.kind}|${toMember}`;
      const t = perKind.get(k) ?? perKind.set(k, { day, kind: r.kind, to_member: toMember, amount: 0, n: 0 }).get(k)!;
      t.amount += amount;
      t.n += count;
      if (r.member_id === null) continue;
      const id = n(r.member_id);
      addKindSum(perMember.get(id) ?? perMember.set(id, noFigures()).get(id)!, { kind: r.kind, amount, n: count, to_member: toMember });
    }
    const kinds = [...perKind.values()];
    if (kinds.length) {
      await trx
        .insertInto('report_money_days')
        .values(kinds)
        .onConflict((oc) => oc.columns(['day', 'kind', 'to_member']).doUpdateSet({ amount: sql`excluded.amount`, n: sql`excluded.n` }))
        .execute();
    }
    const referrers = await referrersOf(trx, [...perMember.keys()]);
    // the rollup's columns are named adjust_in / adjust_out
    const members = [...perMember].map(([member_id, { adjustments_in, adjustments_out, ...m }]) => ({
      day,
      member_id,
      referrer: referrers.get(member_id) ?? null,
      ...m,
      adjust_in: adjustments_in,
      adjust_out: adjustments_out,
    }));
    // the day's sign-ups (members_created index), with and without a referrer
    const joined = await trx
      .selectFrom('members')
      .select([sql<number>`count(*)`.as('n'), sql<number>`sum(case when referrer_pid is null or referrer_pid = '' then 0 else 1 end)`.as('referred')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('report_days')
      .values({ day, new_members: n(joined.n), new_referred: n(joined.referred) })
      .onConflict((oc) => oc.column('day').doUpdateSet({ new_members: sql`excluded.new_members`, new_referred: sql`excluded.new_referred` }))
      .execute();
    // what the absolute rows change, for the windows: the rows as they were, read under the lock
    const changes: MemberDelta[] = [];
    for (let i = 0; i < members.length; i += INSERT_CHUNK) {
      const some = members.slice(i, i + INSERT_CHUNK);
      const before = new Map(
        (await trx.selectFrom('report_member_days').select(['member_id', ...MONEY_SUMS]).where('day', '=', day).where('member_id', 'in', some.map((m) => m.member_id)).execute()).map((r) => [n(r.member_id), r]),
      );
      for (const m of some) {
        const was = before.get(m.member_id);
        const delta: MemberDelta = { day, member_id: m.member_id, referrer: m.referrer };
        for (const c of MONEY_SUMS) delta[c] = m[c] - n(was?.[c]);
        // a new member-day counts its member in the window even with nothing to add
        if (!was || MONEY_SUMS.some((c) => delta[c] !== 0)) changes.push(delta);
      }
    }
    await addToWindows(trx, changes);
    for (let i = 0; i < members.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('report_member_days')
        .values(members.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['day', 'member_id']).doUpdateSet({
            deposits: sql`excluded.deposits`,
            deposit_count: sql`excluded.deposit_count`,
            withdrawals: sql`excluded.withdrawals`,
            withdrawal_count: sql`excluded.withdrawal_count`,
            bonuses: sql`excluded.bonuses`,
            rebates: sql`excluded.rebates`,
            red_packets: sql`excluded.red_packets`,
            adjust_in: sql`excluded.adjust_in`,
            adjust_out: sql`excluded.adjust_out`,
          }),
        )
        .execute();
    }
    // first deposits (issue 34): a member's first credited deposit, its amount alone, on the day
    // it was credited (wallet's firstDepositsOf, the definition the agents' figures use too; the
    // day's deposits summed gave 1,650.00 for a first deposit of 1,000.00 and a second of 650.00).
    // Members whose first deposit is already kept on an earlier day are not looked up again.
    const depositing = members.filter((m) => m.deposits > 0).map((m) => m.member_id);
    for (let i = 0; i < depositing.length; i += INSERT_CHUNK) {
      const some = depositing.slice(i, i + INSERT_CHUNK);
      const earlier = new Set(
        (await trx.selectFrom('report_first_deposits').select('member_id').where('member_id', 'in', some).where('day', '<', day).execute()).map((r) => n(r.member_id)),
      );
      const firsts = (await firstDepositsOf(trx, some.filter((id) => !earlier.has(id)))).filter((f) => dayNumber(f.at) === day);
      if (!firsts.length) continue;
      await trx
        .insertInto('report_first_deposits')
        .values(firsts.map((f) => ({ member_id: f.member_id, day, amount: f.amount })))
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ day: sql`excluded.day`, amount: sql`excluded.amount` }))
        .execute();
    }
  });
}

// ---- reading -----------------------------------------------------------------------------------

export interface BetSums {
  bet_count: number;
  stake: number;
  valid: number;
  result: number;
}

export async function betsByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db
    .selectFrom('report_bet_days')
    .select(['day', sql<number>`sum(bet_count)`.as('bet_count'), sql<number>`sum(stake)`.as('stake'), sql<number>`sum(valid)`.as('valid'), sql<number>`sum(result)`.as('result')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: n(r.day), bet_count: n(r.bet_count), stake: n(r.stake), valid: n(r.valid), result: n(r.result) }));
}

export async function moneyByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db.selectFrom('report_money_days').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
  return rows.map((r) => ({ day: n(r.day), kind: r.kind, to_member: n(r.to_member), amount: n(r.amount), n: n(r.n) }));
}

/** per day: members with a settled bet, sign-ups, sign-ups with a referrer (kept by the rollup) */
export async function peopleByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db.selectFrom('report_days').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
  return rows.map((r) => ({ day: n(r.day), active: n(r.active_members), joined: n(r.new_members), referred: n(r.new_referred) }));
}

/**
 * distinct members with a settled bet in the days; grouped, then counted (issue 24: PostgreSQL
 * hashes a GROUP BY in parallel but sorts for count(distinct): 0.8 s against 2.9 s over a month of
 * 100,000 active members)
 */
export async function activeBetween(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const members = db.selectFrom('report_member_days').select('member_id').where('day', '>=', from).where('day', '<=', to).where('bet_count', '>', 0).groupBy('member_id');
  const row = await db.selectFrom(members.as('active')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return n(row.n);
}

export async function firstDepositsByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db
    .selectFrom('report_first_deposits')
    .select(['day', sql<number>`count(*)`.as('n'), sql<number>`sum(amount)`.as('amount')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: n(r.day), n: n(r.n), amount: n(r.amount) }));
}

export async function betsByVenue(db: Kysely<DB>, from: number, to: number) {
  const rows = await db
    .selectFrom('report_bet_days')
    .select(['platform', 'category_id', sql<number>`sum(bet_count)`.as('bet_count'), sql<number>`sum(stake)`.as('stake'), sql<number>`sum(valid)`.as('valid'), sql<number>`sum(result)`.as('result')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['platform', 'category_id'])
    .orderBy('platform')
    .orderBy('category_id')
    .execute();
  return rows.map((r) => ({ platform: r.platform, category_id: r.category_id, bet_count: n(r.bet_count), stake: n(r.stake), valid: n(r.valid), result: n(r.result) }));
}

export async function venueNames(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('venues').select(['platform', 'name']).execute();
  return new Map(rows.map((r) => [r.platform, r.name]));
}

export const MEMBER_SUMS = ['bet_count', 'stake', 'valid', 'result', 'deposits', 'deposit_count', 'withdrawals', 'withdrawal_count', 'bonuses', 'rebates', 'red_packets', 'adjust_in', 'adjust_out'] as const;
export type MemberSums = Record<(typeof MEMBER_SUMS)[number], number>;
const memberSums = (prefix = '') => MEMBER_SUMS.map((c) => sql<number>`sum(${sql.ref(`${prefix}${c}`)})`.as(c));
const toSums = (r: Record<string, unknown>): MemberSums => Object.fromEntries(MEMBER_SUMS.map((c) => [c, n(r[c])])) as MemberSums;

export async function memberIdOf(db: Kysely<DB>, username: string): Promise<number | null> {
  const row = await db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
  return row ? n(row.id) : null;
}

export async function usernames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [n(r.id), r.username]));
}

/**
 * One page of members' sums over the days, largest stakes first. Issue 24, measured at a million
 * members (scripts/scale-check.ts): a 30-day range is some 765,000 rollup rows of 99,000
 * members, and the page, its count and its totals as three grouped reads of all of them, side by
 * side, took 3.5 s on 2 cores. Now: the ranking reads one sum per member (the page's members
 * only then get their thirteen sums, through the (member_id, day) index), and the count and the
 * totals share one read.
 */
export async function membersPage(db: Kysely<DB>, q: { from: number; to: number; memberId?: number; limit: number; offset: number }) {
  let base = db.selectFrom('report_member_days').where('day', '>=', q.from).where('day', '<=', q.to);
  if (q.memberId !== undefined) base = base.where('member_id', '=', q.memberId);
  const [ranked, whole] = await Promise.all([
    base.select('member_id').groupBy('member_id').orderBy(sql`sum(stake)`, 'desc').orderBy('member_id').limit(q.limit).offset(q.offset).execute(),
    base.select([sql<number>`count(distinct member_id)`.as('n'), ...memberSums()]).executeTakeFirstOrThrow(),
  ]);
  const ids = ranked.map((r) => n(r.member_id));
  const sums = ids.length
    ? await base.select(['member_id', ...memberSums()]).where('member_id', 'in', ids).groupBy('member_id').execute()
    : [];
  const byId = new Map(sums.map((r) => [n(r.member_id), toSums(r)]));
  return { rows: ids.map((id) => ({ member_id: id, ...byId.get(id)! })), total: n(whole.n), totals: toSums(whole) };
}

/**
 * A keyset page's keys as the planner of each database takes them best: an IN list on SQLite
 * (without statistics it then takes the (key, day) index), the range after..last on PostgreSQL
 * (its planner turns a long IN list into a hash join over the whole day range: 160 ms against 1 ms
 * a page on a million rows, measured).
 */
function idsOrRange<K extends 'member_id' | 'referrer', V extends number | string>(eb: ExpressionBuilder<DB, 'report_member_days'>, key: K, keys: V[], after: V | null, dialect: Dialect) {
  if (dialect === 'sqlite') return eb(key, 'in', keys as never[]);
  const last = keys[keys.length - 1];
  return after === null ? eb(key, '<=', last as never) : eb.and([eb(key, '>', after as never), eb(key, '<=', last as never)]);
}

/**
 * The CSV's keyset read of members: the next `limit` member ids after `after` from the members'
 * primary key, then their sums over the days through (member_id, day) with the ids as an IN list
 * (an equality on the index's first column: both databases take that index, never a scan of the
 * whole range per page). Answers the rows with activity and the last member id looked at
 * (null once past the last member).
 */
export async function membersAfter(db: Kysely<DB>, q: { from: number; to: number; after: number; limit: number; dialect: Dialect }) {
  const found = await db.selectFrom('members').select(['id', 'username']).where('id', '>', q.after).orderBy('id').limit(q.limit).execute();
  const names = new Map(found.map((r) => [n(r.id), r.username]));
  const ids = [...names.keys()];
  if (!ids.length) return { rows: [], names, last: null };
  const rows = await db
    .selectFrom('report_member_days')
    .select(['member_id', ...memberSums()])
    .where((eb) => idsOrRange(eb, 'member_id', ids, q.after, q.dialect))
    .where('day', '>=', q.from)
    .where('day', '<=', q.to)
    .groupBy('member_id')
    .orderBy('member_id')
    .execute();
  return { rows: rows.map((r) => ({ member_id: n(r.member_id), ...toSums(r) })), names, last: ids.length < q.limit ? null : ids[ids.length - 1] };
}

/**
 * Referrers' sums over the days (the referrer copied into the rollup), largest stakes first. As
 * membersPage: the ranking reads one sum per referrer, the page's referrers then get their sums
 * and member counts through the (referrer, day) index, and the count and totals share one read.
 */
export async function agentsPage(db: Kysely<DB>, q: { from: number; to: number; limit: number; offset: number }) {
  const range = db.selectFrom('report_member_days').where('day', '>=', q.from).where('day', '<=', q.to);
  const base = range.where('referrer', 'is not', null);
  const [ranked, whole] = await Promise.all([
    base.select(sql<string>`referrer`.as('referrer')).groupBy('referrer').orderBy(sql`sum(stake)`, 'desc').orderBy('referrer').limit(q.limit).offset(q.offset).execute(),
    base.select([sql<number>`count(distinct referrer)`.as('n'), sql<number>`count(distinct member_id)`.as('members'), ...memberSums()]).executeTakeFirstOrThrow(),
  ]);
  const referrers = ranked.map((r) => String(r.referrer));
  const sums = referrers.length
    ? await range.select([sql<string>`referrer`.as('referrer'), sql<number>`count(distinct member_id)`.as('members'), ...memberSums()]).where('referrer', 'in', referrers).groupBy('referrer').execute()
    : [];
  const byReferrer = new Map(sums.map((r) => [String(r.referrer), { members: n(r.members), ...toSums(r) }]));
  return {
    rows: referrers.map((referrer) => ({ referrer, ...byReferrer.get(referrer)! })),
    total: n(whole.n),
    totals: { members: n(whole.members), ...toSums(whole) },
  };
}

/**
 * The CSV's keyset read of referrers: the next `limit` distinct referrers after `after` from the
 * members_referrer_created index (migration 048), then their rollup rows through (referrer, day). Answers the rows
 * with activity and the last referrer looked at (null once past the last one).
 */
export async function agentsAfter(db: Kysely<DB>, q: { from: number; to: number; after: string | null; limit: number; dialect: Dialect }) {
  let next = db.selectFrom('members').select('referrer_pid').distinct().where('referrer_pid', 'is not', null).where('referrer_pid', '<>', '');
  if (q.after !== null) next = next.where('referrer_pid', '>', q.after);
  const referrers = (await next.orderBy('referrer_pid').limit(q.limit).execute()).map((r) => String(r.referrer_pid));
  if (!referrers.length) return { rows: [], last: null };
  const rows = await db
    .selectFrom('report_member_days')
    .select([sql<string>`referrer`.as('referrer'), sql<number>`count(distinct member_id)`.as('members'), ...memberSums()])
    .where((eb) => idsOrRange(eb, 'referrer', referrers, q.after, q.dialect))
    .where('day', '>=', q.from)
    .where('day', '<=', q.to)
    .groupBy('referrer')
    .orderBy('referrer')
    .execute();
  return {
    rows: rows.map((r) => ({ referrer: String(r.referrer), members: n(r.members), ...toSums(r) })),
    last: referrers.length < q.limit ? null : referrers[referrers.length - 1],
  };
}

/** members each referrer brought in during the days (members_referrer_created, index-only) */
export async function referredBetween(db: Kysely<DB>, referrers: string[], from: number, to: number): Promise<Map<string, number>> {
  if (!referrers.length) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['referrer_pid', sql<number>`count(*)`.as('n')])
    .where('referrer_pid', 'in', referrers)
    .where('created_at', '>=', dayStartMs(from))
    .where('created_at', '<', dayStartMs(to + 1))
    .groupBy('referrer_pid')
    .execute();
  return new Map(rows.map((r) => [String(r.referrer_pid), n(r.n)]));
}

/** usernames of referrers given as a username or a member id */
export async function referrerUsernames(db: Kysely<DB>, referrers: string[]): Promise<Map<string, string>> {
  if (!referrers.length) return new Map();
  const ids = referrers.filter((r) => /^\d{1,15}$/.test(r)).map(Number);
  const rows = await db
    .selectFrom('members')
    .select(['id', 'username'])
    .where((eb) => eb.or([eb('username', 'in', referrers.map((r) => r.toLowerCase())), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    for (const ref of referrers) if (ref.toLowerCase() === r.username || ref === String(r.id)) out.set(ref, r.username);
  }
  return out;
}

// ---- fixed windows (issue 37 point 4) -----------------------------------------------------------

/** the ledger money columns of a member-day (recomputed per day as absolute values) */
const MONEY_SUMS = ['deposits', 'deposit_count', 'withdrawals', 'withdrawal_count', 'bonuses', 'rebates', 'red_packets', 'adjust_in', 'adjust_out'] as const;
const noSums = (): MemberSums => Object.fromEntries(MEMBER_SUMS.map((c) => [c, 0])) as MemberSums;
/** sums that are 0, not null, over no rows */
const memberSumsOrZero = () => MEMBER_SUMS.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(c));

/** what one member-day gains: added to every window holding its day */
export type MemberDelta = { day: number; member_id: number; referrer: string | null } & Partial<MemberSums>;

export interface ReportWindow {
  name: string;
  from: number;
  to: number;
}

/**
 * The windows kept per member and referrer, each ending on `today`: the last 7 and 30 days and
 * the month to date (the back-office's first range). A report over exactly one of them reads it.
 */
export function windowsOn(today: number): ReportWindow[] {
  return [
    { name: 'd7', from: today - 6, to: today },
    { name: 'd30', from: today - 29, to: today },
    { name: 'mtd', from: dayNumberOfDate(`${dateOfDayNumber(today).slice(0, 8)}01`), to: today },
  ];
}

/**
 * Every writer of report_member_days and the windows takes this first, so a window's rows always
 * equal the sums of the member-days of its days: a rebuild reads every member-day committed before
 * it, and an addition made after it sees its rows (PostgreSQL; SQLite has one writer at a time).
 */
async function lockRollups(trx: Kysely<DB>) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(20037, 4)`.execute(trx);
}

const addColumns = (table: 'report_window_members' | 'report_window_referrers') =>
  Object.fromEntries(MEMBER_SUMS.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + excluded.${sql.ref(c)}`]));

/**
 * Adds member-day changes to the windows holding their days, inside the writer's transaction
 * (lockRollups taken): the members' rows, their referrers' rows (a member new to the window adds
 * one to its referrer's members) and the window's totals.
 */
async function addToWindows(trx: Kysely<DB>, deltas: MemberDelta[]) {
  if (!deltas.length) return;
  const windows = await trx.selectFrom('report_windows').select(['name', 'from_day', 'to_day']).execute();
  for (const w of windows) {
    const per = new Map<number, MemberSums & { member_id: number; referrer: string | null }>();
    for (const d of deltas) {
      if (d.day < n(w.from_day) || d.day > n(w.to_day)) continue;
      const m = per.get(d.member_id) ?? per.set(d.member_id, { member_id: d.member_id, referrer: d.referrer, ...noSums() }).get(d.member_id)!;
      for (const c of MEMBER_SUMS) m[c] += d[c] ?? 0;
    }
    if (!per.size) continue;
    const total = noSums();
    let joined = 0;
    const referrers = new Map<string, MemberSums & { win: string; referrer: string; members: number }>();
    const rows = [...per.values()];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const some = rows.slice(i, i + INSERT_CHUNK);
      const present = new Set(
        (await trx.selectFrom('report_window_members').select('member_id').where('win', '=', w.name).where('member_id', 'in', some.map((r) => r.member_id)).execute()).map((r) => n(r.member_id)),
      );
      await trx
        .insertInto('report_window_members')
        .values(some.map((r) => ({ win: w.name, ...r })))
        .onConflict((oc) => oc.columns(['win', 'member_id']).doUpdateSet(addColumns('report_window_members')))
        .execute();
      for (const r of some) {
        const fresh = present.has(r.member_id) ? 0 : 1;
        joined += fresh;
        for (const c of MEMBER_SUMS) total[c] += r[c];
        if (r.referrer === null) continue;
        const ref = referrers.get(r.referrer) ?? referrers.set(r.referrer, { win: w.name, referrer: r.referrer, members: 0, ...noSums() }).get(r.referrer)!;
        ref.members += fresh;
        for (const c of MEMBER_SUMS) ref[c] += r[c];
      }
    }
    const refs = [...referrers.values()];
    for (let i = 0; i < refs.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('report_window_referrers')
        .values(refs.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['win', 'referrer']).doUpdateSet({ members: sql<number>`report_window_referrers.members + excluded.members`, ...addColumns('report_window_referrers') }))
        .execute();
    }
    await trx
      .updateTable('report_windows')
      .set({ members: sql<number>`members + ${joined}`, ...Object.fromEntries(MEMBER_SUMS.map((c) => [c, sql<number>`${sql.ref(c)} + ${total[c]}`])) })
      .where('name', '=', w.name)
      .execute();
  }
}

/** the windows as kept: name and days */
export async function keptWindows(db: Kysely<DB>): Promise<ReportWindow[]> {
  const rows = await db.selectFrom('report_windows').select(['name', 'from_day', 'to_day']).execute();
  return rows.map((r) => ({ name: r.name, from: n(r.from_day), to: n(r.to_day) }));
}

/**
 * (Re)builds a window over its days from report_member_days, in one transaction under
 * lockRollups: its members' rows, its referrers' rows (members counted per referrer) and its
 * totals. The rollup calls it when a window's days move (each Beijing day) or it was never built.
 */
export async function buildWindow(db: Kysely<DB>, w: ReportWindow, now: number) {
  await db.transaction().execute(async (trx) => {
    await lockRollups(trx);
    await trx.deleteFrom('report_window_members').where('win', '=', w.name).execute();
    await trx.deleteFrom('report_window_referrers').where('win', '=', w.name).execute();
    await trx
      .insertInto('report_window_members')
      .columns(['win', 'member_id', 'referrer', ...MEMBER_SUMS])
      .expression(
        trx
          .selectFrom('report_member_days')
          .select([sql.lit(w.name).as('win'), 'member_id', sql<string | null>`max(referrer)`.as('referrer'), ...memberSums()])
          .where('day', '>=', w.from)
          .where('day', '<=', w.to)
          .groupBy('member_id') as never,
      )
      .execute();
    await trx
      .insertInto('report_window_referrers')
      .columns(['win', 'referrer', 'members', ...MEMBER_SUMS])
      .expression(
        trx
          .selectFrom('report_window_members')
          .select([sql.lit(w.name).as('win'), 'referrer', sql<number>`count(*)`.as('members'), ...memberSums()])
          .where('win', '=', w.name)
          .where('referrer', 'is not', null)
          .groupBy('referrer') as never,
      )
      .execute();
    const whole = await trx.selectFrom('report_window_members').select([sql<number>`count(*)`.as('members'), ...memberSumsOrZero()]).where('win', '=', w.name).executeTakeFirstOrThrow();
    const row = { name: w.name, from_day: w.from, to_day: w.to, members: n(whole.members), ...toSums(whole), built_at: now };
    await trx
      .insertInto('report_windows')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet(Object.fromEntries(Object.keys(row).filter((k) => k !== 'name').map((k) => [k, sql`excluded.${sql.ref(k)}`]))))
      .execute();
  });
}

/** reads in one snapshot (PostgreSQL's repeatable read; SQLite's transaction is one already) */
function inOneSnapshot<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(fn);
}

/**
 * A page in (key desc, tie asc) order read from the nearer end: the far half as the first rows of
 * the reverse order, so the last page costs what the first does (an offset walks the index).
 */
function fromNearerEnd(total: number, limit: number, offset: number) {
  if (offset + limit / 2 <= total / 2) return { limit, offset, reversed: false };
  const start = Math.max(0, total - offset - limit);
  return { limit: Math.max(0, total - offset - start), offset: start, reversed: true };
}

async function windowOver(db: Kysely<DB>, from: number, to: number) {
  return db.selectFrom('report_windows').selectAll().where('from_day', '=', from).where('to_day', '=', to).orderBy('name').limit(1).executeTakeFirst();
}

/**
 * membersPage over a kept window (null when no window has exactly these days): the page from the
 * (win, stake desc, member_id) index, the count and totals from the window's row.
 */
export async function windowMembersPage(db: Kysely<DB>, q: { from: number; to: number; limit: number; offset: number }) {
  return inOneSnapshot(db, async (trx) => {
    const w = await windowOver(trx, q.from, q.to);
    if (!w) return null;
    const total = n(w.members);
    const at = fromNearerEnd(total, q.limit, q.offset);
    const base = trx.selectFrom('report_window_members').select(['member_id', ...MEMBER_SUMS]).where('win', '=', w.name);
    const ordered = at.reversed ? base.orderBy('stake', 'asc').orderBy('member_id', 'desc') : base.orderBy('stake', 'desc').orderBy('member_id', 'asc');
    const rows = at.limit > 0 ? await ordered.limit(at.limit).offset(at.offset).execute() : [];
    if (at.reversed) rows.reverse();
    return { rows: rows.map((r) => ({ member_id: n(r.member_id), ...toSums(r) })), total, totals: toSums(w) };
  });
}

/** agentsPage over a kept window (null when no window has exactly these days) */
export async function windowAgentsPage(db: Kysely<DB>, q: { from: number; to: number; limit: number; offset: number }) {
  return inOneSnapshot(db, async (trx) => {
    const w = await windowOver(trx, q.from, q.to);
    if (!w) return null;
    const whole = await trx
      .selectFrom('report_window_referrers')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(members), 0)`.as('members'), ...memberSumsOrZero()])
      .where('win', '=', w.name)
      .executeTakeFirstOrThrow();
    const total = n(whole.n);
    const at = fromNearerEnd(total, q.limit, q.offset);
    const base = trx.selectFrom('report_window_referrers').select(['referrer', 'members', ...MEMBER_SUMS]).where('win', '=', w.name);
    const ordered = at.reversed ? base.orderBy('stake', 'asc').orderBy('referrer', 'desc') : base.orderBy('stake', 'desc').orderBy('referrer', 'asc');
    const rows = at.limit > 0 ? await ordered.limit(at.limit).offset(at.offset).execute() : [];
    if (at.reversed) rows.reverse();
    return {
      rows: rows.map((r) => ({ referrer: String(r.referrer), members: n(r.members), ...toSums(r) })),
      total,
      totals: { members: n(whole.members), ...toSums(whole) },
    };
  });
}

// ---- download tokens ---------------------------------------------------------------------------

export async function saveDownload(db: Kysely<DB>, row: { token_hash: string; admin_id: number; params: string; expires_at: number }) {
  await db.insertInto('report_downloads').values({ ...row, used_at: null }).execute();
  // expired links are of no use: drop them as new ones are made
  await db.deleteFrom('report_downloads').where('expires_at', '<', Date.now() - DAY_MS).execute();
}

/** Uses a download token once: answers its operator and parameters, or null (unknown, used, expired). */
export async function takeDownload(db: Kysely<DB>, tokenHash: string, now: number) {
  const row = await db
    .updateTable('report_downloads')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['admin_id', 'params'])
    .executeTakeFirst();
  return row ? { adminId: n(row.admin_id), params: row.params } : null;
}

/** an operator's permission slugs while the operator is active (null: disabled or gone) */
export async function activeAdminPermissions(db: Kysely<DB>, adminId: number): Promise<string[] | null> {
  const row = await db
    .selectFrom('admins')
    .innerJoin('admin_roles', 'admin_roles.code', 'admins.role')
    .select(['admins.status', 'admin_roles.permissions'])
    .where('admins.id', '=', adminId)
    .executeTakeFirst();
  if (!row || n(row.status) !== 1) return null;
  try {
    const slugs: unknown = JSON.parse(row.permissions);
    return Array.isArray(slugs) ? slugs.map(String) : [];
  } catch {
    return [];
  }
}
