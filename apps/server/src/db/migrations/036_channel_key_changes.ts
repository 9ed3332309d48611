import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 33, channel credentials are money settings: a change of a channel's gateway type,
 * merchant id, keys, order / query URL or notify allowlist waits in payment_channel_key_changes
 * (keys sealed with the card vault, as on the channel) until a second operator holding
 * payments.channels_keys approves it; a new channel is not routed nor offered until its settings
 * are approved (payment_channels.approved_at; channels that exist already count as approved).
 * The built-in finance role gets the new permission (the super admin holds every one).
 */
export function m036(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('payment_channels').addColumn('approved_at', 'bigint').execute();
      await db.updateTable('payment_channels').set((eb) => ({ approved_at: eb.ref('created_at') })).execute();

      await idColumn(db.schema.createTable('payment_channel_key_changes'), dialect)
        .addColumn('channel_id', 'bigint', (c) => c.notNull())
        // create: a new channel's settings (stored on the channel already) | update: the values below
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        // pending | approved | rejected
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        // JSON of the new non-secret values (gateway_type, merchant_id, notify_ips, order_url, query_url, sifang)
        // and, for keys, their fingerprints ('' for a notify key cleared)
        .addColumn('changes', 'text', (c) => c.notNull())
        // JSON of the values at proposal time, keys as fingerprints (what the approver compares)
        .addColumn('before', 'text', (c) => c.notNull())
        // sealed with the card vault; '' = unchanged
        .addColumn('sign_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notify_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('proposed_by', 'bigint', (c) => c.notNull())
        .addColumn('proposed_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('payment_channel_key_changes_status').on('payment_channel_key_changes').columns(['status', 'id']).execute();
      // at most one change of a channel waits at a time (two proposals racing: one is refused)
      await db.schema.createIndex('payment_channel_key_changes_pending').on('payment_channel_key_changes').column('channel_id').unique().where(sql.ref('status'), '=', sql.lit('pending')).execute();

      const finance = await db.selectFrom('admin_roles').select(['permissions']).where('code', '=', 'finance').where('builtin', '=', 1).executeTakeFirst();
      if (finance) {
        const grants = JSON.parse(finance.permissions) as string[];
        if (!grants.includes('*') && !grants.includes('payments.channels_keys')) {
          await db.updateTable('admin_roles').set({ permissions: JSON.stringify([...grants, 'payments.channels_keys']), updated_at: Date.now() }).where('code', '=', 'finance').execute();
        }
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('payment_channel_key_changes').execute();
      await db.schema.alterTable('payment_channels').dropColumn('approved_at').execute();
    },
  };
}
