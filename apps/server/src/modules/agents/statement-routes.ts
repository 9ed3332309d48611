import {
  adminAgentSettlementRunSchema,
  adminAgentStatementApproveSchema,
  adminAgentStatementAdjustSchema,
  adminAgentStatementIdSchema,
  adminAgentStatementRejectSchema,
  adminAgentStatementsListSchema,
  AGENT_MSG,
  AGENT_STATEMENT_MSG,
  agentStatementSchema,
  agentStatementsSchema,
  type AdminAgentSettlementReply,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { memberOf } from '../../http/auth.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { clientMeta } from '../../http/client-meta.ts';
import { rerunAgentMonth } from './settlement.ts';
import type { SettlementDeps } from './settlement-deps.ts';
import type { Statements } from './statements.ts';

/**
 * The statement calls (issue 20): the agent's own statements (member token of an agent; others
 * answer AGENT_MSG.notAgent), the operators' review and the month re-run.
 */
export function statementRoutes(app: FastifyInstance, deps: SettlementDeps, statements: Statements, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) {
  const guarded = { preHandler: requireMember };

  /** the caller's agent record id; a member without one is refused */
  async function agentOf(req: FastifyRequest): Promise<number> {
    const a = await deps.db.selectFrom('agents').select('id').where('member_id', '=', memberOf(req).memberId).executeTakeFirst();
    if (!a) refuse(AGENT_MSG.notAgent);
    return Number(a.id);
  }

  app.post('/api/agent/statements', guarded, async (req) => {
    const { page } = parse(agentStatementsSchema, req.body);
    return ok(await statements.memberList(await agentOf(req), page));
  });
  app.post('/api/agent/statement', guarded, async (req) => {
    const q = parse(agentStatementSchema, req.body);
    return ok(await statements.memberGet(await agentOf(req), q));
  });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/agent-statements/list', permission: 'agents.view', schema: adminAgentStatementsListSchema, handler: async (i) => ok(await statements.list(i)) }),
    adminRoute({ path: '/admin/api/agent-statements/get', permission: 'agents.view', schema: adminAgentStatementIdSchema, handler: async (i) => ok(await statements.get(i.id)) }),
    adminRoute({ path: '/admin/api/agent-statements/approve', permission: 'agents.settle', schema: adminAgentStatementApproveSchema, handler: async (i, admin, req) => {
      const r = await statements.approve(admin, i.id, clientMeta(req), i.flags_reviewed);
      return ok(r.row, r.message);
    } }),
    adminRoute({ path: '/admin/api/agent-statements/adjust', permission: 'agents.settle', schema: adminAgentStatementAdjustSchema, handler: async (i, admin, req) => {
      const r = await statements.adjust(admin, i.id, i.amount, i.reason, clientMeta(req));
      return ok(r.row, r.message);
    } }),
    adminRoute({ path: '/admin/api/agent-statements/reject', permission: 'agents.settle', schema: adminAgentStatementRejectSchema, handler: async (i, admin, req) => {
      const r = await statements.reject(admin, i.id, i.reason, clientMeta(req));
      return ok(r.row, r.message);
    } }),
    adminRoute({ path: '/admin/api/agent-settlement/run', permission: 'agents.settle', schema: adminAgentSettlementRunSchema, handler: async (i, admin, req) => {
      const c = await rerunAgentMonth(deps, i.month, { adminId: admin.adminId, ip: clientMeta(req).ip }, deps.now());
      const reply: AdminAgentSettlementReply = { month: i.month, created: c.created, updated: c.updated, skipped: c.kept };
      return ok(reply, AGENT_STATEMENT_MSG.settled(c.created, c.updated, c.kept));
    } }),
  ]);
}
