import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { createSeamlessAdmin, type AdminDeps } from './admin.ts';
import { seamlessAdminRoutes } from './admin-routes.ts';
import { walletRoutes } from './routes.ts';
import { createWalletApi } from './wallet-api.ts';

export { CODE as SEAMLESS_CODE, derivedVenueKey, signWalletCall, yuanOf } from './protocol.ts';

/**
 * Seamless venues (免转, issue 38; DESIGN.md section 4; adapters/venues/SEAMLESS.md): the wallet
 * API the venues call for every bet, win and cancel, the bets they make, and the back-office's
 * venue mode and member rounds.
 */
export function createSeamless(ctx: AppContext, deps: AdminDeps) {
  const api = createWalletApi(ctx);
  const admin = createSeamlessAdmin(ctx, deps);
  return {
    api,
    admin,
    routes: (app: FastifyInstance) => walletRoutes(app, api),
    adminRoutes: (app: FastifyInstance, requireAdmin: RequireAdmin) => seamlessAdminRoutes(app, admin, requireAdmin),
  };
}
export type Seamless = ReturnType<typeof createSeamless>;
