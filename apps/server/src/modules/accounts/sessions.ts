import type { Kysely } from 'kysely';
import { announce } from '../../db/hooks.ts';
import type { DB, SessionKind } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { LiveCache, Region } from '../live-cache/index.ts';

/** Writing last_seen on every poll would be a write per request; once a minute is enough for an idle limit. */
const TOUCH_EVERY_MS = 60_000;
/** issue 24: cached sessions used meanwhile are touched in one statement per this many ms */
const FLUSH_EVERY_MS = 5_000;
/** issue 24: the longest a cached session is believed without the database confirming it */
export const SESSION_TTL_MS = 90_000;
const CACHED_SESSIONS = 200_000;

/** issue 24: what ends sessions, announced once committed (the live cache drops them in every process) */
export const sessionTopics = (kind: SessionKind) => ({ token: `sessions:${kind}:token`, subject: `sessions:${kind}:subject` });

export interface Session {
  subjectId: number;
  tokenHash: string;
}

interface Cached {
  subjectId: number;
  /** the cache's ticket taken before it was read: an end of the session after it makes it invalid */
  ticket: number;
  /** this process's last use (idle limit) */
  seen: number;
  /** when last_seen_at was last written, by any path this process knows of */
  touched: number;
}

/**
 * Bearer-token sessions of one kind (members or operators): 256-bit random tokens,
 * stored only as a hash, ended by idle time, logout or revocation.
 *
 * issue 24: given a live cache (members), a session read from the database is kept in memory;
 * a logout, a revocation (password change, reset, freeze, an operator) is announced when it
 * commits and drops it in every process. issue 33: that announcement reaches the other processes
 * after the call has answered, so a kept session is still confirmed by its row (one primary-key
 * read) on every use: once the call that ended it has answered, no process accepts the token. A cached session's idle clock is written in batches
 * (one statement for every session used in the last FLUSH_EVERY_MS), which also confirms that
 * the sessions still exist; one not confirmed for SESSION_TTL_MS is read again.
 */
export function createSessions(db: Kysely<DB>, kind: SessionKind, idleMinutes: number, live?: LiveCache) {
  const idleMs = idleMinutes * 60_000;
  const topics = sessionTopics(kind);
  const subjectKey = (id: number) => `s${id}`;
  const cache = live ? sessionCache(db, live, topics, subjectKey) : undefined;

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
      const hit = cache?.get(tokenHash, now);
      if (hit && now - hit.seen <= idleMs) {
        // issue 33 (DESIGN 5): the row is the revocation source every process reads at once; the
        // invalidation (Redis or PostgreSQL notify) arrives later, so a cached session is believed
        // only while its row still exists. What the cache still saves: the idle-clock writes.
        const alive = await db.selectFrom('sessions').select('subject_id').where('token_hash', '=', tokenHash).where('subject_kind', '=', kind).executeTakeFirst();
        if (!alive) {
          cache!.drop(tokenHash);
          return null;
        }
        hit.seen = Math.max(hit.seen, now);
        if (now - hit.touched > TOUCH_EVERY_MS) cache!.touch(tokenHash, hit, now);
        return { subjectId: hit.subjectId, tokenHash };
      }
      const ticket = cache?.ticket() ?? 0;
      const row = await db
        .selectFrom('sessions')
        .select(['subject_id', 'subject_kind', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.subject_kind !== kind) return null;
      if (now - row.last_seen_at > idleMs) {
        await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
        await announce(db, topics.token, [tokenHash]);
        return null;
      }
      let touched = row.last_seen_at;
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
        touched = now;
      }
      cache?.keep(tokenHash, { subjectId: row.subject_id, ticket, seen: now, touched }, now);
      return { subjectId: row.subject_id, tokenHash };
    },

    async revoke(tokenHash: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      await announce(db, topics.token, [tokenHash]);
    },

    /** Ends every session of one member or operator (password change, freeze). */
    async revokeAll(trx: Kysely<DB>, subjectId: number) {
      await trx.deleteFrom('sessions').where('subject_kind', '=', kind).where('subject_id', '=', subjectId).execute();
      await announce(trx, topics.subject, [subjectId]);
    },

    /** writes the idle clocks still waiting (shutdown) */
    flush: () => cache?.flush() ?? Promise.resolve(),
    close: () => cache?.close() ?? Promise.resolve(),
  };
}
export type Sessions = ReturnType<typeof createSessions>;

function sessionCache(db: Kysely<DB>, live: LiveCache, topics: ReturnType<typeof sessionTopics>, subjectKey: (id: number) => string) {
  const region: Region<Cached> = live.region(CACHED_SESSIONS, SESSION_TTL_MS);
  live.on(topics.token, (keys) => keys.forEach((k) => region.invalidate(String(k))));
  // every cached session of the subject fails its check on its next use (valid)
  live.on(topics.subject, (keys) => keys.forEach((k) => region.invalidate(subjectKey(Number(k)))));

  // idle clocks to write: token hash -> time of use
  let due = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (due.size === 0) return;
    const batch = due;
    due = new Map();
    const ticket = region.ticket();
    let at = 0;
    for (const t of batch.values()) at = Math.max(at, t);
    const hashes = [...batch.keys()];
    for (let i = 0; i < hashes.length; i += 500) {
      const part = hashes.slice(i, i + 500);
      // never moves a clock back (another process may have written a later one)
      const rows = await db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', 'in', part).where('last_seen_at', '<', at).returning('token_hash').execute();
      // a session written here still exists: believed for another SESSION_TTL_MS
      for (const r of rows) {
        const e = region.get(r.token_hash);
        if (e) region.renew(r.token_hash, ticket, [subjectKey(e.subjectId)]);
      }
    }
  };
  const timer = setInterval(() => {
    flushing = flushing.then(flush).catch(() => {});
  }, FLUSH_EVERY_MS);
  timer.unref();

  return {
    /** the cached session, unless it expired or its token or subject was ended since it was read */
    get(tokenHash: string, now: number): Cached | undefined {
      const e = region.get(tokenHash, now);
      return e && region.fresh(tokenHash, e.ticket, [subjectKey(e.subjectId)]) ? e : undefined;
    },
    ticket: () => region.ticket(),
    drop: (tokenHash: string) => region.invalidate(tokenHash),
    keep: (tokenHash: string, value: Cached, now: number) => void region.set(tokenHash, value, value.ticket, [subjectKey(value.subjectId)], now),
    touch(tokenHash: string, e: Cached, now: number) {
      e.touched = now;
      due.set(tokenHash, now);
    },
    flush: () => (flushing = flushing.then(flush)),
    async close() {
      clearInterval(timer);
      await (flushing = flushing.then(flush)).catch(() => {});
    },
  };
}
