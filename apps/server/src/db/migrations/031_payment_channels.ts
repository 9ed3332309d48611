import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 21, payment channels: the gateway merchant accounts operators run (keys sealed with the
 * card vault, methods / sifang settings / notify addresses as JSON), each channel's amount routed
 * per Beijing day (its daily cap, reserved by a conditional update), the order-creation failures
 * that pause a channel, the notify ids (or nonces) seen within the replay window, and the channel
 * each deposit was routed to.
 */
export function m031(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('payment_channels'), dialect)
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        // sandbox | sifang: the adapter
        .addColumn('gateway_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('merchant_id', 'varchar(64)', (c) => c.notNull())
        // sealed with the card vault; notify_key '' = notifies are checked with sign_key
        .addColumn('sign_key', 'text', (c) => c.notNull())
        .addColumn('notify_key', 'text', (c) => c.notNull().defaultTo(''))
        // the last 4 characters, for the masked answer (lists never open the keys)
        .addColumn('sign_key_hint', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('notify_key_hint', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        // JSON: [{paytype, code, min, max, amounts}] in fen
        .addColumn('methods', 'text', (c) => c.notNull())
        // fen per Beijing day, 0 = no cap
        .addColumn('daily_cap', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(100))
        // JSON array of addresses or CIDR ranges; [] = any
        .addColumn('notify_ips', 'text', (c) => c.notNull().defaultTo('[]'))
        // enabled | disabled | paused
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('paused_reason', 'varchar(200)')
        .addColumn('paused_at', 'bigint')
        // failures before this instant no longer count towards a pause (an operator re-enabled it)
        .addColumn('state_changed_at', 'bigint', (c) => c.notNull())
        // JSON of the generic adapter's settings (gateway_type sifang), else ''
        .addColumn('sifang', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // deleted channels stay for their orders (notifies, stats) but leave lists and routing
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('payment_channels_name').on('payment_channels').column('name').unique().where(sql.ref('deleted_at'), 'is', null).execute();

      await db.schema
        .createTable('payment_channel_days')
        .addColumn('channel_id', 'bigint', (c) => c.notNull())
        // Beijing YYYY-MM-DD
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        // fen of the orders routed here that day, less those the gateway refused or that expired unpaid
        .addColumn('routed', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('payment_channel_days_pk', ['channel_id', 'day'])
        .execute();

      await idColumn(db.schema.createTable('payment_channel_failures'), dialect)
        .addColumn('channel_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('payment_channel_failures_at').on('payment_channel_failures').columns(['channel_id', 'at']).execute();

      await db.schema
        .createTable('payment_notifies_seen')
        // ch:<channel id> or gw:<gateway name>
        .addColumn('scope', 'varchar(40)', (c) => c.notNull())
        // the gateway's notify id or nonce, else a hash of the notify
        .addColumn('notify_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_notifies_seen_pk', ['scope', 'notify_id'])
        .execute();
      await db.schema.createIndex('payment_notifies_seen_at').on('payment_notifies_seen').column('seen_at').execute();

      await db.schema.alterTable('deposits').addColumn('channel_id', 'bigint').execute();
      await db.schema.createIndex('deposits_channel').on('deposits').columns(['channel_id', 'created_at']).where(sql.ref('channel_id'), 'is not', null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('deposits_channel').execute();
      await db.schema.alterTable('deposits').dropColumn('channel_id').execute();
      await db.schema.dropTable('payment_notifies_seen').execute();
      await db.schema.dropTable('payment_channel_failures').execute();
      await db.schema.dropTable('payment_channel_days').execute();
      await db.schema.dropTable('payment_channels').execute();
    },
  };
}
