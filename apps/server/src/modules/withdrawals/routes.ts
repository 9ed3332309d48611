import {
  adminWithdrawalsListSchema,
  adminWithdrawNoSchema,
  adminWithdrawRejectSchema,
  WITHDRAW_ADMIN_MSG,
  WITHDRAW_MSG,
  withdrawSchema,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { createAdminList } from './admin-list.ts';
import type { Review } from './review.ts';
import type { createSubmit } from './submit.ts';

/** POST /api/withdraw (spec section 7). The record list (type 2) goes through gettransrecord. */
export function memberRoutes(app: FastifyInstance, submit: ReturnType<typeof createSubmit>, requireMember: (req: FastifyRequest) => Promise<void>) {
  app.post('/api/withdraw', { preHandler: requireMember }, async (req) => {
    const input = parse(withdrawSchema, req.body);
    return ok(await submit(memberOf(req).memberId, input), WITHDRAW_MSG.submitted);
  });
}

/** The operators' calls of DESIGN.md section 11, plus claim / release (预备出款). */
export function adminRoutes(app: FastifyInstance, requireAdmin: RequireAdmin, review: Review, list: ReturnType<typeof createAdminList>) {
  const message = (r: { review: string; replayed: boolean }) =>
    r.review === 'approved_once' ? WITHDRAW_ADMIN_MSG.approvedOnce : r.review === 'approved' ? WITHDRAW_ADMIN_MSG.approved : WITHDRAW_ADMIN_MSG.rejected;
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/withdrawals/list',
      permission: 'withdrawals.view',
      schema: adminWithdrawalsListSchema,
      handler: async (input, admin, req) => ok(await list(admin, input, req.ip)),
    }),
    adminRoute({
      path: '/admin/api/withdrawals/claim',
      permission: 'withdrawals.review',
      schema: adminWithdrawNoSchema,
      handler: async (input, admin, req) => ok(await review.claim(admin, input.withdraw_no, req.ip), WITHDRAW_ADMIN_MSG.claimed),
    }),
    adminRoute({
      path: '/admin/api/withdrawals/release',
      permission: 'withdrawals.review',
      schema: adminWithdrawNoSchema,
      handler: async (input, admin, req) => ok(await review.release(admin, input.withdraw_no, req.ip), WITHDRAW_ADMIN_MSG.released),
    }),
    adminRoute({
      path: '/admin/api/withdrawals/approve',
      permission: 'withdrawals.review',
      schema: adminWithdrawNoSchema,
      handler: async (input, admin, req) => {
        const r = await review.approve(admin, input.withdraw_no, req.ip);
        return ok(r, message(r));
      },
    }),
    adminRoute({
      path: '/admin/api/withdrawals/reject',
      permission: 'withdrawals.review',
      schema: adminWithdrawRejectSchema,
      handler: async (input, admin, req) => {
        const r = await review.reject(admin, input.withdraw_no, input.reason, req.ip);
        return ok(r, message(r));
      },
    }),
  ]);
}
