import type { FastifyInstance } from 'fastify';

/**
 * Stand-ins for the third parties (a game provider, a payment gateway), reached by the
 * server only over HTTP. By default they are mounted in the server's own process under
 * /sandbox/; they can also run as a process of their own (src/standalone.ts).
 * Each provider registers its routes here as it is built.
 */
export interface SandboxOptions {
  /** shared secret the server signs its calls with */
  secret: string;
}

export const SANDBOX_PREFIX = '/sandbox';

export async function sandboxPlugin(app: FastifyInstance, opts: SandboxOptions) {
  const started = Date.now();
  app.get('/health', async () => ({
    ok: true,
    started_at: new Date(started).toISOString(),
    signed: opts.secret.length > 0,
    providers: [] as string[],
  }));
}
