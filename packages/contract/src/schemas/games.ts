import { z } from 'zod';
import { aliasFields, isUnset } from './params.ts';

/** Games and venues (spec sections 3 and 7 "Games and content"). */

/** game.category_id of spec section 3, in the order the lists answer them */
export const GAME_CATEGORIES = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const GAME_CATEGORY_NAMES: Record<GameCategory, string> = {
  realbet: '真人视讯',
  joker: '棋牌游戏',
  gaming: '电子竞技',
  sport: '体育赛事',
  lottery: '彩票游戏',
  concise: '电子游戏',
  fishing: '捕鱼游戏',
};

export const GAME_MSG = {
  platformRequired: '请选择游戏平台',
  unknownVenue: '该游戏平台不存在',
  venueMaintenance: '该游戏平台维护中，请稍后再试',
  unknownGame: '该游戏不存在',
  gameMaintenance: '该游戏维护中，请稍后再试',
  launchFailed: '获取游戏链接失败，请稍后再试',
  category: '请选择正确的游戏分类',
} as const;

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * GET /api/game/list?category=...: one category, or every category when absent or ''. The
 * original front-end names it `category_id` (`?category_id=`), read the same way.
 */
export const gameListQuerySchema = z.preprocess(
  aliasFields(['category', 'category_id']),
  z.object({
    category: z.unknown().optional().transform((v, ctx) => {
      if (isUnset(v) || v === 'all') return null;
      const c = typeof v === 'string' ? v.trim() : v;
      if (typeof c === 'string' && (GAME_CATEGORIES as readonly string[]).includes(c)) return c as GameCategory;
      ctx.addIssue({ code: 'custom', message: GAME_MSG.category });
      return z.NEVER;
    }),
  }),
);

/**
 * POST /api/gamelistBycode {gamecode}: gamecode is a venue's platform code, e.g. pp. The original
 * front-end sends it as `platform_name`, read the same way.
 */
export const gameListByCodeSchema = z.preprocess(
  aliasFields(['gamecode', 'platform_name']),
  z.object(
    {
      gamecode: z.string({ error: GAME_MSG.platformRequired }).trim().min(1, GAME_MSG.platformRequired).regex(CODE, GAME_MSG.unknownVenue),
    },
    { error: GAME_MSG.platformRequired },
  ),
);

/**
 * POST /api/getGameUrl {plat_name, game_type (default 0), game_code, is_mobile_url (1)}.
 * An empty game_code (or 0) opens the venue's lobby.
 */
export const gameUrlSchema = z.object(
  {
    plat_name: z.string({ error: GAME_MSG.platformRequired }).trim().min(1, GAME_MSG.platformRequired).regex(CODE, GAME_MSG.unknownVenue),
    game_type: z.unknown().optional(),
    game_code: z.unknown().optional().transform((v, ctx) => {
      if (absent(v) || v === 0 || v === '0') return null;
      if ((typeof v === 'string' || typeof v === 'number') && CODE.test(String(v).trim())) return String(v).trim();
      ctx.addIssue({ code: 'custom', message: GAME_MSG.unknownGame });
      return z.NEVER;
    }),
    is_mobile_url: z.unknown().optional().transform((v) => !(v === 0 || v === '0' || v === false)),
  },
  { error: GAME_MSG.platformRequired },
);
export type GameUrlInput = z.output<typeof gameUrlSchema>;

// ---- replies -----------------------------------------------------------------------------

/**
 * game of spec section 3; GET /api/game/list answers a flat array of these, shown games only
 * (app_state 1), ordered by category (GAME_CATEGORIES order), each category in catalogue order.
 */
export interface GameItem {
  category_id: GameCategory;
  app_state: 0 | 1;
  is_hot: 0 | 1;
  is_new: 0 | 1;
  platform_name: string;
  name: string;
  game_code: string;
  api_logo_img: string;
  mobile_img: string;
}

/** An entry of POST /api/gamelistBycode (spec section 3, game tile). */
export interface GameTile {
  /** the venue's platform code (plat_name of getGameUrl) */
  catecode: string;
  gamecode: string;
  gamepic: string;
  gamename: string;
  category_id: GameCategory;
}

/**
 * data of POST /api/getGameUrl: the URL (spec section 7) and, ours (issue 15), what 自动免转 moved
 * into the venue before the game opened (amount in yuan; status 1 done, 2 pending settlement),
 * so the site can say so instead of the header silently reading ¥0.00.
 */
export interface GameUrlReply {
  url: string;
  auto_transfer?: { platform: string; name: string; amount: number; status: 1 | 2 } | null;
}
