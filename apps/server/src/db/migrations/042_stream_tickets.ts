import type { Kysely } from 'kysely';

/**
 * Issue 37 (DESIGN.md section 16): single-use tickets that open a member's live-update stream,
 * kept in the database when no Redis is configured (so that any process can redeem one, once).
 * Only the ticket's hash is stored, beside the session it was issued to (a stream ends with its
 * session). Times epoch ms.
 */
export function m042() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stream_tickets')
        .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stream_tickets_expiry').on('stream_tickets').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stream_tickets').execute();
    },
  };
}
