import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Site content (modules/content): home banners, announcements, promotions and their types,
 * articles (help centre, terms, privacy), the VIP level table and customer-service tickets.
 * Seeded rows carry a slug so that a seed run by several processes inserts each one once.
 * Lists are read through an index whose columns end with the list's order (sort key, id).
 */
export function m008(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('banners'), dialect)
        .addColumn('slug', 'varchar(64)', (c) => c.unique())
        // 2 mobile home carousel, 1 PC
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('src', 'varchar(500)', (c) => c.notNull())
        .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 shown, 0 hidden by an operator
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('banners_list').on('banners').columns(['type', 'state', 'sort', 'id']).execute();

      await idColumn(db.schema.createTable('notices'), dialect)
        .addColumn('slug', 'varchar(64)', (c) => c.unique())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        // plain text
        .addColumn('content', 'text', (c) => c.notNull())
        // 1: also a line of the home announcement bar
        .addColumn('on_home', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_list').on('notices').columns(['state', 'sort', 'id']).execute();
      await db.schema.createIndex('notices_home').on('notices').columns(['on_home', 'state', 'sort', 'id']).execute();

      // ids are chosen (the site's promotion filter names 1, 5 and 11)
      await db.schema
        .createTable('activity_types')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('activity_types_list').on('activity_types').columns(['state', 'sort', 'id']).execute();

      await idColumn(db.schema.createTable('activities'), dialect)
        .addColumn('slug', 'varchar(64)', (c) => c.unique())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('banner', 'varchar(500)', (c) => c.notNull())
        // sanitized HTML (modules/content/sanitize.ts), cleaned when stored
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('memo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('activities_list').on('activities').columns(['state', 'sort', 'id']).execute();
      await db.schema.createIndex('activities_by_type').on('activities').columns(['type', 'state', 'sort', 'id']).execute();

      // one article per type (help centre, privacy, terms); content is sanitized HTML
      await db.schema
        .createTable('articles')
        .addColumn('type', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      // thresholds in fen; rebate rates in basis points (80 = 0.80 %)
      await db.schema
        .createTable('vip_levels')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('recharge_fen', 'bigint', (c) => c.notNull())
        .addColumn('flow_fen', 'bigint', (c) => c.notNull())
        .addColumn('realperson_bp', 'integer', (c) => c.notNull())
        .addColumn('sport_bp', 'integer', (c) => c.notNull())
        .addColumn('e_sport_bp', 'integer', (c) => c.notNull())
        .addColumn('joker_bp', 'integer', (c) => c.notNull())
        .addColumn('electron_bp', 'integer', (c) => c.notNull())
        .addColumn('lottery_bp', 'integer', (c) => c.notNull())
        .execute();

      // messages left on our customer-service page (/support/)
      await idColumn(db.schema.createTable('support_tickets'), dialect)
        .addColumn('name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('contact', 'varchar(100)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        // 0 new, 1 answered, 2 closed
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_tickets_list').on('support_tickets').columns(['state', 'created_at', 'id']).execute();
    },
  };
}
