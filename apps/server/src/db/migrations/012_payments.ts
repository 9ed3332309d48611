import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Deposits (issue 9): the orders, the operator's receiving accounts (bank cards and USDT
 * addresses handed out round-robin) and each member's bonus total per Beijing day (the daily
 * cap, raised by a conditional update so two concurrent credits cannot both pass it).
 */
export function m012(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('deposit_accounts'), dialect)
        // 'bank' or 'usdt'
        .addColumn('type', 'varchar(8)', (c) => c.notNull())
        // bank name, or the USDT protocol TRC20 / ERC20
        .addColumn('bank_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('bank_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        // card number or USDT address
        .addColumn('bank_no', 'varchar(128)', (c) => c.notNull())
        .addColumn('bank_address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        // round-robin: the enabled account of a type used least recently goes next
        .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('uses', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deposit_accounts_next').on('deposit_accounts').columns(['type', 'enabled', 'last_used_at', 'id']).execute();

      await idColumn(db.schema.createTable('deposits'), dialect)
        .addColumn('deposit_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // bank, usdtpay, wxpay, alipay, ecny, qqpay, unionpay
        .addColumn('paytype', 'varchar(16)', (c) => c.notNull())
        // manual (operator review) or online (gateway)
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        // pending -> credited | review | rejected | expired | failed; review -> credited | rejected
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        // fen ordered, fen the gateway says was paid (online), fen credited (once credited)
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('paid_amount', 'bigint')
        .addColumn('credited_amount', 'bigint')
        .addColumn('bonus_percent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bonus_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('gateway', 'varchar(32)')
        .addColumn('gateway_order_no', 'varchar(64)')
        // depositor's own bank details (bank transfers)
        .addColumn('bank_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('bank', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('bank_no', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('bank_address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        // USDT: protocol, rate (RMB per USDT, 4 decimals as text), amount in 1/100 USDT
        .addColumn('usdt_protocol', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('usdt_rate', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('usdt_cents', 'bigint')
        .addColumn('receiving_account_id', 'bigint')
        // the receiving account as shown to the member when the order was made (JSON)
        .addColumn('receiving', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('review_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('decided_by', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('credited_at', 'bigint')
        .addColumn('decided_at', 'bigint')
        .execute();
      // a member's records (newest first), the credited ones by credit time (red packets, bonus lines)
      await db.schema.createIndex('deposits_member').on('deposits').columns(['member_id', 'created_at']).execute();
      await db.schema
        .createIndex('deposits_member_credited')
        .on('deposits')
        .columns(['member_id', 'credited_at'])
        .where(sql.ref('credited_at'), 'is not', null)
        .execute();
      // the operator's list by state, newest first; the expiry job's open orders by deadline
      await db.schema.createIndex('deposits_status').on('deposits').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('deposits_open').on('deposits').columns(['expires_at']).where(sql.ref('status'), '=', 'pending').execute();
      await db.schema.createIndex('deposits_gateway_order').on('deposits').columns(['gateway', 'gateway_order_no']).unique().execute();

      await db.schema
        .createTable('deposit_bonus_days')
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        // Beijing day, YYYY-MM-DD
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('deposit_bonus_days_pk', ['member_id', 'day'])
        .execute();
    },
  };
}
