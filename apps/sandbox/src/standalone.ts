import Fastify from 'fastify';
import { sandboxPlugin, SANDBOX_PREFIX } from './index.ts';

/**
 * Runs the sandbox as its own process. Settings: PORT (4000), HOST (127.0.0.1),
 * SANDBOX_SECRET, DATA_DIR (./data; ':memory:' for nothing on disk), PUBLIC_BASE_URL (the
 * origin browsers reach this process at, put in front of launch and art URLs),
 * SANDBOX_MATCH_MS (simulated match length), SANDBOX_FAULTS=1 (test control call; never in
 * a shared environment).
 */
const port = Number(process.env.PORT || 4000);
const host = process.env.HOST || '127.0.0.1';
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });
await app.register(sandboxPlugin, {
  prefix: SANDBOX_PREFIX,
  secret: process.env.SANDBOX_SECRET || 'sandbox-secret',
  dataDir: process.env.DATA_DIR || './data',
  publicBaseUrl: process.env.PUBLIC_BASE_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
  faults: process.env.SANDBOX_FAULTS === '1',
  game: process.env.SANDBOX_MATCH_MS ? { matchMs: Number(process.env.SANDBOX_MATCH_MS) } : undefined,
});
await app.listen({ port, host });
