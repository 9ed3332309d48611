import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { MEMBER_ACCOUNT_KINDS, memberAccountCode } from './accounts.ts';

export async function insertMemberAccounts(db: Kysely<DB>, memberId: number, now: number) {
  await db
    .insertInto('ledger_accounts')
    .values(
      MEMBER_ACCOUNT_KINDS.map((kind) => ({
        code: memberAccountCode(memberId, kind),
        member_id: memberId,
        kind,
        created_at: now,
      })),
    )
    .execute();
}

export async function centralBalance(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('code', '=', memberAccountCode(memberId, 'central'))
    .executeTakeFirst();
  return row?.balance ?? 0;
}
