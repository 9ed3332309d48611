// npm run seed:scale -- [--db postgres://postgres@127.0.0.1:5432/scale] [--scale 1] [--reset] [--data-dir DIR]
//
// A PostgreSQL database at the size of issue 24 (DESIGN.md section 8), built in minutes with
// set-based SQL: at --scale 1, 1,000,000 members, 10,000,000 settled bets over the last 90
// Beijing days, about 5,000,000 ledger entries, 200,000 deposits and 200,000 withdrawals,
// 1,000 agents with their downlines. --scale 0.001 gives the 1,000-member reference site.
//
// The schema is the server's own: its migrations, then one start of the real app (operator,
// content, VIP table, venue catalogue, agent plan), then the bulk rows. Every ledger movement is
// an entry with the idempotency key the real code uses, and every balance is the sum of its
// entries, so wallet.verify() finds nothing. The rollups (reports and agents) are built the way
// the server builds them. Two fixed members whose records do not grow with --scale are what
// scripts/scale-check.ts measures the member calls with:
//   probe01    (password scale1234): 3,000 bets, 60 deposits, 40 withdrawals, 100 venue round trips...
//   probeagent (password scale1234): an agent with 300 downline members
// Every seeded member's password is scale1234 (payment password 123456); the back-office
// operator is admin / scale-admin-pass. Secrets (card key, gateway secret) live in --data-dir
// (default data/scale-<database>), which scripts/scale-check.ts reuses.
//
// --reset drops the database first; without it the database must be new or hold no members.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase, sql } from '../apps/server/src/db/index.ts';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.ts';
import { rollupDay, setMark as setAgentMark } from '../apps/server/src/modules/agents/rollup.ts';
import { cardVaultOf } from '../apps/server/src/modules/cards/index.ts';
import { seedDemoRedPacketRules } from '../apps/server/src/modules/promotions/seed.ts';
import { createReportsService } from '../apps/server/src/modules/reports/service.ts';
import { wallet } from '../apps/server/src/modules/wallet/index.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import pino from 'pino';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' },
    scale: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'keep-indexes': { type: 'boolean', default: false },
  },
});
const DB_URL = args.db!;
const SCALE = Number(args.scale);
if (!(SCALE > 0 && SCALE <= 10)) throw new Error(`--scale must be a number in (0, 10], got ${args.scale}`);
const DB_NAME = new URL(DB_URL).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`database name must be plain lowercase, got "${DB_NAME}"`);
export const DATA_DIR = path.resolve(args['data-dir'] ?? path.join(ROOT, 'data', `scale-${DB_NAME}`));

export const MEMBER_PASSWORD = 'scale1234';
export const ADMIN_PASSWORD = 'scale-admin-pass';

// ---- the sizes ----------------------------------------------------------------------------------
const N = Math.max(1000, Math.round(1_000_000 * SCALE)); // members
const TB = Math.round(10_000_000 * SCALE); // settled bets
const TL = Math.round(5_000_000 * SCALE); // ledger entries (target; transfers fill what the rest leaves)
const TD = Math.round(200_000 * SCALE); // deposits
const TW = Math.round(200_000 * SCALE); // withdrawals
// agents: at least a full page of them on the small reference site
const A = Math.max(25, Math.round(1000 * SCALE));
const DAYS = 90;
const PROBE = { deposits: 60, withdrawals: 40, trips: 100, bets: 3000, grabs: 30, downline: 300, messages: 110, applications: 20 };

const DAY = 86_400_000;
const BJ = 8 * 3_600_000;
const NOW = Date.now();
const D0 = Math.floor((NOW + BJ) / DAY); // today, Beijing day number
const T0 = D0 * DAY - BJ; // today's Beijing midnight
const W0 = T0 - DAYS * DAY; // the bets' first day
const dayStart = (d: number) => d * DAY - BJ;

// member ids: 1..N the crowd, then the probes
const PROBE_ID = N + 1;
const PROBE_AGENT_ID = N + 2;
const PROBE_DOWNLINE_FIRST = N + 3;
const LAST_MEMBER = PROBE_DOWNLINE_FIRST + PROBE.downline - 1;
const AG_MAX = 7 * (A - 1) + 1; // agents are members 1, 8, 15, ...; downline members come after

// ledger account ids: house 1..7, venue clearing 8.., member m: central 1000+3(m-1), hold +1, transit +2
const HOUSE = { deposits: 1, payouts: 2, bonus: 3, rebate: 4, red_packet: 5, adjustments: 6, commission: 7 } as const;
const central = (m: string) => `(1000 + 3 * (${m} - 1))`;
const hold = (m: string) => `(1001 + 3 * (${m} - 1))`;
const transit = (m: string) => `(1002 + 3 * (${m} - 1))`;
const clearing = (vidx: string) => `(8 + ${vidx})`;

/** 'YYYYMMDDHHmmss' of an epoch-ms SQL expression, Beijing */
const bjStamp = (ms: string) => `to_char(to_timestamp((${ms} + ${BJ}) / 1000.0) at time zone 'UTC', 'YYYYMMDDHH24MISS')`;
const dayNo = (ms: string) => `((${ms} + ${BJ}) / ${DAY})`;
const dayKeyOf = (d: string) => `to_char(date '1970-01-01' + (${d})::int, 'YYYY-MM-DD')`;

const fmt = (n: number) => n.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const began = performance.now();

async function main() {
  console.log(`seed:scale ${DB_URL} scale ${SCALE}: ${fmt(N)} members, ${fmt(TB)} bets over ${DAYS} days, ~${fmt(TL)} ledger entries, ${fmt(TD)} deposits, ${fmt(TW)} withdrawals, ${fmt(A)} agents`);
  await prepareDatabase();
  const boot = await timed('migrations and first start of the app', bootApp);
  void boot;

  const client = new pg.Client({ connectionString: DB_URL, application_name: 'seed-scale' });
  await client.connect();
  const run = (label: string, text: string) => timed(label, async () => {
    const r = await client.query(text);
    return r.rowCount ?? 0;
  });
  try {
    // bulk-load settings for this session only: the server's own configuration is left alone
    await client.query(`set synchronous_commit = off; set work_mem = '512MB'; set maintenance_work_mem = '1GB'; set session_replication_role = replica`);
    await client.query(`create function pg_temp.h(bigint, int) returns bigint language sql immutable parallel safe as 'select (hashint8($1 * 1000 + $2) & 2147483647)::bigint'`);
    const dropped = args['keep-indexes'] ? [] : await dropIndexes(client);

    await seedMembers(run);
    await seedPopulation(client, run);
    await seedDeposits(run);
    await seedCards(client);
    await seedWithdrawals(run);
    await seedBets(client, run);
    await seedPromotions(run);
    await seedAgents(run);
    await seedTransfers(client, run);
    await seedLedger(run);
    await seedOthers(run);

    await timed(`recreate ${dropped.length} indexes`, async () => {
      for (const d of dropped) await client.query(d.def);
    });
    await run('identity sequences', `
      do $$ declare r record; begin
        for r in select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and is_identity = 'YES' loop
          execute format('select setval(pg_get_serial_sequence(%L, ''id''), coalesce((select max(id) from %I), 0) + 1, false)', 'public.' || r.table_name, r.table_name);
        end loop; end $$`);
    await client.query(`drop table if exists seed_pop, seed_dep, seed_wd, seed_trip, seed_entries, seed_venues, seed_games, seed_bet_sums`);
    await client.query('reset session_replication_role');
    await run('analyze', 'analyze');
  } finally {
    await client.end();
  }
  await timed('rollups (reports, agents) by the server code', rollups);
  const client2 = new pg.Client({ connectionString: DB_URL });
  await client2.connect();
  try {
    // after the rollups, which rewrote their tables: index-only scans need the visibility map
    await timed('vacuum analyze', () => client2.query('vacuum (analyze)'));
    await printFigures(client2);
  } finally {
    await client2.end();
  }
  await timed('verify()', verifyLedger);
  console.log(`seed:scale done in ${secs(performance.now() - began)}`);
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  const extra = typeof out === 'number' ? ` (${fmt(out)} rows)` : '';
  console.log(`  ${label.padEnd(52)} ${secs(performance.now() - t0).padStart(8)}${extra}`);
  return out;
}

// ---- database and schema ------------------------------------------------------------------------

async function prepareDatabase() {
  const admin = new URL(DB_URL);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const exists = (await c.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount;
    if (exists && args.reset) {
      await c.query(`drop database ${DB_NAME} with (force)`);
      console.log(`  dropped database ${DB_NAME}`);
    }
    if (!exists || args.reset) await c.query(`create database ${DB_NAME}`);
  } finally {
    await c.end();
  }
  const d = new pg.Client({ connectionString: DB_URL });
  await d.connect();
  try {
    const members = await d.query(`select 1 from information_schema.tables where table_name = 'members'`);
    if (members.rowCount && (await d.query('select 1 from members limit 1')).rowCount) {
      throw new Error(`database ${DB_NAME} already holds members: run with --reset to rebuild it`);
    }
  } finally {
    await d.end();
  }
  if (args.reset) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
}

function appConfig() {
  return loadConfig({}, { databaseUrl: DB_URL, dataDir: DATA_DIR, logLevel: 'warn', jobs: false, seedDemo: false, adminPassword: ADMIN_PASSWORD, operatorSetup: false, webDist: '/nonexistent', adminDist: '/nonexistent' });
}

/** the server's migrations, then one start of the real app: its first-start rows and the venue catalogue */
async function bootApp() {
  const config = appConfig();
  const database = openDatabase(config);
  await migrate(database);
  await database.close();
  const app = await buildApp(config);
  try {
    await app.http.listen({ host: '127.0.0.1', port: 0 });
    await app.venues.catalogue.sync();
    await seedDemoRedPacketRules(app.ctx.db, NOW);
  } finally {
    await app.close();
  }
}

/**
 * Secondary indexes of the big tables, dropped for the load and recreated from their own
 * definitions afterwards (constraint indexes stay). A unique index recreated at the end also
 * proves the generated keys unique.
 */
async function dropIndexes(client: pg.Client) {
  const tables = ['members', 'ledger_accounts', 'ledger_entries', 'bets', 'deposits', 'withdrawals', 'venue_transfers', 'rebates', 'rebate_day_members', 'member_vip', 'report_member_days', 'report_bet_days', 'turnover_requirements', 'member_messages', 'admin_audit', 'member_logins', 'agent_links', 'red_packet_grabs', 'member_cards', 'vip_history', 'activity_applications', 'venue_balances', 'venue_players'];
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${r.name}`);
  console.log(`  dropped ${rows.length} secondary indexes for the load`);
  return rows;
}

type Run = (label: string, sql: string) => Promise<number>;

// ---- members ------------------------------------------------------------------------------------

const SURNAMES = "array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗']";
const GIVEN = "array['伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀兰','霞','平','刚','桂英','鹏','华']";

async function seedMembers(run: Run) {
  const start = NOW - 365 * DAY;
  const span = 365 * DAY - 2 * 3_600_000;
  const pw = await hashPassword(MEMBER_PASSWORD);
  const pay = await hashPassword('123456');
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  await run(`members (${fmt(N)} + probes)`, `
    insert into members (id, username, password_hash, pay_password_hash, realname, mobile, vip, referrer_pid, status, register_ip, created_at, last_login_at, last_login_ip)
    select i, 'm' || lpad(i::text, 7, '0'), ${lit(pw)}, ${lit(pay)},
      (${SURNAMES})[1 + pg_temp.h(i, 1) % 20] || (${GIVEN})[1 + pg_temp.h(i, 2) % 25],
      '13' || lpad((pg_temp.h(i, 3) % 1000000000)::text, 9, '0'),
      1,
      case when i > ${AG_MAX} and i % 5 = 0 then 'AG' || lpad((1 + pg_temp.h(i, 4) % ${A})::text, 6, '0')
           when i <= ${AG_MAX} and (i - 1) % 7 = 0 and ((i - 1) / 7) % 5 = 4 then 'AG' || lpad(((i - 1) / 7)::text, 6, '0')
           else null end,
      case when pg_temp.h(i, 5) % 1000 = 0 then 0 else 1 end,
      ip, t, t, ip
    from generate_series(1, ${N}) i,
      lateral (select ${start} + (i - 1)::bigint * ${span} / ${N} as t,
                      '10.' || pg_temp.h(i, 6) % 256 || '.' || pg_temp.h(i, 7) % 256 || '.' || pg_temp.h(i, 8) % 256 as ip) x
    union all
    select ${PROBE_ID}, 'probe01', ${lit(pw)}, ${lit(pay)}, '张三', '13800000001', 1, null, 1, '10.200.0.1', ${T0 - 120 * DAY}, ${NOW - 3_600_000}, '10.200.0.1'
    union all
    select ${PROBE_AGENT_ID}, 'probeagent', ${lit(pw)}, ${lit(pay)}, '李四', '13800000002', 1, null, 1, '10.200.0.2', ${T0 - 200 * DAY}, ${NOW - 3_600_000}, '10.200.0.2'
    union all
    select i, 'pd' || lpad((i - ${PROBE_DOWNLINE_FIRST} + 1)::text, 5, '0'), ${lit(pw)}, ${lit(pay)},
      (${SURNAMES})[1 + pg_temp.h(i, 1) % 20] || (${GIVEN})[1 + pg_temp.h(i, 2) % 25], '', 1, 'PROBEAG1', 1,
      '10.201.' || (i % 200) || '.' || (i % 250), ${T0 - 60 * DAY} + (i - ${PROBE_DOWNLINE_FIRST})::bigint * ${Math.floor((59 * DAY) / PROBE.downline)},
      null, null
    from generate_series(${PROBE_DOWNLINE_FIRST}, ${LAST_MEMBER}) i`);
}

/**
 * The members with money: every tenth member registered two days before today or earlier (the
 * crowd, pop 1), and probe01 (pop 2), whose activity lies within the last 30 days. k numbers
 * them 0.. within their pop; row n of a generated kind belongs to member k = n % B, its
 * ordinal is n / B, so every count is exact.
 */
async function seedPopulation(client: pg.Client, run: Run) {
  await client.query(`create unlogged table seed_pop (k int, member_id bigint, pop smallint, seed bigint, a_ms bigint, span bigint, a1 bigint, bet_day int, bet_days int, sessions int, realname text, primary key (pop, k))`);
  await run('depositors', `
    insert into seed_pop
    select (row_number() over (order by id) - 1)::int, id, 1, 1000000000 + row_number() over (order by id) - 1, a_ms, ${NOW - 3_600_000} - a_ms,
      10000 + (pg_temp.h(id, 10) % 491) * 1000, ${dayNo('a_ms')}, ${D0} - ${dayNo('a_ms')}, 12, realname
    from (select id, realname, greatest(created_at + 3600000, ${W0}) as a_ms from members
          where id <= ${N} and id % 10 = 0 and created_at < ${T0 - 2 * DAY}) m
    union all
    select 0, ${PROBE_ID}, 2, 2000000000, ${T0 - 29 * DAY}, ${NOW - 3_600_000 - (T0 - 29 * DAY)}, 5000000, ${D0 - 29}, 29, 25, '张三'`);
  const b = await client.query<{ b: number }>(`select count(*)::int as b from seed_pop where pop = 1`);
  pops[1].B = b.rows[0].b;
  // venues and their games: the bets' platforms and games come from the synced catalogue
  await client.query(`
    create unlogged table seed_venues as
      select (row_number() over (order by sort, platform) - 1)::int as vidx, platform from venues;
    create unlogged table seed_games as
      select platform, (row_number() over (partition by platform order by id) - 1)::int as gidx, game_code, name, category_id,
             count(*) over (partition by platform) as n from games`);
  const v = await client.query<{ n: number }>('select count(*)::int as n from seed_venues');
  venueCount = v.rows[0].n;
}

let venueCount = 16;
/** per pop: how many members, and what each kind of row adds up to */
const pops: Record<1 | 2, { B: number; deposits: number; withdrawals: number; bets: number; grabs: number }> = {
  1: { B: 0, deposits: TD, withdrawals: TW, bets: TB, grabs: 1 },
  2: { B: 1, deposits: PROBE.deposits, withdrawals: PROBE.withdrawals, bets: PROBE.bets, grabs: PROBE.grabs },
};

// ---- deposits -----------------------------------------------------------------------------------

/**
 * Deposits: each member's first is credited; the others are credited (85%), expired, rejected,
 * in review or failed. 60% online through the sandbox gateway, the rest bank transfers.
 */
async function seedDeposits(run: Run) {
  await run('staging: deposits', `
    create unlogged table seed_dep as
    select (p.pop * 100000000 + n)::bigint as id, p.member_id, p.realname, p.pop,
      case when n / b.b = 0 then p.a_ms + pg_temp.h(p.seed * 100 + n / b.b, 20) % greatest(p.span / 10, 1)
           else p.a_ms + p.span / 10 + pg_temp.h(p.seed * 100 + n / b.b, 21) % greatest(p.span * 9 / 10, 1) end as t,
      case when n / b.b = 0 then p.a1 else 10000 + (pg_temp.h(p.seed * 100 + n / b.b, 22) % 300) * 1000 end as amount,
      case when n / b.b = 0 then 'credited'
           -- probe01's next 20 wait in review (a full page of that list on the reference site too)
           when p.pop = 2 and n <= 20 then 'review'
           else (array['credited','expired','rejected','review','failed'])[
             case when r < 85 then 1 when r < 93 then 2 when r < 97 then 3 when r < 99 then 4 else 5 end] end as status,
      (p.pop = 2 and n <= 20) or pg_temp.h(p.seed * 100 + n / b.b, 24) % 10 < 6 as online,
      (array['wxpay','alipay','unionpay'])[1 + pg_temp.h(n, 25) % 3] as paytype
    from (select 1 as pop, ${pops[1].B} as b, ${pops[1].deposits} as total union all select 2, 1, ${pops[2].deposits}) b
      cross join lateral generate_series(0, b.total - 1) n
      join seed_pop p on p.pop = b.pop and p.k = n % b.b,
      lateral (select pg_temp.h(p.seed * 100 + n / b.b, 23) % 100 as r) x`);
  await run('deposits', `
    insert into deposits (id, deposit_no, member_id, paytype, kind, status, amount, paid_amount, credited_amount, bonus_percent, bonus_amount,
      gateway, gateway_order_no, bank_owner, bank, bank_no, bank_address, receiving_account_id, receiving, review_reason, reject_reason,
      decided_by, created_at, expires_at, paid_at, credited_at, decided_at, cashier_url)
    select d.id, 'D' || ${bjStamp('d.t')} || lpad(d.id::text, 10, '0'), d.member_id,
      case when d.online then d.paytype else 'bank' end,
      case when d.online then 'online' else 'manual' end,
      s.status, d.amount,
      case when s.status in ('credited', 'review') then d.amount end,
      case when s.status = 'credited' then d.amount end,
      0, 0,
      case when d.online then 'sandbox' end,
      case when d.online then 'SBX' || d.id end,
      case when d.online then '' else d.realname end,
      case when d.online then '' else '中国工商银行' end,
      case when d.online then '' else '6222' || lpad((d.member_id % 100000000000)::text, 11, '0') end,
      '',
      case when d.online then null else a.id end,
      case when d.online then '' else json_build_object('bank_name', a.bank_name, 'bank_owner', a.bank_owner, 'bank_no', a.bank_no, 'bank_address', a.bank_address)::text end,
      case when s.status = 'review' then '实付金额与订单金额不符' else '' end,
      case when s.status = 'rejected' then '未收到款项' else '' end,
      case when not d.online and s.status in ('credited', 'rejected') then 'admin' end,
      d.t, d.t + 1800000,
      case when s.status in ('credited', 'review') and d.online then d.t + 60000 end,
      case when s.status = 'credited' then d.t + case when d.online then 60000 else 600000 end end,
      case when s.status in ('rejected', 'failed') or (not d.online and s.status = 'credited') then d.t + 600000 end,
      null
    from seed_dep d
      cross join lateral (select case when d.online then d.status when d.status in ('credited') then 'credited' else 'rejected' end as status) s
      left join lateral (select * from deposit_accounts where type = 'bank' order by id limit 1) a on true`);
}

// ---- cards --------------------------------------------------------------------------------------

/** one bank card per member with money, sealed with the data dir's card key (the server opens them) */
async function seedCards(client: pg.Client) {
  await timed('member cards (sealed in Node)', async () => {
    const vault = cardVaultOf({ dataDir: DATA_DIR });
    const { rows } = await client.query<{ member_id: string; realname: string; a: string }>('select member_id, realname, a_ms as a from seed_pop order by member_id');
    let done = 0;
    for (let i = 0; i < rows.length; i += 20_000) {
      const some = rows.slice(i, i + 20_000);
      const numbers = some.map((r) => `6222${String(Number(r.member_id) * 7919 + 1_000_000_000_000).slice(-15)}`);
      await client.query(
        `insert into member_cards (member_id, type, bank, bank_owner, bank_no, bank_no_last4, number_key, bank_address, ico, slot, created_at)
         select m, 1, '中国工商银行', o, s, l, k, '北京市分行', 'ICBC', 1, c from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[]) as u(m, o, s, l, k, c)`,
        [some.map((r) => r.member_id), some.map((r) => r.realname), numbers.map((n) => vault.seal(n)), numbers.map((n) => n.slice(-4)), numbers.map((n) => vault.fingerprint(n)), some.map((r) => Number(r.a) - 60_000)],
      );
      done += some.length;
    }
    return done;
  });
}

// ---- withdrawals --------------------------------------------------------------------------------

/** withdrawals: 90% paid, 8% rejected, 2% waiting (made in the last day); together at most 40% of the first deposit */
async function seedWithdrawals(run: Run) {
  await run('staging: withdrawals', `
    create unlogged table seed_wd as
    select (p.pop * 100000000 + n + 1)::bigint as id, p.member_id, p.pop,
      greatest(100, (p.a1 * 4 / 10 / ceil(b.total::numeric / b.b)::bigint) / 100 * 100) as amount,
      case when r < 2 then 1 when r < 92 then 2 else 3 end as state,
      case when r < 2 then ${NOW - 3_600_000} - pg_temp.h(p.seed * 100 + n / b.b, 31) % ${DAY}
           else p.a_ms + p.span / 10 + pg_temp.h(p.seed * 100 + n / b.b, 32) % greatest(p.span * 9 / 10 - 3600000, 1) end as t
    from (select 1 as pop, ${pops[1].B} as b, ${pops[1].withdrawals} as total union all select 2, 1, ${pops[2].withdrawals}) b
      cross join lateral generate_series(0, b.total - 1) n
      join seed_pop p on p.pop = b.pop and p.k = n % b.b,
      -- probe01's first 25 are waiting (a full page of the waiting list on the reference site too)
      lateral (select case when p.pop = 2 and n < 25 then 0 else pg_temp.h(p.seed * 100 + n / b.b, 30) % 100 end as r) x`);
  await run('withdrawals', `
    insert into withdrawals (id, withdraw_no, member_id, card_id, card_type, bank, bank_owner, bank_no_last4, bank_address, number_key, card_bound_at,
      amount, state, needs_two, decided_by, decided_at, reason, created_at)
    select w.id, 'W' || ${bjStamp('w.t')} || lpad(w.id::text, 10, '0'), w.member_id, c.id, 1, c.bank, c.bank_owner, c.bank_no_last4, c.bank_address, c.number_key, c.created_at,
      w.amount, w.state, 0,
      case when w.state = 1 then null else 1 end,
      case when w.state = 1 then null else w.t + 900000 end,
      case when w.state = 3 then '银行卡信息有误' else '' end,
      w.t
    from seed_wd w join member_cards c on c.member_id = w.member_id`);
}

// ---- bets ---------------------------------------------------------------------------------------

/**
 * Settled bets, in settlement order (ids rise with time, as the bet pull writes them). A member's
 * bets fall on `sessions` days of its window, one venue per session; stakes 10 to 500 yuan,
 * results -100% .. +89% of the stake (the house keeps about 5%).
 */
async function seedBets(client: pg.Client, run: Run) {
  void client;
  await run(`bets (${fmt(TB + PROBE.bets)})`, `
    insert into bets (platform, bet_id, member_id, game_code, game_name, category_id, bet_amount, valid_amount, win_loss, status, detail,
      created_at, settled_at, pulled_at, turnover_counted, rolled_up)
    select g.platform, x.bet_id, x.member_id, g.game_code, g.name, g.category_id, x.stake, x.stake,
      x.stake * ((pg_temp.h(x.n, 55) % 190) - 100) / 100, 1, '',
      x.settled - 60000 - pg_temp.h(x.n, 56) % 540000, x.settled, x.settled + 60000, 1, 1
    from (
      select n, (case when b.pop = 1 then 'S' else 'P' end) || n as bet_id, p.member_id,
        (p.bet_day + pg_temp.h(p.seed * 100 + (n / b.b) % p.sessions, 50) % p.bet_days)::bigint * ${DAY} - ${BJ} + pg_temp.h(n, 51) % ${DAY} as settled,
        pg_temp.h(p.seed * 100 + (n / b.b) % p.sessions, 52) % ${venueCount} as vidx,
        pg_temp.h(n, 53) as gpick,
        1000 + (pg_temp.h(n, 54) % 50) * 1000 as stake
      from (select 1 as pop, ${pops[1].B} as b, ${pops[1].bets} as total union all select 2, 1, ${pops[2].bets}) b
        cross join lateral generate_series(0, b.total - 1) n
        join seed_pop p on p.pop = b.pop and p.k = n % b.b
    ) x
      join seed_venues v on v.vidx = x.vidx
      join seed_games g on g.platform = v.platform and g.gidx = x.gpick % g.n
    where x.settled < ${T0}
    order by x.settled`);
}

// ---- promotions: rebates, VIP, red packets, activity applications --------------------------------

/** days settled by the rebate job: all but yesterday, which the measured job settles */
const SETTLED_LAST = D0 - 2;
/** rebates of the last three settled days are still unclaimed */
const CLAIMED_LAST = D0 - 4;

const RATE = `case s.category_id when 'realbet' then l.realperson_bp when 'sport' then l.sport_bp when 'gaming' then l.e_sport_bp
  when 'joker' then l.joker_bp when 'concise' then l.electron_bp when 'lottery' then l.lottery_bp when 'fishing' then l.electron_bp else 0 end`;

async function seedPromotions(run: Run) {
  // the bets summed once per member, day, venue and category; everything below reads these sums
  await run('staging: bet sums per member, day, venue, category', `
    create unlogged table seed_bet_sums as
    select member_id, ${dayNo('settled_at')} as d, platform, category_id, count(*) as n, sum(bet_amount) as stake, sum(valid_amount) as valid, sum(win_loss) as result
    from bets where status = 1 group by 1, 2, 3, 4`);
  // paysum from credited deposits, flow from the settled days' bets, the level both reach
  await run('members: paysum, VIP level', `
    with pay as (select member_id, sum(credited_amount) as paysum from deposits where status = 'credited' group by member_id),
         flow as (select member_id, sum(valid) as flow from seed_bet_sums where d <= ${SETTLED_LAST} group by member_id),
         lv as (select p.member_id, p.paysum, coalesce(f.flow, 0) as flow,
                  greatest(1, coalesce((select max(level) from vip_levels v where v.recharge_fen <= p.paysum and v.flow_fen <= coalesce(f.flow, 0)), 1)) as vip
                from pay p left join flow f on f.member_id = p.member_id)
    update members m set paysum = lv.paysum, vip = lv.vip from lv where m.id = lv.member_id`);
  await run('member_vip (flow)', `
    insert into member_vip (member_id, flow_total, period_flow, period_start, last_change_day, updated_at)
    select s.member_id, sum(s.valid), sum(s.valid), min(p.a_ms), null, ${dayStart(SETTLED_LAST + 1) + 2_400_000}
    from seed_bet_sums s join seed_pop p on p.member_id = s.member_id
    where s.d <= ${SETTLED_LAST} group by s.member_id`);
  await run('vip_history (one promotion each)', `
    insert into vip_history (member_id, day, from_level, to_level, reason, created_at)
    select m.id, ${dayKeyOf(`${SETTLED_LAST}`)}, m.vip - 1, m.vip, 'promotion', ${dayStart(SETTLED_LAST + 1) + 2_400_000}
    from members m where m.vip > 1`);
  // one row per member, venue and day at the member's level's rates, as rebate-chunks.ts computes
  await run('rebates', `
    insert into rebates (member_id, platform, day, valid_amount, amount, vip, state, claim_no, created_at, claimed_at)
    select s.member_id, s.platform, ${dayKeyOf('s.d')}, sum(s.valid), sum(s.valid * ${RATE}) / 10000, m.vip,
      case when s.d <= ${CLAIMED_LAST} then 1 else 0 end,
      case when s.d <= ${CLAIMED_LAST} then 'RB' || upper(to_hex(s.member_id)) || 'D' || s.d end,
      (s.d + 1)::bigint * ${DAY} - ${BJ} + 2400000,
      case when s.d <= ${CLAIMED_LAST} then (s.d + 1)::bigint * ${DAY} - ${BJ} + 36000000 end
    from seed_bet_sums s join members m on m.id = s.member_id join vip_levels l on l.level = m.vip
    where s.d <= ${SETTLED_LAST}
    group by s.member_id, s.platform, s.d, m.vip
    having sum(s.valid * ${RATE}) / 10000 > 0`);
  await run('rebate_day_members', `
    insert into rebate_day_members (day, member_id, valid, vip)
    select ${dayKeyOf('s.d')}, s.member_id, sum(s.valid), min(m.vip)
    from seed_bet_sums s join members m on m.id = s.member_id
    where s.d <= ${SETTLED_LAST} group by s.d, s.member_id`);
  // the reports' bet rollups as rollUpBets adds them (the bets are inserted rolled up)
  await run('report rollups of the bets', `
    insert into report_bet_days (day, platform, category_id, bet_count, stake, valid, result)
    select d, platform, category_id, sum(n), sum(stake), sum(valid), sum(result) from seed_bet_sums group by 1, 2, 3;
    insert into report_member_days (day, member_id, referrer, bet_count, stake, valid, result)
    select s.d, s.member_id, min(m.referrer_pid), sum(s.n), sum(s.stake), sum(s.valid), sum(s.result)
    from seed_bet_sums s join members m on m.id = s.member_id group by 1, 2;
    insert into report_days (day, active_members) select day, count(*) from report_member_days group by day`);
  await run('promo_day_runs (rebate and VIP days)', `
    insert into promo_day_runs (task, day, members, rows, amount, holder, created_at, reruns, flow_tracked, pass)
    select 'rebate', r.day, coalesce(m.n, 0), r.n, r.amount, 'seed-scale', r.at, 0, 1, null
    from (select day, count(*) as n, sum(amount) as amount, min(created_at) as at from rebates group by day) r
      left join (select day, count(*) as n from rebate_day_members group by day) m on m.day = r.day
    union all
    select 'vip', day, 0, 0, 0, 'seed-scale', min(created_at) + 600000, 0, 0, null from rebates group by day`);
  // red packets: each member with money grabs on days after its first deposit (probe01: 30 days running)
  await run('red packet grabs', `
    insert into red_packet_grabs (grab_no, member_id, day, seq, rule_id, deposits, amount, turnover_multiple, created_at)
    select 'HB' || lpad((p.pop * 100000000 + n)::text, 12, '0'), p.member_id, ${dayKeyOf(dayNo('t'))}, 1, r.id, p.a1,
      r.amount_min + pg_temp.h(p.seed * 100 + n / b.b, 61) % (r.amount_max - r.amount_min + 1), r.turnover_multiple, t
    from (select 1 as pop, ${pops[1].B} as b, ${pops[1].B * pops[1].grabs} as total union all select 2, 1, ${PROBE.grabs}) b
      cross join lateral generate_series(0, b.total - 1) n
      join seed_pop p on p.pop = b.pop and p.k = n % b.b
      join lateral (select * from red_packet_rules x where x.deposit_min <= p.a1 and (x.deposit_max is null or p.a1 <= x.deposit_max) order by id limit 1) r on true,
      lateral (select least(${NOW - 60_000}, (${dayNo('p.a_ms')} + n / b.b)::bigint * ${DAY} - ${BJ} + 43200000 + pg_temp.h(p.seed, 62) % 21600000) as t) x`);
  // activity applications: 2% of the crowd and 20 of probe01's (approved with a bonus, rejected, or waiting)
  await run('activity applications', `
    insert into activity_applications (apply_no, member_id, activity_id, activity_name, state, bonus, turnover_multiple, reason, reviewed_by, created_at, reviewed_at)
    select 'AP' || lpad((p.pop * 100000000 + p.k * 100 + j)::text, 12, '0'), p.member_id, a.id, a.title, st,
      case when st = 2 then 1888 + pg_temp.h(p.seed + j, 71) % 7000 else 0 end, case when st = 2 then 1 else 0 end,
      case when st = 3 then '不符合活动条件' else '' end, case when st = 1 then null else 'admin:1' end,
      t, case when st = 1 then null else t + 3600000 end
    from seed_pop p
      cross join lateral generate_series(0, case when p.pop = 2 then ${PROBE.applications - 1} else 0 end) j
      join lateral (select id, title from activities order by id offset (pg_temp.h(p.seed * 10 + j, 72) % 9) limit 1) a on true,
      lateral (select case when j = 0 and pg_temp.h(p.seed, 73) % 10 = 0 then 1 when pg_temp.h(p.seed * 10 + j, 74) % 3 = 0 then 3 else 2 end as st,
                      case when j = 0 and pg_temp.h(p.seed, 73) % 10 = 0 then ${NOW - 7_200_000} else p.a_ms + p.span / 5 + (p.span / 2) * j / 20 end as t) x
    where p.pop = 2 or pg_temp.h(p.seed, 70) % 50 = 0`);
}

// ---- agents -------------------------------------------------------------------------------------

async function seedAgents(run: Run) {
  await run('agents', `
    insert into agents (id, member_id, code, plan_id, upline_agent_id, state, note, source, created_by, created_at, updated_at)
    select a + 1, 7 * a + 1, 'AG' || lpad((a + 1)::text, 6, '0'), (select id from agent_plans where is_default = 1),
      case when a % 5 = 4 then a end, 1, '', 'operator', 'admin:1', m.created_at, m.created_at
    from generate_series(0, ${A - 1}) a join members m on m.id = 7 * a + 1
    union all
    select ${A + 1}, ${PROBE_AGENT_ID}, 'PROBEAG1', (select id from agent_plans where is_default = 1), null, 1, '', 'operator', 'admin:1', ${T0 - 200 * DAY}, ${T0 - 200 * DAY}`);
  await run('agent links (downlines)', `
    insert into agent_links (member_id, agent_id, from_ms, to_ms)
    select id, case when referrer_pid = 'PROBEAG1' then ${A + 1} else substr(referrer_pid, 3)::bigint end, created_at, null
    from members where referrer_pid is not null`);
}

// ---- venue transfers ----------------------------------------------------------------------------

/**
 * Round trips to a venue and back (3 entries each); their number fills the ledger up to about
 * TL entries. A trip brings back its stake +d% and the next one -d% (d 0..10), so pairs cancel
 * and a member never ends below what its deposits left.
 */
async function seedTransfers(client: pg.Client, run: Run) {
  const other = await client.query<{ n: number }>(`
    select ((select count(*) from deposits where status = 'credited')
          + (select count(*) from withdrawals) + (select count(*) from withdrawals where state <> 1)
          + (select count(distinct claim_no) from rebates where claim_no is not null)
          + (select count(*) from red_packet_grabs)
          + (select count(*) from activity_applications where bonus > 0)
          + (select count(*) from seed_pop where pop = 1 and pg_temp.h(member_id, 80) % 100 = 0))::bigint as n`);
  const trips = Math.max(pops[1].B, Math.floor((TL - Number(other.rows[0].n)) / 3) - PROBE.trips);
  await run(`staging: venue round trips (${fmt(trips)} + ${PROBE.trips})`, `
    create unlogged table seed_trip as
    select (p.pop * 100000000 + n) * 2 as id, p.member_id, r, v.vidx, v.platform,
      greatest(100, p.a1 * 3 / 10 / 100 * 100) as x, pg_temp.h(p.seed * 1000 + r / 2, 42) % 11 as d,
      p.a_ms + p.span / 10 + pg_temp.h(p.seed * 1000 + r, 40) % greatest(p.span * 9 / 10 - 7200000, 1) as t
    from (select 1 as pop, ${pops[1].B} as b, ${trips} as total union all select 2, 1, ${PROBE.trips}) b
      cross join lateral generate_series(0, b.total - 1) n
      join seed_pop p on p.pop = b.pop and p.k = n % b.b,
      lateral (select (n / b.b)::int as r) rr,
      seed_venues v
    where v.vidx = pg_temp.h(p.seed * 1000 + r, 41) % ${venueCount}`);
  await run('venue transfers', `
    insert into venue_transfers (id, transfer_id, member_id, platform, direction, amount, status, created_at, settled_at, attempts, last_error)
    select id, 'SCT' || lpad(id::text, 14, '0'), member_id, platform, 'to_venue', x, 1, t, t + 2000, 1, null from seed_trip
    union all
    select id + 1, 'SCT' || lpad((id + 1)::text, 14, '0'), member_id, platform, 'from_venue',
      case when r % 2 = 0 then x + x * d / 100 else x - x * d / 100 end, 1, t + 1800000, t + 1802000, 1, null from seed_trip`);
  await run('venue players and balances', `
    insert into venue_players (provider, member_id, player, created_at)
    select 'sandbox', member_id, 'cs' || member_id, min(t) - 1000 from seed_trip group by member_id;
    insert into venue_balances (member_id, platform, balance, updated_at)
    select member_id, platform, greatest(0, sum(case when r % 2 = 0 then - x * d / 100 else x * d / 100 end)), max(t) + 1802000
    from seed_trip group by member_id, platform`);
}

// ---- the ledger ---------------------------------------------------------------------------------

/**
 * Every movement above as its ledger entry (keys and references as the real code writes them),
 * then the accounts with balances summed from them, then the entries in time order.
 */
async function seedLedger(run: Run) {
  await run('staging: ledger entries', `
    create unlogged table seed_entries as
    -- deposits credited: house:deposits -> central, deposit:{no}:credit
    select ${HOUSE.deposits}::bigint as f, ${central('member_id')}::bigint as t, coalesce(credited_amount, amount) as amount, 'deposit'::text as kind,
      deposit_no::text as reference, 'deposit:' || deposit_no || ':credit' as key, ''::text as memo,
      case when kind = 'online' then 'gateway:sandbox' else 'admin:1' end as by, credited_at as at
    from deposits where status = 'credited'
    union all -- withdrawals: central -> hold at submission
    select ${central('member_id')}, ${hold('member_id')}, amount, 'withdraw_hold', withdraw_no, 'withdraw:' || id || ':hold', '', 'system', created_at from withdrawals
    union all -- and the decision: hold -> payouts, or back to central
    select ${hold('member_id')}, case when state = 2 then ${HOUSE.payouts} else ${central('member_id')} end, amount,
      case when state = 2 then 'withdraw_payout' else 'withdraw_return' end, withdraw_no, 'withdraw:' || id || ':decision', '', 'admin:1', decided_at
    from withdrawals where state <> 1
    union all -- rebate claims: house:rebate -> central, rebate:{claim_no}
    select ${HOUSE.rebate}, ${central('member_id')}, sum(amount), 'rebate', claim_no, 'rebate:' || claim_no, '返水领取', 'system', min(claimed_at)
    from rebates where claim_no is not null group by member_id, claim_no
    union all -- red packets: house:red_packet -> central, redpacket:{grab_no}
    select ${HOUSE.red_packet}, ${central('member_id')}, amount, 'red_packet', grab_no, 'redpacket:' || grab_no, '抢红包', 'system', created_at from red_packet_grabs
    union all -- activity bonuses: house:bonus -> central, activity:{apply_no}:bonus
    select ${HOUSE.bonus}, ${central('member_id')}, bonus, 'bonus', apply_no, 'activity:' || apply_no || ':bonus', '活动彩金：' || activity_name, 'admin:1', reviewed_at
    from activity_applications where bonus > 0
    union all -- operator credits: house:adjustments -> central, admin-adjust:{request id}
    select ${HOUSE.adjustments}, ${central('member_id')}, 5000 + pg_temp.h(member_id, 81) % 50000, 'adjustment', 'admin-adjust:' || md5('adj' || member_id)::uuid,
      'admin-adjust:' || md5('adj' || member_id)::uuid, '活动补偿', 'admin:1', a_ms + span / 2
    from seed_pop where pop = 1 and pg_temp.h(member_id, 80) % 100 = 0
    union all -- venue round trips: central -> transit -> clearing, later clearing -> central
    select ${central('member_id')}, ${transit('member_id')}, x, 'transit_hold', 'transfer:SCT' || lpad(id::text, 14, '0'), 'transfer:SCT' || lpad(id::text, 14, '0') || ':hold', '', 'system', t from seed_trip
    union all
    select ${transit('member_id')}, ${clearing('vidx')}, x, 'venue_transfer_out', 'transfer:SCT' || lpad(id::text, 14, '0'), 'transfer:SCT' || lpad(id::text, 14, '0') || ':outcome', '', 'system', t + 2000 from seed_trip
    union all
    select ${clearing('vidx')}, ${central('member_id')}, case when r % 2 = 0 then x + x * d / 100 else x - x * d / 100 end, 'venue_transfer_in',
      'transfer:SCT' || lpad((id + 1)::text, 14, '0'), 'transfer:SCT' || lpad((id + 1)::text, 14, '0') || ':outcome', '', 'system', t + 1802000 from seed_trip`);
  await run('ledger accounts (balances from the entries)', `
    with moves as (select t as account, amount as delta from seed_entries union all select f, -amount from seed_entries),
         bal as (select account, sum(delta)::bigint as balance from moves group by account)
    insert into ledger_accounts (id, code, member_id, kind, balance, created_at)
    select a.id, a.code, a.member_id, a.kind, coalesce(bal.balance, 0), a.created_at
    from (
      select v as id, 'house:' || name as code, null::bigint as member_id, 'house' as kind, ${NOW - 365 * DAY - DAY} as created_at
      from unnest(array['deposits','payouts','bonus','rebate','red_packet','adjustments','commission']) with ordinality as h(name, v)
      union all
      select ${clearing('vidx')}, 'venue:' || platform || ':clearing', null, 'venue_clearing', ${NOW - 365 * DAY - DAY} from seed_venues
      union all
      select ${central('m.id')} + k.o, 'member:' || m.id || ':' || k.kind, m.id, k.kind, m.created_at
      from members m cross join (values (0, 'central'), (1, 'withdraw_hold'), (2, 'transit')) k(o, kind)
    ) a left join bal on bal.account = a.id`);
  await run('ledger entries (in time order)', `
    insert into ledger_entries (from_account_id, to_account_id, amount, kind, reference, idempotency_key, memo, created_by, created_at)
    select f, t, amount, kind, reference, key, memo, by, at from seed_entries order by at`);
}

// ---- what the money left behind: turnover, inbox, audit, logins ----------------------------------

async function seedOthers(run: Run) {
  await run('turnover requirements (completed, as bets filled them)', `
    insert into turnover_requirements (member_id, source, reference, credited, required, done, created_at, completed_at, waived)
    select member_id, source, reference, credited, credited, credited, at, least(at + 86400000, ${NOW - 60_000}), 0 from (
      select member_id, 'deposit' as source, deposit_no as reference, credited_amount as credited, credited_at as at from deposits where status = 'credited'
      union all select member_id, 'rebate', claim_no, sum(amount), min(claimed_at) from rebates where claim_no is not null group by member_id, claim_no
      union all select member_id, 'red_packet', grab_no, amount, created_at from red_packet_grabs
      union all select member_id, 'activity', apply_no, bonus, reviewed_at from activity_applications where bonus > 0
    ) s`);
  await run('inbox messages', `
    insert into member_messages (member_id, title, content, is_read, created_at, read_at, dedupe_key)
    select member_id,
      case when state = 2 then '取款审核通过' else '取款未通过审核' end,
      case when state = 2 then '您的取款单 ' || withdraw_no || '（' || to_char(amount / 100.0, 'FM999999990.00') || ' 元）已审核通过，款项已出，请留意到账。'
           else '您的取款单 ' || withdraw_no || '（' || to_char(amount / 100.0, 'FM999999990.00') || ' 元）未通过审核，原因：' || reason || '。取款金额已退回您的中心钱包。' end,
      case when pg_temp.h(id, 90) % 10 < 7 then 1 else 0 end, decided_at,
      case when pg_temp.h(id, 90) % 10 < 7 then decided_at + 3600000 end, 'withdraw:' || withdraw_no
    from withdrawals where state <> 1
    union all
    select ${PROBE_ID}, '平台公告 ' || i, '尊敬的会员：第 ' || i || ' 期活动已开启，详情请查看优惠活动页面。', (i % 2)::int,
      ${T0 - 29 * DAY} + i::bigint * ${Math.floor((29 * DAY) / PROBE.messages)}, null, null
    from generate_series(1, ${PROBE.messages}) i`);
  await run('operators and audit log', `
    insert into admins (username, password_hash, role, created_at, status, created_by, must_change_password)
    select u, (select password_hash from admins where id = 1), r, ${NOW - 400 * DAY}, 1, 1, 0
    from (values ('finance01', 'finance'), ('finance02', 'finance'), ('support01', 'support')) o(u, r);
    insert into admin_audit (admin_id, action, target, detail, ip, created_at)
    select (select a.id from admins a where a.username = case when w.id % 2 = 0 then 'finance01' else 'finance02' end),
      case when w.state = 2 then 'withdrawal.approve' else 'withdrawal.reject' end, 'withdrawal:' || w.withdraw_no,
      json_build_object('before', json_build_object('state', 1), 'after', json_build_object('state', w.state), 'amount_fen', w.amount)::text,
      '10.8.0.' || (w.id % 200), w.decided_at
    from withdrawals w where w.state <> 1
    union all
    select (select id from admins where username = 'finance01'), case when status = 'credited' then 'deposit.approve' else 'deposit.reject' end, 'deposit:' || deposit_no,
      json_build_object('before', json_build_object('status', 'pending'), 'after', json_build_object('status', status))::text, '10.8.0.9', decided_at
    from deposits where kind = 'manual' and decided_at is not null
    union all
    select 1, 'member.adjust', 'member:' || member_id, json_build_object('username', 'm' || lpad(member_id::text, 7, '0'), 'amount_fen', 5000 + pg_temp.h(member_id, 81) % 50000, 'reason', '活动补偿', 'turnover_fen', 0)::text,
      '10.8.0.1', a_ms + span / 2
    from seed_pop where pop = 1 and pg_temp.h(member_id, 80) % 100 = 0`);
  await run('member logins (registration)', `
    insert into member_logins (member_id, ip, user_agent, created_at, device)
    select id, register_ip, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', created_at, md5('dev' || id)::uuid::text from members`);
}

// ---- rollups, figures, verify --------------------------------------------------------------------

async function rollups() {
  const config = appConfig();
  const database = openDatabase(config);
  const db = database.db;
  try {
    // the ledger's days: the server's own rollup, run until its cursor reaches today
    const ctx = { config, db, dialect: database.dialect, log: pino({ level: 'warn' }) } as unknown as AppContext;
    const reports = createReportsService(ctx);
    for (let i = 0; i < 20; i++) {
      const r = await reports.rollup(NOW, Number.POSITIVE_INFINITY);
      if (r.days <= 2) break;
    }
    // agents: the first deposits of linked members as rollupDay finds them (the earliest deposit
    // entry into the central wallet), in one statement instead of one query per member; then each
    // day of the window recomputed by the job's own function, two days at a time
    await sql.raw(`
      insert into agent_first_deposits (member_id, at, amount)
      select distinct on (a.member_id) a.member_id, e.created_at, e.amount
      from ledger_entries e join ledger_accounts a on a.id = e.to_account_id and a.kind = 'central'
      where e.kind = 'deposit' and exists (select 1 from agent_links l where l.member_id = a.member_id)
      order by a.member_id, e.created_at, e.id`).execute(db);
    const days = Array.from({ length: DAYS + 2 }, (_, i) => D0 - DAYS - 1 + i);
    await Promise.all([0, 1].map(async () => {
      for (let d = days.shift(); d !== undefined; d = days.shift()) await rollupDay(db, d);
    }));
    const last = await db.selectFrom('bets').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    await setAgentMark(db, 'bets_id', Number(last?.id ?? 0));
  } finally {
    await database.close();
  }
}

async function printFigures(client: pg.Client) {
  const tables = ['members', 'ledger_accounts', 'ledger_entries', 'bets', 'deposits', 'withdrawals', 'venue_transfers', 'agents', 'agent_links', 'rebates', 'red_packet_grabs', 'member_messages', 'turnover_requirements', 'admin_audit', 'member_logins', 'report_member_days', 'agent_member_days'];
  const out: string[] = [];
  for (const t of tables) {
    const r = await client.query<{ n: string }>(`select count(*) as n from ${t}`);
    out.push(`${t} ${fmt(Number(r.rows[0].n))}`);
  }
  const size = await client.query<{ s: string }>('select pg_size_pretty(pg_database_size(current_database())) as s');
  console.log(`  rows: ${out.join(', ')}`);
  console.log(`  database size ${size.rows[0].s}`);
}

async function verifyLedger() {
  const database = openDatabase(appConfig());
  try {
    const found = await wallet.verify(database.db);
    for (const v of found.slice(0, 10)) console.log(`    ${v.check}: ${v.message}`);
    console.log(`  verify(): ${found.length === 0 ? 'sound (no violations)' : `${found.length} violations`}`);
    if (found.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
