import type { Kysely } from 'kysely';

/**
 * Issue 37 point 4 (members and agents reports at a million members): per-member and per-referrer
 * totals over the reports' fixed windows (the last 7 and 30 days and the month to date, each
 * ending today), kept by the report_rollup job (modules/reports) in the same transactions that
 * change report_member_days, and rebuilt from it when a window's days move. A report whose range
 * is a window's reads one row per member there instead of summing 765,000 member-days.
 * - report_windows: a window's days (from_day..to_day, both included) and its totals over all
 *   members (the members report's count and totals row);
 * - report_window_members: one member's sums over the window's days, ranked by stake;
 * - report_window_referrers: one referrer's sums and members over the window's days.
 * The rows are written by the job's first run (from the member-days already rolled up).
 */
export function m044() {
  const sums = (t: any) =>
    t
      .addColumn('bet_count', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('stake', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('valid', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('result', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('deposits', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('deposit_count', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('withdrawals', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('withdrawal_count', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('bonuses', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('rebates', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('red_packets', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('adjust_in', 'bigint', (c: any) => c.notNull().defaultTo(0))
      .addColumn('adjust_out', 'bigint', (c: any) => c.notNull().defaultTo(0));
  return {
    async up(db: Kysely<any>) {
      await sums(
        db.schema
          .createTable('report_windows')
          .addColumn('name', 'varchar(8)', (c) => c.primaryKey())
          .addColumn('from_day', 'integer', (c) => c.notNull())
          .addColumn('to_day', 'integer', (c) => c.notNull())
          .addColumn('members', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('built_at', 'bigint', (c) => c.notNull()),
      ).execute();
      await sums(
        db.schema
          .createTable('report_window_members')
          .addColumn('win', 'varchar(8)', (c) => c.notNull())
          .addColumn('member_id', 'bigint', (c) => c.notNull())
          .addColumn('referrer', 'varchar(32)'),
      )
        .addPrimaryKeyConstraint('report_window_members_pk', ['win', 'member_id'])
        .execute();
      // the members report's order: largest stakes first, then member id
      await db.schema.createIndex('report_window_members_rank').on('report_window_members').columns(['win', 'stake desc', 'member_id']).execute();
      await sums(
        db.schema
          .createTable('report_window_referrers')
          .addColumn('win', 'varchar(8)', (c) => c.notNull())
          .addColumn('referrer', 'varchar(32)', (c) => c.notNull())
          .addColumn('members', 'bigint', (c) => c.notNull().defaultTo(0)),
      )
        .addPrimaryKeyConstraint('report_window_referrers_pk', ['win', 'referrer'])
        .execute();
      await db.schema.createIndex('report_window_referrers_rank').on('report_window_referrers').columns(['win', 'stake desc', 'referrer']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['report_window_referrers', 'report_window_members', 'report_windows']) await db.schema.dropTable(t).execute();
    },
  };
}
