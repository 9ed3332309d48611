import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type ViolationCheck =
  | 'sum_not_zero'
  | 'balance_mismatch'
  | 'negative_member_balance'
  | 'duplicate_idempotency_key'
  | 'invalid_entry';

export interface Violation {
  check: ViolationCheck;
  message: string;
  /** the account concerned, when there is one */
  account?: string;
}

/** At most this many violations of each check are reported. */
const LIMIT = 100;

/**
 * Checks the invariants of DESIGN.md section 4 with aggregate queries (no entry is loaded into
 * memory) and answers the violations found; an empty list means the ledger is sound:
 * - the balances of all accounts sum to zero;
 * - every balance equals the entries to the account minus the entries from it;
 * - no member account is negative;
 * - no idempotency key belongs to more than one entry;
 * - every entry moves a positive amount between two different accounts.
 * Each check is one statement, so each sees one consistent state even while postings run.
 */
export async function verify(db: Kysely<DB>): Promise<Violation[]> {
  const [sum, mismatched, negative, duplicates, invalid] = await Promise.all([
    sql<{ total: number | string; accounts: number | string }>`
      select cast(coalesce(sum(balance), 0) as bigint) as total, count(*) as accounts from ledger_accounts`.execute(db),
    sql<{ code: string; balance: number; expected: number }>`
      select a.code, a.balance, cast(coalesce(i.total, 0) - coalesce(o.total, 0) as bigint) as expected
      from ledger_accounts a
      left join (select to_account_id as account_id, sum(amount) as total from ledger_entries group by to_account_id) i
        on i.account_id = a.id
      left join (select from_account_id as account_id, sum(amount) as total from ledger_entries group by from_account_id) o
        on o.account_id = a.id
      where a.balance <> coalesce(i.total, 0) - coalesce(o.total, 0)
      order by a.id
      limit ${sql.lit(LIMIT)}`.execute(db),
    sql<{ code: string; balance: number }>`
      select code, balance from ledger_accounts
      where member_id is not null and balance < 0
      order by id
      limit ${sql.lit(LIMIT)}`.execute(db),
    sql<{ idempotency_key: string; entries: number | string }>`
      select idempotency_key, count(*) as entries from ledger_entries
      group by idempotency_key
      having count(*) > 1
      limit ${sql.lit(LIMIT)}`.execute(db),
    sql<{ id: number; amount: number; from_account_id: number; to_account_id: number }>`
      select id, amount, from_account_id, to_account_id from ledger_entries
      where amount <= 0 or from_account_id = to_account_id
      order by id
      limit ${sql.lit(LIMIT)}`.execute(db),
  ]);

  const violations: Violation[] = [];
  const total = Number(sum.rows[0]?.total ?? 0);
  if (total !== 0) {
    violations.push({ check: 'sum_not_zero', message: `the ${Number(sum.rows[0]?.accounts ?? 0)} account balances sum to ${total}, not 0` });
  }
  for (const r of mismatched.rows) {
    violations.push({
      check: 'balance_mismatch',
      account: r.code,
      message: `${r.code} holds ${Number(r.balance)} but its entries come to ${Number(r.expected)}`,
    });
  }
  for (const r of negative.rows) {
    violations.push({ check: 'negative_member_balance', account: r.code, message: `${r.code} is negative: ${Number(r.balance)}` });
  }
  for (const r of duplicates.rows) {
    violations.push({
      check: 'duplicate_idempotency_key',
      message: `idempotency key ${r.idempotency_key} has ${Number(r.entries)} entries`,
    });
  }
  for (const r of invalid.rows) {
    violations.push({
      check: 'invalid_entry',
      message: `entry ${r.id} moves ${Number(r.amount)} from account ${r.from_account_id} to ${r.to_account_id}`,
    });
  }
  return violations;
}
