import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DB } from '../src/db/index.ts';
import { wallet } from '../src/modules/wallet/index.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** issue 24: servers started with this in their env answer /metrics to `dbStatements` */
export const METRICS_TOKEN = randomBytes(16).toString('hex');

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
  total: number;
}

export async function waitForHttp(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { method: 'POST' });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * The real server in a child process on a fresh SQLite file (or DATABASE_URL when given); with
 * BENCH_CPU_PROF set, under `node --cpu-prof` (open the .cpuprofile files in Chrome's DevTools).
 * `halt` ends the process and keeps its data (to check the books afterwards); `stop` also
 * removes the data folder.
 */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (issue 24)
  const prof = process.env.BENCH_CPU_PROF;
  const [command, args] = prof
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`, '--import', 'tsx', 'apps/server/src/main.ts']]
    : [path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', RATE_LIMITS: 'off', OPERATOR_SETUP: 'off', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-pass', METRICS_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/app`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { child, dataDir, halt: () => stopChild(child), stop };
}

/**
 * A bench on a SQLite file, then on PostgreSQL in a database of its own made at `pgUrl` and
 * dropped afterwards (skipped with a note when the server is not reachable).
 */
export async function onBothDatabases<F>(prefix: string, pgUrl: string, run: (database: 'sqlite' | 'postgres', databaseUrl?: string) => Promise<F>): Promise<F[]> {
  const figures: F[] = [await run('sqlite')];
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  } catch (e) {
    console.log(`  postgres: skipped (${pgUrl} not reachable: ${(e as Error).message})`);
    await admin.end().catch(() => {});
    return figures;
  }
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    figures.push(await run('postgres', url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  return figures;
}

/** After a run, with the server stopped: wallet.verify() over its database (first 5 findings printed) and one more figure read from it. */
export async function checkBooks<T>(dataDir: string, databaseUrl: string | undefined, read: (db: Kysely<DB>) => Promise<T>): Promise<{ violations: number; figure: T }> {
  const db = openDatabase(loadConfig({}, { dataDir, databaseUrl, logLevel: 'warn' }));
  try {
    const found = await wallet.verify(db.db);
    for (const v of found.slice(0, 5)) console.log(`    ${v.check}: ${v.message}`);
    return { violations: found.length, figure: await read(db.db) };
  } finally {
    await db.close();
  }
}

/** statements the server at `base` has sent to its database so far (its casino_db_statements_total) */
export async function dbStatements(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const m = /^casino_db_statements_total (\d+)/m.exec(await res.text());
  if (!m) throw new Error(`${base}/metrics has no casino_db_statements_total`);
  return Number(m[1]);
}

export async function startBare(port: number) {
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once('message', resolve));
  return { stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function post(base: string, p: string, body: unknown, token?: string) {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

/** Each connection is one member polling with its own token. */
export async function load(url: string, opts: { connections: number; seconds: number; tokens?: string[] }): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: opts.connections,
    duration: opts.seconds,
    headers: { 'content-type': 'application/json' },
    body: '{}',
    requests: [
      {
        setupRequest(req: any, context: any) {
          if (opts.tokens) {
            context.token ??= opts.tokens[next++ % opts.tokens.length];
            req.headers = { ...req.headers, authorization: `Bearer ${context.token}` };
          }
          return req;
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}
