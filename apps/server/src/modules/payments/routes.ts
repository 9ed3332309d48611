import {
  adminDepositApproveSchema,
  adminDepositGetSchema,
  adminDepositListSchema,
  adminDepositRefundListSchema,
  adminDepositRefundMarkSchema,
  DEPOSIT_REFUND_MSG,
  adminDepositRejectSchema,
  adminReceivingApproveSchema,
  RECEIVING_MSG,
  adminReceivingCreateSchema,
  adminReceivingUpdateSchema,
  CODE,
  MSG,
  PAY_MSG,
  payApiRechargeSchema,
  payInfoQuerySchema,
  payRangeQuerySchema,
  queryOrderNoSchema,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { memberOf } from '../../http/auth.ts';
import { ApiError, ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { requestOrigin } from '../../http/site-url.ts';
import type { Receiving } from './receiving.ts';
import type { Refunds } from './refunds.ts';
import type { Review } from './review.ts';
import type { PaymentsService } from './service.ts';

/** the largest notify body a gateway sends is a few hundred bytes */
const NOTIFY_BODY_LIMIT = 16 * 1024;

export async function paymentsRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  review: Review,
  receiving: Receiving,
  refunds: Refunds,
  requireMember: (req: FastifyRequest) => Promise<void>,
  requireAdmin: RequireAdmin,
) {
  const guarded = { preHandler: requireMember };

  app.get('/api/get_pay_way', guarded, async (req) => ok(await payments.payWays(memberOf(req).memberId)));
  app.post('/api/getPayRange', guarded, async (req) => ok(await payments.payRange(parse(payRangeQuerySchema, req.body).type)));
  app.post('/api/getpaybank', guarded, async () => ok(await payments.receivingBanks()));

  app.post('/api/recharge', guarded, async (req) => {
    // issue 33: without PUBLIC_URL, the cashier's return and notify addresses are on the origin the member reached
    const { deposit, url } = await payments.recharge(memberOf(req).memberId, req.body, requestOrigin(req));
    // `message` is the deposit number either way: the original front-end opens
    // /payInfo?deposit_no=<message> (issue 19), where /api/payinfo answers the account or, for an
    // online order, the cashier link and its QR code; our own site goes to data.url (online)
    return ok(url ? { url, deposit_no: deposit.deposit_no } : { deposit_no: deposit.deposit_no }, deposit.deposit_no);
  });

  app.post('/api/payinfo', guarded, async (req) => {
    const { deposit_no } = parse(payInfoQuerySchema, req.body);
    const { kind, info } = await payments.payInfo(memberOf(req).memberId, deposit_no);
    return ok(info, kind);
  });

  // the gateway-style creation call: same rules, its reply names the error `msg`
  app.post('/pay/api/recharge', guarded, async (req) => {
    try {
      const b = parse(payApiRechargeSchema, req.body);
      const memberId = memberOf(req).memberId;
      if (b.username.toLowerCase() !== (await payments.usernameOf(memberId))) refuse(PAY_MSG.usernameMismatch);
      const { deposit, url } = await payments.recharge(memberId, { paytype: b.payType, amount: b.payAmount }, requestOrigin(req));
      return { code: CODE.ok, message: MSG.ok, msg: MSG.ok, data: { orderNo: deposit.deposit_no, url: url ?? '' } };
    } catch (e) {
      if (e instanceof ApiError) return { code: e.code, message: e.message, msg: e.message, data: null };
      throw e;
    }
  });

  app.get('/pay/api/queryOrderNo', guarded, async (req) => {
    const { orderNo } = parse(queryOrderNoSchema, req.query);
    return ok(await payments.orderStatus(memberOf(req).memberId, orderNo));
  });

  // the gateway's notify: the raw bytes are kept for the signature, whatever the content type
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, String(body)));
    scope.post('/pay/notify/:gateway', async (req, reply) => {
      const name = String((req.params as { gateway?: string }).gateway ?? '');
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = /^[a-z0-9_-]{1,32}$/.test(name) ? await payments.notify(name, raw, req.headers) : { ack: false as const, status: 404, body: 'fail' };
      return reply
        .code(answer.ack ? 200 : answer.status)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(answer.body);
    });
    // issue 21: a payment channel's notify, checked with that channel's key (and its notify addresses)
    scope.post('/pay/notify/ch/:channel', async (req, reply) => {
      const id = String((req.params as { channel?: string }).channel ?? '');
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = /^\d{1,12}$/.test(id) ? await payments.notifyChannel(Number(id), raw, req.headers, req.ip) : { ack: false as const, status: 404, body: 'fail' };
      return reply
        .code(answer.ack ? 200 : answer.status)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(answer.body);
    });
  });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/deposits/list', permission: 'deposits.view', schema: adminDepositListSchema, handler: async (input) => ok(await review.list(input)) }),
    adminRoute({
      path: '/admin/api/deposits/approve',
      permission: 'deposits.review',
      schema: adminDepositApproveSchema,
      handler: async (input, admin, req) => {
        const { row, message } = await review.approve(admin, input.deposit_no, req.ip);
        return ok(row, message);
      },
    }),
    // issue 33: the review's view of an order (the member's deposit limits and breaks) and the refunds owed
    adminRoute({ path: '/admin/api/deposits/get', permission: 'deposits.view', schema: adminDepositGetSchema, handler: async (input) => ok(await review.detail(input.deposit_no)) }),
    adminRoute({ path: '/admin/api/deposit-refunds/list', permission: 'deposits.view', schema: adminDepositRefundListSchema, handler: async (input) => ok(await refunds.list(input)) }),
    adminRoute({
      path: '/admin/api/deposit-refunds/mark-refunded',
      permission: 'deposits.refunds',
      schema: adminDepositRefundMarkSchema,
      handler: async (input, admin, req) => {
        const { row, repeated } = await refunds.markRefunded(admin, input, req.ip);
        return ok(row, repeated ? DEPOSIT_REFUND_MSG.markedBefore : DEPOSIT_REFUND_MSG.marked);
      },
    }),
    adminRoute({
      path: '/admin/api/deposits/reject',
      permission: 'deposits.review',
      schema: adminDepositRejectSchema,
      handler: async (input, admin, req) => {
        const { row, repeated } = await review.reject(admin, input.deposit_no, input.reason, req.ip);
        return ok(row, repeated ? '该订单已拒绝' : '已拒绝');
      },
    }),
    // the receiving accounts manual deposits are pointed to
    adminRoute({ path: '/admin/api/deposit-accounts/list', permission: 'deposits.view', handler: async () => ok(await receiving.list()) }),
    adminRoute({
      path: '/admin/api/deposit-accounts/create',
      permission: 'settings.update',
      schema: adminReceivingCreateSchema,
      handler: async (input, admin, req) => ok(await receiving.create(admin, input, req.ip), RECEIVING_MSG.pending),
    }),
    adminRoute({
      path: '/admin/api/deposit-accounts/update',
      permission: 'settings.update',
      schema: adminReceivingUpdateSchema,
      handler: async (input, admin, req) => {
        const row = await receiving.update(admin, input, req.ip);
        return ok(row, row.approved ? undefined : RECEIVING_MSG.pending);
      },
    }),
    // a new account or changed details reach members once a second operator approves them
    adminRoute({
      path: '/admin/api/deposit-accounts/approve',
      permission: 'payments.channels_keys',
      schema: adminReceivingApproveSchema,
      handler: async (input, admin, req) => {
        const { row, message } = await receiving.approve(admin, input.id, req.ip);
        return ok(row, message);
      },
    }),
  ]);
}
