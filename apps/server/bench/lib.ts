import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

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

/** The real server in a child process on a fresh SQLite file (or DATABASE_URL when given). */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-pass', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/app`);
  return {
    child,
    async stop() {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
