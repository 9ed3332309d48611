import type { FastifyInstance } from 'fastify';
import { gameProviderPlugin, type GameProviderOptions } from './provider/plugin.ts';
import { paymentGatewayPlugin, type PaymentGatewayOptions } from './payments/plugin.ts';

/**
 * Stand-ins for the third parties (a game provider, a payment gateway), reached by the
 * server only over HTTP. By default they are mounted in the server's own process under
 * /sandbox/; they can also run as a process of their own (src/standalone.ts).
 * Each provider registers its routes here as it is built.
 */
export interface SandboxOptions {
  /** shared secret the server signs its calls with */
  secret: string;
  /**
   * issue 23, secret rotation: the previous shared secret (SANDBOX_SECRET_OLD), still accepted
   * until previousUntil (SECRET_GRACE_UNTIL, epoch ms, required with it)
   */
  previousSecret?: string;
  previousUntil?: number;
  /** folder for the sandbox's own SQLite files; absent or ':memory:' keeps them in memory */
  dataDir?: string;
  /** enables the fault-injection control call (tests only; never on by default) */
  faults?: boolean;
  /** origin put in front of launch and art URLs; default root-relative (same origin as the site) */
  publicBaseUrl?: string;
  /** game provider settings beyond the common ones (match length, fault timings, rng) */
  game?: Omit<GameProviderOptions, 'secret' | 'previousSecret' | 'previousUntil' | 'dataDir' | 'faults' | 'publicBaseUrl'>;
  /** the payment gateway's merchant secret (the server's PAYMENT_SECRET); unset: no gateway */
  paymentSecret?: string;
  /** payment gateway settings beyond the common ones (notify back-off, fault timings) */
  payment?: Omit<PaymentGatewayOptions, 'secret' | 'dataDir' | 'faults' | 'publicBaseUrl'>;
}

export const SANDBOX_PREFIX = '/sandbox';
/** where the game provider lives below the sandbox prefix */
export const GAME_PROVIDER_PATH = '/provider';
/** where the payment gateway lives below the sandbox prefix */
export const PAYMENT_GATEWAY_PATH = '/pay';

export async function sandboxPlugin(app: FastifyInstance, opts: SandboxOptions) {
  const started = Date.now();
  app.get('/health', async () => ({
    ok: true,
    started_at: new Date(started).toISOString(),
    signed: opts.secret.length > 0,
    providers: (opts.paymentSecret ? ['game', 'payment'] : ['game']) as string[],
  }));
  await app.register(gameProviderPlugin, {
    ...opts.game,
    prefix: GAME_PROVIDER_PATH,
    secret: opts.secret,
    previousSecret: opts.previousSecret,
    previousUntil: opts.previousUntil,
    dataDir: opts.dataDir,
    faults: opts.faults === true,
    publicBaseUrl: opts.publicBaseUrl,
  });
  if (opts.paymentSecret) {
    await app.register(paymentGatewayPlugin, {
      ...opts.payment,
      prefix: PAYMENT_GATEWAY_PATH,
      secret: opts.paymentSecret,
      dataDir: opts.dataDir,
      faults: opts.faults === true,
      publicBaseUrl: opts.publicBaseUrl,
    });
  }
}

export { signRequest, checkSignature, checkSignatureWithGrace, signature, TS_HEADER, SIGN_HEADER, MAX_SKEW_MS } from './provider/signing.ts';
export type { SignInput, SignedRequest, PreviousSecret } from './provider/signing.ts';
export { ProviderClient, ProviderCallError } from './provider/client.ts';
export type { ProviderClientOptions } from './provider/client.ts';
export type { GameProviderOptions } from './provider/plugin.ts';
export type { FaultTimings } from './provider/faults.ts';
export type * from './provider/types.ts';
// issue 38: the seamless mode's merchant calls and the wallet calls' signature
export type * from './provider/seamless-types.ts';
export { VENUE_MODES } from './provider/seamless-types.ts';
export { CATEGORY_IDS } from './provider/types.ts';
export { signPayBody, checkPaySignature, paySignature, PAY_TS_HEADER, PAY_NONCE_HEADER, PAY_SIGN_HEADER, PAY_REPLAY_WINDOW_MS, PAY_NOTIFY_ACK } from './payments/signing.ts';
export type { PaySigned, PaySignatureProblem } from './payments/signing.ts';
export type { PaymentGatewayOptions } from './payments/plugin.ts';
export type { PayNotice } from './payments/notifier.ts';
export { PAY_FAULT_MODES, type PayFaultMode } from './payments/faults.ts';
// issue 21: the gateway's 四方 mode (merchant dialects, their signature)
export { sifangSignature, sifangSigned, SIFANG_FIELDS, type SifangMerchant, type SifangSignType } from './payments/sifang-dialect.ts';
