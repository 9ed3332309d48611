import { RISK_DECISION_NAMES, RISK_RULE_NAMES, riskDecideSchema, riskEventSchema, riskEventsSchema, riskRulesSchema, riskRulesUpdateSchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { clientMeta } from '../../http/client-meta.ts';
import { ok } from '../../http/envelope.ts';
import { decideEvent, getEvent, listEvents } from './events.ts';
import { listRules, updateRule } from './rules.ts';

/** Risk events and rules (issue 36 point 3; DESIGN.md sections 11 and 15): risk.view reads, risk.manage decides and sets. */
export function riskEventRoutes(app: FastifyInstance, db: Kysely<DB>, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/risk/events', permission: 'risk.view', schema: riskEventsSchema, handler: async (i) => ok(await listEvents(db, i)) }),
    adminRoute({ path: '/admin/api/risk/event', permission: 'risk.view', schema: riskEventSchema, handler: async (i) => ok(await getEvent(db, i.id)) }),
    adminRoute({ path: '/admin/api/risk/decide', permission: 'risk.manage', schema: riskDecideSchema, handler: async (i, admin, req) => ok(await decideEvent(db, admin, i, clientMeta(req)), `已${RISK_DECISION_NAMES[i.decision]}`) }),
    adminRoute({ path: '/admin/api/risk/rules', permission: 'risk.view', schema: riskRulesSchema, handler: async () => ok(await listRules(db)) }),
    adminRoute({ path: '/admin/api/risk/rules-update', permission: 'risk.manage', schema: riskRulesUpdateSchema, handler: async (i, admin, req) => ok(await updateRule(db, admin, i, clientMeta(req)), `「${RISK_RULE_NAMES[i.rule]}」已保存`) }),
  ]);
}
