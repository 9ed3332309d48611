import {
  ADMIN_BET_MSG,
  BET_EXPORT_MAX_ROWS,
  BET_SEARCH_DEFAULT_DAYS,
  BET_SEARCH_MAX_DAYS,
  BET_STATE_CODES,
  BET_TOTALS_MAX_ROWS,
  CODE,
  fenToYuan,
  type BetDetail,
  type BetExportInput,
  type BetSearchInput,
  type BetSearchPage,
  type BetSearchRow,
  type BetTotals,
} from '@casino/contract';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { newestFirstPage } from '../../db/big-lists.ts';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { beijingDayStart, beijingInstant, toWireTime } from '../../lib/time.ts';

/**
 * 注单查询 (issue 36 point 5): every bet of every venue for operators, filtered and paged from
 * indexes (migration 039) so the first and the last page cost the same at any size:
 * - the window is always bounded: bet time (or settle time when only that is given), at most
 *   BET_SEARCH_MAX_DAYS days, the last BET_SEARCH_DEFAULT_DAYS Beijing days when none is given;
 * - rows come newest first by (created_at, id) (or (settled_at, id)), the last pages read from
 *   the oldest end (db/big-lists.ts); the total is exact up to 10,000 and PostgreSQL's estimate
 *   past that;
 * - totals are summed only when at most BET_TOTALS_MAX_ROWS bets match (known from that total),
 *   never over more: a search of a busy week says so instead of reading a million rows.
 */

const DAY_MS = 86_400_000;
type Filters = Omit<BetExportInput, never>;
type BetQuery = SelectQueryBuilder<DB, 'bets', object>;

interface Window {
  by: 'bet' | 'settle';
  from: number;
  to: number;
}

/** the instants searched: [from, to) of bet time, or of settle time when only that is given */
export function windowOf(f: Filters, now = Date.now()): Window {
  const by = f.bet_from || f.bet_to || !(f.settle_from || f.settle_to) ? 'bet' : 'settle';
  const fromText = by === 'bet' ? f.bet_from : f.settle_from;
  const toText = by === 'bet' ? f.bet_to : f.settle_to;
  let from = fromText ? beijingInstant(fromText) : undefined;
  let to = toText ? beijingInstant(toText, true) : undefined;
  if (from === undefined && to === undefined) {
    to = beijingDayStart(now) + DAY_MS;
    from = to - BET_SEARCH_DEFAULT_DAYS * DAY_MS;
  } else if (from === undefined) from = to! - BET_SEARCH_MAX_DAYS * DAY_MS;
  else if (to === undefined) to = from + BET_SEARCH_MAX_DAYS * DAY_MS;
  if (from >= to!) refuse('开始时间不能晚于结束时间');
  if (to! - from > BET_SEARCH_MAX_DAYS * DAY_MS) refuse(ADMIN_BET_MSG.span);
  return { by, from, to: to! };
}

/** The filtered bets, or null when a member or agent named matches nobody (an empty answer). */
async function filtered(db: Kysely<DB>, f: Filters, w: Window): Promise<BetQuery | null> {
  const col = w.by === 'bet' ? 'bets.created_at' : 'bets.settled_at';
  let q = db.selectFrom('bets').where(col, '>=', w.from).where(col, '<', w.to) as BetQuery;
  if (f.username) {
    const m = await db.selectFrom('members').select('id').where('username', '=', f.username.toLowerCase()).executeTakeFirst();
    if (!m) return null;
    q = q.where('bets.member_id', '=', Number(m.id));
  }
  if (f.agent) {
    const name = f.agent.toLowerCase();
    const agent = await db
      .selectFrom('agents')
      .innerJoin('members', 'members.id', 'agents.member_id')
      .select('agents.id')
      .where((eb) => eb.or([eb('agents.code', '=', f.agent!), eb('agents.code', '=', name), eb('members.username', '=', name)]))
      .executeTakeFirst();
    if (!agent) refuse(ADMIN_BET_MSG.agentNotFound, CODE.notFound);
    // the agent's members now (its open links)
    q = q.where('bets.member_id', 'in', db.selectFrom('agent_links').select('agent_links.member_id').where('agent_links.agent_id', '=', Number(agent.id)).where('agent_links.to_ms', 'is', null));
  }
  if (f.platform) q = q.where('bets.platform', '=', f.platform.toLowerCase());
  if (f.game) q = q.where('bets.game_code', '=', f.game);
  // the partial index (round_id, created_at, id) of migration 045
  if (f.round_id) q = q.where('bets.round_id', '=', f.round_id);
  if (f.state) {
    const status = BET_STATE_CODES[f.state];
    q = q.where('bets.status', '=', status);
    // the partial index bets_open_time holds status <> 1; SQLite takes it when the query names its condition
    if (status !== 1) q = q.where('bets.status', '<>', 1);
  }
  if (w.by === 'bet' && (f.settle_from || f.settle_to)) {
    if (f.settle_from) q = q.where('bets.settled_at', '>=', beijingInstant(f.settle_from));
    if (f.settle_to) q = q.where('bets.settled_at', '<', beijingInstant(f.settle_to, true));
  }
  if (f.stake_min !== undefined) q = q.where('bets.bet_amount', '>=', f.stake_min);
  if (f.stake_max !== undefined) q = q.where('bets.bet_amount', '<=', f.stake_max);
  if (f.result_min !== undefined) q = q.where('bets.win_loss', '>=', f.result_min);
  if (f.result_max !== undefined) q = q.where('bets.win_loss', '<=', f.result_max);
  return q;
}

const ROW_COLUMNS = [
  'bets.id',
  'bets.platform',
  'bets.bet_id',
  'bets.member_id',
  'bets.game_code',
  'bets.game_name',
  'bets.category_id',
  'bets.bet_amount',
  'bets.valid_amount',
  'bets.win_loss',
  'bets.status',
  'bets.detail',
  'bets.created_at',
  'bets.settled_at',
] as const;

function withNames(q: BetQuery) {
  return q
    .innerJoin('members', 'members.id', 'bets.member_id')
    .leftJoin('venues', 'venues.platform', 'bets.platform')
    .select([...ROW_COLUMNS, 'members.username', 'venues.name as venue_name']);
}
type Found = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

function rowOf(r: Found): BetSearchRow & { detail: string } {
  const status = Number(r.status) as 0 | 1 | 2;
  const stake = Number(r.bet_amount);
  const result = Number(r.win_loss);
  return {
    platform: r.platform,
    venue_name: r.venue_name ?? r.platform.toUpperCase(),
    bet_id: r.bet_id,
    username: r.username,
    game_code: r.game_code,
    game_name: r.game_name,
    category_id: r.category_id,
    bet_amount: fenToYuan(stake),
    valid_amount: fenToYuan(Number(r.valid_amount)),
    win_loss: fenToYuan(result),
    payout: fenToYuan(status === 1 ? stake + result : 0),
    status,
    created_at: toWireTime(Number(r.created_at)),
    settled_at: r.settled_at === null ? null : toWireTime(Number(r.settled_at)),
    detail: r.detail,
  };
}

const wireWindow = (w: Window) => ({ by: w.by, from: toWireTime(w.from), to: toWireTime(w.to) });

async function totalsOf(db: Kysely<DB>, q: BetQuery): Promise<BetTotals | null> {
  // never more than the cap is read, whatever the filter
  const capped = q.select(['bets.bet_amount', 'bets.valid_amount', 'bets.win_loss', 'bets.status']).limit(BET_TOTALS_MAX_ROWS + 1).as('capped');
  const t = await db
    .selectFrom(capped)
    .select([
      sql<number | string>`count(*)`.as('n'),
      sql<number | string | null>`sum(capped.bet_amount)`.as('stake'),
      sql<number | string | null>`sum(capped.valid_amount)`.as('valid'),
      sql<number | string | null>`sum(case when capped.status = 1 then capped.bet_amount + capped.win_loss else 0 end)`.as('payout'),
      sql<number | string | null>`sum(capped.win_loss)`.as('result'),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(t.n);
  if (count > BET_TOTALS_MAX_ROWS) return null;
  return { count, stake: fenToYuan(Number(t.stake ?? 0)), valid: fenToYuan(Number(t.valid ?? 0)), payout: fenToYuan(Number(t.payout ?? 0)), win_loss: fenToYuan(Number(t.result ?? 0)) };
}

export function createBetSearch(db: Kysely<DB>) {
  return {
    async list(input: BetSearchInput): Promise<BetSearchPage> {
      const w = windowOf(input);
      const venues = await db.selectFrom('venues').select(['platform', 'name']).orderBy('sort').orderBy('platform').execute();
      const empty: BetSearchPage = { venues, data: [], total: 0, last_page: 1, current_page: input.page, per_page: input.per_page, window: wireWindow(w), totals: input.totals ? { count: 0, stake: fenToYuan(0), valid: fenToYuan(0), payout: fenToYuan(0), win_loss: fenToYuan(0) } : null };
      const q = await filtered(db, input, w);
      if (!q) return empty;
      const keys = w.by === 'bet' ? ['bets.created_at', 'bets.id'] : ['bets.settled_at', 'bets.id'];
      const { rows, total, estimated } = await newestFirstPage(db, { base: q, rows: withNames(q), keys, page: input.page, perPage: input.per_page });
      let totals: BetTotals | null = null;
      let note: string | undefined;
      if (input.totals) {
        // the total says whether the sums stay under the cap: past it nothing more is read
        totals = estimated || total > BET_TOTALS_MAX_ROWS ? null : await totalsOf(db, q);
        if (!totals) note = ADMIN_BET_MSG.totalsCapped;
      }
      return {
        data: rows.map((r) => {
          const { detail: _detail, ...row } = rowOf(r);
          return row;
        }),
        total,
        last_page: Math.max(1, Math.ceil(total / input.per_page)),
        current_page: input.page,
        per_page: input.per_page,
        ...(estimated ? { total_estimated: true as const } : {}),
        window: wireWindow(w),
        venues,
        totals,
        ...(note ? { totals_note: note } : {}),
      };
    },

    async get(platform: string, betId: string): Promise<BetDetail> {
      const r = await db
        .selectFrom('bets')
        .innerJoin('members', 'members.id', 'bets.member_id')
        .leftJoin('venues', 'venues.platform', 'bets.platform')
        .selectAll('bets')
        .select(['members.username', 'venues.name as venue_name'])
        .where('bets.platform', '=', platform.toLowerCase())
        .where('bets.bet_id', '=', betId)
        .executeTakeFirst();
      if (!r) refuse(ADMIN_BET_MSG.notFound, CODE.notFound);
      const { username, venue_name, ...raw } = r;
      const { detail, ...row } = rowOf(r as unknown as Found);
      return {
        ...row,
        member_id: Number(r.member_id),
        round_id: r.round_id,
        side: r.side,
        detail,
        turnover_counted: Number(r.turnover_counted) === 1,
        pulled_at: toWireTime(Number(r.pulled_at)),
        raw: Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === null || typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : String(v)])),
      };
    },

    /** The filter's bets for the CSV, newest first, in keyset batches, at most BET_EXPORT_MAX_ROWS. */
    async *rows(f: Filters, batch = 1000): AsyncGenerator<BetSearchRow & { detail: string }> {
      const w = windowOf(f);
      const q = await filtered(db, f, w);
      if (!q) return;
      const key = w.by === 'bet' ? 'bets.created_at' : 'bets.settled_at';
      let after: { at: number; id: number } | null = null;
      let sent = 0;
      while (sent < BET_EXPORT_MAX_ROWS) {
        let page = withNames(q);
        if (after) {
          const { at, id } = after;
          page = page.where((eb) => eb.or([eb(key, '<', at), eb.and([eb(key, '=', at), eb('bets.id', '<', id)])]));
        }
        const found = await page
          .orderBy(key, 'desc')
          .orderBy('bets.id', 'desc')
          .limit(Math.min(batch, BET_EXPORT_MAX_ROWS - sent))
          .execute();
        for (const r of found) yield rowOf(r);
        sent += found.length;
        if (found.length < batch) return;
        const last = found[found.length - 1];
        after = { at: Number(w.by === 'bet' ? last.created_at : last.settled_at), id: Number(last.id) };
      }
    },
  };
}
export type BetSearch = ReturnType<typeof createBetSearch>;
