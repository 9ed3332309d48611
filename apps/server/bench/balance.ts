import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BALANCE_TTL_MS } from '../src/modules/accounts/index.ts';
import { dbStatements as statements, load, post, startBare, startServer, type LoadResult } from './lib.ts';

/**
 * POST /api/balance, the poll every signed-in member sends every 4.3 s (issue 24):
 * - one server process on a SQLite file, 50 signed-in members polling, beside a bare Node http
 *   server answering a fixed envelope, same load generator, same run (aim: at least half its rate);
 * - two server processes on one PostgreSQL database (BENCH_PG_URL, by default the local test
 *   server; skipped when unreachable), the same members polling both at once.
 * Each run also counts the statements the processes sent to their database (their /metrics
 * casino_db_statements_total, jobs off) per poll answered: aim, fewer than 0.1 while balances do
 * not change.
 */
export interface BalanceFigures {
  api: LoadResult;
  bare: LoadResult;
  ratio: number;
  statementsPerPoll: number;
  postgres?: { rps: number; p99: number; statementsPerPoll: number; errors: number; non2xx: number };
}

const MEMBERS = 50;
const SERVER_ENV = { JOBS: 'off' };

async function members(base: string, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `${prefix}${String(i).padStart(3, '0')}`;
    const reply = await post(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
    if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
    tokens.push(reply.data.api_token);
  }
  return tokens;
}

/** every token must really be accepted by every process, or the figures measure refusals */
async function accepted(bases: string[], tokens: string[]) {
  for (const base of bases) {
    for (const token of tokens) {
      const reply = await post(base, '/api/balance', {}, token);
      if (reply.code !== 200) throw new Error(`balance refused: ${reply.message}`);
    }
  }
}

/** LoadResults of rounds added up: rates and totals summed over the time, the worst p99 */
function combined(rounds: LoadResult[], seconds: number): LoadResult {
  const total = rounds.reduce((n, r) => n + r.total, 0);
  return {
    rps: Math.round(total / seconds),
    p99: Math.max(...rounds.map((r) => r.p99)),
    p50: Math.max(...rounds.map((r) => r.p50)),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    total,
  };
}

export async function benchBalance(seconds: number, opts: { pgUrl?: string } = {}): Promise<BalanceFigures> {
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const server = await startServer(3901, SERVER_ENV);
  const bare = await startBare(3902);
  const base = 'http://127.0.0.1:3901';
  let api: LoadResult;
  let yard: LoadResult;
  let statementsPerPoll: number;
  try {
    const tokens = await members(base, 'bench');
    await accepted([base], tokens);
    await load(`${base}/api/balance`, { connections: MEMBERS, seconds: 2, tokens }); // warm-ups
    await load('http://127.0.0.1:3902/', { connections: MEMBERS, seconds: 2 });
    // the two take turns, so that whatever else the machine does weighs on both alike
    const rounds = seconds >= 4 ? 4 : 2;
    const serverRounds: LoadResult[] = [];
    const bareRounds: LoadResult[] = [];
    const before = await statements(base);
    for (let i = 0; i < rounds; i++) {
      serverRounds.push(await load(`${base}/api/balance`, { connections: MEMBERS, seconds: seconds / rounds, tokens }));
      bareRounds.push(await load('http://127.0.0.1:3902/', { connections: MEMBERS, seconds: seconds / rounds }));
    }
    api = combined(serverRounds, seconds);
    yard = combined(bareRounds, seconds);
    statementsPerPoll = ((await statements(base)) - before) / Math.max(1, api.total);
  } finally {
    await bare.stop();
    await server.stop();
  }

  const ratio = api.rps / yard.rps;
  console.log(`\nPOST /api/balance, ${MEMBERS} members polling, ${seconds} s each in turns (SQLite, one server process)`);
  console.log(`  server : ${api.rps} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, ${api.total} requests, non-2xx ${api.non2xx}, errors ${api.errors}`);
  console.log(`  bare   : ${yard.rps} req/s, p50 ${yard.p50} ms, p99 ${yard.p99} ms, ${yard.total} requests`);
  console.log(`  ratio  : ${(ratio * 100).toFixed(1)}% of the bare server's rate (aim: at least 50%)`);
  console.log(`  database statements per poll: ${statementsPerPoll.toFixed(4)} (aim: under 0.1)`);

  const postgres = await twoProcesses(seconds, pgUrl);
  // at 4.3 s a poll, a member's kept balance (BALANCE_TTL_MS) is read again once per this many polls
  // and its session is confirmed by the batched idle-clock write, one statement for many members
  console.log(
    `  at the live cadence (a poll every 4.3 s): at most one balance read per member per ${BALANCE_TTL_MS / 1000} s = ` +
      `${(4.3 / (BALANCE_TTL_MS / 1000)).toFixed(3)} statements per poll, plus one idle-clock write per process every 5 s for all its members`,
  );
  return { api, bare: yard, ratio, statementsPerPoll, postgres };
}

/** two processes on one fresh PostgreSQL database, the members polling both at once */
async function twoProcesses(seconds: number, pgUrl: string): Promise<BalanceFigures['postgres']> {
  const dbName = `bench_bal_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (e) {
    console.log(`  postgres: skipped (${pgUrl} not reachable: ${(e as Error).message})`);
    await admin.end().catch(() => {});
    return undefined;
  }
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  const env = { ...SERVER_ENV, DATABASE_URL: url.toString() };
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    servers.push(await startServer(3903, env));
    // a METRICS_PORT given to the bench (scripts/metrics-dashboard.mjs) is the first process's only
    servers.push(await startServer(3904, { ...env, METRICS_PORT: '' }));
    const bases = ['http://127.0.0.1:3903', 'http://127.0.0.1:3904'];
    const tokens = await members(bases[0], 'pgbench');
    await accepted(bases, tokens);
    // half the connections on each process; the second takes the members in the other order
    const orders = [tokens, [...tokens].reverse()];
    const run = (s: number) => Promise.all(bases.map((b, i) => load(`${b}/api/balance`, { connections: MEMBERS / 2, seconds: s, tokens: orders[i] })));
    await run(2);
    const before = (await Promise.all(bases.map(statements))).reduce((a, b) => a + b, 0);
    const results = await run(seconds);
    const after = (await Promise.all(bases.map(statements))).reduce((a, b) => a + b, 0);
    const total = results.reduce((n, r) => n + r.total, 0);
    const figures = {
      rps: results.reduce((n, r) => n + r.rps, 0),
      p99: Math.max(...results.map((r) => r.p99)),
      statementsPerPoll: (after - before) / Math.max(1, total),
      errors: results.reduce((n, r) => n + r.errors, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    };
    console.log(`\nPOST /api/balance, ${MEMBERS} members polling two server processes on one PostgreSQL database, ${seconds} s`);
    console.log(`  servers: ${figures.rps} req/s together, p99 ${figures.p99} ms, ${total} requests, non-2xx ${figures.non2xx}, errors ${figures.errors}`);
    console.log(`  database statements per poll: ${figures.statementsPerPoll.toFixed(4)} (aim: under 0.1)`);
    return figures;
  } finally {
    for (const s of servers) await s.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

// run on its own: npx tsx apps/server/bench/balance.ts
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await benchBalance(Number(process.env.BENCH_SECONDS || 10));
