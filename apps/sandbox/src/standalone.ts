import Fastify from 'fastify';
import { sandboxPlugin, SANDBOX_PREFIX } from './index.ts';
import { previousSecretFromEnv, sandboxSecretFromEnvOrFile } from './provider/secret.ts';

/**
 * Runs the sandbox as its own process. Settings: PORT (4000), HOST (127.0.0.1),
 * SANDBOX_SECRET (unset: DATA_DIR/sandbox.secret, made on first start; give the server the
 * same value), DATA_DIR (./data; ':memory:' for nothing on disk), PUBLIC_BASE_URL (the
 * origin browsers reach this process at, put in front of launch and art URLs),
 * SANDBOX_MATCH_MS (simulated match length), SANDBOX_FAULTS=1 (test control call; never in
 * a shared environment), SANDBOX_SECRET_OLD with SECRET_GRACE_UNTIL (secret rotation: calls
 * signed with the previous secret are accepted until then; the old one alone refuses to start).
 */
const port = Number(process.env.PORT || 4000);
const host = process.env.HOST || '127.0.0.1';
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });
await app.register(sandboxPlugin, {
  prefix: SANDBOX_PREFIX,
  secret: sandboxSecretFromEnvOrFile(process.env.SANDBOX_SECRET, process.env.DATA_DIR && process.env.DATA_DIR !== ':memory:' ? process.env.DATA_DIR : './data'),
  ...previousSecretFromEnv(process.env), // issue 23: secret rotation's grace window
  dataDir: process.env.DATA_DIR || './data',
  publicBaseUrl: process.env.PUBLIC_BASE_URL || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
  faults: process.env.SANDBOX_FAULTS === '1',
  // issue 9: the payment gateway runs when PAYMENT_SECRET is given (the server's same value)
  paymentSecret: process.env.PAYMENT_SECRET || undefined,
  game: process.env.SANDBOX_MATCH_MS ? { matchMs: Number(process.env.SANDBOX_MATCH_MS) } : undefined,
});
await app.listen({ port, host });
