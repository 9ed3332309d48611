import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameProviderOptions, PaymentGatewayOptions } from '@casino/sandbox';
import { secretFromEnvOrFile } from './secrets.ts';

/** Every setting, read once from the environment (DESIGN.md section 7). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... to use PostgreSQL; undefined means the SQLite file in dataDir */
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests use one schema per app) */
  databaseSchema?: string;
  /** ':memory:' or a file path; overrides the file in dataDir (tests) */
  sqliteFile?: string;
  redisUrl?: string;
  sandbox: boolean;
  captcha: boolean;
  rateLimits: boolean;
  adminUsername: string;
  adminPassword?: string;
  logLevel: string;
  sessionIdleMinutes: number;
  trustProxy: boolean;
  /**
   * issue 36: the operator's proxies (TRUSTED_PROXIES, comma-separated addresses or CIDR ranges):
   * the hops whose X-Forwarded-For is believed, and addresses never taken as a link between members
   */
  trustedProxies?: string[];
  webDist: string;
  /** the built back-office (apps/admin/dist), served under /admin/ (ADMIN_DIST) */
  adminDist: string;
  /** seed a demo member account (on whenever the sandbox is on) */
  seedDemo: boolean;
  /** run the periodic jobs in this process (tests run them by hand) */
  jobs: boolean;
  /**
   * base URL of the sandbox (SANDBOX_URL), e.g. http://127.0.0.1:3000/sandbox; unset means this
   * process's own listening address (the sandbox mounted in-process), whatever port it got
   */
  sandboxUrl?: string;
  /** shared secret the venue calls are signed with (SANDBOX_SECRET, else DATA_DIR/sandbox.secret made on first start) */
  sandboxSecret: string;
  /** CARD_KEY: 64 hex digits sealing card numbers at rest; unset = DATA_DIR/card.key */
  cardKey?: string;
  /** folder of the in-process sandbox's own file (sandbox-provider.sqlite); default dataDir, ':memory:' for none */
  sandboxDataDir?: string;
  /** the in-process sandbox's fault modes (tests only; never from the environment) */
  sandboxFaults: boolean;
  /** the in-process sandbox's game settings (tests: fault timings, match length) */
  sandboxGame?: Omit<GameProviderOptions, 'secret' | 'dataDir' | 'faults' | 'publicBaseUrl'>;
  /** time-out of a venue money call (deposit, withdraw, status) in ms (VENUE_TIMEOUT_MS) */
  venueTimeoutMs: number;
  /** time-out of a venue balance read in ms; slower venues answer their last known figure */
  venueBalanceTimeoutMs: number;
  /** prefix of our players' names at the venues, followed by the member id (VENUE_PLAYER_PREFIX) */
  venuePlayerPrefix: string;
  /**
   * PUBLIC_URL: the site's origin as members reach it (no trailing slash), put in front of every
   * absolute URL handed out; unset means those URLs are relative. Never the request's Host header,
   * which a caller chooses (issue 14).
   */
  publicUrl?: string;
  // ---- issue 9: deposits ----
  /** merchant secret of the payment gateway (PAYMENT_SECRET, else DATA_DIR/payment.secret made on first start) */
  paymentSecret: string;
  /** the in-process sandbox gateway's settings (tests: notify back-off, fault timings) */
  sandboxPayment?: Omit<PaymentGatewayOptions, 'secret' | 'dataDir' | 'faults' | 'publicBaseUrl'>;
  // ---- issue 11: promotions ----
  /**
   * a test clock for the promotions module only (the red-packet window in end-to-end tests):
   * PROMO_TEST_NOW, a Beijing time "YYYY-MM-DD HH:mm:ss" the promotions clock starts at and runs
   * on from. Refused with NODE_ENV=production and when the sandbox is off.
   */
  promoTestNow?: number;
  /**
   * issue 25: OPERATOR_SETUP (on by default): a new operator (or one whose password another
   * operator reset) sets their own password at first sign-in, and roles holding money
   * permissions enrol a second factor while the setting operator_2fa_required is on. `off` only
   * for automated tests that sign operators in by the API (like CAPTCHA=off); refused with
   * NODE_ENV=production.
   */
  operatorSetup: boolean;
  // ---- issue 23: operations ----
  /** ACCESS_LOG (on): one JSON line per request at info (ops/access-log.ts) */
  accessLog: boolean;
  /** SHUTDOWN_DRAIN_MS (0): after SIGTERM, /readyz answers 503 this long before the port closes (balancer notices) */
  shutdownDrainMs: number;
  /** SHUTDOWN_TIMEOUT_MS (20000): the whole shutdown's limit; past it the process exits 1 */
  shutdownTimeoutMs: number;
  /** CARD_KEY_OLD: the previous card key, still read while stored numbers are re-sealed (key rotation) */
  cardKeyOld?: string;
  /** PAYMENT_SECRET_OLD: the gateway's previous merchant secret, accepted on its notifies until secretGraceUntil */
  paymentSecretOld?: string;
  /** SANDBOX_SECRET_OLD: the previous venue secret, accepted by the in-process sandbox on our calls until secretGraceUntil */
  sandboxSecretOld?: string;
  /** SECRET_GRACE_UNTIL (Beijing "YYYY-MM-DD HH:mm:ss"), epoch ms: the end of the old secret's grace window */
  secretGraceUntil?: number;
  /** METRICS_TOKEN: /metrics on the main port answers only `Authorization: Bearer <it>` (ops/metrics.ts) */
  metricsToken?: string;
  /** METRICS_PORT: /metrics also served, without a token, on 127.0.0.1 at this port (0: any free port) */
  metricsPort?: number;
  /**
   * issue 24: the clock the per-process caches (settings, content, catalogue) read their age on;
   * tests drive it to see another process's copy expire without waiting. Never from the
   * environment: unset, the caches read Date.now.
   */
  cacheNow?: () => number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(value.trim().toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function publicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://m.example.com, got "${value}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL without query, fragment or credentials, got "${value}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** issue 11: PROMO_TEST_NOW (tests only): never in production, never without the sandbox */
function promoTestNow(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.PROMO_TEST_NOW;
  if (value === undefined || value === '') return undefined;
  if (env.NODE_ENV === 'production' || !flag(env.SANDBOX, true)) throw new Error('PROMO_TEST_NOW is for tests only: refused in production and with SANDBOX off');
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) throw new Error(`PROMO_TEST_NOW must be a Beijing time "YYYY-MM-DD HH:mm:ss", got "${value}"`);
  // Beijing is UTC+8 all year (no daylight saving)
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +m[6]);
}

/** issue 23: a Beijing time "YYYY-MM-DD HH:mm:ss" as epoch ms */
function beijingTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) throw new Error(`${name} must be a Beijing time "YYYY-MM-DD HH:mm:ss", got "${value}"`);
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +m[6]);
}

/** issue 23: DATABASE_SCHEMA, the PostgreSQL schema the site's tables live in (it must exist) */
function databaseSchema(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value.trim())) throw new Error(`DATABASE_SCHEMA must be a lower-case PostgreSQL name (letters, digits, _), got "${value}"`);
  return value.trim();
}

/** issue 25: OPERATOR_SETUP=off (tests only) is refused in production */
function operatorSetup(env: NodeJS.ProcessEnv): boolean {
  const on = flag(env.OPERATOR_SETUP, true);
  if (!on && env.NODE_ENV === 'production') throw new Error('OPERATOR_SETUP=off is for automated tests only: refused with NODE_ENV=production');
  return on;
}

/** shortest sandbox secret production accepts (issue 14): a short one can be guessed offline */
export const MIN_PRODUCTION_SECRET_BYTES = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const sandbox = flag(env.SANDBOX, true);
  const config: Omit<Config, 'sandboxSecret' | 'paymentSecret'> & { sandboxSecret?: string; paymentSecret?: string } = {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: databaseSchema(env.DATABASE_SCHEMA), // issue 23: a schema other than public
    redisUrl: env.REDIS_URL || undefined,
    sandbox,
    captcha: flag(env.CAPTCHA, true),
    rateLimits: flag(env.RATE_LIMITS, true),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 24 * 60, 'SESSION_IDLE_MINUTES'),
    trustProxy: flag(env.TRUST_PROXY, false),
    trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    adminDist: path.resolve(env.ADMIN_DIST || path.join(REPO_ROOT, 'apps/admin/dist')),
    seedDemo: flag(env.SEED_DEMO, sandbox),
    jobs: flag(env.JOBS, true),
    sandboxUrl: env.SANDBOX_URL || undefined,
    cardKey: env.CARD_KEY || undefined,
    sandboxFaults: false,
    venueTimeoutMs: int(env.VENUE_TIMEOUT_MS, 5000, 'VENUE_TIMEOUT_MS'),
    venueBalanceTimeoutMs: int(env.VENUE_BALANCE_TIMEOUT_MS, 1500, 'VENUE_BALANCE_TIMEOUT_MS'),
    venuePlayerPrefix: env.VENUE_PLAYER_PREFIX || 'cs',
    publicUrl: publicUrl(env.PUBLIC_URL),
    promoTestNow: promoTestNow(env), // issue 11
    operatorSetup: operatorSetup(env), // issue 25
    // issue 23: operations
    accessLog: flag(env.ACCESS_LOG, true),
    shutdownDrainMs: int(env.SHUTDOWN_DRAIN_MS, 0, 'SHUTDOWN_DRAIN_MS'),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 20_000, 'SHUTDOWN_TIMEOUT_MS'),
    cardKeyOld: env.CARD_KEY_OLD || undefined,
    paymentSecretOld: env.PAYMENT_SECRET_OLD || undefined,
    sandboxSecretOld: env.SANDBOX_SECRET_OLD || undefined,
    secretGraceUntil: beijingTime(env.SECRET_GRACE_UNTIL, 'SECRET_GRACE_UNTIL'),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    ...overrides,
  };
  // after the overrides, so the secret file lands in the DATA_DIR actually used (tests: a temp dir)
  config.sandboxSecret ??= secretFromEnvOrFile(env.SANDBOX_SECRET, config.dataDir, 'sandbox.secret');
  // issue 9: the payment gateway's merchant secret, the same rule
  config.paymentSecret ??= secretFromEnvOrFile(env.PAYMENT_SECRET, config.dataDir, 'payment.secret');
  if (env.NODE_ENV === 'production' && Buffer.byteLength(config.paymentSecret, 'utf8') < MIN_PRODUCTION_SECRET_BYTES) {
    throw new Error(`PAYMENT_SECRET must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes in production (leave it unset to have one made in DATA_DIR/payment.secret)`);
  }
  if (env.NODE_ENV === 'production' && Buffer.byteLength(config.sandboxSecret, 'utf8') < MIN_PRODUCTION_SECRET_BYTES) {
    throw new Error(`SANDBOX_SECRET must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes in production (leave it unset to have one made in DATA_DIR/sandbox.secret)`);
  }
  // issue 23: an old secret is accepted only for a stated window, never open-ended
  if (config.paymentSecretOld && config.secretGraceUntil === undefined) throw new Error('PAYMENT_SECRET_OLD needs SECRET_GRACE_UNTIL (Beijing time "YYYY-MM-DD HH:mm:ss"): the end of its grace window');
  if (config.sandboxSecretOld && config.secretGraceUntil === undefined) throw new Error('SANDBOX_SECRET_OLD needs SECRET_GRACE_UNTIL (Beijing time "YYYY-MM-DD HH:mm:ss"): the end of its grace window');
  // issue 23: a short bearer token can be guessed by anyone who reaches the main port
  if (config.metricsToken !== undefined && config.metricsToken.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  if (config.metricsPort !== undefined && config.metricsPort > 65535) throw new Error('METRICS_PORT must be a port number (1-65535)');
  if (!/^[A-Za-z]{1,8}$/.test(config.venuePlayerPrefix)) throw new Error('VENUE_PLAYER_PREFIX must be 1 to 8 letters');
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite file)');
  }
  return config as Config;
}
