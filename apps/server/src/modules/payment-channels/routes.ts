import {
  PAYMENT_CHANNEL_MSG as M,
  paymentChannelCreateSchema,
  paymentChannelDeleteSchema,
  paymentChannelGetSchema,
  paymentChannelKeyApproveSchema,
  paymentChannelKeyChangeListSchema,
  paymentChannelKeyRejectSchema,
  paymentChannelListSchema,
  paymentChannelRevealSchema,
  paymentChannelStatsSchema,
  paymentChannelUpdateSchema,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import type { ChannelAdmin } from './service.ts';

/** /admin/api/payment-channels/* (DESIGN.md section 11), each with its permission slug */
export function paymentChannelRoutes(app: FastifyInstance, admin: ChannelAdmin, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/payment-channels/list', permission: 'payments.channels', schema: paymentChannelListSchema, handler: async (i) => ok(await admin.list(i)) }),
    adminRoute({ path: '/admin/api/payment-channels/get', permission: 'payments.channels', schema: paymentChannelGetSchema, handler: async (i) => ok(await admin.get(i.id)) }),
    adminRoute({ path: '/admin/api/payment-channels/create', permission: 'payments.channels', schema: paymentChannelCreateSchema, handler: async (i, a, req) => ok(await admin.create(a, i, req.ip), M.createdPending) }),
    adminRoute({
      path: '/admin/api/payment-channels/update',
      permission: 'payments.channels',
      schema: paymentChannelUpdateSchema,
      handler: async (i, a, req) => {
        const r = await admin.update(a, i, req.ip);
        return ok(r.row, r.pending ? M.keyChangePending : M.saved);
      },
    }),
    adminRoute({ path: '/admin/api/payment-channels/delete', permission: 'payments.channels', schema: paymentChannelDeleteSchema, handler: async (i, a, req) => ok(await admin.remove(a, i.id, req.ip), M.deleted) }),
    adminRoute({ path: '/admin/api/payment-channels/reveal', permission: 'payments.channels_reveal', schema: paymentChannelRevealSchema, handler: async (i, a, req) => ok(await admin.reveal(a, i.id, i.reason, req.ip)) }),
    adminRoute({ path: '/admin/api/payment-channels/stats', permission: 'payments.channels', schema: paymentChannelStatsSchema, handler: async (i) => ok(await admin.stats(i)) }),
    // issue 34: the online methods members do not see now, and why
    adminRoute({ path: '/admin/api/payment-channels/coverage', permission: 'payments.channels', handler: async () => ok(await admin.coverage()) }),
    // issue 33: credential changes wait for a second holder of payments.channels_keys
    adminRoute({ path: '/admin/api/payment-channels/key-changes', permission: 'payments.channels_keys', schema: paymentChannelKeyChangeListSchema, handler: async (i, a) => ok(await admin.keyChanges(a, i)) }),
    adminRoute({ path: '/admin/api/payment-channels/key-change-approve', permission: 'payments.channels_keys', schema: paymentChannelKeyApproveSchema, handler: async (i, a, req) => ok(await admin.approveKeyChange(a, i.id, req.ip), M.keyChangeApproved) }),
    adminRoute({ path: '/admin/api/payment-channels/key-change-reject', permission: 'payments.channels_keys', schema: paymentChannelKeyRejectSchema, handler: async (i, a, req) => ok(await admin.rejectKeyChange(a, i.id, i.reason, req.ip), M.keyChangeRejected) }),
  ]);
}
