import { randomBytes } from 'node:crypto';
import { signPayBody } from '@casino/sandbox';
import { engineLimitOf, pct } from './ledger.ts';
import { checkBooks, dbStatements, onBothDatabases, post, startServer } from './lib.ts';

/**
 * Deposits credited per second through the whole notify path: the gateway's signed notify over
 * HTTP -> signature check on the raw body -> the order's conditional update -> ledger entry,
 * turnover row and paysum in one transaction -> the literal `success`. The real server runs in a
 * child process with the sandbox gateway mounted (orders are created through it over HTTP first);
 * this process plays the gateway's notifier, `CONCURRENCY` notifies in flight. Afterwards every
 * order is credited once, the members' balances add up and wallet.verify() is clean.
 *
 * SQLite file and PostgreSQL (BENCH_PG_URL, default the local test server; skipped when
 * unreachable). BENCH_DEPOSITS sets the number of orders (2,000).
 */
export interface DepositFigures {
  database: 'sqlite' | 'postgres';
  createdPerSec: number;
  creditedPerSec: number;
  p50Ms: number;
  p99Ms: number;
  credited: number;
  notAcknowledged: number;
  balanced: boolean;
  violations: number;
  /** issue 24: the engine's limit (entries/s, CONCURRENCY in flight) on the same database afterwards */
  engineLimit: number;
  /** issue 24: statements the server sent to its database per notify credited (the engine's posting: 5) */
  statementsPerCredit: number;
}

const MEMBERS = 20;
const CONCURRENCY = 20;
const AMOUNT_YUAN = 100;

export async function benchDeposits(opts: { orders?: number; pgUrl?: string } = {}): Promise<DepositFigures[]> {
  const orders = opts.orders ?? Number(process.env.BENCH_DEPOSITS || 2000);
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`\nDeposits through the whole notify path (signed notify over HTTP -> credit), ${orders} orders, ${MEMBERS} members, ${CONCURRENCY} notifies in flight`);
  return onBothDatabases('bench_dep', pgUrl, (database, databaseUrl) => run(database, orders, databaseUrl));
}

async function run(database: 'sqlite' | 'postgres', orders: number, databaseUrl?: string): Promise<DepositFigures> {
  const port = 3913;
  const base = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString('hex');
  // (the gateway's time-out is raised: a hundred orders created at once on a loaded machine took over 5 s, and creating them is not what is measured)
  const server = await startServer(port, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), PAYMENT_SECRET: secret, SEED_DEMO: 'off', JOBS: 'off', VENUE_TIMEOUT_MS: '30000' });
  try {
    const tokens = await members(base);

    // the orders, created through the gateway (each member keeps under the 5-unpaid limit by
    // having its orders paid in waves of 5)
    const made: string[] = [];
    let createdMs = 0;
    const latencies: number[] = [];
    let notAcknowledged = 0;
    let creditedMs = 0;
    /** issue 24: database statements the server sent while answering notifies */
    let notifyStatements = 0;
    for (let done = 0; done < orders; ) {
      const wave = Math.min(orders - done, MEMBERS * 5);
      const t0 = performance.now();
      // CONCURRENCY orders in the making at once (a whole wave at once on a loaded machine had
      // connections reset and the gateway's calls time out)
      const batch: { no: string; gw: string }[] = new Array(wave);
      let made1 = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (made1 < wave) {
            const i = made1++;
            const r = await post(base, '/api/recharge', { paytype: 'ecny', amount: AMOUNT_YUAN }, tokens[i % MEMBERS]);
            if (r.code !== 200) throw new Error(`recharge: ${r.message}`);
            // the gateway's order number is the last part of its cashier URL
            batch[i] = { no: r.data.deposit_no as string, gw: String(r.data.url).split('/').pop()! };
          }
        }),
      );
      createdMs += performance.now() - t0;
      made.push(...batch.map((b) => b.no));
      // the notifies, CONCURRENCY at a time
      const s1 = await dbStatements(base);
      const t1 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length) {
            const { no, gw } = batch[next++];
            const signed = signPayBody(secret, { order_no: gw, merchant_order_no: no, state: 'paid', amount_fen: AMOUNT_YUAN * 100, paid_fen: AMOUNT_YUAN * 100, paid_at: Date.now() });
            const s = performance.now();
            const res = await fetch(`${base}/pay/notify/sandbox`, { method: 'POST', headers: signed.headers, body: signed.body });
            const text = await res.text();
            latencies.push(performance.now() - s);
            if (text !== 'success') notAcknowledged++;
          }
        }),
      );
      creditedMs += performance.now() - t1;
      notifyStatements += (await dbStatements(base)) - s1;
      done += wave;
    }

    let balanced = true;
    for (const token of tokens) {
      const b = Number((await post(base, '/api/balance', {}, token)).data.balance);
      if (Math.round(b * 100) !== (orders / MEMBERS) * AMOUNT_YUAN * 100) balanced = false;
    }
    await server.halt();

    const { violations, figure: credited } = await checkBooks(server.dataDir, databaseUrl, async (db) =>
      Number((await db.selectFrom('deposits').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'credited').executeTakeFirstOrThrow()).n),
    );

    const engineLimit = await engineLimitOf(server.dataDir, databaseUrl, CONCURRENCY);

    latencies.sort((a, b) => a - b);
    const q = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
    const fig: DepositFigures = {
      database,
      createdPerSec: Math.round(made.length / (createdMs / 1000)),
      creditedPerSec: Math.round(credited / (creditedMs / 1000)),
      p50Ms: q(0.5),
      p99Ms: q(0.99),
      credited,
      notAcknowledged,
      balanced,
      violations,
      engineLimit,
      statementsPerCredit: Math.round((notifyStatements / Math.max(1, credited)) * 10) / 10,
    };
    console.log(
      `  ${database === 'sqlite' ? 'sqlite  ' : 'postgres'}: credited ${fig.creditedPerSec}/s (${pct(fig.creditedPerSec, engineLimit)} of the engine's ${engineLimit} entries/s; ${fig.statementsPerCredit} statements a credit), notify p50 ${fig.p50Ms} ms, p99 ${fig.p99Ms} ms; ` +
        `orders created ${fig.createdPerSec}/s (through the gateway); ${credited}/${orders} credited, ${notAcknowledged} not acknowledged; ` +
        `balances ${balanced ? 'add up' : 'DO NOT ADD UP'}; verify() ${violations ? `${violations} VIOLATIONS` : 'clean'}`,
    );
    return fig;
  } finally {
    await server.stop();
  }
}

async function members(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `deposit${String(i).padStart(3, '0')}`;
    const reply = await post(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
    if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
    const card = await post(base, '/api/bindcard', { bank_owner: '测试', bank: '招商银行', bank_no: `62258801${String(i).padStart(8, '0')}`, bank_address: '深圳市福田支行', pay_pass: '654321' }, reply.data.api_token);
    if (card.code !== 200) throw new Error(`bindcard ${name}: ${card.message}`);
    tokens.push(reply.data.api_token);
  }
  return tokens;
}

// run alone: npx tsx apps/server/bench/deposits.ts
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await benchDeposits();
