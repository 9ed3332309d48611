import type { AppContext } from '../../context.ts';
import type { VenueTransfer } from '../../db/schema.ts';
import type { Moves } from './moves.ts';
import * as repo from './repo.ts';

export interface ReconcileOptions {
  /** only transfers at least this old (ms): a transfer younger than a venue call may still be in its first call */
  minAgeMs?: number;
  /** at most this many transfers a run */
  limit?: number;
  now?: number;
  /** only this transfer (an operator's "ask the venue" button; issue 12) */
  transferId?: string;
}

export interface ReconcileReport {
  checked: number;
  settled: number;
  stillPending: number;
}

/** transfers looked at in parallel */
const CONCURRENCY = 4;

/**
 * Settles pending transfers by asking the venue what became of our transfer id:
 * - success / failed: settle so (once: see moves.settle);
 * - not_found: the venue has not applied it (a time-out, an error, or a late application still
 *   to come). Sending it again with the same id is safe, since the venue applies one transfer per id
 *   (a late application then finds it done), and its answer is definite or stays unknown;
 * - no answer: stays pending for the next run.
 * A status whose type or amount disagrees with ours is left pending and logged for an operator.
 */
export function createReconciler(ctx: AppContext, moves: Moves, venueOf: (platform: string) => Promise<{ provider: string; platform: string } | undefined>) {
  async function one(t: VenueTransfer): Promise<boolean> {
    const venue = await venueOf(t.platform);
    if (!venue) {
      await repo.noteAttempt(ctx.db, t.id, `venue ${t.platform} unknown`);
      return false;
    }
    const adapter = moves.adapterFor(venue);
    let status;
    try {
      status = await adapter.transferStatus(t.transfer_id);
    } catch (e) {
      await repo.noteAttempt(ctx.db, t.id, `status: ${(e as Error).message}`);
      return false;
    }
    if (status.status === 'not_found') return (await moves.send(t, adapter)).status !== 2;
    const expected = t.direction === 'to_venue' ? 'deposit' : 'withdraw';
    if ((status.type !== null && status.type !== expected) || (status.amountFen !== null && status.amountFen !== t.amount)) {
      ctx.log.error({ transfer: t.transfer_id, status }, 'venue reports a different transfer under our id; left pending for an operator');
      await repo.noteAttempt(ctx.db, t.id, `status mismatch: ${status.type} ${status.amountFen}`);
      return false;
    }
    await moves.settle(t, status.status === 'success' ? 1 : 0, status.status === 'failed' ? 'failed (reconciled)' : null, null);
    return true;
  }

  return async function reconcile(opts: ReconcileOptions = {}): Promise<ReconcileReport> {
    const now = opts.now ?? Date.now();
    const minAge = opts.minAgeMs ?? ctx.config.venueTimeoutMs * 2;
    const queue = await repo.pendingTransfers(ctx.db, now - minAge, opts.limit ?? 200, opts.transferId);
    let settled = 0;
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const t = queue[next++];
        try {
          if (await one(t)) settled++;
        } catch (err) {
          ctx.log.error({ err, transfer: t.transfer_id }, 'reconciling a transfer failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return { checked: queue.length, settled, stillPending: queue.length - settled };
  };
}
