import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { exposureRoutes } from './exposure.ts';
import { createRecords, type RecordSource } from './records.ts';
import { transfersRoutes } from './routes.ts';
import { createTransfers, type TransfersDeps } from './service.ts';

export type { Transfers, RecoverReport } from './service.ts';
export type { MoveResult } from './moves.ts';
export type { ReconcileReport } from './reconcile.ts';
export type { RecordSource } from './records.ts';
/** the back-office's reads: transfers by status, and a member's transfers page by page */
export { countByStatus as transfersInStatus, memberDeskPage as memberTransfersPage } from './repo.ts';

/** Venue wallets: balances, transfers, recover-all, auto-transfer, records and the reconciler. */
export function createTransfersModule(ctx: AppContext, deps: TransfersDeps) {
  const service = createTransfers(ctx, deps);
  // gettransrecord types served by other modules (1 deposits, 2 withdrawals), set in app.ts
  const recordTypes = new Map<number, RecordSource>();
  const records = createRecords(ctx, deps.catalogue, recordTypes);
  const jobs: Job[] = [
    // settles transfers left pending by a time-out or an unclear answer
    { name: 'reconcile_transfers', everySeconds: 30, leaseMs: 5 * 60_000, run: async (_ctx, now) => void (await service.reconcile({ now })) },
  ];
  return {
    service,
    records,
    recordTypes,
    jobs,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => transfersRoutes(app, service, records, requireMember),
    /** issue 13: what members hold at each venue (the back-office's exposure view) */
    adminRoutes: (app: FastifyInstance, requireAdmin: RequireAdmin) => exposureRoutes(app, ctx.db, deps.catalogue, requireAdmin),
  };
}
