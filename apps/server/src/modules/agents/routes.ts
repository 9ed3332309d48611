import { agentMembersSchema, agentSubagentsSchema, agentSummarySchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { agentMembers, agentSubagents, agentSummary, type AgentsDeps } from './service.ts';

/**
 * The agent portal's calls (DESIGN.md section 12): POST JSON on the member's own session; a
 * member without an agent record answers AGENT_MSG.notAgent. The statement calls
 * (/api/agent/statements, /api/agent/statement) are in statement-routes.ts.
 */
export function agentRoutes(app: FastifyInstance, deps: AgentsDeps, requireMember: (req: FastifyRequest) => Promise<void>) {
  const guarded = { preHandler: requireMember };
  const me = (req: FastifyRequest) => memberOf(req).memberId;
  app.post('/api/agent/summary', guarded, async (req) => {
    parse(agentSummarySchema, req.body ?? {});
    return ok(await agentSummary(deps, me(req)));
  });
  app.post('/api/agent/members', guarded, async (req) => ok(await agentMembers(deps, me(req), parse(agentMembersSchema, req.body ?? {}))));
  app.post('/api/agent/subagents', guarded, async (req) => ok(await agentSubagents(deps, me(req), parse(agentSubagentsSchema, req.body ?? {}))));
}
