import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Wagering requirements (打码量) as rows, one per credit that carries one (DESIGN.md section 4,
 * Turnover): where each requirement comes from, how much it asks, how much settled valid bets
 * have done. Replaces the single members.turnover_required figure, whose outstanding amounts
 * become one row each (source 'adjustment', reference 'migrated').
 */
export function m011(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('turnover_requirements'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // deposit, deposit_bonus, rebate, red_packet, adjustment, activity
        .addColumn('source', 'varchar(32)', (c) => c.notNull())
        // the order, claim or ledger reference the credit belongs to
        .addColumn('reference', 'varchar(128)', (c) => c.notNull())
        // fen credited by the credit this row belongs to (shown to member and operator)
        .addColumn('credited', 'bigint', (c) => c.notNull())
        // fen of valid bets asked, and done so far (done <= required)
        .addColumn('required', 'bigint', (c) => c.notNull().check(sql`required > 0`))
        .addColumn('done', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addCheckConstraint('turnover_done_range', sql`done >= 0 and done <= required`)
        .execute();
      // one requirement per credit, whatever retries
      await db.schema.createIndex('turnover_source_ref').on('turnover_requirements').columns(['source', 'reference']).unique().execute();
      // the open rows of a member, oldest first (bets fill them in this order)
      await db.schema
        .createIndex('turnover_open')
        .on('turnover_requirements')
        .columns(['member_id', 'id'])
        .where(sql.ref('completed_at'), 'is', null)
        .execute();
      await db.schema.createIndex('turnover_member').on('turnover_requirements').columns(['member_id', 'created_at']).execute();

      await sql`insert into turnover_requirements (member_id, source, reference, credited, required, done, created_at)
        select id, 'adjustment', ${sql.lit('migrated:')} || id, 0, turnover_required, 0, ${sql.lit(Date.now())}
        from members where turnover_required > 0`.execute(db);
      await db.updateTable('members').set({ turnover_required: 0 }).execute();
    },
  };
}
