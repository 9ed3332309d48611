import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { Transfers } from '../transfers/index.ts';
import { createCatalogue } from './catalogue.ts';
import { createLauncher } from './launch.ts';
import { gamesRoutes } from './routes.ts';

export { createCatalogue, type Catalogue } from './catalogue.ts';
export { gameUrl, artUrl } from './urls.ts';

/** The catalogue job: venues and games re-read from every provider every few minutes. */
export function catalogueJobs(catalogue: ReturnType<typeof createCatalogue>): Job[] {
  return [{ name: 'sync_catalogue', everySeconds: 300, run: () => catalogue.sync() }];
}

/** Game lists and game launch. */
export function createGames(
  ctx: AppContext,
  deps: { registry: VenueRegistry; catalogue: ReturnType<typeof createCatalogue>; transfers: Transfers; accounts: AccountsService },
) {
  const launch = createLauncher(ctx, deps);
  return {
    launch,
    jobs: catalogueJobs(deps.catalogue),
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => gamesRoutes(app, deps.catalogue, launch, requireMember),
  };
}
