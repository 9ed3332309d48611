import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { Redis } from 'ioredis';
import pino from 'pino';
import { sandboxPlugin, SANDBOX_PREFIX } from '@casino/sandbox';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase, type Database } from './db/index.ts';
import { seed } from './db/seed/index.ts';
import { installErrorHandling, installNotFound } from './http/errors.ts';
import { installJsonBody } from './http/json-body.ts';
import { createLimiterFactory } from './http/rate-limit.ts';
import { serveWebApp } from './http/static.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { createBackoffice } from './modules/backoffice/index.ts';
import { createSiteService, siteRoutes } from './modules/site/index.ts';

export interface App {
  http: FastifyInstance;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** JSON bodies are small; uploads get their own limit where they are accepted. */
const JSON_BODY_LIMIT = 64 * 1024;

/** Composition root: config -> db -> adapters -> modules -> http. */
export async function buildApp(config: Config): Promise<App> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrate(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    limiter: createLimiterFactory({ enabled: config.rateLimits, redis }),
  };

  const site = createSiteService(ctx);
  const accounts = createAccounts(ctx, site);
  const backoffice = createBackoffice(ctx);
  await seed(ctx, site);

  const http: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // a line per request would dominate the balance-polling load; errors are still logged
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  http.decorateRequest('member', null);
  installJsonBody(http);
  await http.register(compress, { global: true, threshold: 1024 });
  // nosniff, same-origin framing, referrer policy and friends; a content-security policy
  // waits until the game frames and their origins are settled
  await http.register(helmet, { contentSecurityPolicy: false });

  // the error handler binds to routes as they are added: install it first
  installErrorHandling(http);
  siteRoutes(http, site);
  accounts.routes(http);
  backoffice.routes(http);
  if (config.sandbox) {
    await http.register(sandboxPlugin, { prefix: SANDBOX_PREFIX, secret: 'sandbox-secret' });
  }
  installNotFound(http, await serveWebApp(http, config.webDist));

  return {
    http,
    ctx,
    database,
    async close() {
      await http.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
