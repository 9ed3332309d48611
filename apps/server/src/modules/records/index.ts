import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { recordsRoutes } from './routes.ts';

/**
 * A member's own records as CSV (issue 22): the central wallet's statement and the bets, for a
 * range of Beijing days, streamed to the member who asked and no one else.
 */
export function createRecordsExport(ctx: AppContext, deps: { catalogue: Catalogue }) {
  return {
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => recordsRoutes(app, ctx, deps.catalogue, requireMember),
  };
}
