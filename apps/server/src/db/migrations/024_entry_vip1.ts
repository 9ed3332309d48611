import type { Kysely } from 'kysely';

/** the entry address earlier seeds stored: a demo name that answers nowhere */
export const OLD_SEEDED_H5_URL = 'https://m.dingsheng-demo.example';

/**
 * Issue 19:
 * - h5_url still holding the address earlier seeds put there becomes '' (no entry address, so
 *   GET /api/getVisitUrl sends no one to it); an address an operator typed is left alone.
 * - members start at VIP1 (accounts inserts new members at 1): the members still at VIP0 move
 *   to VIP1. Rebates already paid VIP0 at VIP1's rates, so no figure changes; the VIP review
 *   never demotes below 1 from now on. No history row: this is no review's decision.
 * - deposits.cashier_url: where an online order is paid (the gateway's cashier), kept so that
 *   POST /api/payinfo can answer it to clients that ignore the recharge reply's data.url.
 * Settings values are stored as JSON text, hence the quotes.
 */
export function m024() {
  return {
    async up(db: Kysely<any>) {
      await clearSeededEntryUrl(db);
      await liftVip0Members(db);
      await db.schema.alterTable('deposits').addColumn('cashier_url', 'varchar(1000)').execute();
    },
  };
}

/** h5_url back to '' while it still holds the demo address an earlier seed stored (idempotent) */
export async function clearSeededEntryUrl(db: Kysely<any>): Promise<void> {
  await db.updateTable('settings').set({ value: JSON.stringify('') }).where('key', '=', 'h5_url').where('value', '=', JSON.stringify(OLD_SEEDED_H5_URL)).execute();
}

/** members below VIP1 move to VIP1 (idempotent; higher levels untouched) */
export async function liftVip0Members(db: Kysely<any>): Promise<void> {
  await db.updateTable('members').set({ vip: 1 }).where('vip', '<', 1).execute();
}
