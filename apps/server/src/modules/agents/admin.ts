import {
  adminAgentCreateSchema,
  adminAgentFlagClearSchema,
  adminAgentFlagsListSchema,
  adminAgentGetSchema,
  adminAgentMoveSchema,
  adminAgentPlanCreateSchema,
  adminAgentPlansListSchema,
  adminAgentPlanUpdateSchema,
  adminAgentsListSchema,
  adminAgentUpdateSchema,
  AGENT_MSG,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { clearFlag, listFlags } from './flags.ts';
import { createPlan, listPlans, updatePlan } from './plans.ts';
import { moveMember } from './records.ts';
import { adminAgentDetail, createAgentByOperator, listAgents, updateAgent, type AgentsDeps } from './service.ts';

/** /admin/api/agents/*, /admin/api/agent-plans/*, /admin/api/agent-flags/* (statements and settlement: statement-routes.ts). */
export function agentsAdminRoutes(app: FastifyInstance, deps: AgentsDeps, requireAdmin: RequireAdmin) {
  const op = (admin: { adminId: number }, ip: string) => ({ adminId: admin.adminId, ip });
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/agents/list', permission: 'agents.view', schema: adminAgentsListSchema, handler: async (q) => ok(await listAgents(deps, q)) }),
    adminRoute({ path: '/admin/api/agents/get', permission: 'agents.view', schema: adminAgentGetSchema, handler: async (q) => ok(await adminAgentDetail(deps, q)) }),
    adminRoute({
      path: '/admin/api/agents/create',
      permission: 'agents.manage',
      schema: adminAgentCreateSchema,
      handler: async (input, admin, req) => ok(await createAgentByOperator(deps, input, op(admin, req.ip)), AGENT_MSG.created),
    }),
    adminRoute({
      path: '/admin/api/agents/update',
      permission: 'agents.manage',
      schema: adminAgentUpdateSchema,
      handler: async (input, admin, req) => ok(await updateAgent(deps, input, op(admin, req.ip)), AGENT_MSG.saved),
    }),
    adminRoute({
      path: '/admin/api/agents/move-member',
      permission: 'agents.manage',
      schema: adminAgentMoveSchema,
      handler: async (input, admin, req) => ok(await moveMember(deps.db, { username: input.username, toAgentId: input.to_agent_id, reason: input.reason }, op(admin, req.ip)), AGENT_MSG.moved),
    }),
    adminRoute({ path: '/admin/api/agent-plans/list', permission: 'agents.view', schema: adminAgentPlansListSchema, handler: async () => ok({ data: await listPlans(deps.db) }) }),
    adminRoute({
      path: '/admin/api/agent-plans/create',
      permission: 'agents.manage',
      schema: adminAgentPlanCreateSchema,
      handler: async (input, admin, req) => {
        const id = await createPlan(deps.db, input, op(admin, req.ip));
        return ok((await listPlans(deps.db)).find((p) => p.id === id)!, AGENT_MSG.saved);
      },
    }),
    adminRoute({
      path: '/admin/api/agent-plans/update',
      permission: 'agents.manage',
      schema: adminAgentPlanUpdateSchema,
      handler: async (input, admin, req) => {
        const id = await updatePlan(deps.db, input, op(admin, req.ip));
        return ok((await listPlans(deps.db)).find((p) => p.id === id)!, AGENT_MSG.saved);
      },
    }),
    adminRoute({ path: '/admin/api/agent-flags/list', permission: 'agents.view', schema: adminAgentFlagsListSchema, handler: async (q) => ok(await listFlags(deps.db, q)) }),
    adminRoute({
      path: '/admin/api/agent-flags/clear',
      permission: 'agents.manage',
      schema: adminAgentFlagClearSchema,
      handler: async (input, admin, req) => ok(await clearFlag(deps.db, input, op(admin, req.ip)), AGENT_MSG.cleared),
    }),
  ]);
}
