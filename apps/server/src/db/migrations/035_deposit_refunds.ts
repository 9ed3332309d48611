import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 33 (DESIGN.md section 4): what an operator's approval of a deposit could not credit under
 * the member's deposit limits (or during a break) is owed back to the member, one row per deposit
 * (the unique deposit_no: one refund per order whatever the retries), listed for finance until
 * marked refunded. Money in fen, times epoch ms.
 * - status owed | refunded; reason limit | break
 * - paid_amount: what the member paid; credited_amount: what of it was credited; amount: owed back
 */
export function m035(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('deposit_refunds'), dialect)
        .addColumn('deposit_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('paid_amount', 'bigint', (c) => c.notNull())
        .addColumn('credited_amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('owed'))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('refunded_by', 'varchar(64)')
        .addColumn('refunded_at', 'bigint')
        .addColumn('note', 'varchar(255)')
        .execute();
      // finance's list: by state, newest first; a member's refunds
      await db.schema.createIndex('deposit_refunds_status').on('deposit_refunds').columns(['status', 'id']).execute();
      await db.schema.createIndex('deposit_refunds_member').on('deposit_refunds').columns(['member_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('deposit_refunds').execute();
    },
  };
}
