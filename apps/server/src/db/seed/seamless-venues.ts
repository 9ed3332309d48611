import type { AppContext } from '../../context.ts';
import type { VenueMode, VenueRegistry } from '../../adapters/venues/index.ts';

/**
 * issue 38: the demo's two seamless venues (played from the central wallet; the venue calls our
 * wallet API). Their rows are made before the first catalogue sync, which fills in the rest and
 * keeps the mode; a venue that already exists keeps whatever mode it has, so an operator's
 * choice is never undone by a restart.
 */
export const DEMO_SEAMLESS_VENUES = [
  { platform: 'jdb', name: 'JDB电子', categories: ['concise', 'fishing'] },
  { platform: 'leg', name: '乐游棋牌', categories: ['joker'] },
] as const;

export async function seedSeamlessVenues(ctx: AppContext, now = Date.now()): Promise<void> {
  await ctx.db
    .insertInto('venues')
    .values(
      DEMO_SEAMLESS_VENUES.map((v) => ({
        platform: v.platform,
        provider: 'sandbox',
        name: v.name,
        categories: JSON.stringify(v.categories),
        // shown once the provider's catalogue has been read
        listed: 0,
        synced_at: 0,
        mode: 'seamless',
      })),
    )
    .onConflict((oc) => oc.column('platform').doNothing())
    .execute();
}

/**
 * issue 38: at start (once the catalogue is synced and the in-process provider listens), each
 * provider that keeps a mode per venue is told every venue's mode, so the two sides agree after a
 * seed, a restart, or a mode change the provider missed. A failure is logged; the operator's mode
 * change tells it again.
 */
export async function announceVenueModes(ctx: AppContext, registry: VenueRegistry): Promise<void> {
  const venues = await ctx.db.selectFrom('venues').select(['platform', 'provider', 'mode']).where('listed', '=', 1).execute();
  await Promise.all(
    venues.map(async (v) => {
      const adapter = registry.get(v.provider);
      if (!adapter?.setVenueMode) return;
      const mode: VenueMode = v.mode === 'seamless' ? 'seamless' : 'transfer';
      try {
        await adapter.setVenueMode(v.platform, mode);
      } catch (err) {
        ctx.log.warn({ err, platform: v.platform, mode }, 'telling the provider a venue mode failed');
      }
    }),
  );
}
