import { sql, type Kysely } from 'kysely';

/**
 * Issue 36 points 3 and 5: the provider's round of a bet and the side it took, as columns instead
 * of words in the settlement text.
 * - bets.round_id: the provider's round (a match's fixture, a table's hand; a game a member plays
 *   alone is a round of its own), from the venue's bet record or the seamless wallet's roundId;
 *   null for bets pulled before this migration.
 * - bets.side: the side of a shared round the bet took, a code (a match: home | draw | away, their
 *   names in the contract's BET_SIDE_NAMES); null where nobody else can take another side.
 * - bets (round_id, created_at, id), partial on round_id not null: 注单查询 by round id, newest
 *   first, within its window. Both columns are nullable without default: no table rewrite.
 */
export function m045() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('bets').addColumn('round_id', 'varchar(64)').execute();
      await db.schema.alterTable('bets').addColumn('side', 'varchar(16)').execute();
      await db.schema.createIndex('bets_round_time').on('bets').columns(['round_id', 'created_at', 'id']).where(sql.ref('round_id'), 'is not', sql.lit(null)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('bets_round_time').execute();
      await db.schema.alterTable('bets').dropColumn('side').execute();
      await db.schema.alterTable('bets').dropColumn('round_id').execute();
    },
  };
}
