import type { AppContext } from '../../context.ts';
import type { TransferDirection, Venue, VenueTransfer } from '../../db/schema.ts';
import { isVenueError, type VenueAdapter, type VenueRegistry } from '../../adapters/venues/index.ts';
import { wallet } from '../wallet/index.ts';
import { newTransferId } from './ids.ts';
import type { Players } from './players.ts';
import * as repo from './repo.ts';

/**
 * One transfer between a member's central wallet and a venue (DESIGN.md section 4, venue
 * wallets). The only code that calls a venue for money and the wallet for transfer postings.
 *
 * To a venue: central -> transit (conditional debit, together with the pending row), call the
 * venue's deposit with our transfer id, then transit -> venue clearing on success or transit ->
 * central on a definite refusal. From a venue: call its withdraw with our id, then venue clearing
 * -> central on success; a refusal moves nothing. Any unclear answer (time-out, 5xx, dropped
 * connection, a reply we cannot read) leaves the transfer pending (status 2) for the reconciler:
 * a time-out alone never returns money. Both outcomes of one transfer post under one idempotency
 * key, `transfer:{id}:outcome`, and the row leaves "pending" only once, so a transfer settles once.
 */
export type MoveResult = {
  transfer: VenueTransfer;
  /** 0 failed, 1 success, 2 pending */
  status: 0 | 1 | 2;
  /** the venue's reason for a refusal, e.g. insufficient_balance */
  reason: string | null;
  /** the venue balance after it, when the venue said */
  venueBalance: number | null;
};

export interface MovesDeps {
  ctx: AppContext;
  registry: VenueRegistry;
  players: Players;
}

export function createMoves({ ctx, registry, players }: MovesDeps) {
  const { db } = ctx;

  function adapterFor(venue: Pick<Venue, 'provider' | 'platform'>): VenueAdapter {
    const adapter = registry.get(venue.provider);
    if (!adapter) throw new Error(`no adapter for provider ${venue.provider} (venue ${venue.platform})`);
    return adapter;
  }

  /** Settles a pending transfer once: the row and its ledger posting commit together. */
  async function settle(t: VenueTransfer, status: 0 | 1, error: string | null, venueBalance: number | null, attempted = false): Promise<boolean> {
    const now = Date.now();
    const m = {
      memberId: t.member_id,
      amount: t.amount,
      reference: `transfer:${t.transfer_id}`,
      idempotencyKey: `transfer:${t.transfer_id}:outcome`,
      now,
    };
    return db.transaction().execute(async (trx) => {
      if (!(await repo.markSettled(trx, t.id, status, now, error, attempted))) return false;
      // the member's last known venue balance, in the same commit (one row per member and venue);
      // before the posting (issue 37), whose venue clearing account is one row every member's
      // transfers update, so its lock is held only until the commit right after it
      if (status === 1 || venueBalance !== null) {
        const delta = status === 1 ? (t.direction === 'to_venue' ? t.amount : -t.amount) : 0;
        await repo.moveBalance(trx, t.member_id, t.platform, venueBalance, delta, now);
      }
      if (t.direction === 'to_venue') {
        if (status === 1) await wallet.settleTransit(trx, { ...m, platform: t.platform });
        else await wallet.returnTransit(trx, m);
      } else if (status === 1) {
        await wallet.transferInFromVenue(trx, { ...m, platform: t.platform });
      }
      return true;
    });
  }

  /**
   * Sends the transfer's deposit or withdraw (the first call, or the reconciler's repeat with the
   * same id) and settles on a definite answer.
   */
  async function send(t: VenueTransfer, adapter: VenueAdapter): Promise<MoveResult> {
    const request = { player: players.name(t.member_id), platform: t.platform, transferId: t.transfer_id, amountFen: t.amount };
    try {
      const r = t.direction === 'to_venue' ? await adapter.deposit(request) : await adapter.withdraw(request);
      const status = r.status === 'success' ? 1 : 0;
      await settle(t, status, r.reason, r.balanceFen, true);
      return { transfer: t, status, reason: r.reason, venueBalance: r.balanceFen };
    } catch (e) {
      if (isVenueError(e) && e.kind === 'refused') {
        await settle(t, 0, e.message, null, true);
        return { transfer: t, status: 0, reason: e.code ?? 'refused', venueBalance: null };
      }
      // unknown, or an answer we could not read: the money may have moved; only the status call can tell
      const message = (e as Error)?.message ?? String(e);
      if (!isVenueError(e)) ctx.log.error({ err: e, transfer: t.transfer_id }, 'venue transfer: unexpected error, left pending');
      await repo.noteAttempt(db, t.id, message);
      return { transfer: t, status: 2, reason: null, venueBalance: null };
    }
  }

  /**
   * Starts a transfer. Refusals before any money moved throw: InsufficientFunds (central wallet
   * short, to a venue only) and VenueError (the player could not be created at the provider).
   */
  async function start(memberId: number, venue: Venue, direction: TransferDirection, amount: number): Promise<MoveResult> {
    const adapter = adapterFor(venue);
    await players.ensure(adapter, memberId);
    const transferId = newTransferId(ctx.config.venuePlayerPrefix);
    const now = Date.now();
    const row = { transferId, memberId, platform: venue.platform, direction, amount, now };
    const t =
      direction === 'to_venue'
        ? await db.transaction().execute(async (trx) => {
            const inserted = await repo.insertTransfer(trx, row);
            // refused (InsufficientFunds) when the wallet is short: the row rolls back with it
            await wallet.moveToTransit(trx, { memberId, amount, reference: `transfer:${transferId}`, idempotencyKey: `transfer:${transferId}:hold`, now });
            return inserted;
          })
        : // issue 37: out of a venue nothing moves before its answer: the pending row alone, one statement
          await repo.insertTransfer(db, row);
    return send(t, adapter);
  }

  return {
    adapterFor,
    settle,
    send,
    toVenue: (memberId: number, venue: Venue, amount: number) => start(memberId, venue, 'to_venue', amount),
    fromVenue: (memberId: number, venue: Venue, amount: number) => start(memberId, venue, 'from_venue', amount),
  };
}
export type Moves = ReturnType<typeof createMoves>;
