import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 36 point 3 (risk signals, DESIGN.md section 15):
 * - risk_rules: each rule's operator-set thresholds (JSON, fen for amounts) and whether it runs;
 *   a missing row means the contract's defaults (RISK_RULE_DEFAULTS);
 * - risk_events: what a rule found, one per piece of evidence (evidence_key unique: a bet, a
 *   withdrawal, a round and pair ... opens one event however often the job sees it), its member
 *   and, for the linked-account rules, the other member; open until an operator confirms or
 *   dismisses it once. Indexes: open events newest first (the screen, the bell's count), by rule,
 *   by either member (the withdrawal review, the member filter);
 * - risk_marks: the rules job's watermarks (how far each source has been read);
 * - risk_bet_sides: the side each member took in a shared round or match (match bets only), so
 *   the opposite side is one index lookup, never a scan of the bets;
 * - red_packet_grabs (rule_id, member_id) and activity_applications (activity_id, member_id):
 *   whether a linked member took the same red packet or activity.
 */
export function m040(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('risk_rules')
        .addColumn('rule', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'bigint')
        .addColumn('updated_at', 'bigint')
        .execute();
      await idColumn(db.schema.createTable('risk_events'), dialect)
        .addColumn('rule', 'varchar(32)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('other_member_id', 'bigint')
        .addColumn('evidence_key', 'varchar(191)', (c) => c.notNull().unique())
        .addColumn('evidence', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('summary', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by', 'bigint')
        .addColumn('reason', 'varchar(255)')
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema.createIndex('risk_events_state').on('risk_events').columns(['state', 'id']).execute();
      await db.schema.createIndex('risk_events_rule').on('risk_events').columns(['rule', 'state', 'id']).execute();
      await db.schema.createIndex('risk_events_member').on('risk_events').columns(['member_id', 'state', 'id']).execute();
      await db.schema.createIndex('risk_events_other').on('risk_events').columns(['other_member_id', 'state', 'id']).where(sql.ref('other_member_id'), 'is not', null).execute();
      await db.schema
        .createTable('risk_marks')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('risk_bet_sides')
        .addColumn('bet_row_id', 'bigint', (c) => c.primaryKey())
        .addColumn('round_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('side', 'varchar(64)', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('stake', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_bet_sides_round').on('risk_bet_sides').columns(['round_key', 'member_id']).execute();
      await db.schema.createIndex('risk_bet_sides_time').on('risk_bet_sides').columns(['created_at']).execute();
      await db.schema.createIndex('red_packet_grabs_rule_member').on('red_packet_grabs').columns(['rule_id', 'member_id']).execute();
      await db.schema.createIndex('activity_applications_activity_member').on('activity_applications').columns(['activity_id', 'member_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('activity_applications_activity_member').execute();
      await db.schema.dropIndex('red_packet_grabs_rule_member').execute();
      for (const t of ['risk_bet_sides', 'risk_marks', 'risk_events', 'risk_rules']) await db.schema.dropTable(t).execute();
    },
  };
}
