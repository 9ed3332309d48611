import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Promotions (issue 11): daily rebates, red packets, VIP promotion and retention, activity
 * applications. Money itself moves only through the ledger; these tables hold the decisions,
 * each guarded by a unique key so that it happens once.
 */
export function m014(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      // one row per daily task and Beijing day: inserted in the transaction that does the work,
      // so a day is settled exactly once whatever the number of processes
      await db.schema
        .createTable('promo_day_runs')
        .addColumn('task', 'varchar(32)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('promo_day_runs_pk', ['task', 'day'])
        .execute();

      // rebate accrued per member, venue and Beijing day; state 0 claimable, 1 claimed
      await idColumn(db.schema.createTable('rebates'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('valid_amount', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('vip', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claim_no', 'varchar(40)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .execute();
      await db.schema.createIndex('rebates_member_platform_day').on('rebates').columns(['member_id', 'platform', 'day']).unique().execute();
      await db.schema.createIndex('rebates_member_day').on('rebates').columns(['member_id', 'day', 'id']).execute();
      await db.schema.createIndex('rebates_member_state').on('rebates').columns(['member_id', 'state']).execute();
      // the daily settlement reads one Beijing day of settled bets
      await db.schema.createIndex('bets_settled_day').on('bets').columns(['settled_at']).execute();
      // the nightly VIP review looks for members of one level whose cumulative deposit reaches the next
      await db.schema.createIndex('members_vip_paysum').on('members').columns(['vip', 'paysum']).execute();

      await idColumn(db.schema.createTable('red_packet_rules'), dialect)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('deposit_min', 'bigint', (c) => c.notNull())
        // null: no upper bound
        .addColumn('deposit_max', 'bigint')
        .addColumn('grabs', 'integer', (c) => c.notNull())
        // 'fixed': amount_min..amount_max fen; 'percent': percent_min..percent_max basis points of the deposits
        .addColumn('mode', 'varchar(12)', (c) => c.notNull())
        .addColumn('amount_min', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('amount_max', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('percent_min', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('percent_max', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('turnover_multiple', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      // one row per grab: (member, day, seq) unique, seq 1..grabs allowed, so concurrent grabs
      // can never exceed the allowance
      await idColumn(db.schema.createTable('red_packet_grabs'), dialect)
        .addColumn('grab_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'bigint', (c) => c.notNull())
        .addColumn('deposits', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('turnover_multiple', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('red_packet_grabs_slot').on('red_packet_grabs').columns(['member_id', 'day', 'seq']).unique().execute();
      await db.schema.createIndex('red_packet_grabs_member').on('red_packet_grabs').columns(['member_id', 'created_at', 'id']).execute();

      // VIP state per member: cumulative valid bets (flow) added by the daily settlement, and the
      // retention period of the current level
      await db.schema
        .createTable('member_vip')
        .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id'))
        .addColumn('flow_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('period_flow', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('last_change_day', 'varchar(10)')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_vip_period').on('member_vip').columns(['period_start']).execute();

      await idColumn(db.schema.createTable('vip_history'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('from_level', 'integer', (c) => c.notNull())
        .addColumn('to_level', 'integer', (c) => c.notNull())
        // promotion | demotion | retained
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // one level change per member and day
      await db.schema.createIndex('vip_history_member_day').on('vip_history').columns(['member_id', 'day']).unique().execute();

      await idColumn(db.schema.createTable('activity_applications'), dialect)
        .addColumn('apply_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('activity_id', 'bigint', (c) => c.notNull())
        .addColumn('activity_name', 'varchar(100)', (c) => c.notNull())
        // 1 pending review, 2 approved, 3 rejected
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('turnover_multiple', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewed_by', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('activity_applications_member').on('activity_applications').columns(['member_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('activity_applications_state').on('activity_applications').columns(['state', 'created_at', 'id']).execute();
      // one pending application per member and activity
      await db.schema
        .createIndex('activity_applications_pending')
        .on('activity_applications')
        .columns(['member_id', 'activity_id'])
        .unique()
        .where(sql.ref('state'), '=', 1)
        .execute();
    },
  };
}
