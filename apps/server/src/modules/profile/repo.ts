import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Q = Kysely<DB>;

/** The member's password hashes (login and payment). */
export function secrets(db: Q, memberId: number) {
  return db
    .selectFrom('members')
    .select(['password_hash', 'pay_password_hash', 'status'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Who is applying: the read-only fields of /applyagent. */
export function identity(db: Q, memberId: number) {
  return db.selectFrom('members').select(['username', 'realname', 'avatar']).where('id', '=', memberId).executeTakeFirst();
}

export async function updateProfile(db: Q, memberId: number, p: { mobile: string; email: string; birthday: string }) {
  await db.updateTable('members').set(p).where('id', '=', memberId).execute();
}

/**
 * Replaces the stored hash only if it is still the one the old password was checked against,
 * so that of two concurrent changes exactly one wins. Answers whether it did.
 */
export async function replacePasswordHash(
  db: Q,
  memberId: number,
  column: 'password_hash' | 'pay_password_hash',
  expected: string,
  next: string,
): Promise<boolean> {
  const res = await db
    .updateTable('members')
    .set({ [column]: next })
    .where('id', '=', memberId)
    .where(column, '=', expected)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sets the avatar only if it is still `expected`; answers whether it did. */
export async function replaceAvatar(db: Q, memberId: number, expected: string, next: string): Promise<boolean> {
  const res = await db
    .updateTable('members')
    .set({ avatar: next })
    .where('id', '=', memberId)
    .where('avatar', '=', expected)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function pendingApplication(db: Q, memberId: number) {
  return db
    .selectFrom('agent_applications')
    .select(['id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('state', '=', 1)
    .executeTakeFirst();
}

export async function insertApplication(db: Q, row: { member_id: number; mobile: string; apply_info: string; created_at: number }) {
  const inserted = await db
    .insertInto('agent_applications')
    .values({ ...row, state: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The member's latest application (any state), for the page to show where it stands. */
export function latestApplication(db: Q, memberId: number) {
  return db
    .selectFrom('agent_applications')
    .select(['id', 'mobile', 'apply_info', 'state', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export { isUniqueViolation } from '../../db/errors.ts';

/** agent applications in a state (the dashboard counts those waiting, state 1) */
export async function agentApplicationsInState(db: Q, state: number): Promise<number> {
  const row = await db.selectFrom('agent_applications').select(sql<number>`count(*)`.as('n')).where('state', '=', state).executeTakeFirst();
  return Number(row?.n ?? 0);
}
