import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

/**
 * Starts the real server (built site, sandbox, captcha ON, fresh SQLite in a temp
 * DATA_DIR) for the whole end-to-end run. Rate limits are off so the suite's many
 * logins from one address are not paused; their own tests cover them.
 */
export default async function setup(project: TestProject) {
  const port = 3700 + Math.floor(Math.random() * 200);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'on', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'e2e-admin-pass' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/app`, { method: 'POST' })).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > end || child.exitCode !== null) throw new Error('server did not start for the end-to-end tests');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', base);
  project.provide('dataDir', dataDir);
  return async () => {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child!.once('exit', () => resolve());
        child!.kill('SIGTERM');
      });
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
