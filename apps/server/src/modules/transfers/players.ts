import type { AppContext } from '../../context.ts';
import { playerName, type VenueAdapter } from '../../adapters/venues/index.ts';
import * as repo from './repo.ts';

/**
 * Our members as players at the providers: created at a provider on first need and remembered in
 * venue_players (and in memory), so later calls skip the round trip.
 */
export function createPlayers(ctx: AppContext) {
  const known = new Set<string>();
  const k = (provider: string, memberId: number) => `${provider}:${memberId}`;

  return {
    name: (memberId: number) => playerName(ctx.config.venuePlayerPrefix, memberId),

    /** whether the member was ever created at the provider (a player never created holds nothing there) */
    async exists(provider: string, memberId: number): Promise<boolean> {
      if (known.has(k(provider, memberId))) return true;
      const found = await repo.playerExists(ctx.db, provider, memberId);
      if (found) known.add(k(provider, memberId));
      return found;
    },

    /** the member's player name at the provider, created there if needed; throws VenueError */
    async ensure(adapter: VenueAdapter, memberId: number): Promise<string> {
      const player = playerName(ctx.config.venuePlayerPrefix, memberId);
      if (await this.exists(adapter.provider, memberId)) return player;
      await adapter.ensurePlayer(player);
      await repo.insertPlayer(ctx.db, adapter.provider, memberId, player, Date.now());
      known.add(k(adapter.provider, memberId));
      return player;
    },
  };
}
export type Players = ReturnType<typeof createPlayers>;
