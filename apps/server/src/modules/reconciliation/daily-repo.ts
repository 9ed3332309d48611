import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of the daily reconciliation. Every query is bounded to one Beijing day [since, until)
 * through an index on the time column (migration 020, and 021's deposits_credited), and joins the
 * other side by its unique key or the ledger's reference index; lists of differences are limited.
 * It reads deposits, withdrawals, venue_transfers, ledger_entries, ledger_accounts and
 * venue_differences without changing them, and owns reconciliation_days and its items.
 */

type Db = Kysely<DB>;
const n = (v: unknown) => Number(v ?? 0);

/**
 * An entry's kind in a join condition, written so that no index is chosen for it: the entry is
 * found by its reference (ledger_entries_reference) and its kind only checked. Compared plainly,
 * a planner without statistics (SQLite) may reach for ledger_entries_kind_time instead and read
 * every entry of that kind for each row.
 */
const kindOf = (alias: 'e') => sql<string>`(${sql.ref(`${alias}.kind`)} || '')`;

/**
 * A deposit's status, written so that no index is chosen for it: the day's credited deposits are
 * found through 021's partial deposits_credited (credited_at, set only with status credited, which
 * is final) and their status only checked. Compared plainly, SQLite picks deposits_status
 * (status, created_at) and walks every credited deposit ever made (EXPLAIN; 358 ms against 1.8 ms
 * a day at 1,000,000 deposits).
 */
const statusOf = (alias?: 'd') => sql<string>`(${sql.ref(alias ? `${alias}.status` : 'status')} || '')`;

export interface Totals {
  count: number;
  sum: number;
}

// ---- deposits ---------------------------------------------------------------------------------

/** deposits credited in the window: how many and their credited fen */
export async function depositsCredited(db: Db, since: number, until: number): Promise<Totals> {
  const r = await db
    .selectFrom('deposits')
    .select((eb) => [eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('credited_amount').as('s')])
    .where('credited_at', '>=', since)
    .where('credited_at', '<', until)
    .where(statusOf(), '=', 'credited')
    .executeTakeFirstOrThrow();
  return { count: n(r.c), sum: n(r.s) };
}

/** ledger entries of a kind posted in the window */
export async function entriesOfKind(db: Db, kind: string, since: number, until: number): Promise<Totals> {
  const r = await db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('amount').as('s')])
    .where('kind', '=', kind)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  return { count: n(r.c), sum: n(r.s) };
}

/** credited deposits of the window whose credit entry is missing or moved another amount */
export async function depositsWithoutEntry(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('deposits as d')
    .leftJoin('ledger_entries as e', (j) => j.onRef('e.reference', '=', 'd.deposit_no').on(kindOf('e'), '=', 'deposit'))
    .select(['d.deposit_no', 'd.member_id', 'd.credited_amount', 'd.credited_at', 'e.id as entry_id', 'e.amount as entry_amount'])
    .where('d.credited_at', '>=', since)
    .where('d.credited_at', '<', until)
    .where(statusOf('d'), '=', 'credited')
    .where((eb) => eb.or([eb('e.id', 'is', null), eb('e.amount', '<>', eb.ref('d.credited_amount'))]))
    .orderBy('d.credited_at')
    .limit(limit)
    .execute();
}

/** credited deposits of the window with a bonus whose bonus entry is missing */
export async function bonusesWithoutEntry(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('deposits as d')
    .leftJoin('ledger_entries as e', (j) => j.onRef('e.reference', '=', 'd.deposit_no').on(kindOf('e'), '=', 'bonus'))
    .select(['d.deposit_no', 'd.member_id', 'd.bonus_amount'])
    .where('d.credited_at', '>=', since)
    .where('d.credited_at', '<', until)
    .where(statusOf('d'), '=', 'credited')
    .where('d.bonus_amount', '>', 0)
    .where('e.id', 'is', null)
    .orderBy('d.credited_at')
    .limit(limit)
    .execute();
}

/** deposit entries of the window whose deposit is unknown or not credited */
export async function depositEntriesWithoutDeposit(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('ledger_entries as e')
    .leftJoin('deposits as d', 'd.deposit_no', 'e.reference')
    .select(['e.id', 'e.reference', 'e.amount', 'e.idempotency_key', 'e.to_account_id', 'd.status', 'd.member_id'])
    .where('e.kind', '=', 'deposit')
    .where('e.created_at', '>=', since)
    .where('e.created_at', '<', until)
    .where((eb) => eb.or([eb('d.id', 'is', null), eb('d.status', '<>', 'credited')]))
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

// ---- withdrawals ------------------------------------------------------------------------------

/** withdrawals submitted in the window */
export async function withdrawalsCreated(db: Db, since: number, until: number): Promise<Totals> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('amount').as('s')])
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow();
  return { count: n(r.c), sum: n(r.s) };
}

/** withdrawals decided in the window into a state (2 approved, 3 rejected) */
export async function withdrawalsDecided(db: Db, state: number, since: number, until: number): Promise<Totals> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('amount').as('s')])
    .where('decided_at', '>=', since)
    .where('decided_at', '<', until)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return { count: n(r.c), sum: n(r.s) };
}

/**
 * withdrawals of the window (submitted, or decided into `state`) whose entry of `kind` is
 * missing or moved another amount
 */
export async function withdrawalsWithoutEntry(
  db: Db,
  q: { by: 'created_at' | 'decided_at'; state?: number; kind: string; since: number; until: number; limit: number },
) {
  const col = q.by === 'created_at' ? ('w.created_at' as const) : ('w.decided_at' as const);
  let query = db
    .selectFrom('withdrawals as w')
    .leftJoin('ledger_entries as e', (j) => j.onRef('e.reference', '=', 'w.withdraw_no').on(kindOf('e'), '=', q.kind))
    .select(['w.withdraw_no', 'w.member_id', 'w.amount', 'w.state', 'e.id as entry_id', 'e.amount as entry_amount'])
    .where(col, '>=', q.since)
    .where(col, '<', q.until)
    .where((eb) => eb.or([eb('e.id', 'is', null), eb('e.amount', '<>', eb.ref('w.amount'))]));
  if (q.state !== undefined) query = query.where('w.state', '=', q.state);
  return query.orderBy(col).limit(q.limit).execute();
}

/** withdrawal entries of the window whose withdrawal is unknown, or not in the state the entry means */
export async function withdrawalEntriesWithoutWithdrawal(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('ledger_entries as e')
    .leftJoin('withdrawals as w', 'w.withdraw_no', 'e.reference')
    .select(['e.id', 'e.kind', 'e.reference', 'e.amount', 'w.state', 'w.member_id'])
    .where('e.kind', 'in', ['withdraw_hold', 'withdraw_payout', 'withdraw_return'])
    .where('e.created_at', '>=', since)
    .where('e.created_at', '<', until)
    .where((eb) =>
      eb.or([
        eb('w.id', 'is', null),
        eb.and([eb('e.kind', '=', 'withdraw_payout'), eb('w.state', '<>', 2)]),
        eb.and([eb('e.kind', '=', 'withdraw_return'), eb('w.state', '<>', 3)]),
      ]),
    )
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

// ---- venue transfers --------------------------------------------------------------------------

/** transfers settled in the window, per platform, direction and outcome */
export async function transfersSettled(db: Db, since: number, until: number) {
  const rows = await db
    .selectFrom('venue_transfers')
    .select((eb) => ['platform', 'direction', 'status', eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('amount').as('s')])
    .where('status', 'in', [0, 1])
    .where('settled_at', '>=', since)
    .where('settled_at', '<', until)
    .groupBy(['platform', 'direction', 'status'])
    .execute();
  return rows.map((r) => ({ platform: r.platform, direction: r.direction, status: Number(r.status), count: n(r.c), sum: n(r.s) }));
}

/** entries to (venue_transfer_out) and from (venue_transfer_in) each venue clearing account in the window */
export async function clearingMovements(db: Db, since: number, until: number) {
  const [outs, ins] = await Promise.all(
    (
      [
        ['venue_transfer_out', 'e.to_account_id'],
        ['venue_transfer_in', 'e.from_account_id'],
      ] as const
    ).map(([kind, side]) =>
      db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', side)
        .select((eb) => ['a.code', eb.fn.countAll<number | string>().as('c'), eb.fn.sum<number | string>('e.amount').as('s')])
        .where('e.kind', '=', kind)
        .where('e.created_at', '>=', since)
        .where('e.created_at', '<', until)
        .groupBy('a.code')
        .execute(),
    ),
  );
  const platformOf = (code: string) => /^venue:(.+):clearing$/.exec(code)?.[1] ?? code;
  return {
    out: outs.map((r) => ({ platform: platformOf(r.code), count: n(r.c), sum: n(r.s) })),
    in: ins.map((r) => ({ platform: platformOf(r.code), count: n(r.c), sum: n(r.s) })),
  };
}

/** the venue clearing accounts' balances now (one row per venue) */
export async function clearingBalances(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).where('kind', '=', 'venue_clearing').execute();
  return new Map(rows.map((r) => [/^venue:(.+):clearing$/.exec(r.code)?.[1] ?? r.code, n(r.balance)]));
}

/** the ledger kind a settled transfer's outcome posts */
export function outcomeKind(direction: string, status: number): string | null {
  if (direction === 'to_venue') return status === 1 ? 'venue_transfer_out' : status === 0 ? 'transit_return' : null;
  return status === 1 ? 'venue_transfer_in' : null;
}

/**
 * transfers settled in the window with a ledger outcome (success either way, a failed transfer in)
 * whose outcome entry is missing or moved another amount
 */
export async function transfersWithoutEntry(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('venue_transfers as t')
    .leftJoin('ledger_entries as e', (j) =>
      j.on(sql<boolean>`e.reference = ${sql.lit('transfer:')} || t.transfer_id`).on((eb) =>
        eb(
          kindOf('e'),
          '=',
          eb
            .case()
            .when(eb.and([eb('t.direction', '=', 'to_venue'), eb('t.status', '=', 1)]))
            .then(sql.lit('venue_transfer_out'))
            .when(eb('t.direction', '=', 'to_venue'))
            .then(sql.lit('transit_return'))
            .else(sql.lit('venue_transfer_in'))
            .end(),
        ),
      ),
    )
    .select(['t.transfer_id', 't.member_id', 't.platform', 't.direction', 't.status', 't.amount', 'e.id as entry_id', 'e.amount as entry_amount'])
    .where('t.settled_at', '>=', since)
    .where('t.settled_at', '<', until)
    .where((eb) => eb.or([eb('t.status', '=', 1), eb.and([eb('t.status', '=', 0), eb('t.direction', '=', 'to_venue')])]))
    .where((eb) => eb.or([eb('e.id', 'is', null), eb('e.amount', '<>', eb.ref('t.amount'))]))
    .orderBy('t.settled_at')
    .limit(limit)
    .execute();
}

/** transfer outcome entries of the window whose transfer is unknown or did not end that way */
export async function transferEntriesWithoutTransfer(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('ledger_entries as e')
    .leftJoin('venue_transfers as t', (j) => j.on(sql<boolean>`t.transfer_id = substr(e.reference, 10)`))
    .select(['e.id', 'e.kind', 'e.reference', 'e.amount', 't.status', 't.direction', 't.platform', 't.member_id'])
    .where('e.kind', 'in', ['venue_transfer_out', 'venue_transfer_in', 'transit_return'])
    .where('e.created_at', '>=', since)
    .where('e.created_at', '<', until)
    .where((eb) =>
      eb.or([
        eb('t.id', 'is', null),
        eb.and([eb('e.kind', '=', 'venue_transfer_out'), eb.or([eb('t.status', '<>', 1), eb('t.direction', '<>', 'to_venue')])]),
        eb.and([eb('e.kind', '=', 'venue_transfer_in'), eb.or([eb('t.status', '<>', 1), eb('t.direction', '<>', 'from_venue')])]),
        eb.and([eb('e.kind', '=', 'transit_return'), eb.or([eb('t.status', '<>', 0), eb('t.direction', '<>', 'to_venue')])]),
      ]),
    )
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

// ---- venue balances ---------------------------------------------------------------------------

/** members with a transfer started, or a bet pulled, in the window (at most `limit`) */
export async function activeMembers(db: Db, since: number, until: number, limit: number): Promise<{ members: number[]; more: boolean }> {
  const [moved, played] = await Promise.all([
    db.selectFrom('venue_transfers').select('member_id').distinct().where('created_at', '>=', since).where('created_at', '<', until).limit(limit + 1).execute(),
    db.selectFrom('bets').select('member_id').distinct().where('pulled_at', '>=', since).where('pulled_at', '<', until).limit(limit + 1).execute(),
  ]);
  const all = [...new Set([...moved, ...played].map((r) => Number(r.member_id)))].sort((a, b) => a - b);
  return { members: all.slice(0, limit), more: all.length > limit };
}

/** venue differences found in the window, or open and seen by a run since `checkedSince` */
export async function venueDifferences(db: Db, since: number, until: number, checkedSince: number, limit: number) {
  return db
    .selectFrom('venue_differences as v')
    .innerJoin('members as m', 'm.id', 'v.member_id')
    .selectAll('v')
    .select('m.username')
    .where((eb) =>
      eb.or([
        eb.and([eb('v.found_at', '>=', since), eb('v.found_at', '<', until)]),
        eb.and([eb('v.state', '=', 'open'), eb('v.checked_at', '>=', checkedSince)]),
      ]),
    )
    .orderBy('v.id')
    .limit(limit)
    .execute();
}

export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

// ---- gateway ----------------------------------------------------------------------------------

/** online orders paid in the window (credited or sent to review) */
export async function onlinePaid(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('deposits')
    .select(['deposit_no', 'member_id', 'status', 'amount', 'paid_amount', 'gateway'])
    .where('paid_at', '>=', since)
    .where('paid_at', '<', until)
    .where('kind', '=', 'online')
    .orderBy('paid_at')
    .limit(limit)
    .execute();
}

/** online orders created in the window that ended unpaid on our side (expired or failed) */
export async function onlineUnpaid(db: Db, since: number, until: number, limit: number) {
  return db
    .selectFrom('deposits')
    .select(['deposit_no', 'member_id', 'status', 'amount', 'paid_amount', 'gateway'])
    .where('status', 'in', ['expired', 'failed'])
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .where('kind', '=', 'online')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

// ---- stored results ---------------------------------------------------------------------------

export interface ItemRow {
  check_name: string;
  kind: string;
  reference: string;
  refs: Record<string, string | number>;
  expected: number | null;
  actual: number | null;
  note: string;
}

export function dayRow(db: Db, day: string) {
  return db.selectFrom('reconciliation_days').selectAll().where('day', '=', day).executeTakeFirst();
}

/** how long a run may hold a day before another process may take it over, and a request's grace */
export interface Lease {
  /** a running day whose run started before this is taken as dead */
  runningBefore: number;
  /** a queued day asked for before this (its process never started it) is taken as dead */
  queuedBefore: number;
}

/**
 * Asks for a day's run: inserts the day queued, or sets it queued again when it is done, failed
 * or left behind by a dead run (stale lease). Answers false when a live run has it (queued or
 * running): the request is then the same one and changes nothing. One statement, so two requests
 * at once accept one (PostgreSQL re-checks the condition on the row the other committed; SQLite
 * writes one at a time).
 */
export async function requestDay(db: Db, day: string, by: string, now: number, lease: Lease): Promise<boolean> {
  const r = await db
    .insertInto('reconciliation_days')
    .values({ day, state: 'queued', requested_at: now, requested_by: by, started_at: null, holder: null, error: null })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet({ state: 'queued', requested_at: now, requested_by: by, started_at: null, holder: null, error: null })
        .where((eb) =>
          eb.or([
            eb('reconciliation_days.state', 'in', ['done', 'failed']),
            eb.and([eb('reconciliation_days.state', '=', 'running'), eb('reconciliation_days.started_at', '<', lease.runningBefore)]),
            eb.and([eb('reconciliation_days.state', '=', 'queued'), eb('reconciliation_days.requested_at', '<', lease.queuedBefore)]),
          ]),
        ),
    )
    .returning('day')
    .executeTakeFirst();
  return r !== undefined;
}

/** Takes a queued day for this process (holder); false when another process took it first. */
export async function claimDay(db: Db, day: string, holder: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('reconciliation_days')
    .set({ state: 'running', started_at: now, holder })
    .where('day', '=', day)
    .where('state', '=', 'queued')
    .returning('day')
    .executeTakeFirst();
  return r !== undefined;
}

/** days whose run was left behind by a process that stopped (oldest first) */
export async function staleDays(db: Db, lease: Lease, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('reconciliation_days')
    .select('day')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('requested_at', '<', lease.queuedBefore)]),
        // started_at >= requested_at: the index's range on requested_at bounds the running ones too
        eb.and([eb('state', '=', 'running'), eb('requested_at', '<', lease.runningBefore), eb('started_at', '<', lease.runningBefore)]),
      ]),
    )
    .orderBy('requested_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.day);
}

/**
 * Stores a day's result in place of the previous one, if this process still holds the day's run
 * (else another process took the lease over, and this result is dropped). The day's row is
 * updated first, which locks it; the items are then replaced in the same transaction.
 */
export async function finishDay(
  db: Db,
  r: { day: string; holder: string; status: string; differences: number; checks: string; computedAt: number; computedBy: string; durationMs: number },
  items: ItemRow[],
): Promise<boolean> {
  const held = await db
    .updateTable('reconciliation_days')
    .set((eb) => ({
      state: 'done',
      error: null,
      status: r.status,
      differences: r.differences,
      checks: r.checks,
      computed_at: r.computedAt,
      computed_by: r.computedBy,
      duration_ms: r.durationMs,
      runs: eb('runs', '+', 1),
    }))
    .where('day', '=', r.day)
    .where('state', '=', 'running')
    .where('holder', '=', r.holder)
    .returning('day')
    .executeTakeFirst();
  if (!held) return false;
  await db.deleteFrom('reconciliation_day_items').where('day', '=', r.day).execute();
  for (let i = 0; i < items.length; i += 200) {
    await db
      .insertInto('reconciliation_day_items')
      .values(
        items.slice(i, i + 200).map((it) => ({
          day: r.day,
          check_name: it.check_name,
          kind: it.kind,
          reference: it.reference.slice(0, 160),
          refs: JSON.stringify(it.refs),
          expected: it.expected,
          actual: it.actual,
          note: it.note.slice(0, 300),
        })),
      )
      .execute();
  }
  return true;
}

/** Marks this process's run of a day failed (the previous result stays). */
export async function failDay(db: Db, day: string, holder: string, error: string) {
  await db
    .updateTable('reconciliation_days')
    .set({ state: 'failed', error: error.slice(0, 300) })
    .where('day', '=', day)
    .where('state', '=', 'running')
    .where('holder', '=', holder)
    .execute();
}

export async function listItems(db: Db, q: { day: string; check?: string; limit: number; offset: number }) {
  let base = db.selectFrom('reconciliation_day_items').where('day', '=', q.day);
  if (q.check) base = base.where('check_name', '=', q.check);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id').limit(q.limit).offset(q.offset).execute(),
  ]);
  return { rows, total: n(count.n) };
}

export async function listDays(db: Db, limit: number, offset: number) {
  const [count, rows] = await Promise.all([
    db.selectFrom('reconciliation_days').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('reconciliation_days')
      .select(['day', 'state', 'status', 'differences', 'computed_at', 'computed_by', 'requested_by'])
      .orderBy('day', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: n(count.n) };
}
