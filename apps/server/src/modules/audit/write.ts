import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';

/** One row of the operators' audit log, written in the caller's transaction when it passes one. */
export async function audit(
  db: Kysely<DB>,
  row: { adminId: number; action: string; target: string; detail: unknown; ip: string; now?: number },
) {
  await db
    .insertInto('admin_audit')
    .values({
      admin_id: row.adminId,
      action: row.action,
      target: row.target,
      detail: JSON.stringify(row.detail),
      ip: row.ip.slice(0, 64),
      created_at: row.now ?? Date.now(),
    })
    .execute();
}
