import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { Redis } from 'ioredis';
import pino from 'pino';
import { sandboxPlugin, SANDBOX_PREFIX } from '@casino/sandbox';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase, type Database } from './db/index.ts';
import { seed } from './db/seed/index.ts';
import { announceVenueModes } from './db/seed/seamless-venues.ts'; // issue 38
import { installSecurityHeaders } from './http/security-headers.ts';
import { installNoStore } from './http/no-store.ts';
import { installErrorHandling, installNotFound } from './http/errors.ts';
import { installJsonBody } from './http/json-body.ts';
import { apiPathCase } from './http/api-case.ts'; // issue 19: /api/* paths in any case
import { createLimiterFactory } from './http/rate-limit.ts';
import { siteUrl } from './http/site-url.ts';
import { serveAdminApp, serveWebApp } from './http/static.ts';
import { createAccounts, createPasswordReset, resetRoutes } from './modules/accounts/index.ts';
import { createBackoffice } from './modules/backoffice/index.ts';
import { createBets } from './modules/bets/index.ts';
import { createSeamless } from './modules/seamless/index.ts';
import { createContent } from './modules/content/index.ts';
import { contentAdminRoutes } from './modules/content/index.ts'; // issue 13: content
import { activitiesAdminRoutes, ticketsAdminRoutes } from './modules/content/index.ts'; // issue 13: activities, tickets
import { createGames } from './modules/games/index.ts';
import { catalogueJobs, createCatalogue, gamesAdminRoutes } from './modules/catalogue/index.ts';
import { createSiteService, siteRoutes } from './modules/site/index.ts';
import { createTransfersModule } from './modules/transfers/index.ts';
import { createReconciliationModule } from './modules/reconciliation/index.ts';
import { createCards, hasCardEnding } from './modules/cards/index.ts';
import { createProfile } from './modules/profile/index.ts';
import { agentApplicationsAdminRoutes } from './modules/profile/index.ts'; // issue 13: promotions admin
import { createInbox } from './modules/inbox/index.ts';
import { createWithdrawals } from './modules/withdrawals/index.ts'; // issue 10
import { createVenueRegistry, venueAdaptersFromConfig, VenueError, type VenueRegistry } from './adapters/venues/index.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { channelGatewayFactory, createPaymentRegistry, paymentGatewaysFromConfig } from './adapters/payments/index.ts'; // issue 9
import { createPaymentChannels, type PaymentChannels } from './modules/payment-channels/index.ts'; // issue 21: payment channels
import { cardVaultOf } from './modules/cards/index.ts'; // issue 21: channel keys are sealed like card numbers
import { createPayments, depositRecords } from './modules/payments/index.ts'; // issue 9
import { createPromotions, vipLevelsFromRows, type Promotions } from './modules/promotions/index.ts'; // issue 11
import { depositsCreditedBetween } from './modules/payments/index.ts'; // issue 11: red-packet eligibility
import { createDashboardModule } from './modules/dashboard/index.ts'; // issue 12
import { createMemberDeskModule } from './modules/member-desk/index.ts'; // issue 12
import { createRiskModule } from './modules/risk/index.ts'; // issue 36
import { createReports, type ReportsService } from './modules/reports/index.ts'; // issue 13: reports
import { createSupportChat } from './modules/support-chat/index.ts'; // issue 13: live customer service
import { createOps, type Ops } from './ops/index.ts'; // issue 23: health, request ids, access log
import { createAgents, tierTable, type Agents } from './modules/agents/index.ts'; // issue 20: affiliate programme
import { memberOf } from './http/auth.ts';
import { createAgentSettlement, type AgentSettlement } from './modules/agents/settlement-module.ts'; // issue 20: agent settlement (H9)
import { createResponsible, type Responsible } from './modules/responsible/index.ts'; // issue 22: responsible play
import { createRecordsExport } from './modules/records/index.ts'; // issue 22: a member's own records as CSV
import { createLiveCache, type LiveCache } from './modules/live-cache/index.ts'; // issue 24: sessions and balances cached
import { createLiveStream, type LiveStream } from './modules/live-stream/index.ts'; // issue 37: live updates

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
    /** venue balances against our records (issue 14) */
    reconciliation: ReturnType<typeof createReconciliationModule>['service'];
    /** issue 13: daily reconciliation (tests run days through it) */
    reconciliationDaily: ReturnType<typeof createReconciliationModule>['daily'];
  };
  scheduler: Scheduler;
  /** issue 11: rebates, red packets, VIP, activity applications (tests drive the daily jobs through it) */
  promotions: Promotions;
  /** issue 13: reports (tests run the rollup through it) */
  reports: ReportsService;
  /** issue 10: site settings (tests set the withdrawal limits) and the withdrawals' review */
  site: ReturnType<typeof createSiteService>;
  withdrawals: ReturnType<typeof createWithdrawals>;
  /** issue 9: deposits (tests run the expiry job and read gateway orders through it) */
  payments: ReturnType<typeof createPayments>;
  /** issue 21: payment channels (tests drive routing and read channels through it) */
  paymentChannels: PaymentChannels;
  /** http://host:port of this process once it listens */
  ownAddress(): string;
  /** issue 38: the start-up catalogue sync and venue-mode announce (once listening); tests wait on it before changing a venue's mode */
  started(): Promise<void>;
  /** issue 13: live customer service (tests reach its bus and service) */
  chat: ReturnType<typeof createSupportChat>;
  /** issue 23: readiness (draining on shutdown) */
  ops: Ops;
  /** issue 20: agents (tests run the rollup and flag checks through tick) */
  agents: Agents;
  /** issue 20: agents' monthly settlement and statements (tests drive the month job through it) */
  agentSettlement: AgentSettlement;
  /** issue 22: responsible play (tests pass their own `now` to its service) */
  responsible: Responsible;
  /** issue 24: sessions and balances kept in this process (tests wait on invalidations from others) */
  live: LiveCache;
  /** issue 37: live-update streams (tests reach the hub and the tickets) */
  liveStream: LiveStream;
  close(): Promise<void>;
}

/** Where this process can reach itself over HTTP (the in-process sandbox is called this way). */
function addressOf(http: FastifyInstance): string {
  const a = http.server.address();
  if (!a || typeof a === 'string') throw new VenueError('unknown', 'the server is not listening yet');
  return siteUrl(a.address, a.port);
}

/** how long close() lets open requests finish before cutting every connection */
const CLOSE_GRACE_MS = 3000;

/** JSON bodies are small; uploads get their own limit where they are accepted. */
const JSON_BODY_LIMIT = 64 * 1024;

/** Composition root: config -> db -> adapters -> modules -> http. */
/**
 * `address`: where the site is reached over HTTP when this process does not listen itself (npm run
 * job builds the modules beside a running site, whose in-process stand-in providers it calls);
 * by default the address this process listens on.
 */
export async function buildApp(config: Config, opts: { address?: () => string } = {}): Promise<App> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config, (err) => log.warn({ err }, 'an idle PostgreSQL connection was closed by the server'));
  await migrate(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const ops = createOps({ config, database, redis, log }); // issue 23

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log,
    limiter: createLimiterFactory({ enabled: config.rateLimits, redis }),
    metrics: ops.metrics, // issue 23: job runs, notify lag
  };

  // the venue side; the sandbox is reached over HTTP only, by default at our own address
  let http!: FastifyInstance;
  const apiCase = apiPathCase(); // issue 19
  const ownAddress = opts.address ?? (() => addressOf(http));
  const registry = createVenueRegistry(venueAdaptersFromConfig(config, ownAddress));
  const catalogue = createCatalogue(ctx, registry);
  // issue 14: the bet feed is pulled by the bets module, made below; the job only runs once all is built
  const reconciliation = createReconciliationModule(ctx, {
    registry,
    venues: () => catalogue.venues(),
    pullBets: () => bets.pull(),
    gatewayOrder: (depositNo) => payments.service.gatewayOrder(depositNo), // issue 13: daily reconciliation (payments is made below)
  });
  const transfers = createTransfersModule(ctx, {
    registry,
    catalogue,
    isHeld: reconciliation.service.isHeld,
    mayTransferIn: (memberId) => responsible.service.refuseIntoPlay(memberId, 'transferIn'), // issue 22 (made below)
  });

  const site = createSiteService(ctx);
  const live = await createLiveCache(ctx); // issue 24
  const accounts = createAccounts(ctx, site, {
    refreshVenueBalances: (memberId) => transfers.service.readBalances(memberId),
    // issue 20: userInfo isagent, and a pid that is an agent's code binds the new member (agents is made below)
    isAgent: (memberId) => agents.isAgent(memberId),
    registered: (trx, memberId, pid, now) => agents.registered(trx, memberId, pid, now),
  }, live);
  const backoffice = createBackoffice(ctx, site);
  const content = createContent(ctx, site);
  await seed(ctx, site);

  const games = createGames(ctx, { registry, catalogue, transfers: transfers.service, accounts: accounts.service, mayPlay: (memberId) => responsible.service.refuseIntoPlay(memberId, 'launch') /* issue 22 */ });
  const bets = createBets(ctx, { registry, catalogue, accounts: accounts.service });
  const seamless = createSeamless(ctx, { registry, invalidateCatalogue: () => catalogue.invalidate() }); // issue 38: seamless venues
  const cards = createCards(ctx, { checkPayPassword: accounts.service.checkPayPassword });
  const profile = createProfile(ctx, {
    sessions: accounts.sessions,
    checkPayPassword: accounts.service.checkPayPassword,
    // issue 33/34: no agent application during a break, nor from an agent (both made below)
    mayApplyAgent: async (memberId) => {
      await responsible.service.refuseOnBreak(memberId, 'agentApply', Date.now());
      await agents.refuseApplication(memberId);
    },
  });
  const inbox = createInbox(ctx);
  // issue 10: withdrawals (cards scoped to the member, the one payment-password counter); type 2 of gettransrecord
  const withdrawals = createWithdrawals(ctx, { site, cardOf: cards.service.cardOf, checkPayPassword: accounts.service.checkPayPassword });
  transfers.recordTypes.set(2, withdrawals.records);
  // issue 21: payment channels (gateway merchant accounts) online orders are routed through once any exists
  const paymentChannels = createPaymentChannels(ctx, {
    settings: site.settings,
    vault: cardVaultOf(config),
    gateways: channelGatewayFactory(config, ownAddress),
    publicBase: () => config.publicUrl ?? ownAddress(),
  });
  // issue 9: deposits through the payment gateway adapter (reached over HTTP), type 1 of gettransrecord
  const payments = createPayments(ctx, {
    channels: paymentChannels, // issue 21
    site,
    registry: createPaymentRegistry(paymentGatewaysFromConfig(config, ownAddress)),
    hasAnyCard: async (memberId) => (await cards.service.list(memberId, 1)).length + (await cards.service.list(memberId, 2)).length > 0,
    // issue 33: PUBLIC_URL, else the origin the member's request reached, never the listen address for a member
    publicBase: (requestOrigin) => config.publicUrl ?? requestOrigin ?? ownAddress(),
    // issue 22: deposit limits and breaks (responsible is made below; the clock of an order is its own)
    refuseDepositOnBreak: (memberId) => responsible.service.refuseOnBreak(memberId, 'deposit', Date.now()),
    withinDepositLimit: (memberId, amount, now, insert) => responsible.service.withinDepositLimit(memberId, amount, now, insert),
  });
  if (config.sandbox) await payments.seedDemo();
  transfers.recordTypes.set(1, (memberId, q) => depositRecords(ctx.db, memberId, q));
  // issue 15: self-service password reset, proven with real name, payment password and a card's last 4
  const passwordReset = createPasswordReset(ctx, {
    sessions: accounts.sessions,
    hasCardEnding: (memberId, last4) => hasCardEnding(ctx.db, memberId, last4),
    clearLoginFailures: accounts.service.clearLoginFailures,
  });
  // issue 11: promotions (VIP table and activities from content, venue names from the catalogue)
  const promotions = createPromotions(ctx, {
    settings: site.settings,
    vipLevels: async () => vipLevelsFromRows(await content.service.vipLevels()),
    venueNames: async () => new Map((await catalogue.venues()).map((v) => [v.platform, v.name])),
    activityTitle: (id) => content.service.activity(id).then((a) => a.title, () => null),
    depositsCreditedBetween,
    notify: (memberId, title, content, dedupeKey) => inbox.service.sendToMember(memberId, title, content, { dedupeKey }),
    vipLevelsChanged: () => content.service.clearCache(), // issue 13: promotions admin
    refuseOnBreak: (memberId, what) => responsible.service.refuseOnBreak(memberId, what, Date.now()), // issue 22
  });
  await promotions.seed(); // issue 11: demo red-packet rules
  // issue 20: agent settlement (H9): the monthly statements job on the promotions clock
  const agentSettlement = createAgentSettlement(ctx, { settings: site.settings, now: promotions.deps.now, notify: (memberId, title, content, dedupeKey) => inbox.service.sendToMember(memberId, title, content, { dedupeKey }) });
  // issue 20: affiliate programme, on the promotions clock
  const agents = createAgents(ctx, { settings: site.settings, now: promotions.deps.now });
  await agents.seed();
  // issue 22: responsible play; a break brings venue money home through recover-all
  const responsible = createResponsible(ctx, {
    now: Date.now,
    recoverVenues: (memberId) => transfers.service.recoverAll(memberId),
    realityDefault: async () => (await site.settings()).responsible_reality_default_minutes,
  });
  const reports = createReports(ctx); // issue 13: reports
  const chat = createSupportChat(ctx); // issue 13: live customer service
  // issue 37: live updates (balance, inbox, order states) over one stream per tab
  const liveStream = createLiveStream(ctx, live, { balanceOf: async (memberId) => (await accounts.service.balance(memberId)).balance, unreadOf: (memberId) => inbox.service.unread(memberId) });
  const risk = createRiskModule(ctx); // issue 36: sign-in log, links, risk levels, rules and events
  const scheduler = createScheduler(ctx, [...risk.jobs /* issue 36 point 3: risk rules */, ...reports.jobs /* issue 13: reports */, ...catalogueJobs(catalogue), ...transfers.jobs, ...bets.jobs, ...reconciliation.jobs, ...promotions.jobs, ...payments.jobs, ...paymentChannels.jobs /* issue 21 */, ...inbox.jobs /* issue 13: inbox broadcasts */, ...agentSettlement.jobs /* issue 20 */, ...agents.jobs /* issue 20: the agents' figure rollup and flag checks */]);

  http = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // a line per request would dominate the balance-polling load; errors are still logged
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustedProxies?.length ? config.trustedProxies : config.trustProxy, // issue 36: a list trusts those hops only
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: ops.requestIdOf, // issue 23: the proxy's X-Request-Id or a random one
    // issue 19: /api/* paths match case-insensitively (http/api-case.ts)
    rewriteUrl: (req) => apiCase.rewriteUrl(req),
  });
  http.addHook('onRoute', apiCase.onRoute); // before any route is added
  http.decorateRequest('member', null);
  ops.install(http); // issue 23: request ids, access log, /healthz, /readyz (before compression)
  installJsonBody(http);
  await http.register(compress, { global: true, threshold: 1024 });
  installSecurityHeaders(http);
  installNoStore(http);

  // the error handler binds to routes as they are added: install it first
  installErrorHandling(http);
  siteRoutes(http, site);
  accounts.routes(http);
  backoffice.routes(http);
  reconciliation.routes(http, backoffice.requireAdmin);
  games.routes(http, accounts.requireMember);
  gamesAdminRoutes(http, ctx, catalogue, backoffice.requireAdmin); // issue 13: venues and games in the back-office
  transfers.adminRoutes(http, backoffice.requireAdmin); // issue 13: money held at each venue
  transfers.routes(http, accounts.requireMember);
  bets.routes(http, accounts.requireMember);
  bets.adminRoutes(http, backoffice.requireAdmin); // issue 36: 注单查询
  await seamless.routes(http); // issue 38: the seamless venues' wallet API
  seamless.adminRoutes(http, backoffice.requireAdmin); // issue 38: a venue's mode, a member's rounds
  content.routes(http, {
    // issue 20: the agent page's table is the default plan; getAgentLoginUrl sends an agent to its portal
    agentTiers: async () => tierTable((await agents.defaultPlan()).rows),
    agentPortalFor: async (req) => {
      if (req.headers.authorization === undefined) return null;
      const signedIn = await accounts.requireMember(req).then(() => true, () => false);
      return signedIn && req.member ? agents.portalUrlFor(memberOf(req).memberId) : null;
    },
  });
  agents.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 20
  responsible.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 22
  createRecordsExport(ctx, { catalogue }).routes(http, accounts.requireMember); // issue 22: records as CSV
  await contentAdminRoutes(http, ctx, content.service, backoffice.requireAdmin); // issue 13: content
  cards.routes(http, accounts.requireMember);
  await profile.routes(http, accounts.requireMember);
  inbox.routes(http, accounts.requireMember);
  inbox.adminRoutes(http, backoffice.requireAdmin); // issue 13: inbox broadcasts
  activitiesAdminRoutes(http, ctx, site, content.service, backoffice.requireAdmin); // issue 13: activities
  ticketsAdminRoutes(http, ctx, backoffice.requireAdmin); // issue 13: support tickets
  withdrawals.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 10
  promotions.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 11
  agentApplicationsAdminRoutes(http, { db: ctx.db, notify: (memberId, title, content, dedupeKey) => inbox.service.sendToMember(memberId, title, content, { dedupeKey }), onApproved: agents.applicationApproved /* issue 20 */ }, backoffice.requireAdmin); // issue 13: promotions admin
  await payments.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 9
  paymentChannels.routes(http, backoffice.requireAdmin); // issue 21: /admin/api/payment-channels/*
  // issue 12: the back-office's dashboard, members and pending venue transfers
  createDashboardModule(ctx).routes(http, backoffice.requireAdmin);
  createMemberDeskModule(ctx, { transfers: transfers.service, catalogue, site }).routes(http, backoffice.requireAdmin);
  risk.routes(http, backoffice.requireAdmin); // issue 36: sign-in log, links, risk levels, events and rules
  await chat.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 13: live customer service
  liveStream.routes(http, accounts.requireMember); // issue 37: live updates
  reports.routes(http, backoffice.requireAdmin); // issue 13: reports
  agentSettlement.routes(http, accounts.requireMember, backoffice.requireAdmin); // issue 20: agent statements (H9)
  resetRoutes(http, passwordReset);
  if (config.sandbox) {
    // the provider keeps its own records in its own file beside ours (venue balances must
    // outlive a restart as ours do)
    await http.register(sandboxPlugin, {
      prefix: SANDBOX_PREFIX,
      secret: config.sandboxSecret,
      // issue 23: during a rotation the provider still accepts our calls signed with the old secret
      previousSecret: config.sandboxSecretOld,
      previousUntil: config.secretGraceUntil,
      dataDir: config.sandboxDataDir ?? config.dataDir,
      faults: config.sandboxFaults,
      game: config.sandboxGame,
      // issue 9: the stand-in payment gateway beside the game provider, with its own secret
      paymentSecret: config.paymentSecret,
      payment: config.sandboxPayment,
    });
  }
  // the back-office first: its /admin/ paths must not fall through to the member site's index
  await serveAdminApp(http, config.adminDist);
  installNotFound(http, await serveWebApp(http, config.webDist));

  // once listening (the in-process sandbox is reachable only then): the catalogue, then the jobs
  let startup: Promise<void> = Promise.resolve();
  http.addHook('onListen', async () => {
    startup = catalogue
      .sync()
      .catch((err) => log.warn({ err }, 'catalogue sync at start failed'))
      // issue 38: the providers learn each venue's mode (the demo's seamless venues at first start)
      .then(() => announceVenueModes(ctx, registry))
      .catch((err) => log.warn({ err }, 'telling the providers the venue modes failed'));
    if (config.jobs) scheduler.start();
  });

  return {
    http,
    ctx,
    database,
    venues: { registry, catalogue, transfers: transfers.service, bets, games, reconciliation: reconciliation.service, reconciliationDaily: reconciliation.daily /* issue 13: daily reconciliation */ },
    site,
    withdrawals,
    payments,
    paymentChannels, // issue 21
    scheduler,
    promotions,
    reports: reports.service, // issue 13: reports
    chat, // issue 13: live customer service
    ops, // issue 23
    agentSettlement, // issue 20
    agents, // issue 20: agents core
    responsible, // issue 22
    live, // issue 24
    liveStream, // issue 37
    ownAddress,
    started: () => startup,
    async close() {
      ops.health.draining(); // issue 23: /readyz answers 503 from now on
      // jobs and the start-up sync talk to the in-process sandbox: let them finish first
      await scheduler.stop();
      await reconciliation.daily.stop(); // issue 13: daily reconciliation (re-runs computing in the background)
      await startup;
      // open requests may finish; a connection left half-sent (a caller gave up mid-request)
      // would hold the close forever, so after a grace period every connection is cut
      const force = setTimeout(() => http.server.closeAllConnections(), CLOSE_GRACE_MS);
      force.unref();
      // issue 23: a kept-alive connection whose last request finished after close() began would
      // otherwise stay open until the grace period: close each as soon as it is idle
      const idle = setInterval(() => http.server.closeIdleConnections(), 50);
      await http.close();
      clearTimeout(force);
      clearInterval(idle);
      await chat.close(); // issue 13: live customer service
      await liveStream.close(); // issue 37
      await accounts.sessions.close(); // issue 24: idle clocks still to write
      await live.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
