import type { GameCategory, GameItem } from '@casino/contract';
import { apiGet, failureText, type ApiResult } from '../../api/client';
import { local } from '../../lib/storage';
import { toast } from '../../ui/feedback';

/**
 * The game lists of the home page, the quick-pick panel and search (spec sections 2-4):
 * GET /api/game/list answers a flat list of games ordered by category_id, which the site
 * groups itself, keeping the shown ones (app_state 1); each list is cached in local storage under the spec's keys so the next visit paints at once.
 */

/** local-storage key per category (spec section 3) */
export const CATEGORY_KEYS: Record<GameCategory, string> = {
  realbet: 'realbetList',
  joker: 'jokerList',
  gaming: 'gamingList',
  sport: 'sportList',
  lottery: 'lotteryList',
  concise: 'conciseList',
  fishing: 'fishingList',
};
export const HOT_KEY = 'remenList';
export const ALL_KEY = 'allList';
export const NEW_KEY = 'newList';

/** The home's category tabs, with the spec's values, in the order shown. */
export type TabValue = 6 | 4 | 0 | 2 | 3 | 5 | 1;
export interface HomeTab {
  value: TabValue;
  label: string;
}
export const HOME_TABS: readonly HomeTab[] = [
  { value: 6, label: '热门' },
  { value: 4, label: '电子' },
  { value: 0, label: '真人' },
  { value: 2, label: '捕鱼' },
  { value: 3, label: '棋牌' },
  { value: 5, label: '彩票' },
  { value: 1, label: '体育' },
];
export const DEFAULT_TAB: TabValue = 6;

/** A tab's list: one or more titled sections of games. */
export interface TabSection {
  key: string;
  title: string;
  games: GameItem[];
}

const shown = (g: GameItem) => Number(g.app_state) === 1;
export const isHot = (g: GameItem) => Number(g.is_hot) === 1;
export const isNew = (g: GameItem) => Number(g.is_new) === 1;

/** Spec section 4: the concise tab shows games neither hot nor new, one per platform_name. */
export function conciseTiles(games: GameItem[]): GameItem[] {
  const seen = new Set<string>();
  const out: GameItem[] = [];
  for (const g of games) {
    if (!shown(g) || isHot(g) || isNew(g) || seen.has(g.platform_name)) continue;
    seen.add(g.platform_name);
    out.push(g);
  }
  return out;
}

export class GameListFailure extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.message || 'game list failed');
  }
}

/**
 * GET /api/game/list (one category, or all): a flat array of games ordered by category (issue 19,
 * as the original front-end reads it); the shown ones (app_state 1) are kept. A failure toasts
 * the server message.
 */
async function fetchGames(category?: GameCategory): Promise<GameItem[]> {
  const res = await apiGet<GameItem[]>('/api/game/list', category ? { category } : undefined);
  if (res.code !== 200 || !Array.isArray(res.data)) {
    const text = failureText(res);
    if (text) toast(text, 'fail');
    throw new GameListFailure(res);
  }
  return res.data.filter((g) => g && typeof g === 'object' && shown(g));
}

/** The games of one category, in the order answered (the site groups them itself). */
const gamesOf = (games: GameItem[], category: GameCategory) => games.filter((g) => g.category_id === category);

/** Every shown game, refreshed from the server; writes allList, remenList and newList. */
export async function fetchAllGames(): Promise<GameItem[]> {
  const all = await fetchGames();
  local.setJSON(ALL_KEY, all);
  local.setJSON(HOT_KEY, all.filter(isHot));
  local.setJSON(NEW_KEY, all.filter(isNew));
  return all;
}

/** The cached all-games list, or the server's when none is cached (search). */
export async function allGames(): Promise<GameItem[]> {
  const cached = local.getJSON<GameItem[]>(ALL_KEY);
  if (Array.isArray(cached) && cached.length) return cached.filter(shown);
  return fetchAllGames();
}

/** Hot games for the quick-pick panel: the cached remenList, else a fresh all-games load. */
export async function hotGames(): Promise<GameItem[]> {
  const cached = local.getJSON<GameItem[]>(HOT_KEY);
  if (Array.isArray(cached) && cached.length) return cached.filter(shown);
  return (await fetchAllGames()).filter(isHot);
}

const SPORT_TITLE = '体育赛事';
const ESPORT_TITLE = '电子竞技';

/** What a tab shows, from the cache (null when nothing is cached yet). */
export function cachedTab(tab: TabValue): TabSection[] | null {
  const read = (key: string) => {
    const v = local.getJSON<GameItem[]>(key);
    return Array.isArray(v) ? v.filter(shown) : null;
  };
  switch (tab) {
    case 6: {
      const hot = read(HOT_KEY);
      return hot ? [{ key: 'hot', title: '', games: hot }] : null;
    }
    case 1: {
      const sport = read(CATEGORY_KEYS.sport);
      const esport = read(CATEGORY_KEYS.gaming);
      return sport && esport ? sportSections(sport, esport) : null;
    }
    default: {
      const games = read(CATEGORY_KEYS[TAB_CATEGORY[tab]]);
      return games ? [{ key: TAB_CATEGORY[tab], title: '', games }] : null;
    }
  }
}

const TAB_CATEGORY: Record<Exclude<TabValue, 6 | 1>, GameCategory> = {
  4: 'concise',
  0: 'realbet',
  2: 'fishing',
  3: 'joker',
  5: 'lottery',
};

function sportSections(sport: GameItem[], esport: GameItem[]): TabSection[] {
  return [
    { key: 'sport', title: SPORT_TITLE, games: sport },
    { key: 'gaming', title: ESPORT_TITLE, games: esport },
  ].filter((s) => s.games.length);
}

/**
 * One request per tab: hot reads every category (hot games span them) and keeps is_hot 1;
 * sports reads every category too and shows sports with e-sports (the spec has no e-sports
 * tab); every other tab reads its own category.
 */
export async function fetchTab(tab: TabValue): Promise<TabSection[]> {
  switch (tab) {
    case 6: {
      const all = await fetchAllGames();
      return [{ key: 'hot', title: '', games: all.filter(isHot) }];
    }
    case 1: {
      const games = await fetchGames();
      const sport = gamesOf(games, 'sport');
      const esport = gamesOf(games, 'gaming');
      local.setJSON(CATEGORY_KEYS.sport, sport);
      local.setJSON(CATEGORY_KEYS.gaming, esport);
      return sportSections(sport, esport);
    }
    default: {
      const category = TAB_CATEGORY[tab];
      const games = gamesOf(await fetchGames(category), category);
      const list = category === 'concise' ? conciseTiles(games) : games;
      local.setJSON(CATEGORY_KEYS[category], list);
      return [{ key: category, title: '', games: list }];
    }
  }
}

/** The query of /gamePage that opens a game (read by pages/gamePage). */
export function gamePath(platform: string, code: string, name: string): string {
  const q = new URLSearchParams({ name, type: platform, code });
  return `/gamePage?${q.toString()}`;
}
