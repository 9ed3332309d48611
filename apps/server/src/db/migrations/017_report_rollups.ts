import { sql, type Kysely } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Report rollups (issue 13, modules/reports). Reports over a month read these, never raw bets:
 * - report_bet_days: settled bets per Beijing day x venue x category (stakes, valid, result);
 * - report_member_days: per Beijing day x member: the member's settled bets and ledger money,
 *   with the member's referrer copied in (set at sign-up, never changed) for the agents report;
 * - report_days: per Beijing day, active members, new members, new referred members;
 * - report_money_days: the ledger's figure kinds per Beijing day (house totals);
 * - report_first_deposits: each member's first deposit day;
 * - report_marks: the ledger days' cursor and the last run;
 * - report_downloads: single-use CSV download tokens (hash only).
 * bets.rolled_up marks a settled bet once it is added to the rollups (the conditional update is
 * the exactly-once guard); the partial index holds only the settled bets still to roll up.
 */
export function m017(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      const money = (t: any) =>
        t
          .addColumn('bet_count', 'bigint', (c: any) => c.notNull().defaultTo(0))
          .addColumn('stake', 'bigint', (c: any) => c.notNull().defaultTo(0))
          .addColumn('valid', 'bigint', (c: any) => c.notNull().defaultTo(0))
          .addColumn('result', 'bigint', (c: any) => c.notNull().defaultTo(0));
      await money(
        db.schema
          .createTable('report_bet_days')
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('platform', 'varchar(32)', (c) => c.notNull())
          .addColumn('category_id', 'varchar(32)', (c) => c.notNull()),
      )
        .addPrimaryKeyConstraint('report_bet_days_pk', ['day', 'platform', 'category_id'])
        .execute();

      await money(
        db.schema
          .createTable('report_member_days')
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('member_id', 'bigint', (c) => c.notNull())
          .addColumn('referrer', 'varchar(32)'),
      )
        .addColumn('deposits', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('deposit_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('withdrawals', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('withdrawal_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('bonuses', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('rebates', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('red_packets', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('adjust_in', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addColumn('adjust_out', 'bigint', (c: any) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('report_member_days_pk', ['day', 'member_id'])
        .execute();
      await db.schema.createIndex('report_member_days_member').on('report_member_days').columns(['member_id', 'day']).execute();
      await db.schema.createIndex('report_member_days_referrer').on('report_member_days').columns(['referrer', 'day']).execute();

      // per day: members with a settled bet (counted as their member-day row first gets a bet),
      // members registered and those of them with a referrer (recomputed with the ledger day)
      await db.schema
        .createTable('report_days')
        .addColumn('day', 'integer', (c) => c.primaryKey())
        .addColumn('active_members', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('new_members', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('new_referred', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('report_money_days')
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('to_member', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_money_days_pk', ['day', 'kind', 'to_member'])
        .execute();

      await db.schema
        .createTable('report_first_deposits')
        .addColumn('member_id', 'bigint', (c) => c.primaryKey())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_first_deposits_day').on('report_first_deposits').column('day').execute();

      await db.schema
        .createTable('report_marks')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('report_downloads')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      // constant default: no table rewrite on either database; existing settled bets roll up once
      await db.schema.alterTable('bets').addColumn('rolled_up', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`create index bets_rollup_pending on bets (id) where status = 1 and rolled_up = 0`.execute(db);
    },
    async down() {
      throw new Error('017_report_rollups cannot be undone');
    },
  };
}
