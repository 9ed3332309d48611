import type { Kysely } from 'kysely';
import type { DB, DifferenceState, VenueDifference } from '../../db/schema.ts';

/**
 * SQL of the venue reconciliation. It reads the transfers and bets tables (written by the
 * transfers and bets modules) without changing them, and owns venue_differences and
 * reconciliation_marks.
 */

/** per platform: money that reached the venue and money that came back (settled transfers only) */
export async function transferSums(db: Kysely<DB>, memberId: number): Promise<Map<string, { sentIn: number; takenOut: number; pending: number }>> {
  const rows = await db
    .selectFrom('venue_transfers')
    .select((eb) => [
      'platform',
      eb.fn.sum<number | string>(eb.case().when(eb.and([eb('direction', '=', 'to_venue'), eb('status', '=', 1)])).then(eb.ref('amount')).else(0).end()).as('sent_in'),
      eb.fn.sum<number | string>(eb.case().when(eb.and([eb('direction', '=', 'from_venue'), eb('status', '=', 1)])).then(eb.ref('amount')).else(0).end()).as('taken_out'),
      eb.fn.sum<number | string>(eb.case().when('status', '=', 2).then(1).else(0).end()).as('pending'),
    ])
    .where('member_id', '=', memberId)
    .groupBy('platform')
    .execute();
  return new Map(rows.map((r) => [r.platform, { sentIn: Number(r.sent_in ?? 0), takenOut: Number(r.taken_out ?? 0), pending: Number(r.pending ?? 0) }]));
}

/**
 * per platform: the member's net game result from the bet feed as the venue's wallet saw it.
 * A settled bet (1) moved its win/loss; an unsettled one (2) has taken its stake and paid
 * nothing yet; a void one (0) gave its stake back.
 */
export async function gameResults(db: Kysely<DB>, memberId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('bets')
    .select((eb) => [
      'platform',
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when('status', '=', 1)
            .then(eb.ref('win_loss'))
            .when('status', '=', 2)
            .then(eb.neg(eb.ref('bet_amount')))
            .else(0)
            .end(),
        )
        .as('net'),
    ])
    .where('member_id', '=', memberId)
    // issue 38: a seamless round played from the central wallet, never from a venue balance
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('seamless_rounds as s').select('s.venue').whereRef('s.venue', '=', 'bets.platform').whereRef('s.debit_tx_id', '=', 'bets.bet_id'))))
    .groupBy('platform')
    .execute();
  return new Map(rows.map((r) => [r.platform, Number(r.net ?? 0)]));
}

/** members with a transfer started, or a bet pulled, in [since, until) */
export async function activeMembers(db: Kysely<DB>, since: number, until: number, limit: number): Promise<number[]> {
  const [moved, played] = await Promise.all([
    db.selectFrom('venue_transfers').select('member_id').distinct().where('created_at', '>=', since).where('created_at', '<', until).limit(limit).execute(),
    db.selectFrom('bets').select('member_id').distinct().where('pulled_at', '>=', since).where('pulled_at', '<', until).limit(limit).execute(),
  ]);
  return [...new Set([...moved, ...played].map((r) => Number(r.member_id)))].sort((a, b) => a - b).slice(0, limit);
}

/** the next members of the daily sweep: those with a player at some provider, by id */
export async function sweepMembers(db: Kysely<DB>, after: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('venue_players').select('member_id').distinct().where('member_id', '>', after).orderBy('member_id').limit(limit).execute();
  return rows.map((r) => Number(r.member_id));
}

export async function providersOf(db: Kysely<DB>, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom('venue_players').select('provider').where('member_id', '=', memberId).execute();
  return rows.map((r) => r.provider);
}

// ---- differences ----------------------------------------------------------------------------

export interface Figures {
  sentIn: number;
  takenOut: number;
  gameResult: number;
  expected: number;
  reported: number;
  difference: number;
}

/**
 * Records a difference, or refreshes the figures of the open one for the same member and venue
 * (the partial unique index keeps one open per pair even when two runs race). Answers whether it
 * is new.
 */
export async function recordDifference(db: Kysely<DB>, memberId: number, platform: string, f: Figures, now: number): Promise<{ id: number; isNew: boolean }> {
  const figures = {
    sent_in: f.sentIn,
    taken_out: f.takenOut,
    game_result: f.gameResult,
    expected: f.expected,
    reported: f.reported,
    difference: f.difference,
    checked_at: now,
  };
  const updated = await db
    .updateTable('venue_differences')
    .set(figures)
    .where('member_id', '=', memberId)
    .where('platform', '=', platform)
    .where('state', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (updated) return { id: Number(updated.id), isNew: false };
  const inserted = await db
    .insertInto('venue_differences')
    .values({ member_id: memberId, platform, state: 'open', ...figures, found_at: now, resolved_at: null, resolved_by: null, note: null })
    // no conflict target: the only unique rule a new row can break is the one open row per pair
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), isNew: true };
  // another run inserted it between our update and insert: theirs stands, with our figures
  return recordDifference(db, memberId, platform, f, now);
}

export async function hasOpen(db: Kysely<DB>, memberId: number, platform: string): Promise<boolean> {
  const row = await db
    .selectFrom('venue_differences')
    .select('id')
    .where('member_id', '=', memberId)
    .where('platform', '=', platform)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function openPlatforms(db: Kysely<DB>, memberId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('venue_differences').select('platform').where('member_id', '=', memberId).where('state', '=', 'open').execute();
  return new Set(rows.map((r) => r.platform));
}

export async function countByState(db: Kysely<DB>, state: DifferenceState): Promise<number> {
  const row = await db
    .selectFrom('venue_differences')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DifferenceRow = VenueDifference & { username: string; venue_name: string | null };

/** one page, newest first, from the (state, found_at, id) or (found_at, id) index */
export async function listDifferences(db: Kysely<DB>, q: { state?: DifferenceState; limit: number; offset: number }): Promise<{ rows: DifferenceRow[]; total: number }> {
  let base = db.selectFrom('venue_differences');
  if (q.state) base = base.where('venue_differences.state', '=', q.state);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('members', 'members.id', 'venue_differences.member_id')
      // issue 25: the venue by name
      .leftJoin('venues', 'venues.platform', 'venue_differences.platform')
      .selectAll('venue_differences')
      .select(['members.username', 'venues.name as venue_name'])
      .orderBy('venue_differences.found_at', 'desc')
      .orderBy('venue_differences.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export function differenceById(db: Kysely<DB>, id: number): Promise<VenueDifference | undefined> {
  return db.selectFrom('venue_differences').selectAll().where('id', '=', id).executeTakeFirst();
}

/** open -> resolved, once: false when it was not open */
export async function resolveDifference(db: Kysely<DB>, id: number, by: string, note: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('venue_differences')
    .set({ state: 'resolved', resolved_at: now, resolved_by: by, note })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the job's marks ----------------------------------------------------------------------

export async function mark(db: Kysely<DB>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('reconciliation_marks').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function setMark(db: Kysely<DB>, name: string, value: string) {
  await db
    .insertInto('reconciliation_marks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
