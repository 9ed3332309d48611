import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameProviderOptions } from '@casino/sandbox';

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
  webDist: string;
  /** seed a demo member account (on whenever the sandbox is on) */
  seedDemo: boolean;
  /** run the periodic jobs in this process (tests run them by hand) */
  jobs: boolean;
  /**
   * base URL of the sandbox (SANDBOX_URL), e.g. http://127.0.0.1:3000/sandbox; unset means this
   * process's own listening address (the sandbox mounted in-process), whatever port it got
   */
  sandboxUrl?: string;
  /** shared secret the venue calls are signed with (SANDBOX_SECRET) */
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const sandbox = flag(env.SANDBOX, true);
  const config: Config = {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    sandbox,
    captcha: flag(env.CAPTCHA, true),
    rateLimits: flag(env.RATE_LIMITS, true),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 24 * 60, 'SESSION_IDLE_MINUTES'),
    trustProxy: flag(env.TRUST_PROXY, false),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    seedDemo: flag(env.SEED_DEMO, sandbox),
    jobs: flag(env.JOBS, true),
    sandboxUrl: env.SANDBOX_URL || undefined,
    sandboxSecret: env.SANDBOX_SECRET || 'sandbox-secret',
    cardKey: env.CARD_KEY || undefined,
    sandboxFaults: false,
    venueTimeoutMs: int(env.VENUE_TIMEOUT_MS, 5000, 'VENUE_TIMEOUT_MS'),
    venueBalanceTimeoutMs: int(env.VENUE_BALANCE_TIMEOUT_MS, 1500, 'VENUE_BALANCE_TIMEOUT_MS'),
    venuePlayerPrefix: env.VENUE_PLAYER_PREFIX || 'cs',
    ...overrides,
  };
  if (!/^[A-Za-z]{1,8}$/.test(config.venuePlayerPrefix)) throw new Error('VENUE_PLAYER_PREFIX must be 1 to 8 letters');
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite file)');
  }
  return config;
}
