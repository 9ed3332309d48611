import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { ModuleMetrics } from '../context.ts';
import { sqliteFileOf, type Database } from '../db/index.ts';
import { hooksOf } from '../db/hooks.ts';
import { postingCounts } from '../modules/wallet/index.ts';

/**
 * /metrics in Prometheus text (DESIGN.md section 14, issue 23).
 *
 * Our series are named casino_*, in base units (seconds, bytes), counters ending _total:
 * - casino_http_requests_total{method,route,status,code} and
 *   casino_http_request_duration_seconds{method,route,status}: route is the pattern
 *   (`/api/game/:id`), never the raw URL, so the series stay few; code is the /api envelope's
 *   code ('' for replies that are not an envelope);
 * - casino_ledger_postings_total{kind}: entries the wallet wrote (a tally in the wallet's post(),
 *   read at scrape time);
 * - casino_pending_transfers / casino_pending_deposits{status} / casino_pending_withdrawals, each
 *   by age ("under_5m", "5m_to_1h", "1h_to_24h", "over_24h"), counted at scrape time from the
 *   (status, created_at) indexes of the three tables; only the unfinished rows are read;
 * - casino_payment_notify_lag_seconds{source}: from the member's payment (the gateway's time)
 *   to its order moving here, by the gateway's notify or by the query job standing in for one;
 * - casino_job_runs_total{job}, casino_job_failures_total{job}, casino_job_duration_seconds{job};
 * - casino_db_statements_total: statements sent to the database (issue 24);
 * - casino_db_pool_connections / casino_db_pool_idle_connections / casino_db_pool_waiting_clients
 *   (PostgreSQL); casino_sqlite_file_bytes / casino_sqlite_wal_bytes (SQLite: a WAL that keeps
 *   growing means checkpoints are starved by long readers);
 * - prom-client's default process metrics under their usual names (nodejs_eventloop_lag_seconds,
 *   process_cpu_seconds_total, nodejs_heap_size_used_bytes...), so stock dashboards work.
 *
 * Access: with METRICS_TOKEN set, /metrics on the main port answers `Authorization: Bearer
 * <token>` only (401 otherwise); with METRICS_PORT set, it is also served without a token on
 * 127.0.0.1 at that port (nothing else is served there). With neither, the main port answers
 * 404, as for any path the site does not have: the figures (traffic, money movements, backlog)
 * are not public.
 *
 * Each app has its own registry (tests start several apps in one process); the process-wide
 * series (default metrics, ledger postings) live in one registry made once per process and are
 * appended to every app's scrape.
 */

/** ages of the pending gauges, upper bounds in ms; the last bucket is everything older */
const AGE_BUCKETS: ReadonlyArray<readonly [label: string, maxMs: number]> = [
  ['under_5m', 5 * 60_000],
  ['5m_to_1h', 3_600_000],
  ['1h_to_24h', 86_400_000],
];
const OLDEST = 'over_24h';
export const AGE_LABELS = [...AGE_BUCKETS.map(([label]) => label), OLDEST];

let processRegistry: Registry | undefined;

/** default metrics and the ledger tally: one per process, whatever the number of apps */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Counter({
    name: 'casino_ledger_postings_total',
    help: 'Ledger entries written by this process, by entry kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, n] of postingCounts()) this.inc({ kind }, n);
    },
  });
  processRegistry = registry;
  return registry;
}

/** bearer token check in constant time (digests of equal length) */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}

interface AgeRow {
  status: string | number;
  total: number | string | null;
  [bucket: string]: number | string | null;
}

export function createMetrics(deps: { config: Config; database: Database; log: Logger }) {
  const { config, database, log } = deps;
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'casino_http_requests_total',
    help: 'HTTP requests answered, by route pattern, HTTP status and /api envelope code',
    labelNames: ['method', 'route', 'status', 'code'],
    registers,
  });
  const latency = new Histogram({
    name: 'casino_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and HTTP status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const notifyLag = new Histogram({
    name: 'casino_payment_notify_lag_seconds',
    help: "Time from a member's payment (the gateway's clock) to the order moving here, by notify or by the query job",
    labelNames: ['source'],
    // a notify usually lands within a second of payment; minutes mean a lost notify the query job caught
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
    registers,
  });
  const jobRuns = new Counter({ name: 'casino_job_runs_total', help: 'Scheduler runs of each job in this process', labelNames: ['job'], registers });
  const jobFailures = new Counter({ name: 'casino_job_failures_total', help: 'Scheduler runs of each job that threw', labelNames: ['job'], registers });
  const jobDuration = new Histogram({
    name: 'casino_job_duration_seconds',
    help: 'Time a job run took',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });

  /** a gauge failing to read logs once per distinct reason, and leaves its series out of that scrape */
  const failing = new Map<string, string>();
  function readFailed(what: string, err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    if (failing.get(what) !== message) log.warn({ err: message, metric: what }, 'metrics: reading a gauge failed');
    failing.set(what, message);
  }

  /**
   * Unfinished rows of a table by age, in one statement over its (status, created_at) index:
   * the rows read are only the unfinished ones (a backlog, small by nature).
   */
  async function byAge(table: 'venue_transfers' | 'deposits' | 'withdrawals', statusColumn: 'status' | 'state', statuses: ReadonlyArray<string | number>) {
    const now = Date.now();
    const buckets = AGE_BUCKETS.map(([label, maxMs], i) => {
      const lower = now - maxMs;
      const upper = i === 0 ? null : now - AGE_BUCKETS[i - 1][1];
      return upper === null
        ? sql`sum(case when created_at >= ${lower} then 1 else 0 end) as ${sql.ref(label)}`
        : sql`sum(case when created_at >= ${lower} and created_at < ${upper} then 1 else 0 end) as ${sql.ref(label)}`;
    });
    const { rows } = await sql<AgeRow>`
      select ${sql.ref(statusColumn)} as status, count(*) as total, ${sql.join(buckets)}
      from ${sql.table(table)}
      where ${sql.ref(statusColumn)} in (${sql.join(statuses)})
      group by ${sql.ref(statusColumn)}`.execute(database.db);
    const counts = new Map<string, Record<string, number>>();
    for (const r of rows) {
      const ages: Record<string, number> = {};
      let younger = 0;
      for (const label of AGE_LABELS.slice(0, -1)) younger += ages[label] = Number(r[label] ?? 0);
      ages[OLDEST] = Number(r.total ?? 0) - younger;
      counts.set(String(r.status), ages);
    }
    return (status: string | number, age: string) => counts.get(String(status))?.[age] ?? 0;
  }

  new Gauge({
    name: 'casino_pending_transfers',
    help: 'Venue transfers still pending (to be settled by the reconciler), by age',
    labelNames: ['age'],
    registers,
    async collect() {
      this.reset();
      try {
        const count = await byAge('venue_transfers', 'status', [2]);
        for (const age of AGE_LABELS) this.set({ age }, count(2, age));
      } catch (err) {
        readFailed('casino_pending_transfers', err);
      }
    },
  });
  const DEPOSIT_OPEN = ['pending', 'review'] as const;
  new Gauge({
    name: 'casino_pending_deposits',
    help: 'Deposit orders not yet finished, by status (pending: unpaid or awaiting its notify; review: awaiting an operator) and age',
    labelNames: ['status', 'age'],
    registers,
    async collect() {
      this.reset();
      try {
        const count = await byAge('deposits', 'status', DEPOSIT_OPEN);
        for (const status of DEPOSIT_OPEN) for (const age of AGE_LABELS) this.set({ status, age }, count(status, age));
      } catch (err) {
        readFailed('casino_pending_deposits', err);
      }
    },
  });
  new Gauge({
    name: 'casino_pending_withdrawals',
    help: 'Withdrawals awaiting review, by age',
    labelNames: ['age'],
    registers,
    async collect() {
      this.reset();
      try {
        const count = await byAge('withdrawals', 'state', [1]);
        for (const age of AGE_LABELS) this.set({ age }, count(1, age));
      } catch (err) {
        readFailed('casino_pending_withdrawals', err);
      }
    },
  });

  // issue 24: statements this app sent to its database (the bench divides them by the polls answered)
  new Counter({
    name: 'casino_db_statements_total',
    help: 'Statements this process sent to its database (queries, transaction control)',
    registers,
    async collect() {
      this.reset();
      this.inc((await hooksOf(database.db))?.statements ?? 0);
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, pick: (s: { total: number; idle: number; waiting: number }) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(poolStats()));
        },
      });
    pool('casino_db_pool_connections', 'PostgreSQL connections the pool holds (busy and idle)', (s) => s.total);
    pool('casino_db_pool_idle_connections', 'PostgreSQL connections idle in the pool', (s) => s.idle);
    pool('casino_db_pool_waiting_clients', 'Queries waiting for a free PostgreSQL connection', (s) => s.waiting);
  } else {
    const file = sqliteFileOf(config);
    if (file !== ':memory:') {
      const size = (name: string, help: string, path: string) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.reset();
            try {
              this.set(fs.statSync(path).size);
            } catch {
              // no WAL file between checkpoints on some platforms: the series is absent
            }
          },
        });
      size('casino_sqlite_file_bytes', 'Size of the SQLite database file', file);
      size('casino_sqlite_wal_bytes', 'Size of the SQLite write-ahead log (grows when checkpoints cannot complete)', `${file}-wal`);
    }
  }

  /** the whole text: this app's series, then the process-wide ones */
  async function scrape(): Promise<string> {
    const own = await registry.metrics();
    return `${own}\n${await processMetrics().metrics()}`;
  }
  const contentType = registry.contentType;

  let localServer: Server | undefined;

  const hooks: ModuleMetrics = {
    jobRun(job, seconds, ok) {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
      jobDuration.observe({ job }, seconds);
    },
    notifyProcessed(source, lagSeconds) {
      notifyLag.observe({ source }, lagSeconds);
    },
  };

  return {
    ...hooks,
    registry,
    scrape,
    /** http://127.0.0.1:port of the METRICS_PORT listener, once it listens */
    localAddress(): string | undefined {
      const a = localServer?.address() as AddressInfo | null | undefined;
      return a ? `http://127.0.0.1:${a.port}` : undefined;
    },
    /** counts every answered request; the access log's onSend hook has set the envelope code */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
        const route = request.routeOptions.url ?? '(unmatched)';
        const status = String(reply.statusCode);
        requests.inc({ method: request.method, route, status, code: request.envelopeCode === undefined ? '' : String(request.envelopeCode) });
        latency.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
      });
      app.get('/metrics', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!config.metricsToken) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
        if (!tokenMatches(request.headers.authorization, config.metricsToken)) {
          return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized');
        }
        return reply.type(contentType).send(await scrape());
      });
      if (config.metricsPort === undefined) return;
      // the localhost listener opens and closes with the main port
      app.addHook('onListen', async () => {
        if (localServer) return;
        const server = http.createServer((req, res) => {
          if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
            return;
          }
          scrape().then(
            (text) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
            (err) => {
              log.error({ err }, 'metrics: scrape failed');
              res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed');
            },
          );
        });
        localServer = server;
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(config.metricsPort, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        }).catch((err) => {
          localServer = undefined;
          log.error({ err, port: config.metricsPort }, 'metrics: cannot listen on 127.0.0.1:METRICS_PORT');
        });
      });
      app.addHook('onClose', async () => {
        const server = localServer;
        localServer = undefined;
        if (!server) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
