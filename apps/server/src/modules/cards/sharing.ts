import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Usernames of other members who have (or once had) a card with this number fingerprint: a
 * withdrawal's risk note (issue 10). Unbound cards count too: a card passed from account to
 * account is the pattern operators look for. At most `limit` names, by the card index on number_key.
 */
export async function otherHoldersOf(db: Kysely<DB>, numberKey: string, exceptMemberId: number, limit = 5): Promise<string[]> {
  const rows = await db
    .selectFrom('member_cards')
    .innerJoin('members', 'members.id', 'member_cards.member_id')
    .select('members.username')
    .distinct()
    .where('member_cards.number_key', '=', numberKey)
    .where('member_cards.member_id', '!=', exceptMemberId)
    .orderBy('members.username')
    .limit(limit)
    .execute();
  return rows.map((r) => r.username);
}
