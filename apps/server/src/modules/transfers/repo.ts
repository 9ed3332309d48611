import { sql, type Kysely } from 'kysely';
import type { DB, TransferDirection, VenueTransfer } from '../../db/schema.ts';

// ---- transfers ---------------------------------------------------------------------------

export async function insertTransfer(
  db: Kysely<DB>,
  t: { transferId: string; memberId: number; platform: string; direction: TransferDirection; amount: number; now: number },
): Promise<VenueTransfer> {
  return db
    .insertInto('venue_transfers')
    .values({
      transfer_id: t.transferId,
      member_id: t.memberId,
      platform: t.platform,
      direction: t.direction,
      amount: t.amount,
      status: 2,
      created_at: t.now,
      settled_at: null,
      attempts: 0,
      last_error: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function transferById(db: Kysely<DB>, id: number): Promise<VenueTransfer | undefined> {
  return db.selectFrom('venue_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Pending -> settled, only from pending: answers false when another settler got there first
 * (on PostgreSQL the second waits for the first's row lock, then finds the status changed).
 */
export async function markSettled(db: Kysely<DB>, id: number, status: 0 | 1, now: number, error: string | null, attempted: boolean): Promise<boolean> {
  const row = await db
    .updateTable('venue_transfers')
    .set((eb) => ({
      status,
      settled_at: now,
      ...(error ? { last_error: error.slice(0, 500) } : {}),
      ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 2)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** one more venue call made for a transfer; its error when it gave no clear answer */
export async function noteAttempt(db: Kysely<DB>, id: number, error: string | null) {
  await db
    .updateTable('venue_transfers')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(error ? { last_error: error.slice(0, 500) } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** the reconciler's queue: pending transfers created before `before`, oldest first (index venue_transfers_status) */
export function pendingTransfers(db: Kysely<DB>, before: number, limit: number, transferId?: string): Promise<VenueTransfer[]> {
  let q = db.selectFrom('venue_transfers').selectAll();
  if (transferId !== undefined) q = q.where('transfer_id', '=', transferId);
  return q
    .where('status', '=', 2)
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One member's transfers of one direction in [since, until), newest first, from the member's index. */
export async function memberTransfers(
  db: Kysely<DB>,
  q: { memberId: number; direction: TransferDirection; platform: string | null; since: number; until: number; limit: number; offset: number },
): Promise<{ rows: VenueTransfer[]; total: number }> {
  let base = db
    .selectFrom('venue_transfers')
    .where('member_id', '=', q.memberId)
    .where('direction', '=', q.direction)
    .where('created_at', '>=', q.since)
    .where('created_at', '<', q.until);
  if (q.platform) base = base.where('platform', '=', q.platform);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * The newest transfer out of a venue for a member other than `exceptId`, started at or after
 * `since`, that succeeded or is still pending: what a racing recover-all finds moved the money.
 */
export function recentOtherWithdrawal(db: Kysely<DB>, q: { memberId: number; platform: string; exceptId: number; since: number }): Promise<Pick<VenueTransfer, 'status'> | undefined> {
  return db
    .selectFrom('venue_transfers')
    .select('status')
    .where('member_id', '=', q.memberId)
    .where('direction', '=', 'from_venue')
    .where('platform', '=', q.platform)
    .where('created_at', '>=', q.since)
    .where('id', '!=', q.exceptId)
    .where('status', 'in', [1, 2])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---- last known venue balances -------------------------------------------------------------

export async function knownBalances(db: Kysely<DB>, memberId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('venue_balances').select(['platform', 'balance']).where('member_id', '=', memberId).execute();
  return new Map(rows.map((r) => [r.platform, r.balance]));
}

/** Writes the figures that changed (a balance poll mostly changes nothing and then writes nothing). */
export async function saveBalances(db: Kysely<DB>, memberId: number, fresh: Map<string, number>, known: Map<string, number>, now: number) {
  const changed = [...fresh].filter(([platform, balance]) => known.get(platform) !== balance);
  if (!changed.length) return;
  await db
    .insertInto('venue_balances')
    .values(changed.map(([platform, balance]) => ({ member_id: memberId, platform, balance, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['member_id', 'platform']).doUpdateSet((eb) => ({ balance: eb.ref('excluded.balance'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

/** After a transfer: the balance the venue reported, or the last known one moved by `delta`. */
export async function moveBalance(db: Kysely<DB>, memberId: number, platform: string, reported: number | null, delta: number, now: number) {
  if (reported !== null) {
    await saveBalances(db, memberId, new Map([[platform, reported]]), new Map(), now);
    return;
  }
  await db
    .insertInto('venue_balances')
    .values({ member_id: memberId, platform, balance: Math.max(0, delta), updated_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'platform']).doUpdateSet((eb) => ({
        balance: eb.case().when(eb('venue_balances.balance', '+', delta), '>', 0).then(eb('venue_balances.balance', '+', delta)).else(0).end(),
        updated_at: now,
      })),
    )
    .execute();
}

// ---- players -----------------------------------------------------------------------------

export async function playerExists(db: Kysely<DB>, provider: string, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('venue_players').select('player').where('provider', '=', provider).where('member_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

export async function insertPlayer(db: Kysely<DB>, provider: string, memberId: number, player: string, now: number) {
  await db
    .insertInto('venue_players')
    .values({ provider, member_id: memberId, player, created_at: now })
    .onConflict((oc) => oc.columns(['provider', 'member_id']).doNothing())
    .execute();
}

/** transfers in a status (the dashboard counts the pending ones, status 2) */
export async function countByStatus(db: Kysely<DB>, status: number): Promise<number> {
  const row = await db.selectFrom('venue_transfers').select(sql<number>`count(*)`.as('n')).where('status', '=', status).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** one page of a member's transfers for the back-office member view, newest first, with the total */
export async function memberDeskPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('venue_transfers').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['transfer_id', 'platform', 'direction', 'amount', 'status', 'attempts', 'last_error', 'created_at', 'settled_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
