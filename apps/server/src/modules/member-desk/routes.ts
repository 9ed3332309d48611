import {
  ADMIN_TRANSFER_MSG,
  adminTransferListSchema,
  adminTransferSettleSchema,
  memberActionSchema,
  memberMessageSchema,
  memberNoteSchema,
  memberRecordsSchema,
  memberRevealCardSchema,
  memberSearchSchema,
  memberSetVipSchema,
  memberTargetSchema,
  memberVerifyRealnameSchema,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { MemberDesk } from './service.ts';
import type { TransferDesk } from './transfer-desk.ts';

/** Members (search, 360 view, actions) and pending venue transfers for operators (issue 12). */
export function memberDeskRoutes(app: FastifyInstance, desk: MemberDesk, transfers: TransferDesk, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/members/list', permission: 'members.view', schema: memberSearchSchema, handler: async (i) => ok(await desk.search(i)) }),
    adminRoute({ path: '/admin/api/members/get', permission: 'members.view', schema: memberTargetSchema, handler: async (i) => ok(await desk.get(i.username)) }),
    adminRoute({ path: '/admin/api/members/balances', permission: 'members.view', schema: memberTargetSchema, handler: async (i) => ok(await desk.balances(i.username)) }),
    adminRoute({ path: '/admin/api/members/records', permission: 'members.view', schema: memberRecordsSchema, handler: async (i) => ok(await desk.records(i.username, i.kind, i.page, i.per_page)) }),
    adminRoute({ path: '/admin/api/members/reveal-card', permission: 'cards.reveal', schema: memberRevealCardSchema, handler: async (i, admin, req) =>
      ok(await desk.revealCard(admin, i.username, i.card_id, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/freeze', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => ok(await desk.setFrozen(admin, i.username, true, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/unfreeze', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => ok(await desk.setFrozen(admin, i.username, false, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/reset-password', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => ok(await desk.resetPassword(admin, i.username, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/reset-pay-password', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => ok(await desk.resetPayPassword(admin, i.username, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/end-sessions', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => ok(await desk.endSessions(admin, i.username, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/recover-venues', permission: 'members.edit', schema: memberActionSchema, handler: async (i, admin, req) => {
      const result = await desk.recoverVenues(admin, i.username, i.reason, clientMeta(req));
      return ok(result, result.message);
    } }),
    adminRoute({ path: '/admin/api/members/set-vip', permission: 'members.edit', schema: memberSetVipSchema, handler: async (i, admin, req) => ok(await desk.setVip(admin, i.username, i.vip, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/message', permission: 'members.edit', schema: memberMessageSchema, handler: async (i, admin, req) => ok(await desk.message(admin, i.username, i.title, i.content, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/verify-realname', permission: 'members.edit', schema: memberVerifyRealnameSchema, handler: async (i, admin, req) =>
      ok(await desk.verifyRealname(admin, i.username, i.verified, i.reason, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/members/note', permission: 'members.edit', schema: memberNoteSchema, handler: async (i, admin, req) => ok(await desk.addNote(admin, i.username, i.content, clientMeta(req))) }),

    adminRoute({ path: '/admin/api/transfers/list', permission: 'transfers.view', schema: adminTransferListSchema, handler: async (i) => ok(await transfers.list(i)) }),
    adminRoute({ path: '/admin/api/transfers/settle', permission: 'transfers.settle', schema: adminTransferSettleSchema, handler: async (i, admin, req) => {
      const r = await transfers.settle(admin, i.transfer_id, clientMeta(req));
      return ok(r, r.status === 2 ? ADMIN_TRANSFER_MSG.stillPending : ADMIN_TRANSFER_MSG.settled);
    } }),
  ]);
}
