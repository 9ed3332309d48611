import { sql, type Kysely } from 'kysely';
import { DEFAULT_ROLES } from '@casino/contract';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Operators and their roles (issue 12): roles stored with their permission slugs (seeded with the
 * default roles; 'owner', the first operator's role, holds '*'), operator status, second factor
 * and address allowlist; the audit log made append-only the way the ledger is; operators'
 * internal notes on members; and the indexes the member search pages through.
 */
export function m015(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('admin_roles')
        .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        /** JSON array of permission slugs, or ['*'] */
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      const now = Date.now();
      const seeded = [
        { code: 'owner', name: '超级管理员（初始账号）', permissions: JSON.stringify(['*']) },
        ...Object.entries(DEFAULT_ROLES).map(([code, r]) => ({ code, name: r.name, permissions: JSON.stringify(r.grants) })),
      ];
      await db
        .insertInto('admin_roles')
        .values(seeded.map((r) => ({ ...r, builtin: 1, created_by: null, created_at: now, updated_at: now })))
        .execute();

      await db.schema.alterTable('admins').addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      // the authenticator secret, sealed with the card vault's key; pending until a first code confirms it
      await db.schema.alterTable('admins').addColumn('totp_secret', 'varchar(255)').execute();
      await db.schema.alterTable('admins').addColumn('totp_pending', 'varchar(255)').execute();
      await db.schema.alterTable('admins').addColumn('totp_last_step', 'bigint').execute();
      // JSON array of addresses or CIDR ranges; [] = anywhere
      await db.schema.alterTable('admins').addColumn('ip_allowlist', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      await db.schema.alterTable('admins').addColumn('created_by', 'bigint').execute();
      await db.schema.alterTable('admins').addColumn('last_login_at', 'bigint').execute();
      await db.schema.alterTable('admins').addColumn('last_login_ip', 'varchar(64)').execute();
      await db.schema.createIndex('admins_role').on('admins').column('role').execute();

      await idColumn(db.schema.createTable('member_notes'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id'))
        .addColumn('content', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_notes_member').on('member_notes').columns(['member_id', 'created_at']).execute();

      // members' sign-ins (the 360 view's login history), written with each successful login
      await idColumn(db.schema.createTable('member_logins'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_logins_member').on('member_logins').columns(['member_id', 'created_at']).execute();

      // member search: each filter served from an index, newest registration first
      await db.schema.createIndex('members_created').on('members').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('members_realname').on('members').column('realname').execute();
      await db.schema.createIndex('members_mobile').on('members').column('mobile').execute();
      await db.schema.createIndex('members_vip').on('members').columns(['vip', 'created_at']).execute();
      await db.schema.createIndex('members_status').on('members').columns(['status', 'created_at']).execute();
      // balance range: central wallets by balance
      await db.schema.createIndex('ledger_accounts_kind_balance').on('ledger_accounts').columns(['kind', 'balance']).execute();
      // members online: sessions used lately
      await db.schema.createIndex('sessions_seen').on('sessions').columns(['subject_kind', 'last_seen_at']).execute();
      // the audit log by operator and by action
      await db.schema.createIndex('admin_audit_admin').on('admin_audit').columns(['admin_id', 'created_at']).execute();
      await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'created_at']).execute();
      // dashboard sums: ledger entries of a kind over a time window
      await db.schema.createIndex('ledger_entries_kind_time').on('ledger_entries').columns(['kind', 'created_at']).execute();

      // dashboard GGR: settled bets by settlement time
      await db.schema.createIndex('bets_settled').on('bets').columns(['settled_at']).execute();

      // the audit log is append-only, like the ledger
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit
          BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit
          BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$`.execute(db);
        await sql`CREATE TRIGGER admin_audit_no_change BEFORE UPDATE OR DELETE ON admin_audit
          FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()`.execute(db);
        await sql`CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit
          FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_append_only()`.execute(db);
      }
    },
  };
}
