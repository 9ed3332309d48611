import {
  CENTRAL_WALLET,
  CODE,
  fenToYuan,
  formatYuan,
  TRANSFER_MSG,
  type BalanceEntry,
  type TransferInput,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { Venue } from '../../db/schema.ts';
import { isVenueError, type VenueRegistry } from '../../adapters/venues/index.ts';
import { refuse } from '../../http/envelope.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { isInsufficientFunds, wallet } from '../wallet/index.ts';
import { createBalances } from './balances.ts';
import { createMoves, type MoveResult } from './moves.ts';
import { createPlayers } from './players.ts';
import { createReconciler } from './reconcile.ts';
import * as repo from './repo.ts';

const yuanText = (fen: number) => formatYuan(fenToYuan(fen), true);

export interface RecoverReport {
  /** venues whose money came back */
  recovered: number;
  /** fen recovered */
  total: number;
  /** transfers left pending (the reconciler settles them) */
  pending: number;
  /** venues that refused or could not be reached */
  failed: number;
  /** venues whose money another call (a second 一键回收, a transfer) is bringing back right now */
  elsewhere: number;
  /** venues whose money another call had already brought back */
  alreadyBack: number;
  /** venues left alone: an open reconciliation difference holds transfers out for review */
  held: number;
}

export interface TransfersDeps {
  registry: VenueRegistry;
  catalogue: Catalogue;
  /** whether transfers out of the venue are held for review (the venue reconciliation); default never */
  isHeld?: (memberId: number, platform: string) => Promise<boolean>;
  /** issue 22: refuses money into a venue during a break or past a loss limit (responsible module) */
  mayTransferIn?: (memberId: number) => Promise<void>;
}

/** how far back a racing call's transfer out may have started (a venue call's time-out and then some) */
const RACE_WINDOW_MS = 5 * 60_000;

export interface TransferReply {
  status: 0 | 1 | 2;
  transfer_id: string;
  message: string;
}

/**
 * The member's venue wallets: balances, transfers, recover-all, auto-transfer before a game and the
 * reconciler. It alone calls the venue adapters for money and the wallet for transfer postings.
 */
export function createTransfers(ctx: AppContext, deps: TransfersDeps) {
  const { db } = ctx;
  const { registry, catalogue } = deps;
  const isHeld = deps.isHeld ?? (async () => false);
  const players = createPlayers(ctx);
  const moves = createMoves({ ctx, registry, players });
  const readBalances = createBalances(ctx, registry, players);
  const reconcile = createReconciler(ctx, moves, (platform) => catalogue.venue(platform));

  /** a venue named in a transfer: known to us, and open when money goes into it */
  async function venueFor(platform: string, into: boolean): Promise<Venue> {
    const venue = await catalogue.venue(platform);
    if (!venue || !registry.get(venue.provider)) refuse(TRANSFER_MSG.unknownVenue);
    // money may always come back out of a venue an operator closed; it may not go in
    if (into && (venue.state !== 1 || venue.listed !== 1)) refuse(TRANSFER_MSG.venueMaintenance);
    // issue 38: a seamless venue plays from the central wallet (money may still come out of it)
    if (into && venue.mode === 'seamless') refuse(TRANSFER_MSG.seamlessVenue(venue.name));
    return venue;
  }

  /** the venues a member sees: listed ones, and any other still holding the member's money */
  function shownVenues(venues: Venue[], balances: Map<string, number>): Venue[] {
    return venues.filter((v) => registry.get(v.provider) && (v.listed === 1 || (balances.get(v.platform) ?? 0) > 0));
  }

  /**
   * A withdraw refused for want of funds while we were recovering: another call (a second
   * 一键回收 racing this one, a transfer out) took the money first. Answers what became of it,
   * so the member hears that, not 场馆繁忙.
   */
  async function racedBy(r: MoveResult, started: number): Promise<'elsewhere' | 'alreadyBack' | null> {
    if (r.status !== 0 || r.reason !== 'insufficient_balance') return null;
    const other = await repo.recentOtherWithdrawal(db, { memberId: r.transfer.member_id, platform: r.transfer.platform, exceptId: r.transfer.id, since: started - RACE_WINDOW_MS });
    if (!other) return null;
    return other.status === 1 ? 'alreadyBack' : 'elsewhere';
  }

  async function recover(memberId: number, except: string | null): Promise<RecoverReport> {
    const started = Date.now();
    // the venues' own figures only: a withdraw of a remembered, stale figure would just be refused
    const [{ balances, stale }, venues] = await Promise.all([readBalances(memberId, ctx.config.venueTimeoutMs), catalogue.venues()]);
    const unread = venues.filter((v) => v.platform !== except && stale.includes(v.provider) && (balances.get(v.platform) ?? 0) > 0);
    const candidates = venues.filter(
      (v) => v.platform !== except && registry.get(v.provider) && !stale.includes(v.provider) && (balances.get(v.platform) ?? 0) > 0,
    );
    const heldFlags = await Promise.all(candidates.map((v) => isHeld(memberId, v.platform)));
    const holding = candidates.filter((_, i) => !heldFlags[i]);
    const results = await Promise.all(
      holding.map((v) =>
        moves.fromVenue(memberId, v, balances.get(v.platform)!).catch((err): MoveResult | null => {
          ctx.log.warn({ err, platform: v.platform }, 'recover: venue unreachable');
          return null;
        }),
      ),
    );
    const report: RecoverReport = {
      recovered: 0,
      total: 0,
      pending: 0,
      failed: unread.length,
      elsewhere: 0,
      alreadyBack: 0,
      held: candidates.length - holding.length,
    };
    for (const r of results) {
      if (r?.status === 1) {
        report.recovered++;
        report.total += r.transfer.amount;
      } else if (r?.status === 2) report.pending++;
      else {
        const raced = r ? await racedBy(r, started) : null;
        if (raced) report[raced]++;
        else report.failed++;
      }
    }
    return report;
  }

  return {
    moves,
    players,
    reconcile,
    readBalances,

    /**
     * POST /api/balancelist: each venue with the member's balance there, yuan. The venues only,
     * as the original front-end reads it: it puts the central wallet (平台钱包 / userbalance)
     * in front itself, so an entry of ours would show twice (issue 19).
     */
    async balanceList(memberId: number): Promise<BalanceEntry[]> {
      const [{ balances }, venues] = await Promise.all([readBalances(memberId), catalogue.venues()]);
      return shownVenues(venues, balances).map((v) => ({
        name: v.name,
        platname: v.platform,
        balance: fenToYuan(balances.get(v.platform) ?? 0),
        // issue 38: the site shows no balance and no transfer for it
        ...(v.mode === 'seamless' ? { seamless: 1 as const } : {}),
      }));
    },

    /** POST /api/transfer: the schema has checked the spec's rules; here the wallets and the money */
    async transfer(memberId: number, input: TransferInput): Promise<TransferReply> {
      const into = input.sourcetype === CENTRAL_WALLET;
      if (into) await deps.mayTransferIn?.(memberId); // issue 22: responsible play
      const venue = await venueFor(into ? input.targettype : input.sourcetype, into);
      // money at a venue our records cannot explain stays there until an operator has looked
      // (issue 14); nor does more of the member's money go in meanwhile, where it would be held too
      if (await isHeld(memberId, venue.platform)) refuse(TRANSFER_MSG.heldForReview);
      let result: MoveResult;
      try {
        result = into ? await moves.toVenue(memberId, venue, input.amount) : await moves.fromVenue(memberId, venue, input.amount);
      } catch (e) {
        if (isInsufficientFunds(e)) refuse(TRANSFER_MSG.centralShort(yuanText(e.balance)));
        if (isVenueError(e)) refuse(TRANSFER_MSG.venueBusy);
        throw e;
      }
      const reply = { status: result.status, transfer_id: result.transfer.transfer_id };
      if (result.status === 1) return { ...reply, message: TRANSFER_MSG.transferOk };
      if (result.status === 2) return { ...reply, message: TRANSFER_MSG.transferPending };
      if (!into && result.reason === 'insufficient_balance') {
        refuse(TRANSFER_MSG.venueShort(venue.name, yuanText(result.venueBalance ?? 0)), CODE.invalid);
      }
      refuse(into ? TRANSFER_MSG.transferFailed : TRANSFER_MSG.venueBusy);
    },

    /** POST /api/transall: every venue holding money sends it back to the central wallet */
    async recoverAll(memberId: number): Promise<{ report: RecoverReport; message: string }> {
      const report = await recover(memberId, null);
      const parts: string[] = [];
      if (report.recovered) parts.push(TRANSFER_MSG.recovered(report.recovered, yuanText(report.total)));
      if (report.pending) parts.push(TRANSFER_MSG.recoveredPending(report.pending));
      if (report.elsewhere) parts.push(TRANSFER_MSG.recoveringElsewhere(report.elsewhere));
      if (report.alreadyBack) parts.push(TRANSFER_MSG.alreadyRecovered(report.alreadyBack));
      if (report.held) parts.push(TRANSFER_MSG.recoverHeld(report.held));
      if (!parts.length && report.failed) refuse(TRANSFER_MSG.venueBusy);
      return { report, message: parts.length ? parts.join('，') : TRANSFER_MSG.nothingToRecover };
    },

    /**
     * Auto-transfer (自动免转) before a game opens: the other venues' money comes back, then the
     * whole central balance moves into this venue. Problems are logged, never in the way of the game:
     * whatever did not move stays where it was (or pending, for the reconciler).
     */
    async autoTransfer(memberId: number, venue: Venue): Promise<{ recovered: RecoverReport; moved: MoveResult | null }> {
      const recovered = await recover(memberId, venue.platform);
      const central = await wallet.centralBalance(db, memberId);
      let moved: MoveResult | null = null;
      if (central > 0 && venue.state === 1 && venue.listed === 1 && !(await isHeld(memberId, venue.platform))) {
        try {
          moved = await moves.toVenue(memberId, venue, central);
        } catch (err) {
          // a concurrent spend left less than we read, or the provider is unreachable: nothing moved
          if (!isInsufficientFunds(err) && !isVenueError(err)) throw err;
          ctx.log.info({ err, platform: venue.platform }, 'auto-transfer skipped');
        }
      }
      return { recovered, moved };
    },
  };
}
export type Transfers = ReturnType<typeof createTransfers>;
