import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, ResponsibleChangesTable } from '../../db/schema.ts';

type Q = Kysely<DB> | Transaction<DB>;
export type ResponsibleChange = Selectable<ResponsibleChangesTable>;

/** SQL of the responsible-play module only (issue 22). */

export function changesOf(db: Q, memberId: number): Promise<ResponsibleChange[]> {
  return db.selectFrom('responsible_changes').selectAll().where('member_id', '=', memberId).orderBy('id', 'asc').execute();
}

export function insertChange(db: Q, row: Insertable<ResponsibleChangesTable>) {
  return db.insertInto('responsible_changes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** the latest end of the breaks in force at `now` (null: none) */
export async function breakEnd(db: Q, memberId: number, now: number): Promise<{ kind: string; ends_at: number; effective_at: number } | null> {
  const row = await db
    .selectFrom('responsible_changes')
    .select(['kind', 'ends_at', 'effective_at'])
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['timeout', 'exclusion'])
    .where('effective_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { kind: row.kind, ends_at: Number(row.ends_at), effective_at: Number(row.effective_at) } : null;
}

/** member ids on a break at `now`, as a sub-select other queries exclude */
export function onBreakIds(db: Q, now: number) {
  return db
    .selectFrom('responsible_changes')
    .select('member_id')
    .where('kind', 'in', ['timeout', 'exclusion'])
    .where('effective_at', '<=', now)
    .where('ends_at', '>', now);
}

/**
 * Fen a member's deposit limits count in [from, to) (issue 33, DESIGN.md section 4): orders still
 * waiting (pending, in review) by their amount when created, credited ones by what was credited
 * when it was (late and mismatched payments an operator approved included). `except` leaves one
 * order out: the one under review, whose own count is what its approval replaces.
 */
export async function depositedBetween(db: Q, memberId: number, from: number, to: number, except?: string): Promise<number> {
  let waiting = db
    .selectFrom('deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', 'in', ['pending', 'review']);
  let credited = db
    .selectFrom('deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('credited_amount'), sql<number>`0`).as('n'))
    .where('member_id', '=', memberId)
    .where('credited_at', '>=', from)
    .where('credited_at', '<', to)
    .where('status', '=', 'credited');
  if (except) {
    waiting = waiting.where('deposit_no', '<>', except);
    credited = credited.where('deposit_no', '<>', except);
  }
  const [a, b] = [await waiting.executeTakeFirstOrThrow(), await credited.executeTakeFirstOrThrow()];
  return Number(a.n) + Number(b.n);
}

/** the member's net result of bets settled in [from, to), fen (positive: the member won) */
export async function netResultBetween(db: Q, memberId: number, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('win_loss'), sql<number>`0`).as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 1)
    .where('settled_at', '>=', from)
    .where('settled_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The member's settled bets placed in [from, to): count, stake and net result (fen). The window
 * is on the bet's own time so the bets_member_time index (member_id, created_at) answers it.
 */
export async function sessionResult(db: Q, memberId: number, from: number, to: number): Promise<{ count: number; betAmount: number; net: number }> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number | string>('bet_amount'), sql<number>`0`).as('stake'),
      eb.fn.coalesce(eb.fn.sum<number | string>('win_loss'), sql<number>`0`).as('net'),
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), betAmount: Number(row.stake), net: Number(row.net) };
}

/** serialises a member's deposit orders within the transaction (SQLite transactions already are) */
export async function lockMember(trx: Transaction<DB>, dialect: 'sqlite' | 'postgres', memberId: number) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(22022, ${memberId}::int)`.execute(trx);
}

export function memberByUsername(db: Q, username: string) {
  return db.selectFrom('members').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
}

/** the back-office list: members with any change, or on a break of a kind, newest change first */
export async function listMembers(db: Q, q: { state?: string; username?: string; page: number; perPage: number; now: number }) {
  let base = db.selectFrom('responsible_changes as r').innerJoin('members as m', 'm.id', 'r.member_id');
  // the break in force is a member's newest break row: an extension (a time-out made a
  // self-exclusion) is a later row, and the earlier one no longer says what holds
  if (q.state === 'timeout' || q.state === 'exclusion')
    base = base
      .where('r.kind', '=', q.state)
      .where('r.effective_at', '<=', q.now)
      .where('r.ends_at', '>', q.now)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('responsible_changes as later').select('later.id').whereRef('later.member_id', '=', 'r.member_id').where('later.kind', 'in', ['timeout', 'exclusion']).whereRef('later.id', '>', 'r.id'))),
      );
  if (q.state === 'limits') base = base.where('r.kind', 'in', ['deposit', 'loss']);
  if (q.username) base = base.where('m.username', '=', q.username);
  const total = await base.select((eb) => eb.fn.count<number | string>(sql`distinct r.member_id`).as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['r.member_id', 'm.username', (eb) => eb.fn.max('r.id').as('last_id')])
    .groupBy(['r.member_id', 'm.username'])
    .orderBy('last_id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return { total: Number(total.n), rows: rows.map((r) => ({ member_id: Number(r.member_id), username: r.username })) };
}
