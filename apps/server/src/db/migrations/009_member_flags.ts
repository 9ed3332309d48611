import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.ts';

/**
 * Flags an operator sets on a member. realname_verified: 1 once an operator has checked the
 * member's real name against a document or a matching bank account (the site's 已实名 badge
 * shows only then); registration alone proves nothing, so every existing member starts at 0.
 */
export function m009(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('members').addColumn('realname_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
