import { CODE, grants, OPS_MSG, type Envelope, type Permission } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { adminOf, type SessionAdmin } from './auth.ts';
import { ApiError } from './envelope.ts';
import { parse } from './validate.ts';

/** 无权限 answered to an operator whose role lacks the call's permission */
export const FORBIDDEN_MESSAGE = '您没有执行此操作的权限';

/**
 * One back-office call: its path, the permission slug it needs (null: any signed-in operator,
 * for calls about the operator's own session) and its contract schema. The handler gets the
 * parsed input, the operator and the request (address, device for the audit log).
 */
export interface AdminRoute<S extends z.ZodType = z.ZodType> {
  path: string;
  permission: Permission | null;
  schema?: S;
  handler: (input: z.output<S>, admin: SessionAdmin, req: FastifyRequest) => Promise<Envelope<unknown>>;
}

/** Helps TypeScript infer each route's input from its schema. */
export function adminRoute<S extends z.ZodType>(route: AdminRoute<S>): AdminRoute {
  return route as unknown as AdminRoute;
}

const table = new Map<string, Permission | null>();

/**
 * Every /admin/api call registered through here, with its permission: the table the
 * authorization-matrix test reads, so a call without an entry cannot exist.
 */
export function adminRouteTable(): { path: string; permission: Permission | null }[] {
  return [...table].map(([path, permission]) => ({ path, permission }));
}

export type RequireAdmin = (req: FastifyRequest) => Promise<void>;

/**
 * Registers back-office calls (POST JSON, operator token): the guard answers 401 for a missing,
 * member or expired token, then the permission is checked on the server before anything is read.
 */
export function registerAdminRoutes(app: FastifyInstance, requireAdmin: RequireAdmin, routes: AdminRoute[]) {
  for (const route of routes) {
    if (!route.path.startsWith('/admin/api/')) throw new Error(`back-office call outside /admin/api/: ${route.path}`);
    table.set(route.path, route.permission);
    app.post(route.path, { preHandler: requireAdmin }, async (req) => {
      const admin = adminOf(req);
      // issue 25: an owed first-sign-in step leaves only the operator's own account calls (permission null)
      if (admin.setup && route.permission !== null) throw new ApiError(CODE.forbidden, admin.setup === 'password' ? OPS_MSG.mustChangePassword : OPS_MSG.mustEnrolTotp);
      if (route.permission && !grants(admin.permissions, route.permission)) throw new ApiError(CODE.forbidden, FORBIDDEN_MESSAGE);
      const input = route.schema ? parse(route.schema, req.body) : undefined;
      return route.handler(input, admin, req);
    });
  }
}
