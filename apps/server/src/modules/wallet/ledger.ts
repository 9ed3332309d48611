import { sql, type Kysely, type RawBuilder } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { afterCommitOn, hooksOf, withConnection, type DatabaseHooks } from '../../db/hooks.ts';
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

/**
 * issue 23 (metrics): entries written by this process, by kind, since it started. A plain map
 * bumped once per written entry (never for a replay) keeps the hot path free of the metrics
 * library; /metrics reads it at scrape time. Counted when the posting's own statements have run
 * (its own transaction committed, or inside a caller's), so a caller's later rollback is still counted.
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
 * issue 24: announced (db/hooks.ts) once a posting that moved money into or out of members'
 * central wallets has committed; the keys are the member ids (the live cache drops their balances).
 */
export const CENTRAL_CHANGED = 'wallet:central';

/**
 * The statements of a posting. Each template uses each argument once and in the order of its
 * parameters, so the compiled parameters are the arguments as given (SQLite binds them so).
 */
const STATEMENTS = {
  accounts: (a: string, b: string) => sql<Account>`SELECT id, code, member_id FROM ledger_accounts WHERE code IN (${a}, ${b})`,
  openAccount: (code: string, kind: string, createdAt: number) =>
    sql`INSERT INTO ledger_accounts (code, member_id, kind, created_at) VALUES (${code}, NULL, ${kind}, ${createdAt}) ON CONFLICT (code) DO NOTHING`,
  insertEntry: (from: number, to: number, amount: number, kind: string, reference: string, key: string, memo: string, createdBy: string, createdAt: number) =>
    sql<LedgerEntry>`INSERT INTO ledger_entries (from_account_id, to_account_id, amount, kind, reference, idempotency_key, memo, created_by, created_at)
      VALUES (${from}, ${to}, ${amount}, ${kind}, ${reference}, ${key}, ${memo}, ${createdBy}, ${createdAt})
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
  entryByKey: (key: string) => sql<LedgerEntry>`SELECT * FROM ledger_entries WHERE idempotency_key = ${key}`,
  debit: (amount: number, id: number, atLeast: number) =>
    sql<{ balance: number }>`UPDATE ledger_accounts SET balance = balance - ${amount} WHERE id = ${id} AND (member_id IS NULL OR balance >= ${atLeast}) RETURNING balance`,
  credit: (amount: number, id: number) => sql<{ balance: number }>`UPDATE ledger_accounts SET balance = balance + ${amount} WHERE id = ${id} RETURNING balance`,
  /** undoes this transaction's own credit of an account (a refused or replayed posting inside a caller's transaction) */
  uncredit: (amount: number, id: number) => sql`UPDATE ledger_accounts SET balance = balance - ${amount} WHERE id = ${id}`,
  balance: (id: number) => sql<{ balance: number }>`SELECT balance FROM ledger_accounts WHERE id = ${id}`,
} satisfies Record<string, (...args: any[]) => RawBuilder<unknown>>;
type Statements = typeof STATEMENTS;
type RowOf<K extends keyof Statements> = ReturnType<Statements[K]> extends RawBuilder<infer R> ? R : never;

/** Runs one of the statements, answering its rows: through Kysely, or a prepared SQLite statement. */
type Run = <K extends keyof Statements>(name: K, ...args: Parameters<Statements[K]>) => Promise<RowOf<K>[]> | RowOf<K>[];

const kyselyRun = (db: Kysely<DB>): Run => async (name, ...args) => (await (STATEMENTS[name] as (...a: unknown[]) => RawBuilder<any>)(...args).execute(db)).rows;

/** issue 24: what the ledger keeps per database: account ids by code (never change), SQLite's prepared statements */
interface Memo {
  accounts: Map<string, Account>;
  prepared: Map<string, BetterSqlite3.Statement>;
}
const MEMO = Symbol('wallet ledger');
const MAX_ACCOUNTS = 100_000;

function memoOf(hooks: DatabaseHooks): Memo {
  let memo = hooks.memo.get(MEMO) as Memo | undefined;
  if (!memo) hooks.memo.set(MEMO, (memo = { accounts: new Map(), prepared: new Map() }));
  return memo;
}

function sqliteRun(db: Kysely<DB>, hooks: DatabaseHooks, memo: Memo): Run {
  const sqlite = hooks.sqlite!;
  const prepared = (text: string) => {
    let stmt = memo.prepared.get(text);
    if (!stmt) memo.prepared.set(text, (stmt = sqlite.prepare(text)));
    return stmt;
  };
  return (name, ...args) => {
    // the SQL text of each statement, compiled by Kysely for SQLite once
    const key = `stmt:${name}`;
    let stmt = memo.prepared.get(key);
    if (!stmt) memo.prepared.set(key, (stmt = prepared((STATEMENTS[name] as (...a: unknown[]) => RawBuilder<any>)(...args).compile(db).sql)));
    hooks.statements++;
    if (stmt.reader) return stmt.all(...args) as RowOf<typeof name>[];
    stmt.run(...args);
    return [];
  };
}

/** A posting's result, the accounts it read from the database and the members whose central wallet moved. */
interface Done {
  result: PostResult;
  learned: Account[];
  centrals: number[];
}

/** After the posting committed: its account ids are kept, its members' balances announced. */
function settle(hooks: DatabaseHooks, done: Done) {
  const { accounts } = memoOf(hooks);
  for (const a of done.learned) {
    accounts.set(a.code, a);
    if (accounts.size > MAX_ACCOUNTS) accounts.delete(accounts.keys().next().value as string);
  }
  hooks.emit(CENTRAL_CHANGED, done.centrals);
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
 * Given a transaction (`db.isTransaction`), it runs inside it without a savepoint of its own
 * (issue 37: SAVEPOINT and RELEASE were two of a transfer's statements per posting): there the two
 * balance updates come first and the entry's insert last, so a refusal has written nothing but
 * what it undoes itself (the credit already made when the debit's row came second, the two
 * updates when the key was posted before), on the failure path only. A later rollback of the
 * caller's transaction undoes the posting too. (A house or venue account created on first use
 * stays in the caller's transaction after a refusal; it holds nothing.)
 *
 * issue 24: the accounts' ids are kept per database once a posting that read them committed (a
 * code's id never changes), so a posting is the insert and the two updates, as the engine's own
 * limit in bench/ledger.ts. On SQLite they run as prepared statements on the connection's handle
 * while Kysely's hold on that one connection is kept; on PostgreSQL through Kysely. Once
 * committed, the members whose central wallet moved are announced (CENTRAL_CHANGED).
 *
 * Throws InvalidPosting, UnknownAccount, InsufficientFunds or IdempotencyKeyReused; after any of
 * them no entry and no balance has moved and the key is still free (except IdempotencyKeyReused).
 * Any other error (the database's own) leaves the caller's transaction to roll back, as every
 * caller's does when an error passes through it.
 */
export async function post(db: Kysely<DB>, input: PostInput): Promise<PostResult> {
  check(input);
  return counted(db.isTransaction ? await postWithin(db, input) : await postAlone(db, input));
}

/** in a transaction of its own */
async function postAlone(db: Kysely<DB>, p: PostInput): Promise<PostResult> {
  const hooks = await hooksOf(db);
  let done: Done;
  if (hooks?.sqlite) {
    const memo = memoOf(hooks);
    done = await withConnection(db, () => inSqliteTransaction(hooks, memo, () => postWith(sqliteRun(db, hooks, memo), memo, p)));
  } else {
    const memo = hooks && memoOf(hooks);
    done = await db.transaction().execute((trx) => postWith(kyselyRun(trx), memo, p));
  }
  if (hooks) settle(hooks, done);
  return done.result;
}

/** inside the caller's transaction, without a savepoint: the updates first, the entry last (postInside) */
async function postWithin(trx: Kysely<DB>, p: PostInput): Promise<PostResult> {
  const within = await withConnection(trx, async (connection, hooks) => {
    if (!hooks?.sqlite) return { connection, hooks, done: undefined };
    const memo = memoOf(hooks);
    // the caller's transaction is open on this one connection, held here while the statements run
    return { connection, hooks, done: await postInside(sqliteRun(trx, hooks, memo), memo, p) };
  });
  const { connection, hooks } = within;
  // PostgreSQL: through Kysely, outside withConnection (a transaction hands its connection out one call at a time)
  const done = within.done ?? (await postInside(kyselyRun(trx), hooks && memoOf(hooks), p));
  if (hooks) afterCommitOn(connection, () => settle(hooks, done));
  return done.result;
}

/**
 * `work` between BEGIN and COMMIT on the SQLite handle; ROLLBACK when it throws. The caller holds
 * Kysely's connection, so no other statement runs on it meanwhile.
 */
async function inSqliteTransaction<T>(hooks: DatabaseHooks, memo: Memo, work: () => Promise<T>): Promise<T> {
  const sqlite = hooks.sqlite!;
  const stmt = (text: string) => {
    let s = memo.prepared.get(text);
    if (!s) memo.prepared.set(text, (s = sqlite.prepare(text)));
    hooks.statements++;
    return s;
  };
  stmt('BEGIN').run();
  try {
    const out = await work();
    stmt('COMMIT').run();
    return out;
  } catch (e) {
    if (sqlite.inTransaction) stmt('ROLLBACK').run();
    throw e;
  }
}

async function postWith(run: Run, memo: Memo | undefined, p: PostInput): Promise<Done> {
  const learned: Account[] = [];
  const [from, to] = await resolveAccounts(run, memo, p.from, p.to, learned);

  const [inserted] = await run('insertEntry', from.id, to.id, p.amount, p.kind, p.reference, p.idempotencyKey, p.memo ?? '', p.createdBy ?? 'system', p.now ?? Date.now());

  if (!inserted) {
    // READ COMMITTED: this statement sees the entry that the conflicting insert committed
    const [first] = await run('entryByKey', p.idempotencyKey);
    if (!first) throw new Error(`idempotency key ${p.idempotencyKey} conflicted but no entry holds it`);
    if (first.from_account_id !== from.id || first.to_account_id !== to.id || first.amount !== p.amount || first.kind !== p.kind || first.reference !== p.reference) {
      throw new IdempotencyKeyReused(first);
    }
    return { result: { replayed: true, entry: first }, learned, centrals: [] };
  }

  const order = lockOrder(from, to);
  let fromBalance = 0;
  let toBalance = 0;
  for (const account of order) {
    if (account === from) {
      const [row] = await run('debit', p.amount, from.id, p.amount);
      if (!row) {
        const [now] = await run('balance', from.id);
        throw new InsufficientFunds(from.code, p.amount, now?.balance ?? 0);
      }
      fromBalance = row.balance;
    } else {
      const [row] = await run('credit', p.amount, to.id);
      if (!row) throw new Error(`ledger account ${to.code} (id ${to.id}) vanished`);
      toBalance = row.balance;
    }
  }
  const centrals = [from, to].filter((a) => a.member_id !== null && a.code.endsWith(':central')).map((a) => Number(a.member_id));
  return { result: { replayed: false, entry: inserted, fromBalance, toBalance }, learned, centrals };
}

/** lock order: member accounts first (short-lived, per member), the shared house rows last; postWith and postInside alike */
function lockOrder(from: Account, to: Account): Account[] {
  return [from, to].sort((a, b) => Number(a.member_id === null) - Number(b.member_id === null) || a.id - b.id);
}

/**
 * A posting inside the caller's transaction, with no savepoint to fall back on: the two balance
 * updates in postWith's lock order, then the entry. A debit that finds the funds short undoes
 * the credit made before it (when the credited account came first in the lock order); an insert
 * that finds the key taken undoes both updates. Either way the key's first entry, when there is
 * one, answers as in postWith: the same movement replayed, another one IdempotencyKeyReused. A
 * concurrent posting of the same key waits on the first one's row locks and then finds its entry.
 */
async function postInside(run: Run, memo: Memo | undefined, p: PostInput): Promise<Done> {
  const learned: Account[] = [];
  const [from, to] = await resolveAccounts(run, memo, p.from, p.to, learned);
  const order = lockOrder(from, to);
  let fromBalance = 0;
  let toBalance: number | null = null;
  for (const account of order) {
    if (account === from) {
      const [row] = await run('debit', p.amount, from.id, p.amount);
      if (!row) {
        if (toBalance !== null) await run('uncredit', p.amount, to.id);
        const replay = await replayed(run, p, from, to, learned);
        if (replay) return replay;
        const [now] = await run('balance', from.id);
        throw new InsufficientFunds(from.code, p.amount, now?.balance ?? 0);
      }
      fromBalance = row.balance;
    } else {
      const [row] = await run('credit', p.amount, to.id);
      if (!row) throw new Error(`ledger account ${to.code} (id ${to.id}) vanished`);
      toBalance = row.balance;
    }
  }
  const [inserted] = await run('insertEntry', from.id, to.id, p.amount, p.kind, p.reference, p.idempotencyKey, p.memo ?? '', p.createdBy ?? 'system', p.now ?? Date.now());
  if (!inserted) {
    await run('credit', p.amount, from.id);
    await run('uncredit', p.amount, to.id);
    const replay = await replayed(run, p, from, to, learned);
    if (!replay) throw new Error(`idempotency key ${p.idempotencyKey} conflicted but no entry holds it`);
    return replay;
  }
  const centrals = [from, to].filter((a) => a.member_id !== null && a.code.endsWith(':central')).map((a) => Number(a.member_id));
  return { result: { replayed: false, entry: inserted, fromBalance, toBalance: toBalance ?? 0 }, learned, centrals };
}

/** The key's first entry as a replay of this movement; IdempotencyKeyReused when it was another; undefined when the key is free. */
async function replayed(run: Run, p: PostInput, from: Account, to: Account, learned: Account[]): Promise<Done | undefined> {
  // READ COMMITTED: this statement sees the entry that a conflicting posting committed
  const [first] = await run('entryByKey', p.idempotencyKey);
  if (!first) return undefined;
  if (first.from_account_id !== from.id || first.to_account_id !== to.id || first.amount !== p.amount || first.kind !== p.kind || first.reference !== p.reference) {
    throw new IdempotencyKeyReused(first);
  }
  return { result: { replayed: true, entry: first }, learned, centrals: [] };
}

/** The two accounts by code (kept ids, else read); house and venue accounts are created when missing. */
async function resolveAccounts(run: Run, memo: Memo | undefined, fromCode: string, toCode: string, learned: Account[]): Promise<[Account, Account]> {
  const keptFrom = memo?.accounts.get(fromCode);
  const keptTo = memo?.accounts.get(toCode);
  if (keptFrom && keptTo) return [keptFrom, keptTo];
  let rows = await run('accounts', fromCode, toCode);
  if (rows.length < 2) {
    const missing = [fromCode, toCode].filter((code) => !rows.some((r) => r.code === code)).sort();
    const now = Date.now();
    for (const code of missing) {
      const kind = platformAccountKind(code);
      if (!kind) throw new UnknownAccount(code);
    }
    for (const code of missing) await run('openAccount', code, platformAccountKind(code)!, now);
    rows = await run('accounts', fromCode, toCode);
  }
  const from = rows.find((r) => r.code === fromCode);
  const to = rows.find((r) => r.code === toCode);
  if (!from) throw new UnknownAccount(fromCode);
  if (!to) throw new UnknownAccount(toCode);
  // only what this transaction read: kept once it commits
  learned.push({ id: Number(from.id), code: from.code, member_id: from.member_id === null ? null : Number(from.member_id) });
  learned.push({ id: Number(to.id), code: to.code, member_id: to.member_id === null ? null : Number(to.member_id) });
  return [learned[0], learned[1]];
}
