import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createPgSchema, dropPgSchema, migrate, openDatabase, type Database } from '../src/db/index.ts';
import { memberAccountCode, wallet } from '../src/modules/wallet/index.ts';

/**
 * Ledger entries per second through `wallet.post`, straight on the database (no HTTP), on a
 * SQLite file and on PostgreSQL (a schema of its own in BENCH_PG_URL, by default the local test
 * database; skipped when it cannot be reached), each beside the engine's own limit measured in
 * the same run on the same tables (issue 24): the same statements in wallet.post's order, the
 * entry insert, the conditional debit and the credit (rows in id order), in one transaction, run
 * directly with the driver (better-sqlite3 prepared statements; pg with named prepared statements
 * on a pool of the app's size). Then:
 * - sequential: one transfer at a time between two random members' central wallets;
 * - concurrent: the same with `concurrency` postings in flight;
 * - venue round trips, concurrent: central -> transit -> venue clearing -> central, three entries
 *   per trip, all members sharing four venue clearing accounts (the hot house rows);
 * and verify() over everything written. BENCH_LEDGER_N sets the entries per run (5,000).
 */
export interface LedgerFigures {
  database: 'sqlite' | 'postgres';
  sequential: number;
  concurrent: number;
  venueTrips: number;
  /** the engine's limit, entries per second, one at a time and `concurrency` in flight */
  limitSequential: number;
  limitConcurrent: number;
  verifyMs: number;
  violations: number;
  entries: number;
}

const MEMBERS = 200;
const PLATFORMS = ['ag', 'pp', 'fgdz', 'obgdy'];

export const pct = (part: number, whole: number) => `${whole ? ((part / whole) * 100).toFixed(0) : '?'}%`;

export async function benchLedger(opts: { entries?: number; concurrency?: number; pgUrl?: string } = {}): Promise<LedgerFigures[]> {
  const n = opts.entries ?? Number(process.env.BENCH_LEDGER_N || 5_000);
  const concurrency = opts.concurrency ?? 32;
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`\nLedger entries per second through wallet.post (${n} entries a run, ${MEMBERS} members, ${concurrency} in flight when concurrent), as a share of the engine's limit`);
  return onScratchDatabases(pgUrl, (database, engine) => run(database, engine, n, concurrency));
}

/**
 * A bench on a fresh, migrated SQLite file and then on a fresh PostgreSQL schema at `pgUrl`
 * (skipped with a note when it cannot be reached), each with an engine on the same tables.
 */
export async function onScratchDatabases<F>(pgUrl: string, bench: (database: Database, engine: () => Engine) => Promise<F>): Promise<F[]> {
  const figures: F[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  try {
    const file = path.join(dir, 'ledger.sqlite');
    const database = openDatabase(loadConfig({}, { sqliteFile: file, databaseUrl: undefined, logLevel: 'warn' }));
    try {
      await migrate(database);
      figures.push(await bench(database, () => sqliteEngine(file)));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const schema = `bench_${randomBytes(5).toString('hex')}`;
  try {
    await createPgSchema(pgUrl, schema);
  } catch (e) {
    console.log(`  postgres: skipped (${pgUrl} not reachable: ${(e as Error).message})`);
    return figures;
  }
  try {
    const database = openDatabase(loadConfig({}, { databaseUrl: pgUrl, databaseSchema: schema, logLevel: 'warn' }));
    try {
      await migrate(database);
      figures.push(await bench(database, () => postgresEngine(pgUrl, schema)));
    } finally {
      await database.close();
    }
  } finally {
    await dropPgSchema(pgUrl, schema);
  }
  return figures;
}

/** The statements of a posting run directly with the driver: the yardstick of wallet.post. */
export interface Engine {
  post(from: number, to: number, amount: number, key: string): Promise<void>;
  close(): Promise<void>;
}

const DEBIT = 'UPDATE ledger_accounts SET balance = balance - $1 WHERE id = $2 AND (member_id IS NULL OR balance >= $1)';
const CREDIT = 'UPDATE ledger_accounts SET balance = balance + $1 WHERE id = $2';
const INSERT =
  "INSERT INTO ledger_entries (from_account_id, to_account_id, amount, kind, reference, idempotency_key, memo, created_by, created_at) VALUES ($1, $2, $3, 'adjustment', $4, $4, '', 'system', $5)";

/** better-sqlite3 on the same file, with the app's pragmas; one transaction per posting. */
export function sqliteEngine(file: string): Engine {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // better-sqlite3 binds $1 by name: an object whose keys are the numbers
  const debit = db.prepare(DEBIT);
  const credit = db.prepare(CREDIT);
  const insert = db.prepare(INSERT);
  // in wallet.post's order: the entry, then the two balances
  const tx = db.transaction((from: number, to: number, amount: number, key: string) => {
    insert.run({ 1: from, 2: to, 3: amount, 4: key, 5: Date.now() });
    if (debit.run({ 1: amount, 2: from }).changes !== 1) throw new Error('engine: funds short');
    credit.run({ 1: amount, 2: to });
  });
  return {
    post: async (from, to, amount, key) => tx(from, to, amount, key),
    close: async () => void db.close(),
  };
}

/** node-postgres on a pool of the app's size (10): BEGIN, the two updates, the insert, COMMIT. */
export function postgresEngine(url: string, schema: string): Engine {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  return {
    async post(from, to, amount, key) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query({ name: 'engine-insert', text: INSERT, values: [from, to, amount, key, Date.now()] });
        // the rows in id order, as wallet.post locks them: opposite movements cannot deadlock
        const debit = async () => {
          const debited = await client.query({ name: 'engine-debit', text: DEBIT, values: [amount, from] });
          if (debited.rowCount !== 1) throw new Error('engine: funds short');
        };
        const credit = () => client.query({ name: 'engine-credit', text: CREDIT, values: [amount, to] });
        if (from < to) {
          await debit();
          await credit();
        } else {
          await credit();
          await debit();
        }
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** `count` tasks with `inFlight` of them running at once: the seconds they took. */
async function seconds(count: number, inFlight: number, task: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next++;
        await task();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** `count` tasks with `inFlight` of them running at once: entries per second. */
export async function timed(count: number, inFlight: number, task: () => Promise<void>, entriesPerTask = 1): Promise<number> {
  return Math.round((count * entriesPerTask) / (await seconds(count, inFlight, task)));
}

/**
 * The engine and wallet.post, `count` postings each, in four turns each, so that whatever else
 * the machine does meanwhile weighs on both alike: entries per second of each.
 */
async function paired(count: number, inFlight: number, engine: () => Promise<void>, walletPost: () => Promise<void>): Promise<[number, number]> {
  const rounds = 4;
  let a = 0;
  let b = 0;
  for (let i = 0; i < rounds; i++) {
    a += await seconds(Math.ceil(count / rounds), inFlight, engine);
    b += await seconds(Math.ceil(count / rounds), inFlight, walletPost);
  }
  const total = Math.ceil(count / rounds) * rounds;
  return [Math.round(total / a), Math.round(total / b)];
}

/** `n` members with funded central wallets: their ids and central account ids. */
export async function fundedMembers(database: Database, n: number, prefix: string): Promise<{ id: number; central: number }[]> {
  const { db } = database;
  const now = Date.now();
  const out: { id: number; central: number }[] = [];
  for (let i = 0; i < n; i++) {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('members')
        .values({ username: `${prefix}${i}`, password_hash: 'x', pay_password_hash: 'x', realname: '测试', referrer_pid: null, register_ip: '127.0.0.1', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await wallet.openMemberAccounts(trx, row.id, now);
      return row.id;
    });
    await wallet.creditFromHouse(db, { memberId: id, house: 'deposits', amount: 100_000_000, reference: `fund-${id}`, idempotencyKey: `bench:fund:${prefix}:${id}` });
    const central = await db.selectFrom('ledger_accounts').select('id').where('code', '=', memberAccountCode(id, 'central')).executeTakeFirstOrThrow();
    out.push({ id, central: central.id });
  }
  return out;
}

/** The engine's limit at `inFlight` (entries per second) on `database`'s tables, with a short warm-up. */
export async function engineLimit(database: Database, makeEngine: () => Engine, inFlight: number, count: number): Promise<number> {
  const members = await fundedMembers(database, 20, `engine${randomBytes(3).toString('hex')}`);
  const engine = makeEngine();
  try {
    let k = 0;
    const tag = randomBytes(3).toString('hex');
    const task = () => {
      const a = members[k % members.length];
      const b = members[(k + 1 + (k % 7)) % members.length];
      return engine.post(a.central, b.central, 1 + (k % 500), `bench:engine:${tag}:${++k}`);
    };
    await timed(Math.min(200, count), inFlight, task);
    return await timed(count, inFlight, task);
  } finally {
    await engine.close();
  }
}

/**
 * The engine's limit on a server's own database after the server has stopped (the transfers and
 * deposits benches): `inFlight` postings at once, `count` of them.
 */
export async function engineLimitOf(dataDir: string, databaseUrl: string | undefined, inFlight: number, count = 2_000): Promise<number> {
  const database = openDatabase(loadConfig({}, { dataDir, databaseUrl, logLevel: 'warn' }));
  try {
    const make = databaseUrl ? () => postgresEngine(databaseUrl, 'public') : () => sqliteEngine(path.join(dataDir, 'casino.sqlite'));
    return await engineLimit(database, make, inFlight, count);
  } finally {
    await database.close();
  }
}

async function run(database: Database, makeEngine: () => Engine, n: number, concurrency: number): Promise<LedgerFigures> {
  const { db } = database;
  const members = await fundedMembers(database, MEMBERS, 'ledger');

  let serial = 0;
  const pick = () => members[Math.floor(Math.random() * members.length)];
  const pair = () => {
    const a = pick();
    let b = pick();
    while (b === a) b = pick();
    return [a, b] as const;
  };
  const transfer = async () => {
    const [a, b] = pair();
    const k = ++serial;
    await wallet.post(db, {
      from: memberAccountCode(a.id, 'central'),
      to: memberAccountCode(b.id, 'central'),
      amount: 1 + (k % 500),
      kind: 'adjustment',
      reference: `bench-${k}`,
      idempotencyKey: `bench:transfer:${k}`,
    });
  };
  const engine = makeEngine();
  const raw = async () => {
    const [a, b] = pair();
    const k = ++serial;
    await engine.post(a.central, b.central, 1 + (k % 500), `bench:raw:${k}`);
  };
  const trip = async () => {
    const m = pick();
    const k = ++serial;
    const platform = PLATFORMS[k % PLATFORMS.length];
    const move = { memberId: m.id, amount: 100 + (k % 900), reference: `trip-${k}` };
    await wallet.moveToTransit(db, { ...move, idempotencyKey: `bench:trip:${k}:hold` });
    await wallet.settleTransit(db, { ...move, platform, idempotencyKey: `bench:trip:${k}:outcome` });
    await wallet.transferInFromVenue(db, { ...move, platform, idempotencyKey: `bench:trip:${k}:in` });
  };

  let limitSequential: number;
  let limitConcurrent: number;
  let sequential: number;
  let concurrent: number;
  try {
    // warm-ups, then each figure in turns with its yardstick, on the same tables
    await timed(200, 1, transfer);
    await timed(200, 1, raw);
    [limitSequential, sequential] = await paired(n, 1, raw, transfer);
    [limitConcurrent, concurrent] = await paired(n, concurrency, raw, transfer);
  } finally {
    await engine.close();
  }
  const venueTrips = await timed(Math.ceil(n / 3), concurrency, trip, 3);

  const started = performance.now();
  const violations = await wallet.verify(db);
  const verifyMs = Math.round(performance.now() - started);
  const entries = Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const label = database.dialect === 'sqlite' ? 'sqlite  ' : 'postgres';
  console.log(
    `  ${label}: sequential ${sequential} entries/s = ${pct(sequential, limitSequential)} of the engine's ${limitSequential}; ` +
      `concurrent ${concurrent} entries/s = ${pct(concurrent, limitConcurrent)} of ${limitConcurrent}; ` +
      `venue round trips ${venueTrips} entries/s = ${pct(venueTrips, limitConcurrent)} (aim: 50% each)`,
  );
  console.log(`            verify() over ${entries} entries: ${violations.length ? `${violations.length} VIOLATIONS` : 'clean'} in ${verifyMs} ms`);
  for (const v of violations.slice(0, 5)) console.log(`    ${v.check}: ${v.message}`);
  return { database: database.dialect, sequential, concurrent, venueTrips, limitSequential, limitConcurrent, verifyMs, violations: violations.length, entries };
}

// run on its own: npx tsx apps/server/bench/ledger.ts
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchLedger();
}
