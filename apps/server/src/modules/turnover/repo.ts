import { sql, type Kysely } from 'kysely';
import type { DB, TurnoverRequirement } from '../../db/schema.ts';

export async function insertIgnoringRepeat(
  db: Kysely<DB>,
  row: { member_id: number; source: string; reference: string; credited: number; required: number; created_at: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('turnover_requirements')
    .values(row)
    .onConflict((oc) => oc.columns(['source', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function openRows(db: Kysely<DB>, memberId: number, onlyId?: number): Promise<Pick<TurnoverRequirement, 'id' | 'required' | 'done' | 'waived'>[]> {
  let q = db
    .selectFrom('turnover_requirements')
    .select(['id', 'required', 'done', 'waived'])
    .where('member_id', '=', memberId)
    .where('completed_at', 'is', null);
  if (onlyId !== undefined) q = q.where('id', '=', onlyId);
  return q.orderBy('id').execute();
}

export function rowOf(db: Kysely<DB>, memberId: number, id: number) {
  return db.selectFrom('turnover_requirements').selectAll().where('member_id', '=', memberId).where('id', '=', id).executeTakeFirst();
}

/**
 * Adds `fen` to a row's done figure only if nobody changed it since it was read as `seen`
 * (optimistic: two bet pulls, or a pull and an operator's waiver, may change one row at once).
 * Answers whether it applied.
 */
export async function advance(db: Kysely<DB>, id: number, seen: { done: number; waived: number }, fen: number, required: number, now: number): Promise<boolean> {
  const done = seen.done + fen;
  const r = await db
    .updateTable('turnover_requirements')
    .set({ done, completed_at: done + seen.waived >= required ? now : null })
    .where('id', '=', id)
    .where('done', '=', seen.done)
    .where('waived', '=', seen.waived)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** issue 25: adds `fen` to a row's waived figure on the same optimistic terms as advance. */
export async function addWaived(db: Kysely<DB>, id: number, seen: { done: number; waived: number }, fen: number, required: number, now: number): Promise<boolean> {
  const waived = seen.waived + fen;
  const r = await db
    .updateTable('turnover_requirements')
    .set({ waived, completed_at: seen.done + waived >= required ? now : null })
    .where('id', '=', id)
    .where('done', '=', seen.done)
    .where('waived', '=', seen.waived)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function remaining(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('turnover_requirements')
    .select(sql<string | number>`coalesce(sum(required - done - waived), 0)`.as('left'))
    .where('member_id', '=', memberId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

export async function page(db: Kysely<DB>, memberId: number, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('turnover_requirements')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db.selectFrom('turnover_requirements').select((eb) => eb.fn.countAll<string | number>().as('n')).where('member_id', '=', memberId).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Marks every open row of a member complete, waiving what remains (tests; operators go through waive()). */
export async function waiveAll(db: Kysely<DB>, memberId: number, now: number): Promise<number> {
  const r = await db
    .updateTable('turnover_requirements')
    .set({ waived: sql`required - done`, completed_at: now })
    .where('member_id', '=', memberId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
