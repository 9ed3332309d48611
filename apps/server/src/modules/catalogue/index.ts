import type { Job } from '../../jobs/scheduler.ts';
import type { createCatalogue } from './catalogue.ts';

/**
 * The venue catalogue: venues and games as the providers list them, with the operator's own
 * choices (maintenance, listing, flags, order) kept across syncs. Games (lists, launch),
 * transfers, bets and the member desk read it; it imports none of them, so it sits below all.
 */
export { createCatalogue, type Catalogue, type SyncReport } from './catalogue.ts';
/** issue 13: the back-office's venues and games calls */
export { gamesAdminRoutes } from './admin.ts';
export { artUrl, isLoopbackHost } from './art.ts';

/** The catalogue job: venues and games re-read from every provider every few minutes. */
export function catalogueJobs(catalogue: ReturnType<typeof createCatalogue>): Job[] {
  return [{ name: 'sync_catalogue', everySeconds: 300, run: () => catalogue.sync() }];
}
