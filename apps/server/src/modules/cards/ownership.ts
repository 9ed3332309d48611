import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Whether one of the member's bound (not unbound) bank cards or USDT addresses ends in `last4`
 * (the password reset's proof of ownership). Case is ignored: ERC20 addresses are hex.
 */
export async function hasCardEnding(db: Kysely<DB>, memberId: number, last4: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_cards')
    .select('id')
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(bank_no_last4)`, '=', last4.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
