import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOOPBACK } from './proxies.ts';

/**
 * The soak's child processes (the stand-in sandbox and the two servers), run compiled with plain
 * Node as `npm start` runs the server (built first when stale): from source with tsx a restart
 * after kill -9 took 50 to 86 s on this busy machine. Each logs to its own file; every one is
 * ended when the soak ends, however it ends.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();

export interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  env: NodeJS.ProcessEnv;
  entry: string;
  log: string;
}

export function start(name: string, entry: string, port: number, env: NodeJS.ProcessEnv, logDir: string): Proc {
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: LOOPBACK },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return { name, port, child, env, entry, log };
}

export const restart = (p: Proc, logDir: string): Proc => start(p.name, p.entry, p.port, p.env, logDir);

/** kill -9: no shutdown hook runs, open requests and transactions are cut where they stand */
export function killHard(p: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGKILL');
  });
}

/** waits (bounded) until the URL answers 200; throws with the log's tail otherwise */
export async function ready(p: Proc, url: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (p.child.exitCode !== null) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const tail = fs.existsSync(p.log) ? fs.readFileSync(p.log, 'utf8').slice(-3000) : '';
  throw new Error(`${p.name} did not become ready at ${url} (exit ${p.child.exitCode}):\n${tail}`);
}

/** ends every child still running: SIGTERM, then SIGKILL after a grace period */
export async function stopAll(graceMs = 8000): Promise<void> {
  const left = [...children];
  await Promise.all(
    left.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const t = setTimeout(() => c.kill('SIGKILL'), graceMs);
          c.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
}

/** last resort on an abrupt exit: no waiting is possible there */
export function killAllNow() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
}
