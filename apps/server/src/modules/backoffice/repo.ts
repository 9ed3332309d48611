import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';

export function adminByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export function adminById(db: Kysely<DB>, id: number) {
  return db.selectFrom('admins').select(['id', 'username', 'role']).where('id', '=', id).executeTakeFirst();
}

export function memberByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('members').select(['id', 'username']).where('username', '=', username).executeTakeFirst();
}

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
