import type { Kysely } from 'kysely';

/**
 * Issue 24 (DESIGN.md section 8): the back-office's deposits list without a filter, newest first,
 * had no index to walk: every page sorted all deposits (0.3 s for the first page of 200,000, and
 * the last page read them all). (created_at, id) serves it from either end.
 */
export function m032() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('deposits_time').on('deposits').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('deposits_time').execute();
    },
  };
}
