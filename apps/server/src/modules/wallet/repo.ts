import { sql, type Kysely } from 'kysely';
import { beijingDayOf } from '../../db/beijing-day.ts';
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

/**
 * One page of the entries touching any of a member's accounts, newest first, with both
 * accounts' codes and the total (the back-office member view; reading only).
 */
export async function memberEntriesPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const accounts = await db.selectFrom('ledger_accounts').select(['id']).where('member_id', '=', memberId).execute();
  if (accounts.length === 0) return { rows: [], total: 0 };
  const ids = accounts.map((a) => a.id);
  const q = db.selectFrom('ledger_entries').where((eb) => eb.or([eb('from_account_id', 'in', ids), eb('to_account_id', 'in', ids)]));
  const [rows, total] = await Promise.all([
    q
      .innerJoin('ledger_accounts as f', 'f.id', 'ledger_entries.from_account_id')
      .innerJoin('ledger_accounts as t', 't.id', 'ledger_entries.to_account_id')
      .select(['ledger_entries.id', 'ledger_entries.kind', 'ledger_entries.amount', 'f.code as from', 't.code as to', 'ledger_entries.reference', 'ledger_entries.memo', 'ledger_entries.created_by', 'ledger_entries.created_at'])
      .orderBy('ledger_entries.created_at', 'desc')
      .orderBy('ledger_entries.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface DayRow {
  /** Beijing day number (epoch days) */
  day: number;
  kind: string;
  /** 1 when the entry left house:adjustments (money to a member) */
  to_member: number;
  amount: number;
  n: number;
}

/** Sums and counts of the entries of `kinds` in [from, to) per Beijing day and kind (the dashboard; reading only). */
export async function entriesByDay(db: Kysely<DB>, kinds: readonly EntryKind[], from: number, to: number): Promise<DayRow[]> {
  const adjustments = await db.selectFrom('ledger_accounts').select('id').where('code', '=', 'house:adjustments').executeTakeFirst();
  // a literal, so PostgreSQL sees the same expression in SELECT and GROUP BY (parameters differ)
  const toMember = sql<number>`case when from_account_id = ${sql.lit(Number(adjustments?.id ?? -1))} then 1 else 0 end`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      beijingDayOf('created_at').as('day'),
      'kind',
      toMember.as('to_member'),
      sql<number>`sum(amount)`.as('amount'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('kind', 'in', [...kinds])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy([beijingDayOf('created_at'), 'kind', toMember])
    .execute();
  return rows.map((r) => ({ day: Number(r.day), kind: r.kind, to_member: Number(r.to_member), amount: Number(r.amount), n: Number(r.n) }));
}

/**
 * issue 22: the member's statement, every entry into or out of the central wallet created in
 * [from, to), oldest first, in keyset batches (each side walks its (account, created_at, id) index).
 * `amount` is signed: positive into the wallet, negative out of it.
 */
export async function* memberCentralEntries(db: Kysely<DB>, memberId: number, from: number, to: number, batch = 500) {
  const account = await db.selectFrom('ledger_accounts').select('id').where('code', '=', memberAccountCode(memberId, 'central')).executeTakeFirst();
  if (!account) return;
  const id = account.id;
  let after = { at: from - 1, id: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'amount', 'reference', 'created_at', 'from_account_id'])
      .where((eb) => eb.or([eb('from_account_id', '=', id), eb('to_account_id', '=', id)]))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where((eb) => eb.or([eb('created_at', '>', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)])]))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(batch)
      .execute();
    for (const r of rows) {
      yield { id: Number(r.id), kind: r.kind, amount: Number(r.from_account_id) === Number(id) ? -Number(r.amount) : Number(r.amount), reference: r.reference, created_at: Number(r.created_at) };
    }
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { at: Number(last.created_at), id: Number(last.id) };
  }
}
