import { sql, type Kysely } from 'kysely';

/**
 * Games and venues admin (issue 13). Operators' choices live beside the provider's so that a
 * later catalogue sync keeps them:
 * - venues: op_listed (0: hidden by an operator; the provider's own listing stays in `listed`),
 *   op_name / op_sort (the operator's name and order; the sync writes them into name / sort),
 *   edited_at (bumped by every operator edit of the venue or one of its games: each process
 *   compares max(synced_at), max(edited_at) of this small table to know its catalogue copy is stale)
 * - games: listed (0: hidden by an operator), provider_state (the provider's open flag; app_state
 *   is open only while both the provider and the operator have it open), op_state (0: put under
 *   maintenance by an operator), op_hot / op_new / op_sort (written into is_hot / is_new / sort)
 * - indexes: the back-office game list by venue and by category in catalogue order, and the
 *   venue exposure (members holding a balance at a venue, their total) per platform.
 */
export function m022() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('venues').addColumn('op_listed', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('venues').addColumn('op_name', 'varchar(64)').execute();
      await db.schema.alterTable('venues').addColumn('op_sort', 'integer').execute();
      await db.schema.alterTable('venues').addColumn('edited_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema.alterTable('games').addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('games').addColumn('provider_state', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('games').addColumn('op_state', 'integer').execute();
      await db.schema.alterTable('games').addColumn('op_hot', 'integer').execute();
      await db.schema.alterTable('games').addColumn('op_new', 'integer').execute();
      await db.schema.alterTable('games').addColumn('op_sort', 'integer').execute();
      // until now app_state was the provider's flag alone
      await sql`UPDATE games SET provider_state = app_state`.execute(db);

      await db.schema.createIndex('games_platform_sort').on('games').columns(['platform', 'sort', 'id']).execute();
      await db.schema.createIndex('games_category_sort').on('games').columns(['category_id', 'sort', 'id']).execute();
      await db.schema.createIndex('venue_balances_platform').on('venue_balances').columns(['platform', 'balance']).execute();
    },
  };
}
