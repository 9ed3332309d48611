import {
  PAYMENT_CHANNEL_MSG as M,
  paymentChannelCreateSchema,
  paymentChannelDeleteSchema,
  paymentChannelGetSchema,
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
    adminRoute({ path: '/admin/api/payment-channels/create', permission: 'payments.channels', schema: paymentChannelCreateSchema, handler: async (i, a, req) => ok(await admin.create(a, i, req.ip), M.created) }),
    adminRoute({ path: '/admin/api/payment-channels/update', permission: 'payments.channels', schema: paymentChannelUpdateSchema, handler: async (i, a, req) => ok(await admin.update(a, i, req.ip), M.saved) }),
    adminRoute({ path: '/admin/api/payment-channels/delete', permission: 'payments.channels', schema: paymentChannelDeleteSchema, handler: async (i, a, req) => ok(await admin.remove(a, i.id, req.ip), M.deleted) }),
    adminRoute({ path: '/admin/api/payment-channels/reveal', permission: 'payments.channels_reveal', schema: paymentChannelRevealSchema, handler: async (i, a, req) => ok(await admin.reveal(a, i.id, i.reason, req.ip)) }),
    adminRoute({ path: '/admin/api/payment-channels/stats', permission: 'payments.channels', schema: paymentChannelStatsSchema, handler: async (i) => ok(await admin.stats(i)) }),
  ]);
}
