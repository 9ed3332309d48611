import type { Kysely } from 'kysely';

/**
 * Issue 25: registering signs a member in, but only logins recorded the last login, so a member
 * signed in since registering showed "-" under 最后登录. Registration now records it
 * (accounts.register); members already in that state take their newest session's start and
 * address. Members with a recorded login, and members with no session, are left alone.
 */
export function m026() {
  return {
    async up(db: Kysely<any>) {
      const sessions = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.subject_id')
        .select(['sessions.subject_id as id', 'sessions.created_at as at', 'sessions.ip as ip'])
        .where('sessions.subject_kind', '=', 'member')
        .where('members.last_login_at', 'is', null)
        .orderBy('sessions.created_at')
        .execute();
      const newest = new Map<number, { at: number; ip: string }>();
      for (const s of sessions) newest.set(Number(s.id), { at: Number(s.at), ip: String(s.ip ?? '') });
      for (const [id, s] of newest) {
        await db.updateTable('members').set({ last_login_at: s.at, last_login_ip: s.ip.slice(0, 64) }).where('id', '=', id).where('last_login_at', 'is', null).execute();
      }
    },
  };
}
