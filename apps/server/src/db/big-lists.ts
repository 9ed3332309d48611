import { PostgresAdapter, sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';

/**
 * Site-wide back-office lists at scale (issue 24, DESIGN.md section 8: no request's cost grows
 * with the size of a table it does not page through). Two costs grew with the table: counting
 * every matching row for the total, and OFFSET walking every row before the last page.
 */

/** totals are counted row by row up to this many; past it PostgreSQL's planner estimate stands in */
export const EXACT_TOTAL_UP_TO = 10_000;

export interface ListTotal {
  total: number;
  /** true when the total is the planner's estimate (more than EXACT_TOTAL_UP_TO rows match) */
  estimated: boolean;
}

// the builders come from several tables; only their SQL is used here
type AnySelect = SelectQueryBuilder<any, any, any>;

/** past 4x the cap in the planner's estimate, only this many rows are counted, to catch a gross misestimate */
const SANITY_COUNT = 1_000;

/**
 * How many rows a list's filtered query finds: exact up to EXACT_TOTAL_UP_TO (a read of at most
 * that many index entries). Past it, on PostgreSQL, the planner's estimate from the table's
 * statistics (EXPLAIN, under a millisecond), never below what was counted: counting a million
 * members for "共 1,000,000 条" took longer than the page itself (issue 24, measured by
 * scripts/scale-check.ts). When the estimate is far past the cap, only SANITY_COUNT rows are
 * counted (a query the planner misjudges that badly still gets its exact total below that).
 * SQLite (a small site) counts exactly.
 */
export async function listTotal(db: Kysely<any>, base: AnySelect): Promise<ListTotal> {
  const countUpTo = async (cap: number) => {
    const capped = await db
      .selectFrom(base.select(sql<number>`1`.as('one')).limit(cap + 1).as('capped'))
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(capped.n);
  };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const counted = await countUpTo(EXACT_TOTAL_UP_TO);
    if (counted <= EXACT_TOTAL_UP_TO) return { total: counted, estimated: false };
    const all = await base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return { total: Number(all.n), estimated: false };
  }
  const [plan] = (await base.select(sql<number>`1`.as('one')).explain('json')) as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[];
  const estimate = Math.round(Number(plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
  const cap = estimate > 4 * EXACT_TOTAL_UP_TO ? SANITY_COUNT : EXACT_TOTAL_UP_TO;
  const counted = await countUpTo(cap);
  if (counted <= cap) return { total: counted, estimated: false };
  return { total: Math.max(counted, estimate), estimated: true };
}

/**
 * One page of a list ordered by `keys`, each descending (newest first, the last key unique),
 * read from the nearer end: a page past the middle is read in the opposite order with its offset
 * counted from the end, then turned round, so the last page costs what the first does. Pages
 * between walk the rows before them as OFFSET always does. With an estimated total the last pages
 * are the oldest rows, counted back from the estimate.
 */
export async function pageFromNearerEnd<R>(rows: SelectQueryBuilder<any, any, R>, keys: (string | Expression<unknown>)[], page: number, perPage: number, total: number): Promise<R[]> {
  const offset = (page - 1) * perPage;
  if (offset >= total || offset + perPage / 2 <= total / 2) {
    let q = rows;
    for (const k of keys) q = q.orderBy(k as never, 'desc');
    return q.limit(perPage).offset(offset).execute();
  }
  // rows after this page in newest-first order, i.e. before it when read oldest first
  const after = total - offset - perPage;
  let q = rows;
  for (const k of keys) q = q.orderBy(k as never, 'asc');
  const found = await q.limit(after < 0 ? perPage + after : perPage).offset(Math.max(0, after)).execute();
  return found.reverse();
}

/**
 * The page and the total of a newest-first list: page 1 reads both at once; a later page needs
 * the total first to know which end is nearer.
 */
export async function newestFirstPage<R>(db: Kysely<any>, q: { base: AnySelect; rows: SelectQueryBuilder<any, any, R>; keys: (string | Expression<unknown>)[]; page: number; perPage: number }): Promise<ListTotal & { rows: R[] }> {
  if (q.page === 1) {
    let first = q.rows;
    for (const k of q.keys) first = first.orderBy(k as never, 'desc');
    const [rows, total] = await Promise.all([first.limit(q.perPage).execute(), listTotal(db, q.base)]);
    return { rows, ...total };
  }
  const total = await listTotal(db, q.base);
  return { rows: await pageFromNearerEnd(q.rows, q.keys, q.page, q.perPage, total.total), ...total };
}
