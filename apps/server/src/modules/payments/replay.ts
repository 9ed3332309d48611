import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Notify replays (issue 21, point 4). A captured notify sent again within its window used to be
 * processed again; harmless only because the state change is idempotent. Now the notify id (the
 * gateway's, its nonce, or a hash of a notify that has neither) is claimed in the transaction
 * that applies the notify:
 *
 * - first sighting: claimed and applied together (both or neither: a notify whose processing
 *   failed is not remembered, so the gateway's retry is processed);
 * - seen before: not processed again, and answered with the gateway's literal acknowledgement.
 *   A gateway's retry of the same notify is indistinguishable from a replay (same bytes, same
 *   id); refusing it would make the gateway retry until it gives up, so both get the ack and
 *   neither moves anything. A duplicate arriving while the first is being applied waits for it
 *   on the claim's unique key (PostgreSQL), or for the one writer (SQLite), then gets the ack.
 *
 * Ids are kept NOTIFY_REPLAY_WINDOW_MS: longer than the signed-JSON gateway's 5-minute timestamp
 * window (older notifies are refused by their signature check anyway) and than the retry
 * schedules of 四方 gateways, whose notifies carry no time we could check.
 */
export const NOTIFY_REPLAY_WINDOW_MS = 24 * 3_600_000;

/** true the first time (scope, notifyId) is seen; in the caller's transaction */
export async function claimNotify(trx: Kysely<DB>, scope: string, notifyId: string, now: number): Promise<boolean> {
  const r = await trx
    .insertInto('payment_notifies_seen')
    .values({ scope: scope.slice(0, 40), notify_id: notifyId.slice(0, 128), seen_at: now })
    .onConflict((oc) => oc.columns(['scope', 'notify_id']).doNothing())
    .returning('scope')
    .executeTakeFirst();
  return r !== undefined;
}

export async function pruneSeenNotifies(db: Kysely<DB>, now: number): Promise<number> {
  const r = await db.deleteFrom('payment_notifies_seen').where('seen_at', '<', now - NOTIFY_REPLAY_WINDOW_MS).executeTakeFirst();
  return Number(r.numDeletedRows);
}
