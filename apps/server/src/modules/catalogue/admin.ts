import {
  adminCatalogueSyncSchema,
  adminGamesListSchema,
  adminGameUpdateSchema,
  adminVenuesListSchema,
  adminVenueUpdateSchema,
  GAMES_ADMIN_MSG,
  type AdminCatalogueSyncReply,
  type AdminGameRow,
  type AdminGamesListInput,
  type AdminGameUpdateInput,
  type AdminVenueRow,
  type AdminVenuesListInput,
  type AdminVenueUpdateInput,
  type GameCategory,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, Game, Venue } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { Catalogue } from './catalogue.ts';
import { contains } from '../../db/like.ts';

interface Operator {
  adminId: number;
  ip: string;
}

const bit = (v: number | null | undefined): 0 | 1 => (Number(v) === 1 ? 1 : 0);

const categoriesOf = (json: string): GameCategory[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v.filter((c) => typeof c === 'string') as GameCategory[]) : [];
  } catch {
    return [];
  }
};

/** a venue as the back-office shows it and as the audit log keeps it */
const venueView = (v: Venue, counts?: { games: number; shown: number }): AdminVenueRow => ({
  platform: v.platform,
  provider: v.provider,
  name: v.name,
  renamed: v.op_name !== null,
  categories: categoriesOf(v.categories),
  logo_img: v.logo_img,
  sort: Number(v.sort),
  state: bit(v.state),
  listed: bit(v.op_listed),
  provider_listed: bit(v.listed),
  games: counts?.games ?? 0,
  shown_games: counts?.shown ?? 0,
  synced_at: toWireTime(Number(v.synced_at)),
  mode: v.mode === 'seamless' ? 'seamless' : 'transfer', // issue 38
});

const venueAudit = (v: Venue) => ({ name: v.name, state: bit(v.state), listed: bit(v.op_listed), sort: Number(v.sort) });

const gameView = (g: Game, venueName: string): AdminGameRow => ({
  id: Number(g.id),
  platform: g.platform,
  venue_name: venueName,
  game_code: g.game_code,
  name: g.name,
  category_id: g.category_id as GameCategory,
  is_hot: bit(g.is_hot),
  is_new: bit(g.is_new),
  app_state: bit(g.app_state),
  provider_state: bit(g.provider_state),
  operator_state: g.op_state === 0 ? 0 : 1,
  listed: bit(g.listed),
  sort: Number(g.sort),
  operator_set: [
    ...(g.op_hot !== null ? (['is_hot'] as const) : []),
    ...(g.op_new !== null ? (['is_new'] as const) : []),
    ...(g.op_sort !== null ? (['sort'] as const) : []),
    ...(g.op_state !== null ? (['app_state'] as const) : []),
  ],
  api_logo_img: g.api_logo_img,
  synced_at: toWireTime(Number(g.synced_at)),
});

const gameAudit = (g: Game) => ({ listed: bit(g.listed), app_state: bit(g.app_state), operator_state: g.op_state === 0 ? 0 : 1, is_hot: bit(g.is_hot), is_new: bit(g.is_new), sort: Number(g.sort) });

/** LIKE pattern for a name fragment: the operator's % and _ are literal */

export async function listVenues(db: Kysely<DB>, q: AdminVenuesListInput) {
  let base = db.selectFrom('venues');
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  if (q.listed !== undefined) base = base.where('op_listed', '=', q.listed);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('sort').orderBy('platform').limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
  ]);
  const platforms = rows.map((v) => v.platform);
  const counts = new Map<string, { games: number; shown: number }>();
  if (platforms.length) {
    const per = await db
      .selectFrom('games')
      .select((eb) => [
        'platform',
        eb.fn.countAll<number | string>().as('games'),
        eb.fn.sum<number | string>(eb.case().when(eb.and([eb('app_state', '=', 1), eb('listed', '=', 1)])).then(1).else(0).end()).as('shown'),
      ])
      .where('platform', 'in', platforms)
      .groupBy('platform')
      .execute();
    for (const r of per) counts.set(r.platform, { games: Number(r.games), shown: Number(r.shown ?? 0) });
  }
  return paged(
    rows.map((v) => venueView(v, counts.get(v.platform))),
    Number(count?.n ?? 0),
    q.page,
    q.per_page,
  );
}

export async function updateVenue(db: Kysely<DB>, input: AdminVenueUpdateInput, op: Operator, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('venues').selectAll().where('platform', '=', input.platform).executeTakeFirst();
    if (!before) refuse(GAMES_ADMIN_MSG.venueNotFound, 404);
    const set: { state?: number; op_listed?: number; sort?: number; op_sort?: number; name?: string; op_name?: string } = {};
    if (input.state !== undefined && input.state !== before.state) set.state = input.state;
    if (input.listed !== undefined && input.listed !== before.op_listed) set.op_listed = input.listed;
    if (input.sort !== undefined && (input.sort !== Number(before.sort) || before.op_sort === null)) Object.assign(set, { sort: input.sort, op_sort: input.sort });
    if (input.name !== undefined && (input.name !== before.name || before.op_name === null)) Object.assign(set, { name: input.name, op_name: input.name });
    if (Object.keys(set).length === 0) return { row: venueView(before), changed: false };
    const after = await trx
      .updateTable('venues')
      .set({ ...set, edited_at: Math.max(now, Number(before.edited_at) + 1) })
      .where('platform', '=', input.platform)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { adminId: op.adminId, action: 'venue.update', target: `venue:${after.platform}`, detail: { before: venueAudit(before), after: venueAudit(after) }, ip: op.ip, now });
    return { row: venueView(after), changed: true };
  });
}

export async function listGames(db: Kysely<DB>, q: AdminGamesListInput) {
  let base = db.selectFrom('games');
  if (q.platform) base = base.where('games.platform', '=', q.platform);
  if (q.category) base = base.where('games.category_id', '=', q.category);
  if (q.name) {
    const name = q.name;
    base = base.where((eb) => eb.or([contains('games.name', name), contains('games.game_code', name)]));
  }
  if (q.listed !== undefined) base = base.where('games.listed', '=', q.listed);
  if (q.app_state !== undefined) base = base.where('games.app_state', '=', q.app_state);
  if (q.is_hot !== undefined) base = base.where('games.is_hot', '=', q.is_hot);
  if (q.is_new !== undefined) base = base.where('games.is_new', '=', q.is_new);
  let page = base.leftJoin('venues', 'venues.platform', 'games.platform').selectAll('games').select('venues.name as venue_name');
  // one venue: its games in catalogue order (games_platform_sort); otherwise venue by venue
  page = q.platform ? page.orderBy('games.sort').orderBy('games.id') : page.orderBy('games.platform').orderBy('games.sort').orderBy('games.id');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    page.limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
  ]);
  return paged(
    rows.map(({ venue_name, ...g }) => gameView(g as Game, venue_name ?? g.platform)),
    Number(count?.n ?? 0),
    q.page,
    q.per_page,
  );
}

export async function updateGame(db: Kysely<DB>, input: AdminGameUpdateInput, op: Operator, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('games').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) refuse(GAMES_ADMIN_MSG.gameNotFound, 404);
    const set: Record<string, number | null> = {};
    if (input.listed !== undefined && input.listed !== before.listed) set.listed = input.listed;
    if (input.is_hot !== undefined && (input.is_hot !== before.is_hot || before.op_hot === null)) Object.assign(set, { is_hot: input.is_hot, op_hot: input.is_hot });
    if (input.is_new !== undefined && (input.is_new !== before.is_new || before.op_new === null)) Object.assign(set, { is_new: input.is_new, op_new: input.is_new });
    if (input.sort !== undefined && (input.sort !== Number(before.sort) || before.op_sort === null)) Object.assign(set, { sort: input.sort, op_sort: input.sort });
    if (input.app_state !== undefined) {
      // 0: maintenance by the operator; 1: open again as far as the provider has it open
      const opState = input.app_state === 0 ? 0 : null;
      if (opState !== before.op_state) Object.assign(set, { op_state: opState, app_state: opState === 0 || before.provider_state !== 1 ? 0 : 1 });
    }
    const venueName = (await trx.selectFrom('venues').select('name').where('platform', '=', before.platform).executeTakeFirst())?.name ?? before.platform;
    if (Object.keys(set).length === 0) return { row: gameView(before, venueName), changed: false };
    const after = await trx.updateTable('games').set(set).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow();
    // every process's catalogue copy compares the venues' stamp
    await trx
      .updateTable('venues')
      .set((eb) => ({ edited_at: eb.case().when('edited_at', '>=', now).then(eb('edited_at', '+', 1)).else(now).end() }))
      .where('platform', '=', before.platform)
      .execute();
    await audit(trx, {
      adminId: op.adminId,
      action: 'game.update',
      target: `game:${before.platform}/${before.game_code}`,
      detail: { name: before.name, before: gameAudit(before), after: gameAudit(after) },
      ip: op.ip,
      now,
    });
    return { row: gameView(after, venueName), changed: true };
  });
}

type GameState = Pick<Game, 'platform' | 'game_code' | 'name' | 'category_id' | 'is_hot' | 'is_new' | 'app_state' | 'sort' | 'api_logo_img'>;

async function catalogueState(db: Kysely<DB>) {
  const [venues, games] = await Promise.all([
    db.selectFrom('venues').select(['platform', 'listed']).execute(),
    db.selectFrom('games').select(['platform', 'game_code', 'name', 'category_id', 'is_hot', 'is_new', 'app_state', 'sort', 'api_logo_img']).execute(),
  ]);
  return { venues: new Map(venues.map((v) => [v.platform, Number(v.listed)])), games: new Map<string, GameState>(games.map((g) => [`${g.platform}/${g.game_code}`, g])) };
}

/** A sync on demand, answering what it changed (operator choices are kept: repo.writeCatalogue). */
export async function syncCatalogue(db: Kysely<DB>, catalogue: Catalogue, op: Operator): Promise<AdminCatalogueSyncReply> {
  const before = await catalogueState(db);
  const { failed } = await catalogue.syncReport();
  const after = await catalogueState(db);
  const venues = { added: [] as string[], unlisted: [] as string[], relisted: [] as string[], total: after.venues.size };
  for (const [platform, listed] of after.venues) {
    const was = before.venues.get(platform);
    if (was === undefined) venues.added.push(platform);
    else if (was === 1 && listed !== 1) venues.unlisted.push(platform);
    else if (was !== 1 && listed === 1) venues.relisted.push(platform);
  }
  const games = { added: 0, opened: 0, closed: 0, changed: 0, total: after.games.size, examples: [] as string[] };
  for (const [key, g] of after.games) {
    const was = before.games.get(key);
    let what: string | null = null;
    if (!was) {
      games.added += 1;
      what = `新增 ${g.name}`;
    } else if (was.app_state !== g.app_state) {
      if (g.app_state === 1) games.opened += 1;
      else games.closed += 1;
      what = `${g.app_state === 1 ? '开放' : '维护'} ${g.name}`;
    } else if (was.name !== g.name || was.category_id !== g.category_id || was.is_hot !== g.is_hot || was.is_new !== g.is_new || Number(was.sort) !== Number(g.sort) || was.api_logo_img !== g.api_logo_img) {
      games.changed += 1;
      what = `更新 ${g.name}`;
    }
    if (what && games.examples.length < 20) games.examples.push(`${g.platform}: ${what}`);
  }
  const reply = { failed, venues, games };
  await audit(db, { adminId: op.adminId, action: 'catalogue.sync', target: 'catalogue', detail: { after: reply }, ip: op.ip });
  return reply;
}


/** Operator calls of games and venues (issue 13), all under games.manage. */
export function gamesAdminRoutes(app: FastifyInstance, ctx: AppContext, catalogue: Catalogue, requireAdmin: RequireAdmin) {
  const { db } = ctx;
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/venues/list', permission: 'games.manage', schema: adminVenuesListSchema, handler: async (input) => ok(await listVenues(db, input)) }),
    adminRoute({
      path: '/admin/api/venues/update',
      permission: 'games.manage',
      schema: adminVenueUpdateSchema,
      handler: async (input, admin, req) => {
        const r = await updateVenue(db, input, { adminId: admin.adminId, ip: req.ip });
        // this process at once; the others within the catalogue's 5-second check
        if (r.changed) catalogue.invalidate();
        return ok(r.row, r.changed ? GAMES_ADMIN_MSG.venueUpdated : GAMES_ADMIN_MSG.unchanged);
      },
    }),
    adminRoute({ path: '/admin/api/games/list', permission: 'games.manage', schema: adminGamesListSchema, handler: async (input) => ok(await listGames(db, input)) }),
    adminRoute({
      path: '/admin/api/games/update',
      permission: 'games.manage',
      schema: adminGameUpdateSchema,
      handler: async (input, admin, req) => {
        const r = await updateGame(db, input, { adminId: admin.adminId, ip: req.ip });
        if (r.changed) catalogue.invalidate();
        const message = !r.changed ? GAMES_ADMIN_MSG.unchanged : input.app_state === 1 && r.row.provider_state === 0 ? GAMES_ADMIN_MSG.providerClosed : GAMES_ADMIN_MSG.gameUpdated;
        return ok(r.row, message);
      },
    }),
    adminRoute({
      path: '/admin/api/catalogue/sync',
      permission: 'games.manage',
      schema: adminCatalogueSyncSchema,
      handler: async (_input, admin, req) => {
        const r = await syncCatalogue(db, catalogue, { adminId: admin.adminId, ip: req.ip });
        return ok(r, r.failed.length ? GAMES_ADMIN_MSG.syncFailed(r.failed.join('、')) : GAMES_ADMIN_MSG.synced);
      },
    }),
  ]);
}
