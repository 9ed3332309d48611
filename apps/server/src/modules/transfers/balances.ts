import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { Players } from './players.ts';
import * as repo from './repo.ts';

export interface MemberVenueBalances {
  /** fen per platform: what the venue reported now, or the last known figure */
  balances: Map<string, number>;
  /** providers that did not answer in time (their venues show the last known figure) */
  stale: string[];
}

/**
 * A member's venue balances, read from every provider at once with a short time-out; a provider
 * that is slow or down answers its venues' last known figures. A provider the member was never
 * created at holds nothing and is not asked. Changed figures are kept in venue_balances (the
 * game wallet of userInfo is their sum).
 */
export function createBalances(ctx: AppContext, registry: VenueRegistry, players: Players) {
  return async function read(memberId: number, timeoutMs = ctx.config.venueBalanceTimeoutMs): Promise<MemberVenueBalances> {
    const known = await repo.knownBalances(ctx.db, memberId);
    const balances = new Map(known);
    const stale: string[] = [];
    const fresh = new Map<string, number>();
    await Promise.all(
      registry.all().map(async (adapter) => {
        if (!(await players.exists(adapter.provider, memberId))) return;
        try {
          const got = await adapter.balances(players.name(memberId), { timeoutMs });
          for (const [platform, fen] of got) fresh.set(platform, fen);
        } catch (err) {
          stale.push(adapter.provider);
          ctx.log.debug({ err, provider: adapter.provider }, 'venue balances: using last known figures');
        }
      }),
    );
    for (const [platform, fen] of fresh) balances.set(platform, fen);
    await repo.saveBalances(ctx.db, memberId, fresh, known, Date.now()).catch((err) => ctx.log.warn({ err }, 'could not keep venue balances'));
    return { balances, stale };
  };
}
export type ReadBalances = ReturnType<typeof createBalances>;
