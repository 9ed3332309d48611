import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/index.ts';

/**
 * Liveness and readiness (DESIGN.md section 14, issue 23):
 * - GET /healthz answers 200 while the process runs (a process manager restarts it otherwise);
 * - GET /readyz answers 200 only when the database answers, every migration this code knows
 *   has run, and Redis (when configured) answers; 503 otherwise, and from the moment a
 *   shutdown begins, so a load balancer stops sending new requests before the port closes.
 * Neither needs a token; neither shows data: only which check failed (the reason is logged).
 */

/** how long one readiness probe may wait for the database or Redis */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type CheckState = 'ok' | 'failed' | 'not configured';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; redis: CheckState; shutdown: 'no' | 'yes' };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createHealth(deps: { database: Database; redis?: Redis; log: Logger }) {
  const { database, redis, log } = deps;
  const expected = Object.keys(migrations(database.dialect));
  let shuttingDown = false;
  /** the last failure reported per check, so a long outage logs once, not once per probe */
  const reported = new Map<string, string>();

  function note(check: string, err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    if (reported.get(check) !== message) log.warn({ check, err: message }, `readiness: ${check} check failed`);
    reported.set(check, message);
  }
  function recovered(check: string) {
    if (reported.delete(check)) log.info({ check }, `readiness: ${check} answers again`);
  }
  // without a listener ioredis prints every failed reconnection to the console as an "Unhandled
  // error event"; logged here instead, once per outage and reason
  redis?.on('error', (err) => note('redis', err));

  async function readiness(): Promise<Readiness> {
    const checks: Readiness['checks'] = { database: 'failed', migrations: 'failed', redis: redis ? 'failed' : 'not configured', shutdown: shuttingDown ? 'yes' : 'no' };
    try {
      // one round trip answers both: the database is there and has every migration we know
      const rows = await within(sql<{ name: string }>`select name from kysely_migration`.execute(database.db), READY_CHECK_TIMEOUT_MS, 'the database');
      checks.database = 'ok';
      recovered('database');
      const done = new Set(rows.rows.map((r) => r.name));
      const missing = expected.filter((name) => !done.has(name));
      if (missing.length === 0) {
        checks.migrations = 'ok';
        recovered('migrations');
      } else note('migrations', new Error(`not yet run: ${missing.join(', ')}`));
    } catch (err) {
      note('database', err);
    }
    if (redis) {
      try {
        // ioredis queues commands while reconnecting: do not wait for it, ask only a ready client
        if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
        await within(redis.ping(), READY_CHECK_TIMEOUT_MS, 'Redis');
        checks.redis = 'ok';
        recovered('redis');
      } catch (err) {
        note('redis', err);
      }
    }
    const ready = !shuttingDown && checks.database === 'ok' && checks.migrations === 'ok' && checks.redis !== 'failed';
    return { ready, checks };
  }

  return {
    readiness,
    /** from now on /readyz answers 503 (shutdown begun) */
    draining() {
      shuttingDown = true;
    },
    routes(http: FastifyInstance) {
      // plain JSON, not the /api envelope: probes read the HTTP status
      http.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
      http.get('/readyz', async (_req, reply) => {
        const r = await readiness();
        return reply
          .code(r.ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({ status: r.ready ? 'ready' : 'not ready', checks: r.checks });
      });
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
