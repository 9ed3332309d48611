import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Catalogue } from '../games/index.ts';
import { createRecords } from './records.ts';
import { transfersRoutes } from './routes.ts';
import { createTransfers } from './service.ts';

export type { Transfers, RecoverReport } from './service.ts';
export type { MoveResult } from './moves.ts';
export type { ReconcileReport } from './reconcile.ts';

/** Venue wallets: balances, transfers, recover-all, auto-transfer, records and the reconciler. */
export function createTransfersModule(ctx: AppContext, deps: { registry: VenueRegistry; catalogue: Catalogue }) {
  const service = createTransfers(ctx, deps);
  const records = createRecords(ctx, deps.catalogue);
  const jobs: Job[] = [
    // settles transfers left pending by a time-out or an unclear answer
    { name: 'reconcile_transfers', everySeconds: 30, leaseMs: 5 * 60_000, run: async () => void (await service.reconcile()) },
  ];
  return {
    service,
    records,
    jobs,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => transfersRoutes(app, service, records, requireMember),
  };
}
