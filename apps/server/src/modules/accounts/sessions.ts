import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { SessionMember } from '../../http/auth.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Writing last_seen on every poll would be a write per request; once a minute is enough for an idle limit. */
const TOUCH_EVERY_MS = 60_000;

export function createSessions(db: Kysely<DB>, idleMinutes: number) {
  const idleMs = idleMinutes * 60_000;
  return {
    async create(
      trx: Kysely<DB>,
      memberId: number,
      meta: { ip: string; userAgent: string },
      now = Date.now(),
    ): Promise<string> {
      const token = newToken();
      await trx
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          member_id: memberId,
          created_at: now,
          last_seen_at: now,
          ip: meta.ip.slice(0, 64),
          user_agent: meta.userAgent.slice(0, 255),
        })
        .execute();
      return token;
    },

    /** The session's member, or null when the token is unknown, revoked or idle too long. */
    async lookup(token: string, now = Date.now()): Promise<SessionMember | null> {
      const tokenHash = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .select(['member_id', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return null;
      if (now - row.last_seen_at > idleMs) {
        await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        return null;
      }
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
      }
      return { memberId: row.member_id, tokenHash };
    },

    async revoke(tokenHash: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of a member (password change, freeze). */
    async revokeAll(trx: Kysely<DB>, memberId: number) {
      await trx.deleteFrom('sessions').where('member_id', '=', memberId).execute();
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
