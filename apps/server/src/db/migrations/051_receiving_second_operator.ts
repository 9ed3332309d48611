import type { Kysely } from 'kysely';

/**
 * Operator-side attack: a receiving account (收款账户) decides where members pay a manual deposit,
 * like a channel's credentials. A new account, or a change of its bank, owner, number or address,
 * is handed to members only once a second, different operator approves it: approved_at (null:
 * waiting), approved_by, and changed_by (who made the details as they are; they cannot approve).
 * The accounts that exist now stay in use (approved at their creation).
 */
export function m051() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('deposit_accounts').addColumn('approved_at', 'bigint').execute();
      await db.schema.alterTable('deposit_accounts').addColumn('approved_by', 'bigint').execute();
      await db.schema.alterTable('deposit_accounts').addColumn('changed_by', 'bigint').execute();
      await db.updateTable('deposit_accounts').set((eb: any) => ({ approved_at: eb.ref('created_at') })).execute();
    },
    async down(db: Kysely<any>) {
      for (const c of ['changed_by', 'approved_by', 'approved_at']) await db.schema.alterTable('deposit_accounts').dropColumn(c).execute();
    },
  };
}
