import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { BetsTable, Venue } from '../../db/schema.ts';
import { memberIdOfPlayer, type VenueBet, type VenueRegistry } from '../../adapters/venues/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { fillFromBets } from '../turnover/index.ts';
import * as repo from './repo.ts';

export interface PullReport {
  venues: number;
  records: number;
  failed: string[];
}

const PAGE = 500;
/** pages per venue and run; the rest waits for the next run */
const MAX_PAGES = 20;
const CONCURRENCY = 4;

/**
 * Pulls bet records from every venue after its cursor (bet_cursors, one feed per venue). Each page
 * is written in one transaction with its cursor: bets upserted by (platform, bet_id), settled
 * results replacing unsettled ones, and the settled valid amounts filling the members'
 * open wagering requirements exactly once per bet (bets.turnover_counted). Records of players that are
 * not our members are skipped.
 */
export function createBetPuller(ctx: AppContext, registry: VenueRegistry, catalogue: Catalogue) {
  const prefix = ctx.config.venuePlayerPrefix;

  async function store(platform: string, bets: VenueBet[], nextCursor: string) {
    const now = Date.now();
    // the newest version of each bet in the page (a bet may settle within the page)
    const latest = new Map<string, Insertable<BetsTable>>();
    for (const b of bets) {
      const memberId = memberIdOfPlayer(prefix, b.player);
      if (memberId === null || b.platform !== platform) continue;
      latest.set(b.betId, {
        platform,
        bet_id: b.betId,
        member_id: memberId,
        game_code: b.gameCode,
        game_name: b.gameName,
        category_id: b.categoryId,
        bet_amount: b.betAmountFen,
        valid_amount: b.validAmountFen,
        win_loss: b.winLossFen,
        status: b.status,
        detail: b.detail,
        round_id: b.roundId,
        side: b.side,
        created_at: b.createdAt,
        settled_at: b.settledAt,
        pulled_at: now,
      });
    }
    await ctx.db.transaction().execute(async (trx) => {
      const rows = [...latest.values()];
      await repo.upsertBets(trx, rows);
      const counted = await repo.takeUncountedTurnover(trx, platform, rows.filter((r) => r.status === 1).map((r) => r.bet_id));
      const perMember = new Map<number, number>();
      for (const c of counted) perMember.set(c.member_id, (perMember.get(c.member_id) ?? 0) + c.valid_amount);
      for (const [memberId, fen] of perMember) await fillFromBets(trx, memberId, fen, now);
      await repo.saveCursor(trx, platform, nextCursor, now);
    });
    return latest.size;
  }

  async function pullVenue(venue: Venue): Promise<number> {
    const adapter = registry.get(venue.provider);
    if (!adapter) return 0;
    let cursor = await repo.cursorOf(ctx.db, venue.platform);
    let records = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const got = await adapter.betsSince(venue.platform, cursor, PAGE);
      if (got.bets.length || got.nextCursor !== cursor) records += await store(venue.platform, got.bets, got.nextCursor);
      cursor = got.nextCursor;
      if (!got.hasMore) break;
    }
    return records;
  }

  return async function pull(): Promise<PullReport> {
    // issue 38: a seamless venue's bets come from its wallet calls, never from a pull
    const venues = (await catalogue.venues()).filter((v) => registry.get(v.provider) && v.mode !== 'seamless');
    const report: PullReport = { venues: venues.length, records: 0, failed: [] };
    let next = 0;
    const worker = async () => {
      while (next < venues.length) {
        const v = venues[next++];
        try {
          // read the count after the await: `x += await y` would add to a stale x
          const n = await pullVenue(v);
          report.records += n;
        } catch (err) {
          report.failed.push(v.platform);
          ctx.log.warn({ err, platform: v.platform }, 'bet pull failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, venues.length) }, worker));
    return report;
  };
}
