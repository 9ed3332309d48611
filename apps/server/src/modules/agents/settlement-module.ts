import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { promotionsClock } from '../promotions/index.ts';
import type { SettlementDeps } from './settlement-deps.ts';
import { rerunAgentMonth, settleAgentMonth, settlementTick, type SettleOptions } from './settlement.ts';
import { statementRoutes } from './statement-routes.ts';
import { createStatements } from './statements.ts';

/**
 * The agents' monthly settlement and statements (issue 20), made where the agents module is:
 * the job (on the promotions clock, so PROMO_TEST_NOW settles "last month" in tests), the
 * operators' decisions and the member calls.
 */
export function createAgentSettlement(ctx: AppContext, deps: Pick<SettlementDeps, 'settings' | 'notify'> & Partial<Pick<SettlementDeps, 'now'>>) {
  const full: SettlementDeps = {
    ...deps,
    db: ctx.db,
    now: deps.now ?? promotionsClock(ctx),
    holder: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 64),
  };
  const statements = createStatements(full);
  // under the test clock (end-to-end tests) the job looks every 10 s instead of 5 minutes
  const every = ctx.config.promoTestNow === undefined ? 300 : 10;
  const jobs: Job[] = [{ name: 'agent_settlement', everySeconds: every, leaseMs: 60 * 60_000, run: async () => void (await settlementTick(full, full.now())) }];
  return {
    deps: full,
    statements,
    jobs,
    /** one tick of the monthly job at `now` (tests drive months with their own clock) */
    tick: (now: number) => settlementTick(full, now),
    /** settles a month as the job does (tests, the bench) */
    settleMonth: (month: string, now: number, opts?: SettleOptions) => settleAgentMonth(full, month, now, opts),
    rerunMonth: (month: string, op: { adminId: number; ip: string }, now: number, opts?: SettleOptions) => rerunAgentMonth(full, month, op, now, opts),
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => statementRoutes(app, full, statements, requireMember, requireAdmin),
  };
}
export type AgentSettlement = ReturnType<typeof createAgentSettlement>;
