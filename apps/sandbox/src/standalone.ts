import Fastify from 'fastify';
import { sandboxPlugin, SANDBOX_PREFIX } from './index.ts';

/** Runs the sandbox as its own process: PORT (4000), SANDBOX_SECRET. */
const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });
await app.register(sandboxPlugin, { prefix: SANDBOX_PREFIX, secret: process.env.SANDBOX_SECRET || 'sandbox-secret' });
await app.listen({ port: Number(process.env.PORT || 4000), host: '127.0.0.1' });
