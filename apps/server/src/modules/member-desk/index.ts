import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { cardVaultOf } from '../cards/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { Transfers } from '../transfers/index.ts';
import { memberDeskRoutes } from './routes.ts';
import { createMemberDesk } from './service.ts';
import { createTransferDesk } from './transfer-desk.ts';
import type { SiteService } from '../site/index.ts';
import { createTurnoverWaivers } from './turnover-waivers.ts';
import { turnoverWaiverRoutes } from './turnover-waivers-routes.ts';

export type { MemberDesk } from './service.ts';

/** The back-office's members (search, 360 view, actions) and pending venue transfers (issue 12). */
export function createMemberDeskModule(ctx: AppContext, deps: { transfers: Transfers; catalogue: Catalogue; site: SiteService }) {
  const desk = createMemberDesk(ctx, { ...deps, vault: cardVaultOf(ctx.config) /* issue 23 */ });
  const transfers = createTransferDesk(ctx, deps.transfers);
  // issue 25: operators' turnover waivers (two-person above the threshold setting)
  const waivers = createTurnoverWaivers(ctx, deps.site);
  return {
    desk,
    transfers,
    waivers,
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => {
      memberDeskRoutes(app, desk, transfers, requireAdmin);
      turnoverWaiverRoutes(app, waivers, requireAdmin);
    },
  };
}
