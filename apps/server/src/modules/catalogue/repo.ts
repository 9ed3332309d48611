import type { Kysely } from 'kysely';
import type { DB, Game, Venue } from '../../db/schema.ts';
import type { VenueCatalogue } from '../../adapters/venues/index.ts';

/**
 * Writes one provider's catalogue: venues and games upserted by platform and by
 * (platform, game_code). An operator's own choices are kept (venue state, http_only, op_listed,
 * the name and order an operator gave; a game's listing, maintenance, hot/new flags and order:
 * migration 022); venues the provider no longer lists are marked unlisted and their games
 * hidden (app_state 0).
 */
export async function writeCatalogue(trx: Kysely<DB>, provider: string, cat: VenueCatalogue, now: number, artUrl: (u: string) => string) {
  if (cat.venues.length) {
    await trx
      .insertInto('venues')
      .values(
        cat.venues.map((v, i) => ({
          platform: v.platform,
          provider,
          name: v.name,
          categories: JSON.stringify(v.categories),
          logo_img: artUrl(v.logoImg),
          sort: i,
          listed: 1,
          synced_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('platform').doUpdateSet((eb) => ({
          provider: eb.ref('excluded.provider'),
          name: eb.fn.coalesce(eb.ref('venues.op_name'), eb.ref('excluded.name')),
          categories: eb.ref('excluded.categories'),
          logo_img: eb.ref('excluded.logo_img'),
          sort: eb.fn.coalesce(eb.ref('venues.op_sort'), eb.ref('excluded.sort')),
          listed: 1,
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
  await trx.updateTable('venues').set({ listed: 0 }).where('provider', '=', provider).where('synced_at', '<', now).execute();

  const platforms = new Set(cat.venues.map((v) => v.platform));
  const games = cat.games.filter((g) => platforms.has(g.platform));
  // a few hundred rows a statement keeps well under either database's parameter limit
  for (let i = 0; i < games.length; i += 200) {
    await trx
      .insertInto('games')
      .values(
        games.slice(i, i + 200).map((g, j) => ({
          platform: g.platform,
          game_code: g.gameCode,
          name: g.name,
          category_id: g.categoryId,
          is_hot: g.isHot ? 1 : 0,
          is_new: g.isNew ? 1 : 0,
          app_state: g.open ? 1 : 0,
          provider_state: g.open ? 1 : 0,
          api_logo_img: artUrl(g.logoImg),
          mobile_img: artUrl(g.mobileImg),
          sort: i + j,
          synced_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['platform', 'game_code']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          category_id: eb.ref('excluded.category_id'),
          is_hot: eb.fn.coalesce(eb.ref('games.op_hot'), eb.ref('excluded.is_hot')),
          is_new: eb.fn.coalesce(eb.ref('games.op_new'), eb.ref('excluded.is_new')),
          // open while the provider has it open, unless an operator put it under maintenance
          app_state: eb.case().when('games.op_state', '=', 0).then(0).else(eb.ref('excluded.app_state')).end(),
          provider_state: eb.ref('excluded.provider_state'),
          api_logo_img: eb.ref('excluded.api_logo_img'),
          mobile_img: eb.ref('excluded.mobile_img'),
          sort: eb.fn.coalesce(eb.ref('games.op_sort'), eb.ref('excluded.sort')),
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
  // games of this provider's venues that it no longer lists
  const own = await trx.selectFrom('venues').select('platform').where('provider', '=', provider).execute();
  if (own.length) {
    await trx
      .updateTable('games')
      .set({ app_state: 0, provider_state: 0 })
      .where('platform', 'in', own.map((v) => v.platform))
      .where('synced_at', '<', now)
      .execute();
  }
}

/**
 * What changes when any process syncs or an operator edits (games edits bump their venue's
 * edited_at): read from the venues table, a few dozen rows.
 */
export async function catalogueStamp(db: Kysely<DB>): Promise<string> {
  const r = await db
    .selectFrom('venues')
    .select((eb) => [eb.fn.max('synced_at').as('s'), eb.fn.max('edited_at').as('e'), eb.fn.countAll().as('n')])
    .executeTakeFirst();
  return `${r?.s ?? 0}/${r?.e ?? 0}/${r?.n ?? 0}`;
}

export function allVenues(db: Kysely<DB>): Promise<Venue[]> {
  return db.selectFrom('venues').selectAll().orderBy('sort').orderBy('platform').execute();
}

/** Every game of every venue (a catalogue is a few hundred rows; it is held in memory). */
export function allGames(db: Kysely<DB>): Promise<Game[]> {
  return db.selectFrom('games').selectAll().orderBy('sort').orderBy('id').execute();
}
