import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { walletRoutes } from './routes.ts';
import { createWalletApi } from './wallet-api.ts';

export { CODE as SEAMLESS_CODE, derivedVenueKey, signWalletCall, yuanOf } from './protocol.ts';

/**
 * Seamless venues (免转, issue 38; DESIGN.md section 4; adapters/venues/SEAMLESS.md): the wallet
 * API the venues call for every bet, win and cancel, and the bets they make.
 */
export function createSeamless(ctx: AppContext) {
  const api = createWalletApi(ctx);
  return {
    api,
    routes: (app: FastifyInstance) => walletRoutes(app, api),
  };
}
export type Seamless = ReturnType<typeof createSeamless>;
