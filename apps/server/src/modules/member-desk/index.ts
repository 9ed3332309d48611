import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { createCardVault, loadCardKey } from '../cards/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { Transfers } from '../transfers/index.ts';
import { memberDeskRoutes } from './routes.ts';
import { createMemberDesk } from './service.ts';
import { createTransferDesk } from './transfer-desk.ts';

export type { MemberDesk } from './service.ts';

/** The back-office's members (search, 360 view, actions) and pending venue transfers (issue 12). */
export function createMemberDeskModule(ctx: AppContext, deps: { transfers: Transfers; catalogue: Catalogue }) {
  const desk = createMemberDesk(ctx, { ...deps, vault: createCardVault(loadCardKey(ctx.config)) });
  const transfers = createTransferDesk(ctx, deps.transfers);
  return {
    desk,
    transfers,
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => memberDeskRoutes(app, desk, transfers, requireAdmin),
  };
}
