import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/**
 * Starts the real server (built site, sandbox, captcha ON, fresh SQLite in a temp
 * DATA_DIR) for the whole end-to-end run. Rate limits are off so the suite's many
 * logins from one address are not paused; their own tests cover them.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  // OPERATOR_SETUP off (issue 25): the files sign operators in by the API and in pages without
  // the first-sign-in steps; operator-setup.e2e.ts runs a server of its own with them on
  const { base, stop } = await startServer({ DATA_DIR: dataDir, CAPTCHA: 'on', RATE_LIMITS: 'off', OPERATOR_SETUP: 'off' }, { firstPort: 3700, spread: 200, logLevel: 'warn' });
  project.provide('baseUrl', base);
  project.provide('dataDir', dataDir);
  return async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
