import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 22, responsible play (DESIGN.md section 13): every change a member (or an operator)
 * makes is one append-only row; what is in force at a moment is read from the rows.
 * - kind deposit | loss: a limit for `period` (day | week | month), `amount` fen (null = removed),
 *   in force from `effective_at` (at once when lower, 24 hours after `requested_at` when higher
 *   or removed). For one kind and period, the newest row already in force applies.
 * - kind reality: the reality-check interval `minutes` (0 = off), in force at once.
 * - kind timeout | exclusion: a break from `effective_at` to `ends_at`; the latest end of the
 *   breaks in force applies (an operator's extension is a row of its own).
 */
export function m029(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('responsible_changes'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('period', 'varchar(8)')
        .addColumn('amount', 'bigint')
        .addColumn('minutes', 'integer')
        .addColumn('duration', 'varchar(4)')
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('effective_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint')
        // member | operator
        .addColumn('actor', 'varchar(16)', (c) => c.notNull())
        .addColumn('admin_id', 'bigint')
        .addColumn('reason', 'varchar(255)')
        .execute();
      await db.schema.createIndex('responsible_changes_member').on('responsible_changes').columns(['member_id', 'kind', 'id']).execute();
      // the back-office list: breaks by their end
      await db.schema.createIndex('responsible_changes_breaks').on('responsible_changes').columns(['kind', 'ends_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('responsible_changes').execute();
    },
  };
}
