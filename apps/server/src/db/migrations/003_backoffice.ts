import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/** Operators' audit log, and the members' outstanding wagering requirement (打码量). */
export function m003(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('admin_audit'), dialect)
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id'))
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target', 'varchar(128)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_audit_time').on('admin_audit').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target', 'created_at']).execute();

      // fen of valid bets still owed before a withdrawal (DESIGN.md section 4, turnover)
      await db.schema.alterTable('members').addColumn('turnover_required', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
