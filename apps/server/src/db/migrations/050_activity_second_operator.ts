import type { Kysely } from 'kysely';

/**
 * Operator-side attack: an activity bonus is a sum the operator types, so it obeys the rules of
 * manual adjustments (DESIGN 4): above adjust_second_approval_over, or past the operator's
 * adjust_daily_immediate_max, a second, different operator approves it. The first approval is
 * kept here (the proposed bonus and multiple wait in bonus and turnover_multiple while the
 * application is pending). The index serves an operator's immediate bonuses of a Beijing day.
 */
export function m050() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('activity_applications').addColumn('first_approved_by', 'bigint').execute();
      await db.schema.alterTable('activity_applications').addColumn('first_approved_at', 'bigint').execute();
      await db.schema.createIndex('activity_applications_reviewer').on('activity_applications').columns(['reviewed_by', 'reviewed_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('activity_applications_reviewer').execute();
      await db.schema.alterTable('activity_applications').dropColumn('first_approved_at').execute();
      await db.schema.alterTable('activity_applications').dropColumn('first_approved_by').execute();
    },
  };
}
