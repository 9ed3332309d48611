import type { Kysely } from 'kysely';

/**
 * Operator-side attack: a manual deposit is money the member says they paid, so one operator's
 * approval credited a transfer that never arrived. Above deposit_second_approval_over the first
 * approval is only recorded here (who, when, and the amount it approved, fen); a second, different
 * operator's approval credits it. The same holds for an online order sent to review (its credit
 * is an operator's decision too).
 */
export function m052() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('deposits').addColumn('first_approved_by', 'bigint').execute();
      await db.schema.alterTable('deposits').addColumn('first_approved_at', 'bigint').execute();
      await db.schema.alterTable('deposits').addColumn('first_approved_amount', 'bigint').execute();
    },
    async down(db: Kysely<any>) {
      for (const c of ['first_approved_amount', 'first_approved_at', 'first_approved_by']) await db.schema.alterTable('deposits').dropColumn(c).execute();
    },
  };
}
