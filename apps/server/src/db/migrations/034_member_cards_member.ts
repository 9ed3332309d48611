import type { Kysely } from 'kysely';

/**
 * Issue 24 (DESIGN.md section 8): the back-office's member view lists a member's cards, deleted
 * ones too, newest first. The only indexes on member_id were partial (live cards), so that read
 * every card of the site (63 ms at 100,000 cards, growing with them). (member_id, id) serves it.
 */
export function m034() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('member_cards_member').on('member_cards').columns(['member_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('member_cards_member').execute();
    },
  };
}
