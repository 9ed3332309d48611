import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Agent (affiliate) applications from /applyagent, kept for the back-office to review.
 * At most one pending application per member: a partial unique index (both databases have
 * them) settles two concurrent submissions, whatever the application code does.
 */
export function m006(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('agent_applications'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // the contact number given with the application
        .addColumn('mobile', 'varchar(16)', (c) => c.notNull())
        .addColumn('apply_info', 'varchar(255)', (c) => c.notNull())
        // 1 pending review, 2 approved, 3 rejected (as activity applications, spec section 4)
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reviewed_at', 'bigint')
        // the operator who decided, e.g. admin:3
        .addColumn('reviewed_by', 'varchar(64)')
        .addColumn('review_note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('agent_applications_one_pending')
        .on('agent_applications')
        .column('member_id')
        .unique()
        .where(sql<boolean>`state = 1`)
        .execute();
      // the back-office queue (pending first, oldest first) and a member's own history
      await db.schema.createIndex('agent_applications_state').on('agent_applications').columns(['state', 'created_at', 'id']).execute();
      await db.schema.createIndex('agent_applications_member').on('agent_applications').columns(['member_id', 'created_at']).execute();
    },
  };
}
