import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Live customer service (issue 13): conversations (one active per member, by a partial unique
 * index), their messages, a bigram index of message text for the operators' history search, and
 * single-use stream tickets shared by every server process.
 */
export function m019(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('chat_conversations'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id'))
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('member_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('member_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_message_at', 'bigint')
        .addColumn('queued_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      // one active (queued or open) conversation per member: concurrent first messages make one
      await sql`CREATE UNIQUE INDEX chat_conversations_active ON chat_conversations (member_id) WHERE state <> 'closed'`.execute(db);
      // the member's conversations, newest first
      await db.schema.createIndex('chat_conversations_member').on('chat_conversations').columns(['member_id', 'id']).execute();
      // the queue (oldest waiting first) and an operator's open conversations
      await db.schema.createIndex('chat_conversations_state').on('chat_conversations').columns(['state', 'queued_at', 'id']).execute();
      await db.schema.createIndex('chat_conversations_admin').on('chat_conversations').columns(['admin_id', 'state', 'last_message_at']).execute();

      await idColumn(db.schema.createTable('chat_messages'), dialect)
        .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('chat_conversations.id'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('sender', 'varchar(16)', (c) => c.notNull())
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id'))
        .addColumn('text', 'varchar(1000)')
        .addColumn('picture', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // a conversation's messages, a member's messages (history, search by member), by time (search by date)
      await db.schema.createIndex('chat_messages_conversation').on('chat_messages').columns(['conversation_id', 'id']).execute();
      await db.schema.createIndex('chat_messages_member').on('chat_messages').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('chat_messages_time').on('chat_messages').columns(['created_at', 'id']).execute();

      // text search: message ids by character pair, newest first
      await db.schema
        .createTable('chat_terms')
        .addColumn('term', 'varchar(8)', (c) => c.notNull())
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('chat_messages.id'))
        .addPrimaryKeyConstraint('chat_terms_pk', ['term', 'message_id'])
        .execute();

      await db.schema
        .createTable('chat_tickets')
        .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('subject_id', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_tickets_expiry').on('chat_tickets').column('expires_at').execute();
    },
  };
}
