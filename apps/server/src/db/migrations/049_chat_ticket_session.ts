import type { Kysely } from 'kysely';

/**
 * Operator-side attack (support chat): a chat stream ticket names the session that asked for it,
 * so an operator's stream ends with that session (sign-out, password reset, disable, role change)
 * and a ticket taken before a sign-out opens nothing after it. Tickets live a minute: the column
 * is nullable and older ones simply open nothing for an operator.
 */
export function m049() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('chat_tickets').addColumn('token_hash', 'varchar(64)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('chat_tickets').dropColumn('token_hash').execute();
    },
  };
}
