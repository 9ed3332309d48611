import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { installAccessLog, requestIdOf } from './access-log.ts';
import { createHealth } from './health.ts';
import { createMetrics } from './metrics.ts';

/**
 * Production operations (issue 23, DESIGN.md section 14): health and readiness, request ids,
 * the access log and /metrics (metrics.ts). The shutdown sequence is in shutdown.ts (main.ts), backups in backup.ts.
 */
export { requestIdOf } from './access-log.ts';
export { installShutdown } from './shutdown.ts';
export type { Readiness } from './health.ts';
export type { Metrics } from './metrics.ts';

export function createOps(deps: { config: Config; database: Database; redis?: Redis; log: Logger }) {
  const health = createHealth(deps);
  const metrics = createMetrics(deps);
  return {
    health,
    /** /metrics, and the hooks modules report through (ctx.metrics) */
    metrics,
    /** Fastify's genReqId */
    requestIdOf,
    /**
     * Hooks first (before compression, which must see the error envelope's request_id in
     * text), then the probe routes.
     */
    install(http: FastifyInstance) {
      installAccessLog(http, deps.log, { enabled: deps.config.accessLog });
      health.routes(http);
      metrics.install(http);
    },
  };
}

export type Ops = ReturnType<typeof createOps>;
