import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Rebate settlement in chunks of members (issue 13):
 * - bets_bj_day_member: the settled bets of one Beijing day in member order (the expression is
 *   db/beijing-day.ts beijingDayOf('settled_at'), which the queries must spell the same way), so
 *   each chunk of members sums only its own bets of the day;
 * - promo_day_runs.pass: the day's running or last settlement pass as JSON (rates, cursor,
 *   counts), committed with each chunk so a stopped pass carries on where it was.
 * PostgreSQL has no statistics for a new expression until the table is analyzed, and without
 * them it plans a chunk's "next 2,000 members" as a sort of the rest of the day (measured: 1 s
 * a chunk at 3,000,000 bets instead of an ordered index walk), so bets is analyzed once here.
 */
export function m023(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await sql`create index bets_bj_day_member on bets (((settled_at + 28800000) / 86400000), member_id)`.execute(db);
      await db.schema.alterTable('promo_day_runs').addColumn('pass', 'text').execute();
      if (dialect === 'postgres') await sql`analyze bets`.execute(db);
    },
  };
}
