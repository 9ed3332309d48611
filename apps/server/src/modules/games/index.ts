import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { Transfers } from '../transfers/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { createLauncher } from './launch.ts';
import { gamesRoutes } from './routes.ts';

export { gameUrl } from './urls.ts';

/** Game lists and game launch. */
export function createGames(
  ctx: AppContext,
  deps: { registry: VenueRegistry; catalogue: Catalogue; transfers: Transfers; accounts: AccountsService; mayPlay?: (memberId: number) => Promise<void> },
) {
  const launch = createLauncher(ctx, deps);
  return {
    launch,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => gamesRoutes(app, deps.catalogue, launch, requireMember),
  };
}
