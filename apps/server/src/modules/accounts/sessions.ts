import type { Kysely } from 'kysely';
import type { DB, SessionKind } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Writing last_seen on every poll would be a write per request; once a minute is enough for an idle limit. */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  subjectId: number;
  tokenHash: string;
}

/**
 * Bearer-token sessions of one kind (members or operators): 256-bit random tokens,
 * stored only as a hash, ended by idle time, logout or revocation.
 */
export function createSessions(db: Kysely<DB>, kind: SessionKind, idleMinutes: number) {
  const idleMs = idleMinutes * 60_000;
  return {
    async create(trx: Kysely<DB>, subjectId: number, meta: { ip: string; userAgent: string }, now = Date.now()): Promise<string> {
      const token = newToken();
      await trx
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          subject_kind: kind,
          subject_id: subjectId,
          created_at: now,
          last_seen_at: now,
          ip: meta.ip.slice(0, 64),
          user_agent: meta.userAgent.slice(0, 255),
        })
        .execute();
      return token;
    },

    /** The session's subject, or null when the token is unknown, of the other kind, revoked or idle too long. */
    async lookup(token: string, now = Date.now()): Promise<Session | null> {
      const tokenHash = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .select(['subject_id', 'subject_kind', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.subject_kind !== kind) return null;
      if (now - row.last_seen_at > idleMs) {
        await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        return null;
      }
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
      }
      return { subjectId: row.subject_id, tokenHash };
    },

    async revoke(tokenHash: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of one member or operator (password change, freeze). */
    async revokeAll(trx: Kysely<DB>, subjectId: number) {
      await trx.deleteFrom('sessions').where('subject_kind', '=', kind).where('subject_id', '=', subjectId).execute();
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
