import path from 'node:path';
import { engineLimitOf, pct } from './ledger.ts';
import { checkBooks, dbStatements, onBothDatabases, post, startServer } from './lib.ts';

/**
 * Transfers per second through the whole path: member -> server (HTTP) -> ledger and the venue
 * adapter -> the sandbox over HTTP (mounted in the same server process, as `npm start` runs it)
 * -> ledger. The real server runs in a child process; `members` signed-in members each transfer
 * 1-yuan amounts into four venues as fast as their answers come back, then out again. Afterwards:
 * no transfer pending, each member's central wallet plus venue balances equal what was credited,
 * and wallet.verify() over the server's database is clean.
 *
 * On a SQLite file, and on PostgreSQL (a database of its own at BENCH_PG_URL, by default the local
 * test server; skipped when unreachable). BENCH_TRANSFER_SECONDS sets each phase's length (5).
 */
export interface TransferFigures {
  database: 'sqlite' | 'postgres';
  inPerSec: number;
  outPerSec: number;
  p50Ms: number;
  p99Ms: number;
  transfers: number;
  refused: number;
  pending: number;
  balanced: boolean;
  violations: number;
  /** issue 24: the engine's limit (entries/s, MEMBERS in flight) on the same database afterwards */
  engineLimit: number;
  /** issue 24: statements the server sent to its database per transfer (its jobs' included) */
  statementsPerTransfer: number;
}

const MEMBERS = 20;
const VENUES = ['pp', 'ag', 'fgdz', 'obgdy'];
const CREDIT_YUAN = 100_000;

export async function benchTransfers(opts: { seconds?: number; pgUrl?: string } = {}): Promise<TransferFigures[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_TRANSFER_SECONDS || 5);
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`\nVenue transfers through the whole path (HTTP to the server, HTTP to the sandbox), ${MEMBERS} members, ${seconds} s each way`);
  return onBothDatabases('bench_tr', pgUrl, (database, databaseUrl) => run(database, seconds, databaseUrl));
}

async function run(database: 'sqlite' | 'postgres', seconds: number, databaseUrl?: string): Promise<TransferFigures> {
  const port = 3911;
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SEED_DEMO: 'off' });
  try {
    await waitForCatalogue(base);
    const tokens = await members(base);

    const latencies: number[] = [];
    let refused = 0;
    const reasons = new Map<string, number>();
    const send = async (token: string, body: object) => {
      const t0 = performance.now();
      const reply = await post(base, '/api/transfer', body, token);
      latencies.push(performance.now() - t0);
      if (reply.code === 200 && reply.data?.status === 1) return true;
      refused++;
      reasons.set(reply.message, (reasons.get(reply.message) ?? 0) + 1);
      return false;
    };
    // into the venues for `seconds`; each member remembers what it put where
    const owed = tokens.map(() => [] as string[]);
    const s0 = await dbStatements(base);
    let started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      tokens.map(async (token, i) => {
        let k = i;
        while (performance.now() < end) {
          const venue = VENUES[k++ % VENUES.length];
          if (await send(token, { amount: 1, sourcetype: 'userbalance', targettype: venue })) owed[i].push(venue);
        }
      }),
    );
    const into = { done: owed.reduce((n, o) => n + o.length, 0), rate: 0 };
    into.rate = Math.round(into.done / ((performance.now() - started) / 1000));
    // and every yuan back out, one transfer each
    started = performance.now();
    const back = await Promise.all(
      tokens.map(async (token, i) => {
        let n = 0;
        for (const venue of owed[i]) if (await send(token, { amount: 1, sourcetype: venue, targettype: 'userbalance' })) n++;
        return n;
      }),
    );
    const out = { done: back.reduce((a, b) => a + b, 0), rate: 0 };
    out.rate = Math.round(out.done / ((performance.now() - started) / 1000));
    const statements = (await dbStatements(base)) - s0;
    for (const [message, n] of reasons) console.log(`    not completed: ${n} x ${message}`);

    // every member's money is where the books say: central + venues = what was credited
    let balanced = true;
    for (const token of tokens) {
      // balancelist answers the venues only; the central wallet is /api/balance's
      const list = (await post(base, '/api/balancelist', {}, token)).data as { balance: number }[];
      const central = (await post(base, '/api/balance', {}, token)).data as { balance: number };
      const total = Math.round(list.reduce((sum, e) => sum + e.balance * 100, central.balance * 100));
      if (total !== CREDIT_YUAN * 100) balanced = false;
    }
    await server.halt();

    const { violations, figure: pending } = await checkBooks(server.dataDir, databaseUrl, async (db) =>
      Number((await db.selectFrom('venue_transfers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 2).executeTakeFirstOrThrow()).n),
    );

    const engineLimit = await engineLimitOf(server.dataDir, databaseUrl, MEMBERS);

    latencies.sort((a, b) => a - b);
    const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
    const fig: TransferFigures = {
      database,
      inPerSec: into.rate,
      outPerSec: out.rate,
      p50Ms: q(0.5),
      p99Ms: q(0.99),
      transfers: into.done + out.done,
      refused,
      pending,
      balanced,
      violations,
      engineLimit,
      statementsPerTransfer: Math.round((statements / Math.max(1, into.done + out.done + refused)) * 10) / 10,
    };
    // a transfer in is two entries (hold, then settle), a transfer out one
    console.log(
      `  ${database === 'sqlite' ? 'sqlite  ' : 'postgres'}: in ${fig.inPerSec}/s (${pct(2 * fig.inPerSec, engineLimit)} of the engine's ${engineLimit} entries/s), ` +
        `out ${fig.outPerSec}/s (${pct(fig.outPerSec, engineLimit)}), ${fig.statementsPerTransfer} statements a transfer, p50 ${fig.p50Ms} ms, p99 ${fig.p99Ms} ms; ` +
        `${fig.transfers} transfers, ${refused} not completed, ${pending} pending; balances ${balanced ? 'add up' : 'DO NOT ADD UP'}; ` +
        `verify() ${violations ? `${violations} VIOLATIONS` : 'clean'}`,
    );
    return fig;
  } finally {
    await server.stop();
  }
}

/** the catalogue is synced once the server listens: wait for the venues */
export async function waitForCatalogue(base: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const reply = (await (await fetch(`${base}/api/game/list`)).json()) as { data: unknown[] };
    if (Array.isArray(reply.data) && reply.data.length > 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the catalogue was not synced in time');
}

async function members(base: string): Promise<string[]> {
  const login = await post(base, '/admin/api/login', { username: 'admin', password: 'bench-admin-pass' });
  if (login.code !== 200) throw new Error(`admin login: ${login.message}`);
  // the bench's own operator credits at once (no second operator, no daily cap: issue 33 point 7)
  const settings = await post(base, '/admin/api/settings/update', { adjust_second_approval_over: 0, adjust_daily_immediate_max: 0 }, login.data.token);
  if (settings.code !== 200) throw new Error(`settings: ${settings.message}`);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `transfer${String(i).padStart(3, '0')}`;
    const reply = await post(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
    if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
    tokens.push(reply.data.api_token);
    const credited = await post(base, '/admin/api/members/adjust', { username: name, amount: CREDIT_YUAN, reason: 'bench' }, login.data.token);
    if (credited.code !== 200) throw new Error(`credit ${name}: ${credited.message}`);
  }
  return tokens;
}

// run on its own: npx tsx apps/server/bench/transfers.ts
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchTransfers();
}
