import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DB, MemberCard } from '../../db/schema.ts';

type Q = Kysely<DB> | Transaction<DB>;

/** SQL of the cards module only. Every member query names the member. */

export function activeCards(db: Q, memberId: number, type: number): Promise<MemberCard[]> {
  return db
    .selectFrom('member_cards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('type', '=', type)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The member's card by id, unbound ones too when asked (a withdrawal refers to its card for good). */
export function findCard(db: Q, memberId: number, id: number, opts: { includeDeleted?: boolean } = {}) {
  let q = db.selectFrom('member_cards').selectAll().where('id', '=', id).where('member_id', '=', memberId);
  if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

export async function insertCard(
  db: Q,
  row: Omit<MemberCard, 'id' | 'deleted_at' | 'bank_address' | 'ico'> & { bank_address: string; ico: string },
): Promise<number> {
  const inserted = await db
    .insertInto('member_cards')
    .values({ ...row, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Unbinds (soft delete); true when the member had that active card. */
export async function softDelete(db: Q, memberId: number, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('member_cards')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function enabledBanks(db: Q) {
  return db.selectFrom('banks').select(['name', 'code']).where('enabled', '=', 1).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

export function enabledBank(db: Q, name: string) {
  return db.selectFrom('banks').select(['name', 'code']).where('name', '=', name).where('enabled', '=', 1).executeTakeFirst();
}

export async function hasAnyBank(db: Q): Promise<boolean> {
  return Boolean(await db.selectFrom('banks').select('id').limit(1).executeTakeFirst());
}

export async function insertBanks(db: Q, rows: { name: string; code: string; sort: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('banks')
    .values(rows.map((r) => ({ ...r, enabled: 1 })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Which unique index a failed insert ran into, on SQLite or PostgreSQL. */
export function uniqueViolation(e: unknown): 'slot' | 'number' | 'other' | null {
  if (!isUniqueViolation(e)) return null;
  const err = e as { message?: string; constraint?: string; detail?: string };
  const where = `${err.constraint ?? ''} ${err.message ?? ''} ${err.detail ?? ''}`;
  if (/member_cards_slot|\.slot\b|\bslot\)/.test(where)) return 'slot';
  if (/member_cards_number|number_key/.test(where)) return 'number';
  return 'other';
}
