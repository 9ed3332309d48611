import type { Kysely } from 'kysely';
import type { DB, LedgerEntry } from '../../db/schema.ts';
import { MEMBER_ACCOUNT_KINDS, memberAccountCode, type EntryKind, type MemberAccountKind } from './accounts.ts';

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

export async function memberBalances(db: Kysely<DB>, memberId: number): Promise<Record<MemberAccountKind, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  const out: Record<MemberAccountKind, number> = { central: 0, withdraw_hold: 0, transit: 0 };
  for (const r of rows) if (r.kind in out) out[r.kind as MemberAccountKind] = r.balance;
  return out;
}

export async function accountBalance(db: Kysely<DB>, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('code', '=', code).executeTakeFirst();
  return row?.balance;
}

export async function entryByKey(db: Kysely<DB>, idempotencyKey: string): Promise<LedgerEntry | undefined> {
  return db.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export interface EntryQuery {
  /** account code, e.g. member:12:central */
  account: string;
  kinds?: EntryKind[];
  /** epoch ms, inclusive */
  since?: number;
  /** epoch ms, exclusive */
  until?: number;
  limit: number;
  offset?: number;
}

export type AccountEntry = LedgerEntry & { direction: 'in' | 'out' };

/**
 * An account's entries, newest first. Each side is a range of its own index
 * (account, created_at, id), so the cost follows the account's entries, not the table.
 */
export async function listEntries(db: Kysely<DB>, q: EntryQuery): Promise<AccountEntry[]> {
  const account = await db.selectFrom('ledger_accounts').select('id').where('code', '=', q.account).executeTakeFirst();
  if (!account) return [];
  const side = (column: 'from_account_id' | 'to_account_id') => {
    let s = db.selectFrom('ledger_entries').selectAll().where(column, '=', account.id);
    if (q.kinds?.length) s = s.where('kind', 'in', q.kinds);
    if (q.since !== undefined) s = s.where('created_at', '>=', q.since);
    if (q.until !== undefined) s = s.where('created_at', '<', q.until);
    return s;
  };
  const rows = await db
    .selectFrom(side('from_account_id').unionAll(side('to_account_id')).as('e'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset ?? 0)
    .execute();
  return rows.map((r) => ({ ...r, direction: r.to_account_id === account.id ? 'in' : 'out' }));
}

/**
 * The member's game wallet: the sum of the last balances the venues reported (kept in
 * venue_balances by the transfers module), read through its primary key (member_id, platform).
 */
export async function gameBalance(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('venue_balances')
    .select((eb) => eb.fn.sum<number | string | null>('balance').as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
