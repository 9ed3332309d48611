import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 25, operator controls:
 * - admins.must_change_password: 1 for a new operator and one whose password another operator
 *   reset (and the first account when its password was generated): they set their own first.
 * - turnover_requirements.waived: fen an operator waived of a row; what remains is
 *   required - done - waived, and a row is complete once done + waived reaches required.
 * - turnover_waivers: every waiver an operator asked for (applied at once, or pending a second,
 *   different operator above the threshold), with who asked, who decided and what it applied.
 * - the built-in risk role gets the new slug members.turnover_waive (super roles hold '*'); a
 *   role an operator edited keeps what they chose.
 */
export function m025(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('admins').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema.alterTable('turnover_requirements').addColumn('waived', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      // SQLite cannot add a table constraint to an existing table; its column check reads the row
      if (dialect === 'postgres') {
        await sql`alter table turnover_requirements add constraint turnover_waived_range check (waived >= 0 and done + waived <= required)`.execute(db);
      } else {
        await sql`create trigger turnover_waived_range_i before update of waived, done on turnover_requirements
          when new.waived < 0 or new.done + new.waived > new.required
          begin select raise(abort, 'turnover_waived_range'); end`.execute(db);
      }

      await idColumn(db.schema.createTable('turnover_waivers'), dialect)
        // TW + date + id digits: unique by constraint
        .addColumn('waiver_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        // one row, or null: the member's open rows, oldest first
        .addColumn('requirement_id', 'bigint')
        // fen asked for; null = all that remains
        .addColumn('amount', 'bigint')
        // fen the request came to when it was made (compared with the threshold)
        .addColumn('amount_at_request', 'bigint', (c) => c.notNull())
        .addColumn('applied_amount', 'bigint')
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        // pending | applied | rejected
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('needs_two', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requested_by', 'bigint', (c) => c.notNull().references('admins.id'))
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        // the requesting operator's idempotency key (request_id), unique per operator
        .addColumn('request_key', 'varchar(96)')
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('reject_reason', 'varchar(255)')
        .execute();
      await db.schema.createIndex('turnover_waivers_request').on('turnover_waivers').column('request_key').unique().execute();
      await db.schema.createIndex('turnover_waivers_member').on('turnover_waivers').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('turnover_waivers_state').on('turnover_waivers').columns(['state', 'id']).execute();

      const risk = await db.selectFrom('admin_roles').select(['permissions']).where('code', '=', 'risk').where('builtin', '=', 1).executeTakeFirst();
      if (risk) {
        const grants = JSON.parse(risk.permissions) as string[];
        if (!grants.includes('members.turnover_waive')) {
          await db.updateTable('admin_roles').set({ permissions: JSON.stringify([...grants, 'members.turnover_waive']), updated_at: Date.now() }).where('code', '=', 'risk').execute();
        }
      }
    },
  };
}
