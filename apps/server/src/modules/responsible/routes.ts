import {
  adminResponsibleExtendSchema,
  adminResponsibleGetSchema,
  adminResponsibleListSchema,
  responsibleBreakSchema,
  responsibleGetSchema,
  responsibleLimitSchema,
  responsibleRealitySchema,
  responsibleSessionSchema,
  RESPONSIBLE_MSG,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { ResponsibleService } from './service.ts';

/** Member calls /api/responsible/{get,limit,reality,break} and the operators' list, view and extension. */
export function responsibleRoutes(app: FastifyInstance, service: ResponsibleService, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) {
  const guarded = { preHandler: requireMember };
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.post('/api/responsible/get', guarded, async (req) => {
    parse(responsibleGetSchema, req.body);
    return ok(await service.state(me(req)));
  });
  app.post('/api/responsible/limit', guarded, async (req) => {
    const r = await service.setLimit(me(req), parse(responsibleLimitSchema, req.body));
    return ok(r.state, r.message);
  });
  app.post('/api/responsible/reality', guarded, async (req) => {
    const { minutes } = parse(responsibleRealitySchema, req.body);
    return ok(await service.setReality(me(req), minutes), RESPONSIBLE_MSG.realitySet);
  });
  // the reality check on the game page: the session's net result so far
  app.post('/api/responsible/session', guarded, async (req) => {
    const { since } = parse(responsibleSessionSchema, req.body);
    return ok(await service.session(me(req), since));
  });
  app.post('/api/responsible/break', guarded, async (req) => {
    const r = await service.startBreak(me(req), parse(responsibleBreakSchema, req.body));
    return ok(r.state, r.message);
  });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/responsible/list', permission: 'responsible.view', schema: adminResponsibleListSchema, handler: async (i) => ok(await service.list(i)) }),
    adminRoute({ path: '/admin/api/responsible/get', permission: 'responsible.view', schema: adminResponsibleGetSchema, handler: async (i) => ok(await service.stateOf(i.username)) }),
    adminRoute({ path: '/admin/api/responsible/extend', permission: 'responsible.manage', schema: adminResponsibleExtendSchema, handler: async (i, admin, req) =>
      ok(await service.extend(admin, i, clientMeta(req)), RESPONSIBLE_MSG.extended) }),
  ]);
}
