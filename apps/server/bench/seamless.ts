import { randomBytes } from 'node:crypto';
import { derivedVenueKey, signWalletCall } from '../src/modules/seamless/index.ts';
import { engineLimitOf, pct } from './ledger.ts';
import { checkBooks, dbStatements, onBothDatabases, post, startServer } from './lib.ts';

/**
 * Seamless debits (issue 38) through the whole callback path: the venue's signed debit over HTTP
 * -> the signature over the raw body -> strict fields -> one read -> the txId claimed, the round
 * opened and the conditional debit posted in one transaction -> the small answer. The real server
 * runs in a child process with the sandbox mounted; this process plays the venue. Figures:
 * - debits per second with CONCURRENCY in flight, beside the engine's limit measured on the same
 *   database afterwards (bench/ledger.ts: the posting's statements alone), and statements per debit;
 * - p50/p99 of debits sent at a steady 200 a second (open loop: a slow answer does not slow the sender).
 * Afterwards wallet.verify() is clean and the members' balances are what the accepted debits left.
 * SQLite file and PostgreSQL (BENCH_PG_URL). BENCH_SEAMLESS sets the debits of the throughput run (3,000).
 */
export interface SeamlessFigures {
  database: 'sqlite' | 'postgres';
  debitsPerSec: number;
  engineLimit: number;
  statementsPerDebit: number;
  p50At200: number;
  p99At200: number;
  refused: number;
  balanced: boolean;
  violations: number;
}

const MEMBERS = 20;
const CONCURRENCY = 20;
const CREDIT_YUAN = 100_000;
const VENUE = 'pp';
const RATE = 200;
const PACED_SECONDS = 5;

export async function benchSeamless(opts: { debits?: number; pgUrl?: string } = {}): Promise<SeamlessFigures[]> {
  const debits = opts.debits ?? Number(process.env.BENCH_SEAMLESS || 3000);
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`\nSeamless debits through the whole callback path (signed debit over HTTP -> central wallet), ${debits} debits, ${MEMBERS} members, ${CONCURRENCY} in flight; then ${RATE}/s for ${PACED_SECONDS} s`);
  return onBothDatabases('bench_seamless', pgUrl, (database, databaseUrl) => run(database, debits, databaseUrl));
}

async function run(database: 'sqlite' | 'postgres', debits: number, databaseUrl?: string): Promise<SeamlessFigures> {
  const port = 3914;
  const base = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  const key = derivedVenueKey(secret, VENUE);
  const server = await startServer(port, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SANDBOX_SECRET: secret, SEED_DEMO: 'off', JOBS: 'off' });
  try {
    const admin = (await post(base, '/admin/api/login', { username: 'admin', password: 'bench-admin-pass' })).data.token as string;
    // the bench's own operator credits at once (no second operator, no daily cap)
    const settings = await post(base, '/admin/api/settings/update', { adjust_second_approval_over: 0, adjust_daily_immediate_max: 0 }, admin);
    if (settings.code !== 200) throw new Error(`settings: ${settings.message}`);
    const players: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const name = `seamless${String(i).padStart(3, '0')}`;
      const reply = await post(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
      if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
      const credited = await post(base, '/admin/api/members/adjust', { username: name, amount: CREDIT_YUAN, reason: 'bench' }, admin);
      if (credited.code !== 200) throw new Error(`credit ${name}: ${credited.message}`);
    }
    // the members are 1..MEMBERS on a fresh database (checked by their balance below)
    for (let id = 1; id <= MEMBERS; id++) players.push(`cs${id}`);
    // the catalogue is synced at start: wait for the venue, then make it seamless
    for (let i = 0; ; i++) {
      const mode = await post(base, '/admin/api/venues/mode', { platform: VENUE, mode: 'seamless' }, admin);
      if (mode.code === 200) break;
      if (i > 100) throw new Error(`venue mode: ${mode.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    let seq = 0;
    let refused = 0;
    let lastRefusal = '';
    const debit = async (player: string) => {
      const txId = `b${++seq}`;
      const raw = JSON.stringify({ player, txId, roundId: `r${seq}`, gameCode: 'pp_gates', amount: '1.00' });
      const path = `/wallet/api/${VENUE}/debit`;
      const started = performance.now();
      const res = await fetch(base + path, { method: 'POST', headers: signWalletCall(key, path, raw), body: raw });
      const answer = (await res.json()) as { code: number };
      if (answer.code !== 0) {
        refused++;
        lastRefusal = `${answer.code} for ${player}`;
      }
      return performance.now() - started;
    };
    for (const p of players) await debit(p); // warm-up
    if (refused) throw new Error(`warm-up debits refused: ${refused} (last: ${lastRefusal})`);

    // throughput: CONCURRENCY in flight
    const s0 = await dbStatements(base);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < debits) await debit(players[next++ % MEMBERS]);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const statements = (await dbStatements(base)) - s0;

    // latency at a steady RATE a second
    const latencies: number[] = [];
    const paced: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < RATE * PACED_SECONDS; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      paced.push(debit(players[i % MEMBERS]).then((ms) => void latencies.push(ms)));
    }
    await Promise.all(paced);

    const total = MEMBERS + debits + RATE * PACED_SECONDS;
    await server.halt();
    const { violations, figure: centralSum } = await checkBooks(server.dataDir, databaseUrl, async (db) => {
      const rows = await db.selectFrom('ledger_accounts').select('balance').where('code', 'like', 'member:%:central').execute();
      return rows.reduce((s, r) => s + Number(r.balance), 0);
    });
    const engineLimit = await engineLimitOf(server.dataDir, databaseUrl, CONCURRENCY);
    latencies.sort((a, b) => a - b);
    const q = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
    const fig: SeamlessFigures = {
      database,
      debitsPerSec: Math.round(debits / seconds),
      engineLimit,
      statementsPerDebit: Math.round((statements / debits) * 10) / 10,
      p50At200: q(0.5),
      p99At200: q(0.99),
      refused,
      balanced: centralSum === MEMBERS * CREDIT_YUAN * 100 - (total - refused) * 100,
      violations,
    };
    console.log(
      `  ${database === 'sqlite' ? 'sqlite  ' : 'postgres'}: ${fig.debitsPerSec} debits/s (${pct(fig.debitsPerSec, engineLimit)} of the engine's ${engineLimit} entries/s; ${fig.statementsPerDebit} statements a debit); ` +
        `at ${RATE}/s p50 ${fig.p50At200} ms, p99 ${fig.p99At200} ms; ${refused} refused; balances ${fig.balanced ? 'add up' : 'DO NOT ADD UP'}; verify() ${violations ? `${violations} VIOLATIONS` : 'clean'}`,
    );
    return fig;
  } finally {
    await server.stop();
  }
}

// run alone: npx tsx apps/server/bench/seamless.ts
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await benchSeamless();
