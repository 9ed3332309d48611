import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { beijingDayNumber, beijingDayOf, beijingDayStartMs, DAY_MS } from '../../db/beijing-day.ts';
import type { DB } from '../../db/schema.ts';
import { firstDepositsOf } from '../wallet/index.ts';
import { monthDays } from './figures.ts';

/**
 * The agents' figure rollup (issue 20): agent_member_days, one row per Beijing day x agent x
 * downline member, RECOMPUTED from the ledger and the settled bets of that day (absolute
 * values, so a re-run gives the same rows and the figures always agree with the records):
 * - ledger entries of kinds deposit, withdraw_payout, bonus, rebate, red_packet touching a
 *   member's account, each counted for the agent the member belonged to at the entry's time;
 * - settled bets by their Beijing settlement day (the bets_bj_day_member index), for the agent
 *   of the member at the bet's settlement;
 * - registrations (the member's link at sign-up) and first deposits (agent_first_deposits).
 * The job (every minute, under the scheduler's lease) recomputes today and yesterday, and any
 * older day a late bet record lands on (a cursor over bets.id finds them). Ledger entries are
 * written at the time they carry, so today and yesterday hold every one of them.
 * A settlement recomputes its whole month first (rollupMonth), so a statement never misses one.
 */

const n = (v: unknown) => Number(v ?? 0);
const INSERT_CHUNK = 400;
const KINDS = ['deposit', 'withdraw_payout', 'bonus', 'rebate', 'red_packet'] as const;

interface Row {
  agent_id: number;
  day: number;
  member_id: number;
  registered: number;
  first_deposit: number;
  first_deposit_amount: number;
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  bet_count: number;
  stake: number;
  valid: number;
  result: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
}
const COLUMNS = ['registered', 'first_deposit', 'first_deposit_amount', 'deposits', 'deposit_count', 'withdrawals', 'bet_count', 'stake', 'valid', 'result', 'bonuses', 'rebates', 'red_packets'] as const;

/** the link of the member at the time in `at` (an SQL expression) */
const linkAt = (at: string) => sql<boolean>`l.from_ms <= ${sql.ref(at)} and (l.to_ms is null or ${sql.ref(at)} < l.to_ms)`;

/** Recomputes one Beijing day's rows (day number). Answers how many rows the day has. */
export async function rollupDay(db: Kysely<DB>, day: number): Promise<number> {
  const from = beijingDayStartMs(day);
  const to = from + DAY_MS;
  const rows = new Map<string, Row>();
  const rowOf = (agentId: number, memberId: number): Row => {
    const k = `${agentId}|${memberId}`;
    let r = rows.get(k);
    if (!r) {
      r = { agent_id: agentId, day, member_id: memberId, registered: 0, first_deposit: 0, first_deposit_amount: 0, deposits: 0, deposit_count: 0, withdrawals: 0, bet_count: 0, stake: 0, valid: 0, result: 0, bonuses: 0, rebates: 0, red_packets: 0 };
      rows.set(k, r);
    }
    return r;
  };

  // ledger money of linked members, per agent of the entry's moment
  const money = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as ta', 'ta.id', 'e.to_account_id')
    .innerJoin('ledger_accounts as fa', 'fa.id', 'e.from_account_id')
    .innerJoin('agent_links as l', (j) => j.on(sql<boolean>`l.member_id = coalesce(ta.member_id, fa.member_id)`).on(linkAt('e.created_at')))
    .select([
      'l.agent_id',
      'l.member_id',
      'e.kind',
      sql<number>`case when ta.member_id is null then 0 else 1 end`.as('to_member'),
      sql<number>`sum(e.amount)`.as('amount'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('e.kind', 'in', [...KINDS])
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy(['l.agent_id', 'l.member_id', 'e.kind', sql`case when ta.member_id is null then 0 else 1 end`])
    .execute();
  const depositors = new Set<number>();
  for (const m of money) {
    const r = rowOf(n(m.agent_id), n(m.member_id));
    const amount = n(m.amount);
    // credits to the member count up, a clawback from the member counts down
    const signed = n(m.to_member) === 1 ? amount : -amount;
    if (m.kind === 'deposit') {
      r.deposits += amount;
      r.deposit_count += n(m.n);
      depositors.add(n(m.member_id));
    } else if (m.kind === 'withdraw_payout') r.withdrawals += amount;
    else if (m.kind === 'bonus') r.bonuses += signed;
    else if (m.kind === 'rebate') r.rebates += signed;
    else if (m.kind === 'red_packet') r.red_packets += signed;
  }

  // settled bets of the day (by settlement), per agent of the settlement's moment
  const bets = await db
    .selectFrom('bets as b')
    .innerJoin('agent_links as l', (j) => j.onRef('l.member_id', '=', 'b.member_id').on(linkAt('b.settled_at')))
    .select([
      'l.agent_id',
      'b.member_id',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(b.bet_amount)`.as('stake'),
      sql<number>`sum(b.valid_amount)`.as('valid'),
      sql<number>`sum(b.win_loss)`.as('result'),
    ])
    .where('b.status', '=', 1)
    .where(beijingDayOf('b.settled_at'), '=', day)
    .groupBy(['l.agent_id', 'b.member_id'])
    .execute();
  for (const b of bets) {
    const r = rowOf(n(b.agent_id), n(b.member_id));
    r.bet_count += n(b.n);
    r.stake += n(b.stake);
    r.valid += n(b.valid);
    r.result += n(b.result);
  }

  // sign-ups of the day that came with an agent
  const joined = await db
    .selectFrom('members as m')
    .innerJoin('agent_links as l', (j) => j.onRef('l.member_id', '=', 'm.id').on(linkAt('m.created_at')))
    .select(['l.agent_id', 'm.id'])
    .where('m.created_at', '>=', from)
    .where('m.created_at', '<', to)
    .execute();
  for (const j of joined) rowOf(n(j.agent_id), n(j.id)).registered = 1;

  // first deposits: each depositing member's first credited deposit (wallet's firstDepositsOf,
  // the one definition the daily report uses too; issue 34), kept once seen: each member is
  // looked up once
  const depositorIds = [...depositors];
  for (let i = 0; i < depositorIds.length; i += INSERT_CHUNK) {
    const some = depositorIds.slice(i, i + INSERT_CHUNK);
    const known = new Set((await db.selectFrom('agent_first_deposits').select('member_id').where('member_id', 'in', some).execute()).map((r) => n(r.member_id)));
    const chunk = some.filter((id) => !known.has(id));
    if (!chunk.length) continue;
    const values = await firstDepositsOf(db, chunk);
    if (values.length) await db.insertInto('agent_first_deposits').values(values).onConflict((oc) => oc.column('member_id').doNothing()).execute();
  }
  const firsts = await db
    .selectFrom('agent_first_deposits as f')
    .innerJoin('agent_links as l', (j) => j.onRef('l.member_id', '=', 'f.member_id').on(linkAt('f.at')))
    .select(['l.agent_id', 'f.member_id', 'f.amount'])
    .where('f.at', '>=', from)
    .where('f.at', '<', to)
    .execute();
  for (const f of firsts) {
    const r = rowOf(n(f.agent_id), n(f.member_id));
    r.first_deposit = 1;
    r.first_deposit_amount = n(f.amount);
  }

  // the same row order in every writer: two recomputes inserting one day's new keys in different
  // orders would each wait on the other's key (a PostgreSQL deadlock, seen once as a 500 when
  // three operators re-ran a month at the same moment)
  const all = [...rows.values()].sort((a, b) => a.agent_id - b.agent_id || a.member_id - b.member_id);
  await db.transaction().execute(async (trx) => {
    // one recompute of a day at a time (SQLite's writer is single already)
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(20020, ${day}::int)`.execute(trx);
    await trx.deleteFrom('agent_member_days').where('day', '=', day).execute();
    for (let i = 0; i < all.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('agent_member_days')
        .values(all.slice(i, i + INSERT_CHUNK))
        // two recomputes of one day at once: the later one's absolute values win
        .onConflict((oc) => oc.columns(['agent_id', 'day', 'member_id']).doUpdateSet(Object.fromEntries(COLUMNS.map((c) => [c, sql.ref(`excluded.${c}`)]))))
        .execute();
    }
  });
  return all.length;
}

async function mark(db: Kysely<DB>, name: string): Promise<number | null> {
  const row = await db.selectFrom('agent_marks').select('value').where('name', '=', name).executeTakeFirst();
  return row ? n(row.value) : null;
}
export async function setMark(db: Kysely<DB>, name: string, value: number) {
  await db.insertInto('agent_marks').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}
export { mark as readMark };

/**
 * Days older than yesterday that late bet records landed on since the last look: settled bets
 * with an id past the cursor (the first look starts at the newest bet: nothing before the
 * programme can belong to an agent).
 */
async function lateBetDays(db: Kysely<DB>, before: number): Promise<Set<number>> {
  const days = new Set<number>();
  let cursor = await mark(db, 'bets_id');
  if (cursor === null) {
    const last = await db.selectFrom('bets').select(sql<number>`max(id)`.as('id')).executeTakeFirst();
    await setMark(db, 'bets_id', n(last?.id));
    return days;
  }
  for (;;) {
    const rows = await db.selectFrom('bets').select(['id', 'settled_at', 'status']).where('id', '>', cursor).orderBy('id').limit(5000).execute();
    if (!rows.length) break;
    for (const r of rows) if (n(r.status) === 1 && r.settled_at !== null && beijingDayNumber(n(r.settled_at)) < before) days.add(beijingDayNumber(n(r.settled_at)));
    cursor = n(rows[rows.length - 1].id);
    if (rows.length < 5000) break;
  }
  await setMark(db, 'bets_id', cursor);
  return days;
}

/** the mark of when the last pass started (wall clock ms): the portal says how fresh its figures are (issue 34) */
export const ROLLUP_AT_MARK = 'rollup_at';

/** One pass of the job at `now`: today, yesterday and the days late bets landed on. */
export async function rollupTick(db: Kysely<DB>, now: number): Promise<number[]> {
  // the wall clock, not `now` (the promotions clock of tests): a pass sees the records written before it started
  const started = Date.now();
  const today = beijingDayNumber(now);
  const days = new Set([today - 1, today, ...(await lateBetDays(db, today - 1))]);
  for (const day of days) await rollupDay(db, day);
  await setMark(db, ROLLUP_AT_MARK, started);
  return [...days].sort((a, b) => a - b);
}

/** Every day of a Beijing month up to `now` recomputed (before a settlement reads it). */
export async function rollupMonth(db: Kysely<DB>, month: string, now: number): Promise<void> {
  const { first, end } = monthDays(month);
  const last = Math.min(end - 1, beijingDayNumber(now));
  for (let day = first; day <= last; day++) await rollupDay(db, day);
}
