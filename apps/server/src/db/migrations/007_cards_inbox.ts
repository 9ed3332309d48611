import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Members' bank cards and USDT addresses, the bank types offered for them, and the members'
 * inbox (站内信).
 *
 * Cards are never deleted: unbinding stamps deleted_at (a withdrawal keeps pointing at the card
 * it paid out to). Among a member's active cards of one type, two unique indexes keep the rules
 * whatever runs concurrently: a card holds one of 5 slots (so a sixth cannot exist), and a
 * number is bound once.
 */
export function m007(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('member_cards'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // 1 bank card, 2 USDT address (the wire's getcard type)
        .addColumn('type', 'integer', (c) => c.notNull().check(sql`type in (1, 2)`))
        // bank name, or USDT
        .addColumn('bank', 'varchar(64)', (c) => c.notNull())
        // holder's name, or the protocol TRC20 / ERC20
        .addColumn('bank_owner', 'varchar(64)', (c) => c.notNull())
        // the full card number or address, sealed (AES-256-GCM, cards/vault.ts); never sent to the member
        .addColumn('bank_no', 'varchar(255)', (c) => c.notNull())
        // its last 4 characters, all the member is shown
        .addColumn('bank_no_last4', 'varchar(4)', (c) => c.notNull())
        // what duplicates are judged by: HMAC of the digits of a card, a TRC20 address, an ERC20 address in lower case
        .addColumn('number_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('bank_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('ico', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('slot', 'integer', (c) => c.notNull().check(sql`slot between 1 and 5`))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('member_cards_slot')
        .on('member_cards')
        .columns(['member_id', 'type', 'slot'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('member_cards_number')
        .on('member_cards')
        .columns(['member_id', 'type', 'number_key'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await idColumn(db.schema.createTable('banks'), dialect)
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        // badge key the site draws (icbc, cmb, ...)
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 offered to members, 0 withdrawn by an operator
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await idColumn(db.schema.createTable('member_messages'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        // set by senders that must not send twice (the seed's welcome); null otherwise
        .addColumn('dedupe_key', 'varchar(64)')
        .execute();
      await db.schema.createIndex('member_messages_member_time').on('member_messages').columns(['member_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('member_messages_unread').on('member_messages').columns(['member_id', 'is_read']).execute();
      await db.schema.createIndex('member_messages_dedupe').on('member_messages').columns(['member_id', 'dedupe_key']).unique().execute();
    },
  };
}
