import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { announceInbox } from '../live-stream/index.ts';

type Q = Kysely<DB> | Transaction<DB>;

/** SQL of the inbox only. Every query names the member. */

export async function page(db: Q, memberId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('member_messages')
      .select(['id', 'title', 'content', 'is_read', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    count(db, memberId),
  ]);
  return { rows, total };
}

export async function count(db: Q, memberId: number, onlyUnread = false): Promise<number> {
  let q = db.selectFrom('member_messages').select((eb) => eb.fn.countAll().as('n')).where('member_id', '=', memberId);
  if (onlyUnread) q = q.where('is_read', '=', 0);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function exists(db: Q, memberId: number, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('member_messages').select('id').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst());
}

export async function markRead(db: Q, memberId: number, id: number, now: number): Promise<void> {
  await db
    .updateTable('member_messages')
    .set({ is_read: 1, read_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('is_read', '=', 0)
    .execute();
  await announceInbox(db, [memberId]); // issue 37: the unread count on the member's other tabs
}

export async function memberExists(db: Q, memberId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst());
}

/** A new message; with a dedupe key a second send of the same key does nothing (answers null). */
export async function insert(
  db: Q,
  row: { member_id: number; title: string; content: string; created_at: number; dedupe_key: string | null },
): Promise<number | null> {
  const inserted = await db
    .insertInto('member_messages')
    .values({ ...row, is_read: 0, read_at: null })
    .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await announceInbox(db, [row.member_id]); // issue 37: pushed to the member's streams once committed
  return inserted ? Number(inserted.id) : null;
}
