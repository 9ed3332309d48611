import { z } from 'zod';
import { plainLine } from '../text-rules.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminIntFilter, adminPage, adminPerPage } from './admin-shared.ts';
import { GAME_CATEGORIES, type GameCategory } from './games.ts';
import type { Yuan } from '../money.ts';

/**
 * Venues and games in the back-office (issue 13), permission games.manage:
 *   POST /admin/api/venues/list    {state?, listed?, page?, per_page?}
 *   POST /admin/api/venues/update  {platform, state?, listed?, sort?, name?}
 *   POST /admin/api/games/list     {platform?, category?, name?, listed?, app_state?, is_hot?, is_new?, page?, per_page?}
 *   POST /admin/api/games/update   {id, listed?, app_state?, is_hot?, is_new?, sort?}
 *   POST /admin/api/catalogue/sync {}  -> what the sync changed
 *   POST /admin/api/venues/exposure {} -> per venue: members holding a balance there and the total
 * An operator's choices are kept across catalogue syncs (the provider's own values stay beside them).
 */
export const GAMES_ADMIN_MSG = {
  platform: '请选择场馆',
  venueNotFound: '场馆不存在',
  gameNotFound: '游戏不存在',
  nothing: '请至少修改一项',
  state: '状态只能是0（维护）或1（开放）',
  listed: '上架状态只能是0（下架）或1（上架）',
  flag: '标记只能是0或1',
  sort: '排序必须是0到9999之间的整数',
  name: '场馆名称为1到32个字',
  category: '请选择正确的游戏分类',
  gameName: '游戏名称最多32个字',
  venueUpdated: '场馆已更新，会员端5秒内生效',
  gameUpdated: '游戏已更新，会员端5秒内生效',
  unchanged: '没有变化',
  providerClosed: '已取消维护，但供应商仍在维护该游戏，供应商恢复后自动开放',
  synced: '目录已同步',
  syncFailed: (providers: string) => `以下供应商同步失败，其场馆和游戏保持不变：${providers}`,
} as const;

const PLATFORM = /^[A-Za-z0-9_-]{1,40}$/;
const bit = (message: string) => z.union([z.literal(0), z.literal(1)], { error: message });
const sort = z.number({ error: GAMES_ADMIN_MSG.sort }).int(GAMES_ADMIN_MSG.sort).min(0, GAMES_ADMIN_MSG.sort).max(9999, GAMES_ADMIN_MSG.sort);
const atLeastOne = (keys: string[]) => (v: Record<string, unknown>) => keys.some((k) => v[k] !== undefined);

export const adminVenuesListSchema = z.object(
  {
    state: adminIntFilter(0, 1, GAMES_ADMIN_MSG.state),
    listed: adminIntFilter(0, 1, GAMES_ADMIN_MSG.listed),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminVenuesListInput = z.output<typeof adminVenuesListSchema>;

const VENUE_FIELDS = ['state', 'listed', 'sort', 'name'];
export const adminVenueUpdateSchema = z
  .object(
    {
      platform: z.string({ error: GAMES_ADMIN_MSG.platform }).trim().min(1, GAMES_ADMIN_MSG.platform).regex(PLATFORM, GAMES_ADMIN_MSG.venueNotFound),
      state: bit(GAMES_ADMIN_MSG.state).optional(),
      listed: bit(GAMES_ADMIN_MSG.listed).optional(),
      sort: sort.optional(),
      name: z
        .string({ error: GAMES_ADMIN_MSG.name })
        .trim()
        .min(1, GAMES_ADMIN_MSG.name)
        .max(32, GAMES_ADMIN_MSG.name)
        .refine(...plainLine('场馆名称'))
        .optional(),
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  )
  .refine(atLeastOne(VENUE_FIELDS), { error: GAMES_ADMIN_MSG.nothing });
export type AdminVenueUpdateInput = z.output<typeof adminVenueUpdateSchema>;

export const adminGamesListSchema = z.object(
  {
    platform: adminFilter(40, GAMES_ADMIN_MSG.venueNotFound),
    category: z
      .union([z.enum(GAME_CATEGORIES), z.literal(''), z.null()], { error: GAMES_ADMIN_MSG.category })
      .optional()
      .transform((v) => (v ? (v as GameCategory) : undefined)),
    name: adminFilter(32, GAMES_ADMIN_MSG.gameName),
    listed: adminIntFilter(0, 1, GAMES_ADMIN_MSG.listed),
    app_state: adminIntFilter(0, 1, GAMES_ADMIN_MSG.state),
    is_hot: adminIntFilter(0, 1, GAMES_ADMIN_MSG.flag),
    is_new: adminIntFilter(0, 1, GAMES_ADMIN_MSG.flag),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminGamesListInput = z.output<typeof adminGamesListSchema>;

const GAME_FIELDS = ['listed', 'app_state', 'is_hot', 'is_new', 'sort'];
export const adminGameUpdateSchema = z
  .object(
    {
      id: z.number({ error: GAMES_ADMIN_MSG.gameNotFound }).int(GAMES_ADMIN_MSG.gameNotFound).positive(GAMES_ADMIN_MSG.gameNotFound).max(Number.MAX_SAFE_INTEGER, GAMES_ADMIN_MSG.gameNotFound),
      listed: bit(GAMES_ADMIN_MSG.listed).optional(),
      /** 0 puts the game under maintenance; 1 follows the provider again */
      app_state: bit(GAMES_ADMIN_MSG.state).optional(),
      is_hot: bit(GAMES_ADMIN_MSG.flag).optional(),
      is_new: bit(GAMES_ADMIN_MSG.flag).optional(),
      sort: sort.optional(),
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  )
  .refine(atLeastOne(GAME_FIELDS), { error: GAMES_ADMIN_MSG.nothing });
export type AdminGameUpdateInput = z.output<typeof adminGameUpdateSchema>;

export const adminCatalogueSyncSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
export const adminVenueExposureSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });

// ---- replies -----------------------------------------------------------------------------

export interface AdminVenueRow {
  platform: string;
  provider: string;
  name: string;
  /** an operator gave it this name (kept across syncs) */
  renamed: boolean;
  categories: GameCategory[];
  logo_img: string;
  sort: number;
  /** 1 open, 0 maintenance (an operator's switch) */
  state: 0 | 1;
  /** the operator's listing */
  listed: 0 | 1;
  /** whether the provider still lists it */
  provider_listed: 0 | 1;
  games: number;
  shown_games: number;
  synced_at: string;
  /** issue 38: transfer wallets or seamless (VENUE_MODE_NAMES) */
  mode: 'transfer' | 'seamless';
}

export interface AdminGameRow {
  id: number;
  platform: string;
  venue_name: string;
  game_code: string;
  name: string;
  category_id: GameCategory;
  is_hot: 0 | 1;
  is_new: 0 | 1;
  /** 1 open: the provider has it open and no operator put it under maintenance */
  app_state: 0 | 1;
  /** the provider's own open flag */
  provider_state: 0 | 1;
  /** the operator's maintenance switch (0: maintenance) */
  operator_state: 0 | 1;
  listed: 0 | 1;
  sort: number;
  /** which fields an operator set (kept across syncs) */
  operator_set: ('is_hot' | 'is_new' | 'sort' | 'app_state')[];
  api_logo_img: string;
  synced_at: string;
}

/** what one on-demand sync changed, by venue and game */
export interface AdminCatalogueSyncReply {
  failed: string[];
  venues: { added: string[]; unlisted: string[]; relisted: string[]; total: number };
  games: { added: number; opened: number; closed: number; changed: number; total: number; examples: string[] };
}

export interface AdminVenueExposureRow {
  platform: string;
  name: string;
  state: 0 | 1;
  listed: 0 | 1;
  /** members whose last known balance there is above zero */
  members: number;
  /** yuan: the sum of those last known balances */
  total: Yuan;
  /** yuan: the venue's clearing account in our ledger (what we moved in, net of what came out) */
  clearing: Yuan;
  /** yuan: transfers into the venue not yet settled */
  pending: Yuan;
}

export interface AdminVenueExposureReply {
  rows: AdminVenueExposureRow[];
  members: number;
  total: Yuan;
  clearing: Yuan;
}
