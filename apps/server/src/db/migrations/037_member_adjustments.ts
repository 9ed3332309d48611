import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 33 point 7: every manual adjustment an operator asks for (members/adjust) is a row, applied
 * at once or waiting for a second, different operator (above adjust_second_approval_over, or past
 * the operator's adjust_daily_immediate_max of the Beijing day), with who asked, who decided and
 * the ledger entry it posted. Its ADJ number is the adjustment's 关联单号 (issue 34 point 9).
 */
export function mAdjustments(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('member_adjustments'), dialect)
        // ADJ + Beijing date + id digits: unique by constraint
        .addColumn('adjustment_no', 'varchar(40)', (c) => c.notNull().unique())
        // the operator's request_id (or a generated one): one adjustment per id, as the ledger key is
        .addColumn('request_key', 'varchar(96)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // fen: positive credits, negative debits
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('turnover_multiple', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        // pending | applied | rejected
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('needs_two', 'integer', (c) => c.notNull().defaultTo(0))
        // why it waits: threshold | daily_cap (null when applied at once)
        .addColumn('review', 'varchar(16)')
        .addColumn('requested_by', 'bigint', (c) => c.notNull().references('admins.id'))
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('reject_reason', 'varchar(255)')
        .addColumn('entry_id', 'bigint')
        .execute();
      // the operator's immediate adjustments of a day (the daily cap), the queue and the member's list
      await db.schema.createIndex('member_adjustments_operator_day').on('member_adjustments').columns(['requested_by', 'requested_at']).execute();
      await db.schema.createIndex('member_adjustments_state').on('member_adjustments').columns(['state', 'id']).execute();
      await db.schema.createIndex('member_adjustments_member').on('member_adjustments').columns(['member_id', 'id']).execute();
    },
  };
}
