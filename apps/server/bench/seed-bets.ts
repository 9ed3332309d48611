// Reports at scale (issue 13): seeds members, ledger deposits and BETS settled bets over one
// Beijing month (batched inserts), builds the report rollups, times the reports over the month
// and measures the members CSV export's memory. Prints figures; no pass or fail.
//
//   npx tsx apps/server/bench/seed-bets.ts                       (SQLite file in BENCH_DIR)
//   BENCH_PG=postgres://127.0.0.1:5432/test npx tsx apps/server/bench/seed-bets.ts   (a schema of its own, dropped after)
//
// BETS (1,000,000), MEMBERS (= BETS: every member bets once, so the members CSV has BETS rows),
// BENCH_DIR (/tmp/reports-bench), KEEP=1 keeps the SQLite file.
import fs from 'node:fs';
import path from 'node:path';
import { Writable, pipeline } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createPgSchema, dropPgSchema, migrate, openDatabase, type DB } from '../src/db/index.ts';
import type { AppContext } from '../src/context.ts';
import { createReportsService } from '../src/modules/reports/service.ts';
import { csvStream } from '../src/modules/reports/csv.ts';
import { rowsOf } from '../src/modules/reports/routes.ts';

const BETS = Number(process.env.BETS || 1_000_000);
const MEMBERS = Number(process.env.MEMBERS || BETS);
const PG = process.env.BENCH_PG;
const DIR = process.env.BENCH_DIR || '/tmp/reports-bench';
const DAY = 86_400_000;
/** the bets' month: October 2026, Beijing */
const MONTH_START = Date.UTC(2026, 8, 30, 16);
const DAYS = 31;
const CATEGORIES = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing'];
const PLATFORMS = ['ag', 'pp', 'pg', 'bbin', 'ky'];

const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`${label.padEnd(44)} ${secs(performance.now() - t0)}`);
  return out;
}

async function insertChunks<T>(db: Kysely<DB>, table: 'members' | 'bets' | 'ledger_entries', rows: (i: number) => T, count: number, chunk: number) {
  for (let i = 0; i < count; i += chunk) {
    const batch = Array.from({ length: Math.min(chunk, count - i) }, (_, j) => rows(i + j));
    await db.insertInto(table).values(batch as never).execute();
  }
}

const schema = PG ? `bench_reports_${randomBytes(4).toString('hex')}` : undefined;
if (PG && schema) await createPgSchema(PG, schema);
fs.mkdirSync(DIR, { recursive: true });
const sqliteFile = path.join(DIR, 'reports.db');
if (!PG) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
const config = loadConfig({}, { dataDir: DIR, sqliteFile, databaseUrl: PG, databaseSchema: schema, logLevel: 'warn', jobs: false, seedDemo: false, adminPassword: 'bench-admin-password' });
const database = openDatabase(config);
await migrate(database);
const db = database.db;
const ctx = { config, db, dialect: database.dialect, log: pino({ level: 'warn' }), limiter: undefined as never } as AppContext;
const reports = createReportsService(ctx);
console.log(`reports bench on ${PG ? `PostgreSQL (schema ${schema})` : `SQLite ${sqliteFile}`}: ${MEMBERS.toLocaleString()} members, ${BETS.toLocaleString()} bets`);

try {
  const first = await db.selectFrom('members').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const base = Number(first?.id ?? 0) + 1;
  await timed(`seed ${MEMBERS.toLocaleString()} members`, () =>
    insertChunks(
      db,
      'members',
      (i) => ({
        id: base + i,
        username: `bench${String(i).padStart(8, '0')}`,
        password_hash: '-',
        pay_password_hash: '-',
        realname: '压测',
        register_ip: '127.0.0.1',
        // one in ten referred by one of 1,000 agents
        referrer_pid: i % 10 === 0 ? `bench${String(i % 1000).padStart(8, '0')}` : null,
        created_at: MONTH_START + (i % DAYS) * DAY + (i % 86_000) * 1000,
      }),
      MEMBERS,
      2000,
    ),
  );
  // deposits: house:deposits -> each tenth member's central account (accounts made in bulk too)
  const depositors = Math.ceil(MEMBERS / 10);
  await timed(`seed ${depositors.toLocaleString()} deposits (ledger)`, async () => {
    const house = await db.insertInto('ledger_accounts').values({ code: 'house:deposits', member_id: null, kind: 'house', balance: 0, created_at: MONTH_START }).onConflict((oc) => oc.column('code').doNothing()).returning('id').executeTakeFirst();
    const houseId = Number(house?.id ?? (await db.selectFrom('ledger_accounts').select('id').where('code', '=', 'house:deposits').executeTakeFirstOrThrow()).id);
    for (let i = 0; i < depositors; i += 2000) {
      const n = Math.min(2000, depositors - i);
      const accounts = await db
        .insertInto('ledger_accounts')
        .values(Array.from({ length: n }, (_, j) => ({ code: `member:${base + (i + j) * 10}:central`, member_id: base + (i + j) * 10, kind: 'central', balance: 10_000, created_at: MONTH_START })))
        .returning(['id', 'member_id'])
        .execute();
      await db
        .insertInto('ledger_entries')
        .values(
          accounts.map((a, j) => ({
            from_account_id: houseId,
            to_account_id: Number(a.id),
            amount: 10_000,
            kind: 'deposit',
            reference: `B${i + j}`,
            idempotency_key: `bench-dep-${i + j}`,
            created_by: 'system',
            created_at: MONTH_START + ((i + j) % DAYS) * DAY + 3_600_000,
          })),
        )
        .execute();
    }
    await db.updateTable('ledger_accounts').set({ balance: -10_000 * depositors }).where('id', '=', houseId).execute();
  });
  await timed(`seed ${BETS.toLocaleString()} settled bets`, () =>
    insertChunks(
      db,
      'bets',
      (i) => {
        const stake = 1000 + (i % 97) * 100;
        const settled = MONTH_START + (i % DAYS) * DAY + ((i * 7919) % DAY);
        return {
          platform: PLATFORMS[i % PLATFORMS.length],
          bet_id: `b${i}`,
          member_id: base + (i % MEMBERS),
          game_code: 'g1',
          game_name: '压测游戏',
          category_id: CATEGORIES[i % CATEGORIES.length],
          bet_amount: stake,
          valid_amount: stake,
          win_loss: i % 3 === 0 ? stake : -Math.floor(stake / 2),
          status: 1,
          created_at: settled - 60_000,
          settled_at: settled,
          pulled_at: settled,
        };
      },
      BETS,
      1500,
    ),
  );

  const now = MONTH_START + (DAYS + 1) * DAY;
  const built = await timed('rollup build (bets + 33 ledger days)', () => reports.rollup(now, Number.POSITIVE_INFINITY));
  console.log(`  rolled up ${built.bets.toLocaleString()} bets, ${built.days} ledger days`);
  await timed('rollup re-run with nothing new', () => reports.rollup(now));
  const month = { from: '2026-10-01', to: '2026-10-31' };
  const daily = await timed('daily report, October (31 rows)', () => reports.daily(month));
  console.log(`  totals: bets ${daily.totals.bet_count.toLocaleString()}, stakes ${daily.totals.bets}, GGR ${daily.totals.ggr}, active ${daily.totals.active_members.toLocaleString()}, deposits ${daily.totals.deposits}`);
  await timed('daily report again (warm)', () => reports.daily(month));
  await timed('monthly report, October', () => reports.monthly(month));
  await timed('venues report, October', () => reports.venues(month));
  await timed('members report, October, page 1', () => reports.members({ ...month, page: 1, per_page: 20 }));
  await timed('agents report, October, page 1', () => reports.agents({ ...month, page: 1, per_page: 20 }));

  // the members CSV over the month, consumed by a sink that counts bytes (the route's own pipeline)
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  let bytes = 0;
  let lines = 0;
  await timed('members CSV export, October', () => new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
        done();
      },
    });
    pipeline(csvStream('members', rowsOf(reports, { report: 'members', ...month, username: undefined }), reject), sink, (err) => (err ? reject(err) : resolve()));
  }));
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed);
  console.log(`  ${(lines - 1).toLocaleString()} rows, ${mb(bytes)}; RSS ${mb(before.rss)} before, ${mb(peakRss)} peak, ${mb(after.rss)} after; heap used ${mb(before.heapUsed)} before, ${mb(peakHeap)} peak, ${mb(after.heapUsed)} after`);
  global.gc?.();
  console.log(`  after a collection: RSS ${mb(process.memoryUsage().rss)}, heap used ${mb(process.memoryUsage().heapUsed)} (nothing of the file is kept)`);
} finally {
  await database.close();
  if (PG && schema) await dropPgSchema(PG, schema);
  if (!PG && !process.env.KEEP) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
}
