import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createPgSchema, dropPgSchema, migrate, openDatabase, type Database } from '../src/db/index.ts';
import { memberAccountCode, wallet } from '../src/modules/wallet/index.ts';

/**
 * Ledger entries per second through `wallet.post`, straight on the database (no HTTP), on a
 * SQLite file and on PostgreSQL (a schema of its own in BENCH_PG_URL, by default the local test
 * database; skipped when it cannot be reached). Three runs each, then verify():
 * - sequential: one transfer at a time between two random members' central wallets;
 * - concurrent: the same with `concurrency` postings in flight;
 * - venue round trips, concurrent: central -> transit -> venue clearing -> central, three entries
 *   per trip, all members sharing four venue clearing accounts (the hot house rows).
 * BENCH_LEDGER_N sets the entries per run (5,000).
 */
export interface LedgerFigures {
  database: 'sqlite' | 'postgres';
  sequential: number;
  concurrent: number;
  venueTrips: number;
  verifyMs: number;
  violations: number;
  entries: number;
}

const MEMBERS = 200;
const PLATFORMS = ['ag', 'pp', 'fgdz', 'obgdy'];

export async function benchLedger(opts: { entries?: number; concurrency?: number; pgUrl?: string } = {}): Promise<LedgerFigures[]> {
  const n = opts.entries ?? Number(process.env.BENCH_LEDGER_N || 5_000);
  const concurrency = opts.concurrency ?? 32;
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const figures: LedgerFigures[] = [];

  console.log(`\nLedger entries per second through wallet.post (${n} entries a run, ${MEMBERS} members, ${concurrency} in flight when concurrent)`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
  try {
    const database = openDatabase(loadConfig({}, { sqliteFile: path.join(dir, 'ledger.sqlite'), databaseUrl: undefined, logLevel: 'warn' }));
    try {
      figures.push(await run(database, n, concurrency));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const schema = `bench_${randomBytes(5).toString('hex')}`;
  let pgReady = false;
  try {
    await createPgSchema(pgUrl, schema);
    pgReady = true;
  } catch (e) {
    console.log(`  postgres: skipped (${pgUrl} not reachable: ${(e as Error).message})`);
  }
  if (pgReady) {
    try {
      const database = openDatabase(loadConfig({}, { databaseUrl: pgUrl, databaseSchema: schema, logLevel: 'warn' }));
      try {
        figures.push(await run(database, n, concurrency));
      } finally {
        await database.close();
      }
    } finally {
      await dropPgSchema(pgUrl, schema);
    }
  }
  return figures;
}

async function run(database: Database, n: number, concurrency: number): Promise<LedgerFigures> {
  await migrate(database);
  const { db } = database;
  const now = Date.now();
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('members')
        .values({
          username: `ledger${i}`,
          password_hash: 'x',
          pay_password_hash: 'x',
          realname: '测试',
          referrer_pid: null,
          register_ip: '127.0.0.1',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await wallet.openMemberAccounts(trx, row.id, now);
      return row.id;
    });
    members.push(id);
    await wallet.creditFromHouse(db, { memberId: id, house: 'deposits', amount: 100_000_000, reference: `fund-${id}`, idempotencyKey: `bench:fund:${id}` });
  }

  let serial = 0;
  const pick = () => members[Math.floor(Math.random() * members.length)];
  const transfer = async () => {
    const a = pick();
    let b = pick();
    while (b === a) b = pick();
    const k = ++serial;
    await wallet.post(db, {
      from: memberAccountCode(a, 'central'),
      to: memberAccountCode(b, 'central'),
      amount: 1 + (k % 500),
      kind: 'adjustment',
      reference: `bench-${k}`,
      idempotencyKey: `bench:transfer:${k}`,
    });
  };
  const trip = async () => {
    const m = pick();
    const k = ++serial;
    const platform = PLATFORMS[k % PLATFORMS.length];
    const move = { memberId: m, amount: 100 + (k % 900), reference: `trip-${k}` };
    await wallet.moveToTransit(db, { ...move, idempotencyKey: `bench:trip:${k}:hold` });
    await wallet.settleTransit(db, { ...move, platform, idempotencyKey: `bench:trip:${k}:outcome` });
    await wallet.transferInFromVenue(db, { ...move, platform, idempotencyKey: `bench:trip:${k}:in` });
  };

  const timed = async (count: number, inFlight: number, task: () => Promise<void>, entriesPerTask: number) => {
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
    return Math.round((count * entriesPerTask) / ((performance.now() - started) / 1000));
  };

  await timed(200, 1, transfer, 1); // warm-up
  const sequential = await timed(n, 1, transfer, 1);
  const concurrent = await timed(n, concurrency, transfer, 1);
  const venueTrips = await timed(Math.ceil(n / 3), concurrency, trip, 3);

  const started = performance.now();
  const violations = await wallet.verify(db);
  const verifyMs = Math.round(performance.now() - started);
  const entries = Number((await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const label = database.dialect === 'sqlite' ? 'sqlite  ' : 'postgres';
  console.log(
    `  ${label}: sequential ${sequential} entries/s, concurrent ${concurrent} entries/s, venue round trips ${venueTrips} entries/s; ` +
      `verify() over ${entries} entries: ${violations.length ? `${violations.length} VIOLATIONS` : 'clean'} in ${verifyMs} ms`,
  );
  for (const v of violations.slice(0, 5)) console.log(`    ${v.check}: ${v.message}`);
  return { database: database.dialect, sequential, concurrent, venueTrips, verifyMs, violations: violations.length, entries };
}

// run on its own: npx tsx apps/server/bench/ledger.ts
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchLedger();
}
