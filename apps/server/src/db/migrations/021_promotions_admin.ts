import { sql, type Kysely } from 'kysely';

/**
 * Promotions back-office (issue 13):
 * - rebate_day_members: the valid bets each member had counted toward VIP flow by a day's
 *   rebate settlement (and the level its rates were taken from), so that a re-run of the day adds
 *   only the difference and never counts a bet twice;
 * - promo_day_runs gains reruns / rerun_at (the runs screen's status) and flow_tracked (1 once the
 *   day's counted flow is in rebate_day_members; days settled before this migration are 0);
 * - rebates_day: the re-run reads and totals one day's rows;
 * - deposits_credited: the red-packet preview sums one deposit window across members.
 */
export function m021() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rebate_day_members')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('valid', 'bigint', (c) => c.notNull())
        .addColumn('vip', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rebate_day_members_pk', ['day', 'member_id'])
        .execute();
      await db.schema.alterTable('promo_day_runs').addColumn('reruns', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('promo_day_runs').addColumn('rerun_at', 'bigint').execute();
      await db.schema.alterTable('promo_day_runs').addColumn('flow_tracked', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('rebates_day').on('rebates').columns(['day', 'member_id', 'platform']).execute();
      await db.schema
        .createIndex('deposits_credited')
        .on('deposits')
        .columns(['credited_at', 'member_id', 'credited_amount'])
        .where(sql.ref('credited_at'), 'is not', null)
        .execute();
    },
  };
}
