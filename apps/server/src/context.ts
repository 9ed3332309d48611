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
}
