import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** an open stream writes its session's idle clock at most this often (the balance poll it replaces did so every minute) */
const TOUCH_EVERY_MS = 60_000;
const CHUNK = 500;

/**
 * issue 37: which of these member sessions still exist (the live streams' check at opening and on
 * every heartbeat, for the other modules through index.ts): the sessions row is what every process believes
 * (DESIGN.md section 5, issue 33). A stream is the member using the site, as the balance poll was:
 * the clocks of the live ones are moved on, so an open tab does not idle its session out.
 */
export async function sessionsAlive(db: Kysely<DB>, tokenHashes: string[], now = Date.now()): Promise<Set<string>> {
  const alive = new Set<string>();
  for (let i = 0; i < tokenHashes.length; i += CHUNK) {
    const part = tokenHashes.slice(i, i + CHUNK);
    const rows = await db.selectFrom('sessions').select(['token_hash', 'last_seen_at']).where('subject_kind', '=', 'member').where('token_hash', 'in', part).execute();
    const stale: string[] = [];
    for (const r of rows) {
      alive.add(r.token_hash);
      if (now - Number(r.last_seen_at) > TOUCH_EVERY_MS) stale.push(r.token_hash);
    }
    // never moves a clock back (another process may have written a later one)
    if (stale.length) await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', 'in', stale).where('last_seen_at', '<', now).execute();
  }
  return alive;
}
