import type { FastifyInstance } from 'fastify';
import { gameProviderPlugin, type GameProviderOptions } from './provider/plugin.ts';

/**
 * Stand-ins for the third parties (a game provider, a payment gateway), reached by the
 * server only over HTTP. By default they are mounted in the server's own process under
 * /sandbox/; they can also run as a process of their own (src/standalone.ts).
 * Each provider registers its routes here as it is built.
 */
export interface SandboxOptions {
  /** shared secret the server signs its calls with */
  secret: string;
  /** folder for the sandbox's own SQLite files; absent or ':memory:' keeps them in memory */
  dataDir?: string;
  /** enables the fault-injection control call (tests only; never on by default) */
  faults?: boolean;
  /** origin put in front of launch and art URLs; default root-relative (same origin as the site) */
  publicBaseUrl?: string;
  /** game provider settings beyond the common ones (match length, fault timings, rng) */
  game?: Omit<GameProviderOptions, 'secret' | 'dataDir' | 'faults' | 'publicBaseUrl'>;
}

export const SANDBOX_PREFIX = '/sandbox';
/** where the game provider lives below the sandbox prefix */
export const GAME_PROVIDER_PATH = '/provider';

export async function sandboxPlugin(app: FastifyInstance, opts: SandboxOptions) {
  const started = Date.now();
  app.get('/health', async () => ({
    ok: true,
    started_at: new Date(started).toISOString(),
    signed: opts.secret.length > 0,
    providers: ['game'] as string[],
  }));
  await app.register(gameProviderPlugin, {
    ...opts.game,
    prefix: GAME_PROVIDER_PATH,
    secret: opts.secret,
    dataDir: opts.dataDir,
    faults: opts.faults === true,
    publicBaseUrl: opts.publicBaseUrl,
  });
}

export { signRequest, checkSignature, signature, TS_HEADER, SIGN_HEADER, MAX_SKEW_MS } from './provider/signing.ts';
export type { SignInput, SignedRequest } from './provider/signing.ts';
export { ProviderClient, ProviderCallError } from './provider/client.ts';
export type { ProviderClientOptions } from './provider/client.ts';
export type { GameProviderOptions } from './provider/plugin.ts';
export type { FaultTimings } from './provider/faults.ts';
export type * from './provider/types.ts';
export { CATEGORY_IDS } from './provider/types.ts';
