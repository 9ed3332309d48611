import { sql, type Kysely } from 'kysely';

/**
 * Issue 24 (DESIGN.md section 8), indexes the scale check (scripts/scale-check.ts) found missing:
 * - report_member_days (day, member_id) where bet_count > 0: the daily and monthly reports count
 *   the distinct members with a settled bet in the range; at 100,000 active members a month that
 *   read every rollup row of the table (0.8 s), the partial index reads the range only (0.3 s);
 * - activity_applications (created_at, id): the back-office's list without a state filter,
 *   newest first, sorted every application for each page.
 */
export function m033() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('report_member_days_active').on('report_member_days').columns(['day', 'member_id']).where(sql.ref('bet_count'), '>', 0).execute();
      await db.schema.createIndex('activity_applications_time').on('activity_applications').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('activity_applications_time').execute();
      await db.schema.dropIndex('report_member_days_active').execute();
    },
  };
}
