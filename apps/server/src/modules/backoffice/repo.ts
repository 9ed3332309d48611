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
