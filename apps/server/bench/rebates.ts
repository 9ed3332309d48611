// Rebate day settlement and VIP review at scale (issue 13): seeds MEMBERS members (levels,
// deposits, VIP flow and retention periods that ended) and BETS settled bets on one Beijing day (in
// a child process, so its memory is not counted), then settles the day's rebates and reviews the
// day's VIP levels in this process and prints the time, the peak RSS and the figures of each. No
// pass or fail.
//
//   npx tsx apps/server/bench/rebates.ts                                   (SQLite file in BENCH_DIR)
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test npx tsx apps/server/bench/rebates.ts  (a schema of its own, dropped after)
//
// MEMBERS (100,000), BETS (300,000), BENCH_DIR (/tmp/rebates-bench), KEEP=1 keeps the PostgreSQL schema.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createPgSchema, dropPgSchema, migrate, openDatabase } from '../src/db/index.ts';
import type { PromotionsDeps } from '../src/modules/promotions/deps.ts';
import { settleRebateDay } from '../src/modules/promotions/rebates.ts';
import { reviewVipDay } from '../src/modules/promotions/vip.ts';
import type { VipLevel } from '../src/modules/promotions/rates.ts';

const MEMBERS = Number(process.env.MEMBERS || 100_000);
const BETS = Number(process.env.BETS || 300_000);
const PG = process.env.BENCH_PG;
const DIR = process.env.BENCH_DIR || '/tmp/rebates-bench';
const DAY = '2026-10-05';
/** Beijing midnight of DAY */
const START = Date.UTC(2026, 9, 4, 16);
const DAY_MS = 86_400_000;
const CATEGORIES = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing'];
const PLATFORMS = ['ag', 'pp', 'pg', 'bbin', 'ky'];
const sqliteFile = path.join(DIR, 'rebates.db');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const schema = process.env.BENCH_SCHEMA ?? (PG ? `bench_rebates_${randomBytes(4).toString('hex')}` : undefined);
const config = loadConfig({}, { dataDir: DIR, sqliteFile, databaseUrl: PG, databaseSchema: schema, logLevel: 'warn', jobs: false, seedDemo: false, adminPassword: 'bench-admin-password' });

if (process.env.BENCH_ROLE === 'seed') {
  const database = openDatabase(config);
  await migrate(database);
  const db = database.db;
  const first = await db.selectFrom('members').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const base = Number(first?.id ?? 0) + 1;
  for (let i = 0; i < MEMBERS; i += 2000) {
    const n = Math.min(2000, MEMBERS - i);
    await db
      .insertInto('members')
      .values(Array.from({ length: n }, (_, j) => ({ id: base + i + j, username: `rb${String(i + j).padStart(8, '0')}`, password_hash: '-', pay_password_hash: '-', realname: '压测', register_ip: '127.0.0.1', vip: (i + j) % 4, paysum: ((i + j) % 5) * 200_000, created_at: START - DAY_MS })))
      .execute();
    // VIP flow so far, and retention periods that ended before the day (kept or lost by their period flow)
    await db
      .insertInto('member_vip')
      .values(Array.from({ length: n }, (_, j) => ({ member_id: base + i + j, flow_total: ((i + j) % 7) * 1_000_000, period_flow: ((i + j) % 3) * 50_000, period_start: START - 100 * DAY_MS, updated_at: START })))
      .execute();
  }
  for (let i = 0; i < BETS; i += 1500) {
    const n = Math.min(1500, BETS - i);
    await db
      .insertInto('bets')
      .values(
        Array.from({ length: n }, (_, j) => {
          const k = i + j;
          const stake = 1000 + (k % 97) * 137;
          const settled = START + ((k * 7919) % DAY_MS);
          return {
            platform: PLATFORMS[(k + Math.floor(k / MEMBERS)) % PLATFORMS.length],
            bet_id: `rb${k}`,
            member_id: base + (k % MEMBERS),
            game_code: 'g1',
            game_name: '压测游戏',
            category_id: CATEGORIES[k % CATEGORIES.length],
            bet_amount: stake,
            valid_amount: stake,
            win_loss: 0,
            status: 1,
            created_at: settled - 60_000,
            settled_at: settled,
            pulled_at: settled,
          };
        }),
      )
      .execute();
  }
  // as a live database would have them (autovacuum): statistics for the day index (the migration's
  // analyze saw an empty table) and for the members the VIP review walks; without them PostgreSQL
  // plans a review chunk as a sort of every candidate of the level (measured: 0.65 s a chunk instead of 35 ms)
  if (PG) for (const table of ['bets', 'members', 'member_vip']) await sql`analyze ${sql.table(table)}`.execute(db);
  await database.close();
  process.exit(0);
}

function level(n: number, bp: number): VipLevel {
  return { level: n, name: `VIP${n}`, recharge_fen: n * 100_000, flow_fen: n * 1_000_000, realperson_bp: bp, sport_bp: bp, e_sport_bp: bp, joker_bp: bp + 10, electron_bp: bp + 20, lottery_bp: bp - 10 } as VipLevel;
}

if (PG && schema) await createPgSchema(PG, schema);
if (!PG) {
  fs.mkdirSync(DIR, { recursive: true });
  for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
}
try {
  const t0 = performance.now();
  const seeded = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env: { ...process.env, BENCH_ROLE: 'seed', BENCH_SCHEMA: schema ?? '' }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding failed');
  console.log(`rebates bench on ${PG ? `PostgreSQL (schema ${schema})` : `SQLite ${sqliteFile}`}: ${MEMBERS.toLocaleString()} members, ${BETS.toLocaleString()} bets on ${DAY}; seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const database = openDatabase(config);
  const db = database.db;
  const levels = [1, 2, 3, 4].map((n) => level(n, 30 + n * 10));
  const deps = { db, holder: 'bench', vipLevels: async () => levels, settings: async () => ({ rebate_fishing_rate: 'electron', vip_retention_days: 90, vip_retention_percent: 10 }) } as unknown as PromotionsDeps;
  const rssBefore = process.resourceUsage().maxRSS;
  const t1 = performance.now();
  const report = await settleRebateDay(deps, DAY, START + DAY_MS + 3_600_000);
  const took = performance.now() - t1;
  const peak = process.resourceUsage().maxRSS;
  const check = await db
    .selectFrom('rebates')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount').as('amount')])
    .where('day', '=', DAY)
    .executeTakeFirstOrThrow();
  const flow = await db.selectFrom('member_vip').select((eb) => eb.fn.sum<string>('flow_total').as('f')).executeTakeFirstOrThrow();
  console.log(`settle ${DAY}: ${(took / 1000).toFixed(2)} s, peak RSS ${mb(peak)} (${mb(rssBefore)} before the settlement)`);
  console.log(`  report ${JSON.stringify(report)}; rows ${check.n}, amount ${check.amount} fen, flow ${flow.f} fen`);
  const t2 = performance.now();
  const vip = await reviewVipDay(deps, DAY, START + DAY_MS + 3_600_000);
  const reviewed = performance.now() - t2;
  const moved = await db.selectFrom('vip_history').select((eb) => eb.fn.countAll<string>().as('n')).where('day', '=', DAY).executeTakeFirstOrThrow();
  console.log(`VIP review ${DAY}: ${(reviewed / 1000).toFixed(2)} s, peak RSS ${mb(process.resourceUsage().maxRSS)}`);
  console.log(`  report ${JSON.stringify(vip)}; history rows ${moved.n}`);
  await database.close();
} finally {
  if (PG && schema && !process.env.KEEP) await dropPgSchema(PG, schema);
}
