import type { Kysely } from 'kysely';
import type { DB, Member, NewMember } from '../../db/schema.ts';

export function findByUsername(db: Kysely<DB>, username: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findById(db: Kysely<DB>, id: number): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function usernameExists(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

export async function insert(db: Kysely<DB>, member: NewMember): Promise<number> {
  const row = await db.insertInto('members').values(member).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function recordLogin(db: Kysely<DB>, id: number, ip: string, now: number) {
  await db.updateTable('members').set({ last_login_at: now, last_login_ip: ip }).where('id', '=', id).execute();
}

export { isUniqueViolation } from '../../db/errors.ts';

export async function setTransferStatus(db: Kysely<DB>, id: number, value: 0 | 1) {
  await db.updateTable('members').set({ transferstatus: value }).where('id', '=', id).execute();
}

/**
 * Lowers the member's outstanding wagering requirement by `fen` of settled valid bets, never
 * below zero (CASE rather than max/greatest: the same SQL on both databases).
 */
export async function reduceTurnover(db: Kysely<DB>, id: number, fen: number) {
  if (!(fen > 0)) return;
  await db
    .updateTable('members')
    .set((eb) => ({
      turnover_required: eb
        .case()
        .when('turnover_required', '>', fen)
        .then(eb('turnover_required', '-', fen))
        .else(0)
        .end(),
    }))
    .where('id', '=', id)
    .execute();
}
