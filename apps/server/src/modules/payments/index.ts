import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { PaymentRegistry } from '../../adapters/payments/index.ts';
import type { DB } from '../../db/schema.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { SiteService } from '../site/index.ts';
import { depositRecords } from './records.ts';
import * as repo from './repo.ts';
import { createReceiving } from './receiving.ts';
import { createRefunds } from './refunds.ts'; // issue 33
import { createReview } from './review.ts';
import { paymentsRoutes } from './routes.ts';
import { createPaymentsService, type PaymentsDeps } from './service.ts';
import { pruneSeenNotifies } from './replay.ts'; // issue 21

/**
 * Deposits (issue 9): online orders through a PaymentGateway adapter and its signed notify,
 * manual bank / USDT orders reviewed by operators, bonus and turnover, records type 1.
 *
 * Table `deposits` (migration 012): deposit_no (unique), member_id, paytype, kind (manual |
 * online), status (pending | review | credited | rejected | expired | failed), amount (fen
 * ordered), paid_amount (fen the gateway reported), credited_amount (fen credited), bonus_percent,
 * bonus_amount (fen of bonus credited), gateway, gateway_order_no, the depositor's bank fields,
 * usdt_protocol / usdt_rate / usdt_cents, receiving_account_id / receiving (JSON snapshot),
 * review_reason, reject_reason, decided_by, created_at, expires_at, paid_at, credited_at,
 * decided_at (epoch ms). Indexed by (member_id, created_at) and (member_id, credited_at).
 */
export type { PaymentsService } from './service.ts';
/** issue 21: forgets notify ids past the replay window (its job; tests call it with a later clock) */
export { pruneSeenNotifies as pruneSeenNotifiesForTest, NOTIFY_REPLAY_WINDOW_MS } from './replay.ts';
export type { DepositRecordRow } from './records.ts';
export { BONUS_PAY_WAY } from './records.ts';

/**
 * Fen of a member's deposits credited in [fromMs, toMs) (by credit time), bonuses excluded:
 * what red-packet and VIP rules count as "recharge".
 */
export function depositsCreditedBetween(db: Kysely<DB>, memberId: number, fromMs: number, toMs: number): Promise<number> {
  return repo.creditedBetween(db, memberId, fromMs, toMs);
}

/** POST /api/gettransrecord type 1, for the transfers module's records call */
export { depositRecords };

/** the back-office's reads: deposits waiting for an operator, and a member's deposits page by page */
export { awaitingOperatorCount as depositsAwaitingOperator, memberDeskPage as memberDepositsPage } from './repo.ts';

/** demo receiving accounts, made once when the sandbox is on and none exist */
const DEMO_ACCOUNTS = [
  { type: 'bank', bank_name: '中国工商银行', bank_owner: '鼎盛娱乐科技有限公司', bank_no: '6222021001122334455', bank_address: '深圳市福田支行' },
  { type: 'bank', bank_name: '招商银行', bank_owner: '鼎盛娱乐科技有限公司', bank_no: '6225880155667788', bank_address: '深圳市南山支行' },
  { type: 'usdt', bank_name: 'TRC20', bank_owner: '', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', bank_address: '' },
  { type: 'usdt', bank_name: 'ERC20', bank_owner: '', bank_no: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', bank_address: '' },
];

export function createPayments(ctx: AppContext, deps: PaymentsDeps & { registry: PaymentRegistry; site: SiteService }) {
  const service = createPaymentsService(ctx, deps);
  const review = createReview(ctx, deps.site);
  const receiving = createReceiving(ctx);
  const refunds = createRefunds(ctx); // issue 33: refunds owed past members' deposit limits
  const jobs: Job[] = [
    // unpaid orders expire one hour after creation (spec section 4)
    { name: 'expire_deposits', everySeconds: 60, leaseMs: 5 * 60_000, run: async () => void (await service.expire()) },
    // asks the gateway about online orders whose notify has not come (a lost notify still credits)
    { name: 'query_pending_deposits', everySeconds: 60, leaseMs: 5 * 60_000, run: async () => void (await service.queryPending()) },
    // issue 21: notify ids older than the replay window are forgotten
    { name: 'prune_seen_notifies', everySeconds: 3600, leaseMs: 5 * 60_000, run: async () => void (await pruneSeenNotifies(ctx.db, Date.now())) },
  ];
  return {
    service,
    review,
    jobs,
    async seedDemo() {
      const now = Date.now();
      // the demo's own accounts, made by the site itself: in use from the start
      await repo.insertAccountsIfNone(ctx.db, DEMO_ACCOUNTS.map((a) => ({ ...a, created_at: now, approved_at: now })));
    },
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) =>
      paymentsRoutes(app, service, review, receiving, refunds, requireMember, requireAdmin),
  };
}
