import { GAME_CATEGORIES, type GameCategory, type GameItem, type GameTile } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { Game, Venue } from '../../db/schema.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import * as repo from './repo.ts';
import { artUrl } from './art.ts';

/** A copy is rebuilt at least this often, changed or not. */
const CACHE_MS = 60_000;
/**
 * How often a copy asks whether another process synced or an operator edited the catalogue
 * (one read of the small venues table): changes reach every process within this long (issue 13).
 */
const CHECK_MS = 4_000;

interface Snapshot {
  at: number;
  /** when the stamp was last compared */
  checkedAt: number;
  stamp: string;
  venues: Venue[];
  venueByPlatform: Map<string, Venue>;
  gameByKey: Map<string, Game>;
  /** shown games, category by category (GAME_CATEGORIES order), each in catalogue order */
  list: GameItem[];
  tilesByPlatform: Map<string, GameTile[]>;
}

const key = (platform: string, code: string) => `${platform}/${code}`;

const item = (g: Game): GameItem => ({
  category_id: g.category_id as GameCategory,
  app_state: g.app_state === 1 ? 1 : 0,
  is_hot: g.is_hot === 1 ? 1 : 0,
  is_new: g.is_new === 1 ? 1 : 0,
  platform_name: g.platform,
  name: g.name,
  game_code: g.game_code,
  api_logo_img: g.api_logo_img,
  mobile_img: g.mobile_img,
});

/**
 * Venues and games: synced from every provider into our tables (at start and by a job), and
 * served from an in-process snapshot rebuilt after each sync or operator edit here, and within
 * CHECK_MS of one made by another process (the venues table's stamp). A shown game is listed,
 * has app_state 1 and sits in a listed venue that no operator has closed.
 */
export function createCatalogue(ctx: AppContext, registry: VenueRegistry) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let syncing: Promise<SyncReport> | null = null;
  // art from the in-process sandbox stays root-relative (same origin as the site)
  const artBase = ctx.config.sandboxUrl ?? null;
  // the copy's age (tests drive it: config.cacheNow)
  const clock = ctx.config.cacheNow ?? Date.now;

  async function load(stamp: string): Promise<Snapshot> {
    const [rows, allGames] = await Promise.all([repo.allVenues(ctx.db), repo.allGames(ctx.db)]);
    // a venue is listed while its provider lists it and no operator hid it (issue 13)
    const venues = rows.map((v) => ({ ...v, listed: v.listed === 1 && v.op_listed === 1 ? 1 : 0 }));
    // a game an operator hid is unknown to members (its launch answers 该游戏不存在)
    const games = allGames.filter((g) => g.listed === 1);
    const venueByPlatform = new Map(venues.map((v) => [v.platform, v]));
    const shown = games.filter((g) => {
      const v = venueByPlatform.get(g.platform);
      return g.app_state === 1 && v && v.listed === 1 && v.state === 1;
    });
    const list = GAME_CATEGORIES.flatMap((c) => shown.filter((g) => g.category_id === c).map(item));
    const tilesByPlatform = new Map<string, GameTile[]>();
    for (const g of shown) {
      const list = tilesByPlatform.get(g.platform) ?? [];
      list.push({ catecode: g.platform, gamecode: g.game_code, gamepic: g.api_logo_img, gamename: g.name, category_id: g.category_id as GameCategory });
      tilesByPlatform.set(g.platform, list);
    }
    return {
      at: clock(),
      checkedAt: clock(),
      stamp,
      venues,
      venueByPlatform,
      gameByKey: new Map(games.map((g) => [key(g.platform, g.game_code), g])),
      list,
      tilesByPlatform,
    };
  }

  /** bumped by invalidate(): a load that started before it is used once, never kept */
  let generation = 0;

  async function refresh(): Promise<Snapshot> {
    const started = generation;
    const stamp = await repo.catalogueStamp(ctx.db);
    const now = clock();
    if (snapshot && snapshot.stamp === stamp && now - snapshot.at < CACHE_MS) {
      snapshot.checkedAt = now;
      return snapshot;
    }
    const s = await load(stamp);
    if (generation === started) snapshot = s;
    return s;
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && clock() - snapshot.checkedAt < CHECK_MS) return snapshot;
    const mine = (loading ??= refresh().finally(() => {
      if (loading === mine) loading = null;
    }));
    return mine;
  }

  /** this process's copy is dropped at once (after an operator's edit); the others follow within CHECK_MS */
  function invalidate() {
    generation += 1;
    snapshot = null;
    loading = null;
  }

  /** One provider at a time; a failing provider does not stop the others. Single-flight per process. */
  async function syncAll(): Promise<SyncReport> {
    const failed: string[] = [];
    for (const adapter of registry.all()) {
      try {
        const cat = await adapter.catalogue();
        const now = Date.now();
        await ctx.db.transaction().execute((trx) => repo.writeCatalogue(trx, adapter.provider, cat, now, (u) => artUrl(u, artBase)));
      } catch (err) {
        failed.push(adapter.provider);
        ctx.log.warn({ err, provider: adapter.provider }, 'catalogue sync failed');
      }
    }
    invalidate();
    await current();
    return { failed };
  }

  /** a sync (or the one already running) answering the providers whose catalogue could not be read (their venues and games stay as they were) */
  function syncReport(): Promise<SyncReport> {
    syncing ??= syncAll().finally(() => (syncing = null));
    return syncing;
  }

  return {
    async sync(): Promise<void> {
      await syncReport();
    },
    syncReport,
    invalidate,
    /** every venue we know, listed or not, in catalogue order */
    async venues(): Promise<Venue[]> {
      return (await current()).venues;
    },
    async venue(platform: string): Promise<Venue | undefined> {
      return (await current()).venueByPlatform.get(platform);
    },
    async game(platform: string, code: string): Promise<Game | undefined> {
      return (await current()).gameByKey.get(key(platform, code));
    },
    /** the game a venue opens when no game is named: its lobby, else its first shown game */
    async lobby(platform: string): Promise<Game | undefined> {
      const s = await current();
      const games = [...s.gameByKey.values()].filter((g) => g.platform === platform && g.app_state === 1);
      return games.find((g) => g.game_code.endsWith('_lobby') || g.game_code === 'lobby') ?? games[0];
    },
    /** GET /api/game/list: the shown games as one flat list ordered by category, or one category's */
    async gameList(category: GameCategory | null): Promise<GameItem[]> {
      const s = await current();
      return category ? s.list.filter((g) => g.category_id === category) : s.list;
    },
    async tiles(platform: string): Promise<GameTile[]> {
      return (await current()).tilesByPlatform.get(platform) ?? [];
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
export interface SyncReport {
  failed: string[];
}
