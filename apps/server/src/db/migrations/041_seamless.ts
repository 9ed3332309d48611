import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 38 (DESIGN.md section 4, "Seamless venues"; adapters/venues/SEAMLESS.md):
 * - venues.mode: 'transfer' (the transfer wallets) or 'seamless' (the venue calls our wallet API);
 * - seamless_txs: every transaction id a venue sent, once per venue, with the answer it got (a
 *   repeat answers it again; another body under the same id is refused by body_hash);
 * - seamless_rounds: the state of each debit (per venue and debit txId). Its conditional updates
 *   (state 'open' -> 'credited' | 'rolled_back') decide a credit racing a rollback exactly once.
 *   A credit naming an unknown debit makes a row with no stake yet (flagged); a rollback naming
 *   one makes a 'rolled_back' row with no stake (a late debit is then refused).
 */
export function m041(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('venues').addColumn('mode', 'varchar(12)', (c) => c.notNull().defaultTo('transfer')).execute();

      await idColumn(db.schema.createTable('seamless_txs'), dialect)
        .addColumn('venue', 'varchar(40)', (c) => c.notNull())
        .addColumn('tx_id', 'varchar(64)', (c) => c.notNull())
        // debit | credit | rollback
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('player', 'varchar(64)', (c) => c.notNull())
        .addColumn('round_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('debit_tx_id', 'varchar(64)')
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
        // sha-256 of the call's fields: a repeat with another body is refused
        .addColumn('body_hash', 'varchar(64)', (c) => c.notNull())
        // the protocol's answer code (0 done, 1001, 1002, 3001, 3002 ...)
        .addColumn('code', 'integer', (c) => c.notNull())
        // 1: a credit of an unknown debit (for the reconciliation)
        .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('seamless_txs_venue_tx').on('seamless_txs').columns(['venue', 'tx_id']).unique().execute();
      await db.schema.createIndex('seamless_txs_debit').on('seamless_txs').columns(['venue', 'debit_tx_id']).execute();

      await db.schema
        .createTable('seamless_rounds')
        .addColumn('venue', 'varchar(40)', (c) => c.notNull())
        .addColumn('debit_tx_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('round_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('game_code', 'varchar(64)', (c) => c.notNull())
        // fen; null while the debit has not arrived (credit or rollback first)
        .addColumn('stake', 'bigint')
        .addColumn('debit_at', 'bigint')
        // open | credited | rolled_back
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('settle_tx_id', 'varchar(64)')
        .addColumn('payout', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('seamless_rounds_pk', ['venue', 'debit_tx_id'])
        .execute();
      // a member's rounds newest first; open stakes under a loss limit
      await db.schema.createIndex('seamless_rounds_member').on('seamless_rounds').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('seamless_rounds_member_state').on('seamless_rounds').columns(['member_id', 'state']).execute();
      // a venue's open rounds (mode change) and a day's rounds (reconciliation)
      await db.schema.createIndex('seamless_rounds_venue_state').on('seamless_rounds').columns(['venue', 'state']).execute();
      await db.schema.createIndex('seamless_rounds_venue_time').on('seamless_rounds').columns(['venue', 'created_at']).execute();
    },
  };
}
