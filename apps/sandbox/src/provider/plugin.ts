import type { FastifyInstance } from 'fastify';
import { Matches } from '../games/matches/service.ts';
import { gameRoutes } from '../games/routes.ts';
import { jsonApi } from '../json-api.ts';
import { cryptoRng, type Rng } from '../games/rng.ts';
import { apiRoutes, type ProviderContext } from './api-routes.ts';
import { artRoutes } from './art-routes.ts';
import { openDb } from './db.ts';
import { ProviderHttpError } from './errors.ts';
import { FAULT_MODES, Faults, type FaultTimings } from './faults.ts';
import { asBody } from './input.ts';
import { previousSecret, requireSecret } from './secret.ts';
import { Seamless } from './seamless.ts';
import { SeamlessFaults } from './seamless-faults.ts';
import { seamlessApiRoutes, seamlessFaultRoutes } from './seamless-routes.ts';
import { WalletCaller } from './seamless-wallet.ts';
import { ProviderStore } from './store.ts';
import { GameTokens } from './tokens.ts';
import type { FaultMode, FaultResponse, FaultTarget } from './types.ts';

export interface GameProviderOptions {
  /** shared secret the callers sign with */
  secret: string;
  /**
   * issue 23, secret rotation: the previous secret, still accepted on calls (and game tokens)
   * until previousUntil (epoch ms, required with it)
   */
  previousSecret?: string;
  previousUntil?: number;
  /** folder for the provider's SQLite file; absent or ':memory:' keeps it in memory */
  dataDir?: string;
  /** enables POST {prefix}/provider/test/faults; never on outside tests */
  faults?: boolean;
  faultTimings?: FaultTimings;
  /** origin put in front of launch and art URLs (e.g. https://games.example); default: root-relative URLs */
  publicBaseUrl?: string;
  /** nominal length of a simulated football / e-sports match, default 180000 (3 min) */
  matchMs?: number;
  /** share of simulated matches abandoned (bets void, status 0), default 0.02 */
  voidRate?: number;
  /** outcome source; default node:crypto */
  rng?: Rng;
  /**
   * the clock games run on (kick-offs, settlement, bet times); default Date.now. A test drives it
   * so "still open before the match ends" does not race a real match (issue 14). Signatures and
   * tokens keep the real time.
   */
  now?: () => number;
  /**
   * issue 38: the site whose wallet API (/wallet/api/<venue>/...) seamless venues call; default
   * the server this plugin is mounted in, at its listening address
   */
  walletBaseUrl?: string;
  /** per wallet call attempt, default 5000 ms */
  walletTimeoutMs?: number;
  /** attempts per wallet call including the first (time-outs and code 5000 are retried), default 4 */
  walletAttempts?: number;
  /** wait before the n-th retry: n x this, default 200 ms */
  walletBackoffMs?: number;
  /** the seamless 'late' fault's hold, default 2000 ms */
  seamlessLateMs?: number;
}

/** body size cap for every provider call; the largest body is a few hundred bytes */
const BODY_LIMIT = 32 * 1024;

/** The game provider, mounted at {prefix}/provider by the sandbox plugin. */
export async function gameProviderPlugin(app: FastifyInstance, opts: GameProviderOptions) {
  // an empty or short secret would let anyone sign merchant calls (issue 14): refuse to start
  requireSecret(opts.secret, 'the game provider');
  const previous = previousSecret(opts);
  const db = openDb(opts.dataDir);
  const store = new ProviderStore(db);
  const rng = opts.rng ?? cryptoRng;
  const now = opts.now ?? Date.now;
  const matches = new Matches(db, store, rng, { matchMs: opts.matchMs ?? 180_000, voidRate: opts.voidRate ?? 0.02 });
  const faults = opts.faults ? new Faults(opts.faultTimings) : null;
  const base = `${(opts.publicBaseUrl ?? '').replace(/\/+$/, '')}${app.prefix}`;
  // issue 38: seamless venues call the site's wallet API
  const seamlessFaults = opts.faults ? new SeamlessFaults(opts.seamlessLateMs) : null;
  const walletCaller = new WalletCaller({
    secret: opts.secret,
    baseUrl: () => opts.walletBaseUrl ?? ownOrigin(app),
    timeoutMs: opts.walletTimeoutMs,
    attempts: opts.walletAttempts,
    backoffMs: opts.walletBackoffMs,
    faults: seamlessFaults,
  });
  const seamless = new Seamless(db, store, walletCaller, seamlessFaults, (err) => app.log.error({ err }, 'sandbox: a seamless wallet call failed'));

  const { rawBody } = jsonApi(app, { bodyLimit: BODY_LIMIT, label: 'sandbox provider' });

  const ctx: ProviderContext = {
    store,
    tokens: new GameTokens(opts.secret, previous),
    secret: opts.secret,
    previous,
    faults,
    base,
    settleDue: () => matches.settleDue(now()),
    rawBody,
    isSeamless: (platform) => seamless.isSeamless(platform),
  };
  await app.register(
    async (api) => {
      apiRoutes(api, ctx);
      seamlessApiRoutes(api, seamless);
    },
    { prefix: '/api' },
  );
  artRoutes(app);
  gameRoutes(app, { store, tokens: ctx.tokens, matches, rng, base, now, seamless });
  if (seamlessFaults) seamlessFaultRoutes(app, seamlessFaults, seamless);

  if (faults) {
    app.post('/test/faults', async (request): Promise<FaultResponse> => {
      const b = asBody(request.body);
      const mode = b.mode;
      if (mode === 'none') {
        faults.clear();
        return faults.state();
      }
      if (!FAULT_MODES.includes(mode as FaultMode)) throw new ProviderHttpError(400, 'bad_request', `mode must be one of none, ${FAULT_MODES.join(', ')}`);
      const count = b.count ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) throw new ProviderHttpError(400, 'bad_request', 'count must be 1..1000');
      const type = b.type ?? null;
      if (type !== null && type !== 'deposit' && type !== 'withdraw' && type !== 'balance') {
        throw new ProviderHttpError(400, 'bad_request', 'type must be deposit, withdraw or balance');
      }
      // balance reads can only be slowed down: the other modes are about money movements
      if (type === 'balance' && mode !== 'slow') throw new ProviderHttpError(400, 'bad_request', "type balance goes with mode slow only");
      faults.arm(mode as FaultMode, count, type as FaultTarget | null);
      return faults.state();
    });
    app.get('/test/faults', async () => faults.state());
  }

  // settle ended matches even when nobody is looking, so the bet feed moves on its own
  const timer = setInterval(() => {
    try {
      matches.settleDue(now());
      // credits and rollbacks left pending (a restart, a settled match): sent again
      seamless.kick();
    } catch (err) {
      app.log.error({ err }, 'sandbox: settling matches failed');
    }
  }, Math.min(1000, Math.max(50, Math.round((opts.matchMs ?? 180_000) / 10))));
  timer.unref();

  app.addHook('preClose', async () => {
    clearInterval(timer);
    seamless.close();
    // held connections are dropped; late movements are applied now rather than lost
    faults?.closeAll();
  });
  app.addHook('onClose', async () => {
    db.close();
  });
}

/** this server's own origin as seen from itself (the in-process sandbox calls the site it runs in) */
function ownOrigin(app: FastifyInstance): string {
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('the sandbox provider needs walletBaseUrl: the server does not listen on a port');
  const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
