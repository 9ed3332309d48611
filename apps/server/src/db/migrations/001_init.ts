import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

export function m001(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('members'), dialect)
        .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('pay_password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('realname', 'varchar(64)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('birthday', 'varchar(10)', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paysum', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transferstatus', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('referrer_pid', 'varchar(32)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('register_ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint')
        .addColumn('last_login_ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('members_referrer_pid').on('members').column('referrer_pid').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        // member or admin: one table, and a token of one kind never opens the other's calls
        .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('subject_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_subject').on('sessions').columns(['subject_kind', 'subject_id']).execute();

      await db.schema
        .createTable('captchas')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer', 'varchar(16)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();

      await idColumn(db.schema.createTable('admins'), dialect)
        .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('role', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('ledger_accounts'), dialect)
        .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_accounts_member_kind')
        .on('ledger_accounts')
        .columns(['member_id', 'kind'])
        .execute();
    },
  };
}
