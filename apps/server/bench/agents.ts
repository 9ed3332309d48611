// Agents' monthly settlement at scale (issue 20 point 10): seeds AGENTS agents with MEMBERS_PER
// downline members each, BETS_PER settled bets per member spread over one Beijing month and one
// deposit per member in the ledger (in a child process, so its memory is not counted), then settles
// the month in this process as the job does (the figures' rollup of the whole month, then the
// statements in chunks of agents) and re-runs it as an operator would, printing the time and the
// peak RSS of each. No pass or fail.
//
//   npx tsx apps/server/bench/agents.ts                                             (SQLite file in BENCH_DIR)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/server/bench/agents.ts   (a schema of its own, dropped after)
//
// AGENTS (1,000), MEMBERS_PER (100), BETS_PER (3), BENCH_DIR (/tmp/agents-bench), KEEP=1 keeps the PostgreSQL schema.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createPgSchema, dropPgSchema, migrate, openDatabase } from '../src/db/index.ts';
import { seedDefaultPlan } from '../src/modules/agents/plans.ts';
import { rollupMonth } from '../src/modules/agents/rollup.ts';
import type { SettlementDeps } from '../src/modules/agents/settlement-deps.ts';
import { monthBounds } from '../src/modules/agents/settlement-month.ts';
import { rerunAgentMonth, settleAgentMonth } from '../src/modules/agents/settlement.ts';
import { SETTING_DEFAULTS, type Settings } from '../src/modules/site/defaults.ts';

const AGENTS = Number(process.env.AGENTS || 1_000);
const MEMBERS_PER = Number(process.env.MEMBERS_PER || 100);
const BETS_PER = Number(process.env.BETS_PER || 3);
const PG = process.env.BENCH_PG_URL || process.env.BENCH_PG;
const DIR = process.env.BENCH_DIR || '/tmp/agents-bench';
const MONTH = '2026-10';
const { start: START, end: END } = monthBounds(MONTH);
const DAY_MS = 86_400_000;
const sqliteFile = path.join(DIR, 'agents.db');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const MEMBERS = AGENTS * MEMBERS_PER;

const schema = process.env.BENCH_SCHEMA || (PG ? `bench_agents_${randomBytes(4).toString('hex')}` : undefined);
const config = loadConfig({}, { dataDir: DIR, sqliteFile, databaseUrl: PG, databaseSchema: schema, logLevel: 'warn', jobs: false, seedDemo: false, adminPassword: 'bench-admin-password' });

if (process.env.BENCH_ROLE === 'seed') {
  const database = openDatabase(config);
  await migrate(database);
  const db = database.db;
  await seedDefaultPlan(db, START - 40 * DAY_MS);
  // the operator of the re-run (its audit row)
  const op = await db.insertInto('admins').values({ username: 'bench', password_hash: '-', role: 'super', created_at: START, totp_secret: null, totp_pending: null, totp_last_step: null, created_by: null, last_login_at: null, last_login_ip: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('agent_marks').values({ name: 'bench_admin', value: Number(op.id) }).execute();
  const plan = await db.selectFrom('agent_plans').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  const before = START - 30 * DAY_MS;
  // agents' members are 1..AGENTS, their downline AGENTS+1..; agent i's members are contiguous
  const memberRow = (id: number, name: string) => ({ id, username: name, password_hash: '-', pay_password_hash: '-', realname: '压测', register_ip: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`, created_at: before });
  for (let i = 0; i < AGENTS; i += 1000) {
    const n = Math.min(1000, AGENTS - i);
    await db.insertInto('members').values(Array.from({ length: n }, (_, j) => memberRow(i + j + 1, `ag${String(i + j).padStart(6, '0')}`))).execute();
    await db
      .insertInto('agents')
      .values(
        Array.from({ length: n }, (_, j) => {
          const id = i + j + 1;
          // every tenth agent is a sub-agent of the one before it
          return { id, member_id: id, code: `B${String(id).padStart(7, '0')}`, plan_id: Number(plan.id), upline_agent_id: id % 10 === 0 ? id - 1 : null, state: 1, note: '', source: 'operator', created_by: 'bench', created_at: before, updated_at: before };
        }),
      )
      .execute();
  }
  await db.insertInto('ledger_accounts').values({ code: 'house:deposits', member_id: null, kind: 'house', created_at: before }).execute();
  const house = await db.selectFrom('ledger_accounts').select('id').where('code', '=', 'house:deposits').executeTakeFirstOrThrow();
  const CHUNK = 1000;
  for (let i = 0; i < MEMBERS; i += CHUNK) {
    const n = Math.min(CHUNK, MEMBERS - i);
    const ids = Array.from({ length: n }, (_, j) => AGENTS + 1 + i + j);
    await db.insertInto('members').values(ids.map((id) => memberRow(id, `dm${String(id).padStart(8, '0')}`))).execute();
    await db
      .insertInto('agent_links')
      .values(ids.map((id) => ({ member_id: id, agent_id: Math.floor((id - AGENTS - 1) / MEMBERS_PER) + 1, from_ms: before, to_ms: null })))
      .execute();
    // one deposit each, credited in the month (ledger entries as the wallet writes them)
    const accounts = await db
      .insertInto('ledger_accounts')
      .values(ids.map((id) => ({ code: `member:${id}:central`, member_id: id, kind: 'central', created_at: before })))
      .returning(['id', 'member_id'])
      .execute();
    const deposits = accounts.map((a, j) => ({ from_account_id: Number(house.id), to_account_id: Number(a.id), amount: 10_000 + ((i + j) % 50) * 1_000, kind: 'deposit', reference: `BD${a.member_id}`, idempotency_key: `bench:deposit:${a.member_id}`, created_by: 'system', created_at: START + (((i + j) * 7919) % (END - START)) }));
    await db.insertInto('ledger_entries').values(deposits).execute();
    // as the rollup job (every minute through the month) has recorded them on a live site
    await db
      .insertInto('agent_first_deposits')
      .values(deposits.map((d, j) => ({ member_id: Number(accounts[j].member_id), at: d.created_at, amount: d.amount })))
      .execute();
  }
  const BETS = MEMBERS * BETS_PER;
  for (let i = 0; i < BETS; i += 1500) {
    const n = Math.min(1500, BETS - i);
    await db
      .insertInto('bets')
      .values(
        Array.from({ length: n }, (_, j) => {
          const k = i + j;
          const valid = 20_000 + (k % 97) * 1_000;
          const settled = START + ((k * 104_729) % (END - START));
          return {
            platform: 'pp',
            bet_id: `ab${k}`,
            member_id: AGENTS + 1 + (k % MEMBERS),
            game_code: 'g1',
            game_name: '压测游戏',
            category_id: 'electron',
            bet_amount: valid,
            valid_amount: valid,
            // members lose a little more often than they win
            win_loss: k % 3 === 0 ? valid : -Math.round(valid * 0.8),
            status: 1,
            created_at: settled - 60_000,
            settled_at: settled,
            pulled_at: settled,
          };
        }),
      )
      .execute();
  }
  if (PG) for (const table of ['bets', 'members', 'agents', 'agent_links', 'ledger_entries', 'ledger_accounts']) await sql`analyze ${sql.table(table)}`.execute(db);
  await database.close();
  process.exit(0);
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
  console.log(
    `agents bench on ${PG ? `PostgreSQL (schema ${schema})` : `SQLite ${sqliteFile}`}: ${AGENTS.toLocaleString()} agents x ${MEMBERS_PER} members, ${(MEMBERS * BETS_PER).toLocaleString()} bets and ${MEMBERS.toLocaleString()} deposits in ${MONTH}; seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const database = openDatabase(config);
  const db = database.db;
  const settings = { ...SETTING_DEFAULTS } as Settings;
  const now = END + 7 * 3_600_000;
  const deps: SettlementDeps = { db, holder: 'bench', settings: async () => settings, now: () => now };
  const rssBefore = process.resourceUsage().maxRSS;

  const t1 = performance.now();
  const report = await settleAgentMonth(deps, MONTH, now);
  const settled = performance.now() - t1;
  const peak1 = process.resourceUsage().maxRSS;
  const totals = await db
    .selectFrom('agent_statements')
    .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('commission').as('commission'), (eb) => eb.fn.sum<string>('override').as('override'), (eb) => eb.fn.sum<string>('active_members').as('active')])
    .where('month', '=', MONTH)
    .executeTakeFirstOrThrow();
  console.log(`settle ${MONTH} (rollup of the month + statements): ${(settled / 1000).toFixed(2)} s, peak RSS ${mb(peak1)} (${mb(rssBefore)} before)`);
  console.log(`  counts ${JSON.stringify(report.counts)}; statements ${totals.n}, active members ${totals.active}, commission ${totals.commission} fen, override ${totals.override} fen`);

  const t2 = performance.now();
  await rollupMonth(db, MONTH, now);
  const rolled = performance.now() - t2;
  console.log(`  of which the month's rollup alone, again: ${(rolled / 1000).toFixed(2)} s`);

  const t3 = performance.now();
  const op = await db.selectFrom('agent_marks').select('value').where('name', '=', 'bench_admin').executeTakeFirstOrThrow();
  const rerun = await rerunAgentMonth(deps, MONTH, { adminId: Number(op.value), ip: '127.0.0.1' }, now);
  const reran = performance.now() - t3;
  console.log(`re-run ${MONTH} (nothing changed): ${(reran / 1000).toFixed(2)} s, peak RSS ${mb(process.resourceUsage().maxRSS)}; ${JSON.stringify(rerun)}`);
  await database.close();
} finally {
  if (PG && schema && !process.env.KEEP) await dropPgSchema(PG, schema);
}
