import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { Redis } from 'ioredis';
import pino from 'pino';
import { sandboxPlugin, SANDBOX_PREFIX } from '@casino/sandbox';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase, type Database } from './db/index.ts';
import { seed } from './db/seed/index.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installErrorHandling, installNotFound } from './http/errors.ts';
import { installJsonBody } from './http/json-body.ts';
import { createLimiterFactory } from './http/rate-limit.ts';
import { serveWebApp } from './http/static.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { createBackoffice } from './modules/backoffice/index.ts';
import { createBets } from './modules/bets/index.ts';
import { createContent } from './modules/content/index.ts';
import { createCatalogue, createGames } from './modules/games/index.ts';
import { createSiteService, siteRoutes } from './modules/site/index.ts';
import { createTransfersModule } from './modules/transfers/index.ts';
import { createCards } from './modules/cards/index.ts';
import { createProfile } from './modules/profile/index.ts';
import { createInbox } from './modules/inbox/index.ts';
import { createVenueRegistry, venueAdaptersFromConfig, VenueError, type VenueRegistry } from './adapters/venues/index.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';

export interface App {
  http: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** the venue side: providers, catalogue, transfers, bets (tests drive the jobs through these) */
  venues: {
    registry: VenueRegistry;
    catalogue: ReturnType<typeof createCatalogue>;
    transfers: ReturnType<typeof createTransfersModule>['service'];
    bets: ReturnType<typeof createBets>;
    games: ReturnType<typeof createGames>;
  };
  scheduler: Scheduler;
  /** http://host:port of this process once it listens */
  ownAddress(): string;
  close(): Promise<void>;
}

/** Where this process can reach itself over HTTP (the in-process sandbox is called this way). */
function addressOf(http: FastifyInstance): string {
  const a = http.server.address();
  if (!a || typeof a === 'string') throw new VenueError('unknown', 'the server is not listening yet');
  const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

/** how long close() lets open requests finish before cutting every connection */
const CLOSE_GRACE_MS = 3000;

/** JSON bodies are small; uploads get their own limit where they are accepted. */
const JSON_BODY_LIMIT = 64 * 1024;

/** Composition root: config -> db -> adapters -> modules -> http. */
export async function buildApp(config: Config): Promise<App> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config, (err) => log.warn({ err }, 'an idle PostgreSQL connection was closed by the server'));
  await migrate(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    limiter: createLimiterFactory({ enabled: config.rateLimits, redis }),
  };

  // the venue side; the sandbox is reached over HTTP only, by default at our own address
  let http!: FastifyInstance;
  const ownAddress = () => addressOf(http);
  const registry = createVenueRegistry(venueAdaptersFromConfig(config, ownAddress));
  const catalogue = createCatalogue(ctx, registry);
  const transfers = createTransfersModule(ctx, { registry, catalogue });

  const site = createSiteService(ctx);
  const accounts = createAccounts(ctx, site, { refreshVenueBalances: (memberId) => transfers.service.readBalances(memberId) });
  const backoffice = createBackoffice(ctx);
  const content = createContent(ctx, site);
  await seed(ctx, site);

  const games = createGames(ctx, { registry, catalogue, transfers: transfers.service, accounts: accounts.service });
  const bets = createBets(ctx, { registry, catalogue, accounts: accounts.service });
  const cards = createCards(ctx, { checkPayPassword: accounts.service.checkPayPassword });
  const profile = createProfile(ctx, { sessions: accounts.sessions, checkPayPassword: accounts.service.checkPayPassword });
  const inbox = createInbox(ctx);
  const scheduler = createScheduler(ctx, [...games.jobs, ...transfers.jobs, ...bets.jobs]);

  http = Fastify({
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
  installSecurityHeaders(http);

  // the error handler binds to routes as they are added: install it first
  installErrorHandling(http);
  siteRoutes(http, site);
  accounts.routes(http);
  backoffice.routes(http);
  games.routes(http, accounts.requireMember);
  transfers.routes(http, accounts.requireMember);
  bets.routes(http, accounts.requireMember);
  content.routes(http);
  cards.routes(http, accounts.requireMember);
  await profile.routes(http, accounts.requireMember);
  inbox.routes(http, accounts.requireMember);
  if (config.sandbox) {
    // the provider keeps its own records in its own file beside ours (venue balances must
    // outlive a restart as ours do)
    await http.register(sandboxPlugin, {
      prefix: SANDBOX_PREFIX,
      secret: config.sandboxSecret,
      dataDir: config.sandboxDataDir ?? config.dataDir,
      faults: config.sandboxFaults,
      game: config.sandboxGame,
    });
  }
  installNotFound(http, await serveWebApp(http, config.webDist));

  // once listening (the in-process sandbox is reachable only then): the catalogue, then the jobs
  let startup: Promise<void> = Promise.resolve();
  http.addHook('onListen', async () => {
    startup = catalogue.sync().catch((err) => log.warn({ err }, 'catalogue sync at start failed'));
    if (config.jobs) scheduler.start();
  });

  return {
    http,
    ctx,
    database,
    venues: { registry, catalogue, transfers: transfers.service, bets, games },
    scheduler,
    ownAddress,
    async close() {
      // jobs and the start-up sync talk to the in-process sandbox: let them finish first
      await scheduler.stop();
      await startup;
      // open requests may finish; a connection left half-sent (a caller gave up mid-request)
      // would hold the close forever, so after a grace period every connection is cut
      const force = setTimeout(() => http.server.closeAllConnections(), CLOSE_GRACE_MS);
      force.unref();
      await http.close();
      clearTimeout(force);
      redis?.disconnect();
      await database.close();
    },
  };
}
