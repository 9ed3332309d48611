import type { Kysely } from 'kysely';
import type { DB } from '../db/index.ts';

const REF = /^admin:(\d+)$/;

/**
 * Decisions record who took them as 'admin:<id>' (a code for machines); a list an operator reads
 * shows the operator's name instead. One statement for the page's operators; a reference that is
 * not an operator's (or whose operator is gone) is left as it is.
 */
export async function withOperatorNames<T extends { reviewed_by: string | null }>(db: Kysely<DB>, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.map((r) => REF.exec(r.reviewed_by ?? '')?.[1]).filter((id): id is string => id !== undefined).map(Number))];
  if (ids.length === 0) return rows;
  const admins = await db.selectFrom('admins').select(['id', 'username']).where('id', 'in', ids).execute();
  const names = new Map(admins.map((a) => [`admin:${Number(a.id)}`, a.username]));
  return rows.map((r) => (r.reviewed_by !== null && names.has(r.reviewed_by) ? { ...r, reviewed_by: names.get(r.reviewed_by)! } : r));
}
