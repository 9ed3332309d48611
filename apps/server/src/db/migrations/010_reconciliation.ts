import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Venue reconciliation (issue 14): each difference found between what a venue reports and what
 * our records say it should hold, and the job's own marks (where the daily sweep is, when the
 * last run for active members was).
 */
export function m010(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('venue_differences'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        // open (transfers out of the venue held) or resolved (by an operator)
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        // the figures, fen: expected = sent_in - taken_out + game_result; difference = reported - expected
        .addColumn('sent_in', 'bigint', (c) => c.notNull())
        .addColumn('taken_out', 'bigint', (c) => c.notNull())
        .addColumn('game_result', 'bigint', (c) => c.notNull())
        .addColumn('expected', 'bigint', (c) => c.notNull())
        .addColumn('reported', 'bigint', (c) => c.notNull())
        .addColumn('difference', 'bigint', (c) => c.notNull())
        .addColumn('found_at', 'bigint', (c) => c.notNull())
        // the last run that saw it (the figures are that run's)
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_at', 'bigint')
        .addColumn('resolved_by', 'varchar(64)')
        .addColumn('note', 'varchar(500)')
        .execute();
      // one open difference per member and venue, whichever process finds it
      await db.schema
        .createIndex('venue_differences_open')
        .on('venue_differences')
        .columns(['member_id', 'platform'])
        .unique()
        .where(sql.ref('state'), '=', 'open')
        .execute();
      // the back-office list (by state, newest first) and the pending count
      await db.schema.createIndex('venue_differences_state').on('venue_differences').columns(['state', 'found_at', 'id']).execute();
      await db.schema.createIndex('venue_differences_found').on('venue_differences').columns(['found_at', 'id']).execute();

      await db.schema
        .createTable('reconciliation_marks')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(64)', (c) => c.notNull())
        .execute();

      // who was active since the last run: members with new transfers or newly pulled bets
      await db.schema.createIndex('venue_transfers_created').on('venue_transfers').columns(['created_at', 'member_id']).execute();
      await db.schema.createIndex('bets_pulled').on('bets').columns(['pulled_at', 'member_id']).execute();
      // the daily sweep walks members who have a player at some provider, by member id
      await db.schema.createIndex('venue_players_member').on('venue_players').columns(['member_id']).execute();
    },
  };
}
