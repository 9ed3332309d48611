import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { MemberCard } from '../../db/schema.ts';
import type { SiteService } from '../site/index.ts';
import { createAdminList } from './admin-list.ts';
import { createRecords } from './records.ts';
import { createReview } from './review.ts';
import { adminRoutes, memberRoutes } from './routes.ts';
import { createSubmit } from './submit.ts';

export type { Review, ReviewResult } from './review.ts';
/** the back-office's reads: withdrawals by state, and a member's withdrawals page by page */
export { countByState as withdrawalsInState, memberDeskPage as memberWithdrawalsPage } from './repo.ts';

/** What the withdrawals borrow from other modules (wired in app.ts). */
export interface WithdrawalsDeps {
  site: SiteService;
  /** cards module: the member's own card (active only unless asked) with its number opened */
  cardOf(memberId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<MemberCard | undefined>;
  /** accounts module: the one payment-password counter */
  checkPayPassword(memberId: number, plain: string, wrong: string): Promise<unknown>;
}

/**
 * Withdrawals (issue 10): POST /api/withdraw into the withdrawal hold, the member's records
 * (gettransrecord type 2, registered with the transfers module's record types in app.ts) and the
 * operators' review calls.
 */
export function createWithdrawals(ctx: AppContext, deps: WithdrawalsDeps) {
  const submit = createSubmit(ctx, { site: deps.site, cardOf: (memberId, id) => deps.cardOf(memberId, id), checkPayPassword: deps.checkPayPassword });
  const review = createReview(ctx);
  const list = createAdminList(ctx, { cardOf: deps.cardOf });
  const records = createRecords(ctx);
  return {
    submit,
    review,
    list,
    records,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => {
      memberRoutes(app, submit, requireMember);
      adminRoutes(app, requireAdmin, review, list);
    },
  };
}
