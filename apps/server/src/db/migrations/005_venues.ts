import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Venues (game providers' platforms) and their games, synced from the providers; transfers
 * between the central wallet and the venues; last known venue balances; bet records pulled
 * from the venues with a cursor per venue; which members exist as players at which provider.
 */
export function m005(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('venues')
        .addColumn('platform', 'varchar(40)', (c) => c.primaryKey())
        // which adapter serves it (adapters/venues/registry.ts)
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        // JSON array of category ids
        .addColumn('categories', 'varchar(255)', (c) => c.notNull())
        .addColumn('logo_img', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 open, 0 closed by an operator (kept across syncs)
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        // 1: its launch URLs are forced to http instead of https (kept across syncs)
        .addColumn('http_only', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 while the provider lists it; 0 once it disappeared from the catalogue
        .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('games'), dialect)
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        .addColumn('game_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('category_id', 'varchar(16)', (c) => c.notNull())
        .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 shown, 0 under maintenance or no longer listed
        .addColumn('app_state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('api_logo_img', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile_img', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('games_platform_code').on('games').columns(['platform', 'game_code']).unique().execute();

      await db.schema
        .createTable('venue_players')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('player', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('venue_players_pk', ['provider', 'member_id'])
        .execute();

      await idColumn(db.schema.createTable('venue_transfers'), dialect)
        // our id, sent to the venue: the venue applies one transfer per id
        .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        // to_venue: central wallet -> venue; from_venue: venue -> central wallet
        .addColumn('direction', 'varchar(12)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        // 0 failed, 1 success, 2 pending (spec section 4, records types 3 and 4)
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        // venue calls made for it (the first call, then the reconciler's)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'varchar(500)')
        .execute();
      // the member's records by kind and time, and by venue
      await db.schema
        .createIndex('venue_transfers_member')
        .on('venue_transfers')
        .columns(['member_id', 'direction', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('venue_transfers_member_platform')
        .on('venue_transfers')
        .columns(['member_id', 'direction', 'platform', 'created_at', 'id'])
        .execute();
      // the reconciler's queue: pending transfers, oldest first
      await db.schema.createIndex('venue_transfers_status').on('venue_transfers').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('venue_balances')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('venue_balances_pk', ['member_id', 'platform'])
        .execute();

      await idColumn(db.schema.createTable('bets'), dialect)
        .addColumn('platform', 'varchar(40)', (c) => c.notNull())
        .addColumn('bet_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('game_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('game_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('category_id', 'varchar(16)', (c) => c.notNull())
        .addColumn('bet_amount', 'bigint', (c) => c.notNull())
        .addColumn('valid_amount', 'bigint', (c) => c.notNull())
        .addColumn('win_loss', 'bigint', (c) => c.notNull())
        // 0 invalid, 1 settled, 2 unsettled (spec section 4)
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('pulled_at', 'bigint', (c) => c.notNull())
        // 1 once its valid amount has reduced the member's turnover_required (exactly once)
        .addColumn('turnover_counted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('bets_platform_bet').on('bets').columns(['platform', 'bet_id']).unique().execute();
      await db.schema.createIndex('bets_member_time').on('bets').columns(['member_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('bets_member_platform_time').on('bets').columns(['member_id', 'platform', 'created_at', 'id']).execute();

      await db.schema
        .createTable('bet_cursors')
        // one feed per venue
        .addColumn('feed', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('cursor', 'varchar(64)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
