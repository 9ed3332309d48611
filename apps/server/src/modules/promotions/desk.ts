import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * What the back-office reads of the promotions' tables: a member's rebates and red packets page
 * by page (member 360 view), newest first from the (member_id, created_at) index, and the
 * activity applications waiting for an operator (dashboard).
 */
const count = sql<number>`count(*)`.as('n');

export async function memberRebatesPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('rebates').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['day', 'platform', 'valid_amount', 'amount', 'vip', 'state', 'created_at', 'claimed_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(count).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function memberRedPacketsPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('red_packet_grabs').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['grab_no', 'day', 'amount', 'turnover_multiple', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(count).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** activity applications in a state (1: waiting for an operator) */
export async function activityApplicationsInState(db: Kysely<DB>, state: number): Promise<number> {
  const row = await db.selectFrom('activity_applications').select(count).where('state', '=', state).executeTakeFirst();
  return Number(row?.n ?? 0);
}
