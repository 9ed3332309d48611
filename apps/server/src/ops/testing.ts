import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { REPO_ROOT } from '../config.ts';
import { createPgSchema, dropPgSchema, type DB } from '../db/index.ts';
import { verify, type Violation } from '../modules/wallet/index.ts';

/**
 * Operations tests (issue 23) run the server as operators do: a separate process, signalled,
 * restarted, backed up. Spawned on a fresh DATA_DIR (and, with TEST_DATABASE_URL, a PostgreSQL
 * schema of its own: DATABASE_SCHEMA).
 */
export const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * compiles the server into apps/server/dist unless it is up to date (esbuild, under a second);
 * test files in parallel wait for one build instead of deleting each other's dist
 */
export function buildServerOnce() {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build-server failed: ${r.stdout}${r.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Site {
  dataDir: string;
  /** DATABASE_URL the processes use (PostgreSQL), or undefined (the SQLite file in dataDir) */
  databaseUrl?: string;
  schema?: string;
  /** verify() over the site's database, from outside the server */
  verify(): Promise<Violation[]>;
  /** a Kysely over the site's database (closed by drop()) */
  db(): Kysely<DB>;
  drop(): Promise<void>;
}

export async function newSite(): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-ops-'));
  const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (PG_URL && schema) await createPgSchema(PG_URL, schema);
  // the processes get DATABASE_URL and DATABASE_SCHEMA; our own connections name the schema in the URL
  const databaseUrl = PG_URL && schema ? PG_URL : undefined;
  let kdb: Kysely<DB> | undefined;
  const db = () =>
    (kdb ??= databaseUrl
      ? new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withSearchPath(databaseUrl, schema!), max: 2 }) }) })
      : new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(path.join(dataDir, 'casino.sqlite')) }) }));
  return {
    dataDir,
    databaseUrl,
    schema,
    db,
    verify: () => verify(db()),
    async drop() {
      await kdb?.destroy();
      if (PG_URL && schema) await dropPgSchema(PG_URL, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** a PostgreSQL URL whose connections work in `schema` (pg passes `options` to the server) */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export interface Proc {
  child: ChildProcess;
  base: string;
  port: number;
  /** everything the process printed (stdout and stderr) */
  output(): string;
  /** JSON log lines the process printed */
  logLines(): Record<string, any>[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the server process (compiled by default) on the site and waits until it answers. */
export async function startServer(site: Site, env: Record<string, string> = {}, opts: { compiled?: boolean; timeoutMs?: number; port?: number } = {}): Promise<Proc> {
  // a restart keeps its port: the gateway's notify URLs name it
  const port = opts.port ?? (await freePort());
  const compiled = opts.compiled ?? true;
  const [cmd, args] = compiled
    ? [process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']]
    : [path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']];
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: site.dataDir,
      ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl, DATABASE_SCHEMA: site.schema! } : {}),
      LOG_LEVEL: 'info',
      CAPTCHA: 'off',
      RATE_LIMITS: 'off',
      OPERATOR_SETUP: 'off', // issue 25: no forced password change or second factor for the test operator
      ADMIN_PASSWORD: 'ops-admin-password',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const proc: Proc = {
    child,
    base,
    port,
    output: () => out,
    logLines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l);
          } catch {
            return {};
          }
        }),
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const end = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    try {
      if ((await fetch(`${base}/api/app`, { method: 'POST' })).ok) return proc;
    } catch {
      /* starting */
    }
    if (Date.now() > end || child.exitCode !== null) {
      await proc.stop('SIGKILL');
      throw new Error(`the server did not start at ${base}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST a JSON body, answer the envelope */
export async function call<T = any>(base: string, url: string, body: unknown = {}, token?: string): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; message: string; data: T }>;
}

// ---- members and money over HTTP (the shutdown and backup tests put the site under load) ----

export const PAY_PASS = '654321';

export interface Member {
  name: string;
  token: string;
}

/** a new member with a bank card bound (online deposits need one) */
export async function newMember(base: string, i: number): Promise<Member> {
  const name = `op${i}${Math.random().toString(36).slice(2, 9)}`;
  const reg = await call(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: PAY_PASS });
  if (reg.code !== 200) throw new Error(`register: ${reg.message}`);
  const token = reg.data.api_token as string;
  const card = await call(base, '/api/bindcard', { bank_owner: '张三', bank_no: `62258812${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(-8)}`, pay_pass: PAY_PASS, bank: '招商银行', bank_address: '深圳市福田支行' }, token);
  if (card.code !== 200) throw new Error(`bindcard: ${card.message}`);
  return { name, token };
}

/** an online deposit paid at the sandbox cashier; answers its number once the gateway took the money (303) */
export async function payDeposit(base: string, m: Member, yuan: number): Promise<string | null> {
  const r = await call(base, '/api/recharge', { paytype: 'alipay', amount: yuan }, m.token);
  if (r.code !== 200) return null;
  const paid = await fetch(`${base}${r.data.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `paid=${yuan}.00`, redirect: 'manual' });
  return paid.status === 303 ? (r.data.deposit_no as string) : null;
}

/** the member sees the deposit credited (state 2) */
export async function credited(base: string, m: Member, depositNo: string): Promise<boolean> {
  const res = await fetch(`${base}/pay/api/queryOrderNo?orderNo=${depositNo}`, { headers: { authorization: `Bearer ${m.token}` } });
  return ((await res.json()) as { data?: { state?: number } }).data?.state === 2;
}

export async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
