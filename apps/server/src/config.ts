import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    ...overrides,
  };
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite file)');
  }
  return config;
}
