// npm run scale:check -- --rules [--db postgres://postgres@127.0.0.1:5432/scale] [--per-day 10000000]
//                                 [--hours 1] [--ticks 40] [--keep]
//
// Issue 36 point 9: the risk rules job (modules/risk/rules-job.ts, every 15 s over the rows written
// since its watermarks) over a day of bets at the rate of --per-day (10 million: about 116 a second,
// 1,700 a 15-second tick). On a copy of a `npm run seed:scale` database (<db>_rules, made from it as
// a template, so the seeded one stays as it was; dropped at the end unless --keep), it writes
// --hours of that day ending now:
// - the crowd's bets: a tenth of the members bet; 3 in 10 bets are on one of 300 matches of a
//   two-hour slot (the detail names the fixture and the pick, as the provider's match games do),
//   the rest slots; one in 100,000 wins 60,000 yuan (big_win);
// - 200 linked pairs (the second member signed in once on the first one's device) and 200
//   unlinked control pairs, each pair betting 200 yuan on opposite sides of one match, twice per
//   1,000 bets each: linked_opposite should fire for the linked pairs only;
// - withdrawals at the seed's ratio (2 per 100 bets), copied from seeded ones.
// Then it runs the job's code (runRiskRules, this process, the server's own database layer) with its
// clock, as the scheduler would:
// 1. steady state: --ticks runs 15 s apart from the start of the written hours (the first 8, while
//    the 2-minute overlap fills, are not counted), p50/p99/max of a run and the rows it read;
// 2. catch-up: from the last tick's mark to the end of the written hours in as many runs as the
//    job takes, their time and bets per second; a day's backlog extrapolated from that rate.
// Prints figures; no pass or fail.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase } from '../apps/server/src/db/index.ts';
import { addressFilter, rulesMemory } from '../apps/server/src/modules/risk/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' },
    'per-day': { type: 'string', default: '10000000' },
    hours: { type: 'string', default: '1' },
    ticks: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
    // reuse a copy kept by --keep (its bench rows already written)
    reuse: { type: 'boolean', default: false },
    rules: { type: 'boolean' },
    // another copy of the job's module to time (a before/after comparison), relative to this script
    job: { type: 'string' },
    // print each run's time as it ends
    verbose: { type: 'boolean' },
    'no-migrate': { type: 'boolean' },
  },
  strict: false,
});
const SRC = String(args.db);
const PER_DAY = Number(args['per-day']);
const HOURS = Number(args.hours);
const TICKS = Math.max(10, Number(args.ticks));
const WARM = 8; // the overlap (2 minutes) fills in 8 ticks
const TICK = 15_000;
const PAIRS = 200;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const srcName = new URL(SRC).pathname.slice(1);
const copy = `${srcName}_rules`;
const adminUrl = new URL(SRC);
adminUrl.pathname = '/postgres';
const copyUrl = new URL(SRC);
copyUrl.pathname = `/${copy}`;

const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
const t0 = performance.now();
if (!args.reuse) {
  await admin.query(`drop database if exists ${copy} with (force)`);
  try {
    await admin.query(`create database ${copy} template ${srcName} strategy file_copy`);
  } catch (err) {
    // a template must have no other connection: say who holds it
    const { rows } = await admin.query(`select count(*) as n, string_agg(distinct application_name, ', ') as apps from pg_stat_activity where datname = $1`, [srcName]);
    throw new Error(`cannot copy ${srcName} (${(err as Error).message}); ${rows[0].n} connections (${rows[0].apps}). Try again when it is idle, or make a database of your own with npm run seed:scale -- --scale 0.2 --db ...`);
  }
  console.log(`copy ${copy} of ${srcName} made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const config = loadConfig({}, { databaseUrl: copyUrl.toString(), dataDir: path.join(ROOT, 'data', `scale-${srcName}`), logLevel: 'warn', jobs: false, seedDemo: false, operatorSetup: false, webDist: '/nonexistent', adminDist: '/nonexistent' });
const database = openDatabase(config);
// the copy takes migrations newer than its seed (indexes under test); --no-migrate keeps a reused copy as it is (a before figure)
if (!args['no-migrate']) await migrate(database);
const db = database.db;
const { runRiskRules } = (await import(args.job ? String(args.job) : '../apps/server/src/modules/risk/rules-job.ts')) as typeof import('../apps/server/src/modules/risk/rules-job.ts');
// the scheduled job's own memory between runs (riskJobs keeps one)
const memory = rulesMemory();
const c = new pg.Client({ connectionString: copyUrl.toString() });
await c.connect();
const q = async <R extends pg.QueryResultRow = any>(text: string, values?: unknown[]) => (await c.query<R>(text, values)).rows;

try {
  const N = Number((await q(`select count(*) as n from members where username like 'm%'`))[0].n);
  const COUNT = Math.round((PER_DAY * HOURS) / 24);
  const SPAN = Math.round(HOURS * 3_600_000);
  let START: number;
  if (args.reuse) {
    START = Number((await q(`select min(pulled_at) as t from bets where platform = 'RBENCH'`))[0].t);
  } else {
    START = Math.floor((Date.now() - SPAN) / 1000) * 1000;
    const cols = new Set((await q(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'bets'`)).map((r) => r.column_name as string));
    // the round and side columns, when the bets table has them (issue 36: the feed's round id)
    const extraCols = [cols.has('round_id') ? 'round_id' : '', cols.has('side') ? 'side' : ''].filter(Boolean);
    // (a slot's bet is a round of its own; a match's side is home | draw | away)
    const extraVals = [
      cols.has('round_id') ? `case when x.side is null then 'RS' || x.i else 'M' || x.match end` : '',
      cols.has('side') ? `case x.side when '主胜' then 'home' when '平局' then 'draw' when '客胜' then 'away' end` : '',
    ].filter(Boolean);
    // the pairs: members a = 5 + 20p (linked: b = 15 + 20p signs in on a's device), c = 7 + 20p and d = 17 + 20p (control)
    await q(`insert into member_logins (member_id, ip, user_agent, created_at, device, kind)
      select 15 + 20 * p, '10.250.' || (p / 250) || '.' || (p % 250), 'risk-bench', $1::bigint - 86400000, md5('dev' || (5 + 20 * p))::uuid::text, 'login'
      from generate_series(0, ${PAIRS - 1}) p`, [START]);
    const t1 = performance.now();
    // bet i: the pair slots 3,4 (linked) and 5,6 (control) of every 1,000; else the crowd (a tenth of the members, ids 1 mod 10)
    await q(`
      insert into bets (platform, bet_id, member_id, game_code, game_name, category_id, bet_amount, valid_amount, win_loss, status, detail, created_at, settled_at, pulled_at, turnover_counted, rolled_up${extraCols.map((x) => `, ${x}`).join('')})
      select 'RBENCH', 'RB' || x.i, x.member_id, case when x.side is null then 'slot' else 'match' end, case when x.side is null then '老虎机' else '足球' end,
        case when x.side is null then 'concise' else 'sport' end, x.stake, x.stake,
        case when hashint8(x.i * 10 + 4) % 100000 = 0 then 6000000 else x.stake * (((hashint8(x.i * 10 + 5)::bigint & 2147483647) % 190) - 100) / 100 end, 1,
        case when x.side is null then '' else '联赛 主队' || x.match || ' vs 客队' || x.match || ' · ' || x.side || ' @1.90 · 投注 ' || (x.stake / 100) end,
        x.pulled - 660000, x.pulled - 60000, x.pulled, 1, 1${extraVals.map((x) => `, ${x}`).join('')}
      from (
        select i, pulled, stake, member_id, side, (pulled / 7200000) * 1000 + (hashint8(case when pair then i / 1000 else i end * 10 + 6)::bigint & 2147483647) % 300 as match
        from (
          select i, $1::bigint + i * ${SPAN}::bigint / ${COUNT} as pulled, r in (3, 4, 5, 6) as pair,
            case when r in (3, 4, 5, 6) then 20000 else 1000 + ((hashint8(i * 10 + 1)::bigint & 2147483647) % 50) * 1000 end as stake,
            case r when 3 then 5 + 20 * p when 4 then 15 + 20 * p when 5 then 7 + 20 * p when 6 then 17 + 20 * p
              else 1 + 10 * ((hashint8(i * 10 + 2)::bigint & 2147483647) % ${Math.floor(N / 10)}) end as member_id,
            case when r in (3, 5) then '主胜' when r in (4, 6) then '客胜'
              when (hashint8(i * 10 + 3)::bigint & 2147483647) % 10 < 3 then (array['主胜', '平局', '客胜'])[1 + (hashint8(i * 10 + 7)::bigint & 2147483647) % 3] else null end as side
          from generate_series(0, ${COUNT - 1}) i, lateral (select (i % 1000)::int as r, ((i / 1000) % ${PAIRS})::int as p) k
        ) y
      ) x`, [START]);
    const betMs = performance.now() - t1;
    // withdrawals: 2 per 100 bets, copies of seeded ones (their members' deposits and turnover are the seed's)
    const wcols = (await q(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'withdrawals' and column_name not in ('id', 'withdraw_no', 'created_at', 'state', 'decided_by', 'decided_at', 'claimed_by', 'claimed_at', 'first_approved_by', 'first_approved_at')`)).map((r) => r.column_name as string);
    const W = Math.round(COUNT / 50);
    await q(`insert into withdrawals (withdraw_no, created_at, state, ${wcols.join(', ')})
      select 'RBW' || k, $1::bigint + k * ${SPAN}::bigint / ${W}, 1, ${wcols.map((x) => `w.${x}`).join(', ')}
      from (select row_number() over () - 1 as k, w.* from (select * from withdrawals order by id limit ${W}) w) w`, [START]);
    await q('analyze bets; analyze withdrawals; analyze member_logins');
    console.log(`wrote ${fmt(COUNT)} bets (${HOURS} h at ${fmt(PER_DAY)} a day) in ${(betMs / 1000).toFixed(1)} s and ${fmt(W)} withdrawals; ${fmt(N)} members, ${fmt(N / 10)} betting; ${PAIRS} linked and ${PAIRS} control pairs`);
  }
  const filter = addressFilter(config.trustedProxies ?? []);
  await q(`delete from risk_marks`);
  await q(`delete from risk_events`);
  await q(`delete from risk_bet_sides`);
  // the seeded grabs and applications are older than the window: the runs read only what is written in it
  await q(`insert into risk_marks (name, value) values ('bets', $1), ('withdrawals', $1), ('activity_applications', $1), ('red_packet_grabs', (select coalesce(max(id), 0) from red_packet_grabs))`, [START]);
  const betsIn = async (from: number, to: number) => Number((await q(`select count(*) as n from bets where pulled_at >= $1 and pulled_at < $2`, [from, to]))[0].n);
  const stats = (s: number[]) => {
    const x = [...s].sort((a, b) => a - b);
    return { p50: x[Math.floor(x.length / 2)], p99: x[Math.min(x.length - 1, Math.ceil(0.99 * x.length) - 1)], max: x[x.length - 1] };
  };
  const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

  // 1. steady state
  console.log(`\nsteady state: ${TICKS} runs 15 s apart from the first written bet (load ${loadavg()})`);
  const times: number[] = [];
  let now = START;
  for (let k = 1; k <= TICKS; k++) {
    now = START + k * TICK;
    const a = performance.now();
    await runRiskRules(db, filter, now, { memory });
    const ms = performance.now() - a;
    if (k > WARM) times.push(ms);
    if (args.verbose) console.log(`    run ${k}: ${ms.toFixed(0)} ms (load ${loadavg()})`);
  }
  const s = stats(times);
  const perTick = (await betsIn(START + WARM * TICK, now)) / (TICKS - WARM);
  console.log(`  one run (${TICKS - WARM} counted, ${fmt(perTick)} new bets each, reading ${fmt(await betsIn(now - TICK - 120_000, now))} with the overlap): p50 ${s.p50.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms  max ${s.max.toFixed(0)} ms (load ${loadavg()})`);

  // 2. catch-up
  const end = START + SPAN;
  const backlog = await betsIn(now, end);
  console.log(`\ncatch-up: ${fmt(backlog)} bets written after the last run (load ${loadavg()})`);
  const a = performance.now();
  let runs = 0;
  for (;;) {
    runs++;
    await runRiskRules(db, filter, end, { memory });
    const mark = Number((await q(`select value from risk_marks where name = 'bets'`))[0]?.value ?? 0);
    if (mark >= end || runs > 10_000) break;
  }
  const ms = performance.now() - a;
  const rate = (backlog / ms) * 1000;
  console.log(`  ${runs} run(s), ${(ms / 1000).toFixed(1)} s: ${fmt(rate)} bets/s; a day of ${fmt(PER_DAY)} at that rate: ${((PER_DAY / rate) / 60).toFixed(0)} min (load ${loadavg()})`);

  // what the rules found
  const ev = await q(`select rule, count(*) as n from risk_events group by rule order by rule`);
  const pairs = await q(`select
      count(*) filter (where (member_id - 5) % 20 = 0 and other_member_id = member_id + 10 or (other_member_id - 5) % 20 = 0 and member_id = other_member_id + 10) as linked,
      count(*) filter (where (member_id - 7) % 20 = 0 and other_member_id = member_id + 10 or (other_member_id - 7) % 20 = 0 and member_id = other_member_id + 10) as control
    from risk_events where rule = 'linked_opposite' and member_id <= ${20 * PAIRS + 20} and other_member_id <= ${20 * PAIRS + 20}`);
  console.log(`\nevents opened: ${ev.map((r) => `${r.rule} ${fmt(Number(r.n))}`).join(', ') || 'none'}; linked_opposite between a linked pair ${pairs[0].linked}, between a control pair ${pairs[0].control}`);
} finally {
  await c.end();
  await database.close();
  if (!args.keep) await admin.query(`drop database if exists ${copy} with (force)`).catch(() => {});
  await admin.end();
}
