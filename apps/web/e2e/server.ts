import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * Ports of 3000 and above that the Fetch standard's "bad port" list blocks
 * (https://fetch.spec.whatwg.org/#port-blocking): Node's fetch and Chromium both refuse them, so a
 * server there never answers the wait below. 4045 (lockd) lies in operator-setup.e2e's range and
 * once failed a CI run as "the server did not start".
 */
const FETCH_BLOCKED_PORTS = new Set([4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

/** a port from firstPort up to firstPort + spread that fetch and the browser may use */
export function pickPort(firstPort: number, spread: number, random = Math.random): number {
  for (;;) {
    const port = firstPort + Math.floor(random() * spread);
    if (!FETCH_BLOCKED_PORTS.has(port)) return port;
  }
}

/**
 * Starts the real server (apps/server/src/main.ts) on 127.0.0.1 at a random port from
 * `firstPort` up to `firstPort + spread`, with `env` over the process's own, and waits until it
 * answers /api/app (60 s at most). The suite's shared server and the files that need a server
 * of their own (other settings, a fixed clock) start it the same way.
 */
export async function startServer(env: Record<string, string>, { firstPort, spread, logLevel }: { firstPort: number; spread: number; logLevel: string }): Promise<RunningServer> {
  const port = pickPort(firstPort, spread);
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    // OPERATOR_SETUP off (issue 25) unless a file asks for it: operators here sign in by the API
    // and in pages without a forced password change or second factor; operator-setup.e2e turns it on
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel, ADMIN_PASSWORD: 'e2e-admin-pass', OPERATOR_SETUP: 'off', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  const end = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/app`, { method: 'POST' })).ok) return { base, stop };
    } catch {
      /* starting */
    }
    if (Date.now() > end || child.exitCode !== null) {
      await stop();
      throw new Error(`the server did not start at ${base}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * One run of a scheduled job now on the server at `base` with its database in `dataDir`, as an
 * operator runs it beside the site (npm run job -- <name>; the server's PORT and HOST, for the
 * stand-in providers in its process): a test waits on that run, not for the job's next period.
 */
export function runJob(name: string, { base, dataDir }: { base: string; dataDir: string }): Promise<void> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['scripts/ops.mjs', 'job', name], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: port, HOST: hostname, LOG_LEVEL: 'error' } }, (err, stdout, stderr) =>
      err ? reject(new Error(`npm run job -- ${name}: ${stderr || stdout || err.message}`)) : resolve(),
    ),
  );
}
