import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DB, Dialect } from './db/index.ts';
import type { LimiterFactory } from './http/rate-limit.ts';

/** What every module is built from (composition root: main.ts / app.ts). */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dialect: Dialect;
  log: Logger;
  limiter: LimiterFactory;
  /** issue 23: what modules report to /metrics (ops/metrics.ts); absent in a context built by hand */
  metrics?: ModuleMetrics;
}

/** The few events modules report to /metrics; everything else is read at scrape time. */
export interface ModuleMetrics {
  /** a scheduler run of a job finished (ok false: it threw) */
  jobRun(job: string, seconds: number, ok: boolean): void;
  /** a payment notify (or the query job standing in for one) moved an order, this long after payment */
  notifyProcessed(source: 'notify' | 'query', lagSeconds: number): void;
}
