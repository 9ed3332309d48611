import type { Kysely } from 'kysely';

/**
 * Issue 36 point 9 (the risk rules job over a day of 10 million bets): the job reads the bets
 * written since its mark in (pulled_at, id) keyset pages. The (pulled_at, member_id) index could
 * not give that order, so every page read and sorted the rest of the window again (a backlog of a
 * day read its rows some thousands of times over). bets_pulled becomes (pulled_at, id, member_id):
 * the job's pages are one ordered index range, and the reconcilers' "members with bets pulled in a
 * window" stays index-only; the number of indexes on bets is unchanged.
 */
export function m047() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('bets_pulled_id').on('bets').columns(['pulled_at', 'id', 'member_id']).execute();
      await db.schema.dropIndex('bets_pulled').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('bets_pulled').on('bets').columns(['pulled_at', 'member_id']).execute();
      await db.schema.dropIndex('bets_pulled_id').execute();
    },
  };
}
