import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Ledger entries (DESIGN.md section 4): one immutable row per movement of money between two
 * ledger accounts. The unique idempotency key makes a repeated posting a no-op; the checks keep
 * amounts positive and the two sides distinct; triggers refuse every UPDATE, DELETE (and on
 * PostgreSQL TRUNCATE) so a correction can only be a new entry.
 */
export function m002(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('from_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('to_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('reference', 'varchar(128)', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('memo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ledger_entries_two_sides', sql`from_account_id <> to_account_id`)
        .execute();
      await db.schema
        .createIndex('ledger_entries_idempotency_key')
        .on('ledger_entries')
        .column('idempotency_key')
        .unique()
        .execute();
      // an account's entries by time, each side (a member's records page through these)
      await db.schema
        .createIndex('ledger_entries_from_time')
        .on('ledger_entries')
        .columns(['from_account_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_to_time')
        .on('ledger_entries')
        .columns(['to_account_id', 'created_at', 'id'])
        .execute();
      // the entries of one order or transfer
      await db.schema.createIndex('ledger_entries_reference').on('ledger_entries').column('reference').execute();

      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
          BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END`.execute(db);
        await sql`CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
          BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'ledger entries are immutable'; END $$`.execute(db);
        await sql`CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
          FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable()`.execute(db);
        await sql`CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
          FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_immutable()`.execute(db);
      }
    },
  };
}
