import { sql, type Kysely } from 'kysely';
import type { DB, LedgerEntry } from '../../db/schema.ts';
import { ENTRY_KINDS, platformAccountKind, type EntryKind } from './accounts.ts';
import { IdempotencyKeyReused, InsufficientFunds, InvalidPosting, UnknownAccount } from './errors.ts';

export interface PostInput {
  /** account code debited, e.g. member:12:central or house:deposits */
  from: string;
  /** account code credited */
  to: string;
  /** fen, a positive safe integer */
  amount: number;
  kind: EntryKind;
  /** the order, withdrawal or transfer id this belongs to (at most 128 characters) */
  reference: string;
  /** unique per movement (at most 128 characters): a repeat answers the first entry and moves nothing */
  idempotencyKey: string;
  memo?: string;
  /** 'system' (the default) or the operator, e.g. admin:3 */
  createdBy?: string;
  /** epoch ms of the entry (defaults to now) */
  now?: number;
}

export type PostResult =
  /** the entry was written; the balances of both accounts after it */
  | { replayed: false; entry: LedgerEntry; fromBalance: number; toBalance: number }
  /** the key had been posted before: its first entry, nothing moved this time */
  | { replayed: true; entry: LedgerEntry };

interface Account {
  id: number;
  code: string;
  member_id: number | null;
}

const KINDS: ReadonlySet<string> = new Set(ENTRY_KINDS);

function check(p: PostInput): void {
  if (typeof p.amount !== 'number' || !Number.isSafeInteger(p.amount) || p.amount <= 0) {
    throw new InvalidPosting(`amount must be a positive whole number of fen, got ${String(p.amount)}`);
  }
  if (typeof p.from !== 'string' || typeof p.to !== 'string' || !p.from || !p.to) throw new InvalidPosting('from and to must be account codes');
  if (p.from === p.to) throw new InvalidPosting(`from and to are the same account ${p.from}`);
  if (!KINDS.has(p.kind)) throw new InvalidPosting(`unknown entry kind ${String(p.kind)}`);
  if (typeof p.idempotencyKey !== 'string' || p.idempotencyKey.length < 1 || p.idempotencyKey.length > 128) {
    throw new InvalidPosting('idempotency key must be 1 to 128 characters');
  }
  if (typeof p.reference !== 'string' || p.reference.length > 128) throw new InvalidPosting('reference must be at most 128 characters');
  if (p.memo !== undefined && (typeof p.memo !== 'string' || p.memo.length > 500)) throw new InvalidPosting('memo must be at most 500 characters');
  if (p.createdBy !== undefined && (typeof p.createdBy !== 'string' || p.createdBy.length < 1 || p.createdBy.length > 64)) {
    throw new InvalidPosting('createdBy must be 1 to 64 characters');
  }
}

let savepoints = 0;

/**
 * issue 23 (metrics): entries written by this process, by kind, since it started. A plain map
 * bumped once per written entry (never for a replay) keeps the hot path free of the metrics
 * library; /metrics reads it at scrape time. Counted when the posting's own transaction or
 * savepoint completes, so a caller's later rollback of an outer transaction is still counted.
 */
const postedByKind = new Map<string, number>();

/** entries written by this process since it started, by kind (the ledger postings metric) */
export function postingCounts(): ReadonlyMap<string, number> {
  return postedByKind;
}

function counted(result: PostResult): PostResult {
  if (!result.replayed) postedByKind.set(result.entry.kind, (postedByKind.get(result.entry.kind) ?? 0) + 1);
  return result;
}

/**
 * Moves `amount` fen from one account to another as one immutable entry (DESIGN.md section 4).
 *
 * In one transaction: the entry is inserted first (`ON CONFLICT (idempotency_key) DO NOTHING`,
 * so a concurrent post with the same key waits for the first and then finds its entry), then
 * the two balances are updated, in a fixed order (member accounts before house accounts, each by
 * id) so that opposite movements cannot deadlock on PostgreSQL. The debit of a member account is
 * conditional (`balance >= amount` in its WHERE): when it matches no row the whole posting rolls
 * back and InsufficientFunds is thrown. House and venue accounts may go negative and are created
 * on first use.
 *
 * Given a transaction (`db.isTransaction`), it runs inside it under a savepoint: a refusal undoes
 * only this posting, a later rollback of the caller's transaction undoes it too.
 *
 * Throws InvalidPosting, UnknownAccount, InsufficientFunds or IdempotencyKeyReused; after any of
 * them nothing has been written and the key is still free (except IdempotencyKeyReused).
 */
export async function post(db: Kysely<DB>, input: PostInput): Promise<PostResult> {
  check(input);
  if (!db.isTransaction) return counted(await db.transaction().execute((trx) => postIn(trx, input)));
  const name = sql.raw(`ledger_post_${++savepoints}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const result = await postIn(db, input);
    await sql`release savepoint ${name}`.execute(db);
    return counted(result);
  } catch (e) {
    await sql`rollback to savepoint ${name}`.execute(db);
    await sql`release savepoint ${name}`.execute(db);
    throw e;
  }
}

async function postIn(trx: Kysely<DB>, p: PostInput): Promise<PostResult> {
  const [from, to] = await resolveAccounts(trx, p.from, p.to);

  const inserted = await trx
    .insertInto('ledger_entries')
    .values({
      from_account_id: from.id,
      to_account_id: to.id,
      amount: p.amount,
      kind: p.kind,
      reference: p.reference,
      idempotency_key: p.idempotencyKey,
      memo: p.memo ?? '',
      created_by: p.createdBy ?? 'system',
      created_at: p.now ?? Date.now(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();

  if (!inserted) {
    // READ COMMITTED: this statement sees the entry that the conflicting insert committed
    const first = await trx.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', p.idempotencyKey).executeTakeFirst();
    if (!first) throw new Error(`idempotency key ${p.idempotencyKey} conflicted but no entry holds it`);
    if (first.from_account_id !== from.id || first.to_account_id !== to.id || first.amount !== p.amount || first.kind !== p.kind || first.reference !== p.reference) {
      throw new IdempotencyKeyReused(first);
    }
    return { replayed: true, entry: first };
  }

  // lock order: member accounts first (short-lived, per member), the shared house rows last
  const order = [from, to].sort((a, b) => Number(a.member_id === null) - Number(b.member_id === null) || a.id - b.id);
  let fromBalance = 0;
  let toBalance = 0;
  for (const account of order) {
    if (account === from) {
      const row = await trx
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '-', p.amount) }))
        .where('id', '=', from.id)
        .where((eb) => eb.or([eb('member_id', 'is', null), eb('balance', '>=', p.amount)]))
        .returning('balance')
        .executeTakeFirst();
      if (!row) {
        const now = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', from.id).executeTakeFirst();
        throw new InsufficientFunds(from.code, p.amount, now?.balance ?? 0);
      }
      fromBalance = row.balance;
    } else {
      const row = await trx
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', p.amount) }))
        .where('id', '=', to.id)
        .returning('balance')
        .executeTakeFirstOrThrow();
      toBalance = row.balance;
    }
  }
  return { replayed: false, entry: inserted, fromBalance, toBalance };
}

/** The two accounts by code; house and venue accounts are created when missing. */
async function resolveAccounts(trx: Kysely<DB>, fromCode: string, toCode: string): Promise<[Account, Account]> {
  const find = () =>
    trx.selectFrom('ledger_accounts').select(['id', 'code', 'member_id']).where('code', 'in', [fromCode, toCode]).execute();
  let rows = await find();
  if (rows.length < 2) {
    const missing = [fromCode, toCode].filter((code) => !rows.some((r) => r.code === code)).sort();
    const now = Date.now();
    const values = missing.map((code) => {
      const kind = platformAccountKind(code);
      if (!kind) throw new UnknownAccount(code);
      return { code, member_id: null, kind, created_at: now };
    });
    await trx
      .insertInto('ledger_accounts')
      .values(values)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    rows = await find();
  }
  const from = rows.find((r) => r.code === fromCode);
  const to = rows.find((r) => r.code === toCode);
  if (!from) throw new UnknownAccount(fromCode);
  if (!to) throw new UnknownAccount(toCode);
  return [from, to];
}
