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

/** the level every member starts at (issue 19: VIP1; the column's old default 0 is never written) */
export const STARTING_VIP = 1;

export async function insert(db: Kysely<DB>, member: NewMember): Promise<number> {
  const row = await db.insertInto('members').values({ vip: STARTING_VIP, ...member }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function recordLogin(db: Kysely<DB>, id: number, ip: string, now: number, userAgent = '', device: string | null = null, kind: 'register' | 'login' = 'login') {
  await db.updateTable('members').set({ last_login_at: now, last_login_ip: ip }).where('id', '=', id).execute();
  // login history for the back-office's member view (issue 12); the device for the agents' check (issue 20)
  await db.insertInto('member_logins').values({ member_id: id, ip, user_agent: userAgent.slice(0, 255), device: device ? device.slice(0, 36) : null, created_at: now, kind }).execute();
}

export { isUniqueViolation } from '../../db/errors.ts';

export async function setTransferStatus(db: Kysely<DB>, id: number, value: 0 | 1) {
  await db.updateTable('members').set({ transferstatus: value }).where('id', '=', id).execute();
}

/** A new login password (the self-service reset). */
export async function setPasswordHash(db: Kysely<DB>, id: number, hash: string) {
  await db.updateTable('members').set({ password_hash: hash }).where('id', '=', id).execute();
}
