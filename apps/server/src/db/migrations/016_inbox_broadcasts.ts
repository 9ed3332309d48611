import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 13, inbox broadcasts and support-ticket replies.
 *
 * inbox_broadcasts: one row per operator send (to one member, a VIP level or everyone). A job
 * delivers it in batches in member-id order: `cursor_id` is the last member id handled and
 * `upto_id` the highest member id when it was sent (members who join later are not included).
 * Each member's message carries the dedupe key `broadcast:<id>` (unique per member in
 * member_messages), so no member gets it twice whatever runs it.
 *
 * support_ticket_replies: an operator's answers to a ticket left on /support/; `member_id` the
 * member whose inbox got it (null: a guest, reached by the contact they left).
 */
export function m016(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('inbox_broadcasts'), dialect)
        // member | vip | all
        .addColumn('target', 'varchar(8)', (c) => c.notNull())
        .addColumn('member_id', 'bigint')
        .addColumn('vip', 'integer')
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        // sending | done
        .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('sending'))
        .addColumn('cursor_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('upto_id', 'bigint', (c) => c.notNull())
        .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('inbox_broadcasts_state').on('inbox_broadcasts').columns(['state', 'id']).execute();
      // a VIP level's members in id order (the delivery batches)
      await db.schema.createIndex('members_vip_id').on('members').columns(['vip', 'id']).execute();

      await idColumn(db.schema.createTable('support_ticket_replies'), dialect)
        .addColumn('ticket_id', 'bigint', (c) => c.notNull())
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('member_id', 'bigint')
        .addColumn('message_id', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_ticket_replies_ticket').on('support_ticket_replies').columns(['ticket_id', 'id']).execute();
      await db.schema.alterTable('support_tickets').addColumn('member_id', 'bigint').execute();
      await db.schema.createIndex('support_tickets_contact').on('support_tickets').columns(['contact', 'id']).execute();
    },
  };
}
