import { PROFILE_MSG } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { refuse } from '../../http/envelope.ts';
import { agentsAdminRoutes } from './admin.ts';
import { addressFilter } from '../risk/index.ts';
import { flagTick } from './flags.ts';
import { defaultPlan, seedDefaultPlan } from './plans.ts';
import { agentByMember, bindAtRegistration, makeAgent } from './records.ts';
import { agentRoutes } from './routes.ts';
import { rollupTick } from './rollup.ts';
import { portalUrl, type AgentsDeps } from './service.ts';

// the figures the monthly settlement reads (H9: settlement*.ts, statements*.ts)
export { monthFigures, rangeFigures, dayFigures, listAgentsChunk, planRows, agentSettings, agentSettingsOf, monthDays, type AgentFigures, type AgentSettings } from './figures.ts';
export { rollupDay, rollupMonth, rollupTick } from './rollup.ts';
export { tierTable, defaultPlan, DEFAULT_PLAN_ROWS } from './plans.ts';
export { referralLink, portalUrl, requireAgent, type AgentsDeps } from './service.ts';
export { makeAgent, bindAtRegistration, moveMember } from './records.ts';
export { checkMember, flagTick } from './flags.ts';

/**
 * The affiliate programme (issue 20, DESIGN.md section 12): agent records and their downlines,
 * plans, the figure rollup and fraud flags, the portal's member calls and the operators' calls.
 */
export function createAgents(ctx: AppContext, deps: Omit<AgentsDeps, 'db' | 'origin'> & { origin?: () => string }) {
  const full: AgentsDeps = { ...deps, db: ctx.db, origin: deps.origin ?? (() => ctx.config.publicUrl ?? '') };
  /** one pass of the rollup and the flag checks at `now` (tests drive it with their own clock) */
  // issue 36 point 6: flags are the links of risk control, never by loopback or the site's proxies
  const filter = addressFilter(ctx.config.trustedProxies ?? []);
  const tick = async (now = full.now()) => {
    await flagTick(ctx.db, now, filter);
    return rollupTick(ctx.db, now);
  };
  const jobs: Job[] = [{ name: 'agent_rollup', everySeconds: 60, leaseMs: 10 * 60_000, run: async () => void (await tick()) }];
  return {
    deps: full,
    jobs,
    tick,
    seed: () => seedDefaultPlan(ctx.db),
    /** the default plan's rows (the agent page's table) */
    defaultPlan: () => defaultPlan(ctx.db),
    /** profile hook: an agent does not apply again (issue 34): it is shown its agent centre */
    refuseApplication: async (memberId: number) => {
      if (await agentByMember(ctx.db, memberId)) refuse(PROFILE_MSG.applyAgent);
    },
    /** accounts hook: userInfo isagent */
    isAgent: async (memberId: number) => Boolean(await agentByMember(ctx.db, memberId)),
    /** accounts hook: a pid that is an agent's code binds the new member (registration's transaction) */
    registered: (trx: Kysely<DB>, memberId: number, pid: string | null, now: number) => bindAtRegistration(trx, memberId, pid, now),
    /** profile hook: an approved application makes the member an agent (the decision's transaction) */
    applicationApproved: (trx: Kysely<DB>, memberId: number, adminId: number, now: number) =>
      makeAgent(trx, { memberId, source: 'application', createdBy: `admin:${adminId}`, now }),
    /** where getAgentLoginUrl points for an agent (null: not an agent) */
    portalUrlFor: async (memberId: number) => ((await agentByMember(ctx.db, memberId)) ? portalUrl(full.origin()) : null),
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => {
      agentRoutes(app, full, requireMember);
      agentsAdminRoutes(app, full, requireAdmin);
    },
  };
}
export type Agents = ReturnType<typeof createAgents>;
