import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 36 (risk control, DESIGN.md section 15):
 * - member_logins.kind: 'register' for the row registration writes, 'login' for sign-ins (rows
 *   from before: the one at the member's registration time is the registration);
 * - the links' lookups by value: member_logins (device, member_id, created_at) and
 *   (ip, member_id, created_at), both index-only with the first and last time; cards, real names
 *   and mobiles already have theirs (member_cards_number_key, members_realname, members_mobile);
 * - members.risk_level (normal | watch | no_promo | withdraw_review) with its history, and the
 *   promotions refused to a 限制优惠 member by jobs (the rebate run), one row per member and day.
 */
export function m038(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('member_logins').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('login')).execute();
      await sql`update member_logins set kind = 'register' where created_at = (select m.created_at from members m where m.id = member_logins.member_id)`.execute(db);
      await db.schema.createIndex('member_logins_device_member').on('member_logins').columns(['device', 'member_id', 'created_at']).execute();
      await db.schema.createIndex('member_logins_ip_member').on('member_logins').columns(['ip', 'member_id', 'created_at']).execute();
      await db.schema.alterTable('members').addColumn('risk_level', 'varchar(16)', (c) => c.notNull().defaultTo('normal')).execute();
      await db.schema.createIndex('members_risk_level').on('members').columns(['risk_level', 'id']).execute();
      await idColumn(db.schema.createTable('risk_level_changes'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('before', 'varchar(16)', (c) => c.notNull())
        .addColumn('after', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('risk_level_changes_member').on('risk_level_changes').columns(['member_id', 'id']).execute();
      await idColumn(db.schema.createTable('risk_promo_skips'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        // rebate (the run job), kept once per member and reference (the day)
        .addColumn('what', 'varchar(24)', (c) => c.notNull())
        .addColumn('reference', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('risk_promo_skips_once', ['member_id', 'what', 'reference'])
        .execute();
      await db.schema.createIndex('risk_promo_skips_what').on('risk_promo_skips').columns(['what', 'reference']).execute();
    },
  };
}
