import {
  fenToYuan,
  formatYuan,
  WITHDRAW_ADMIN_MSG,
  WITHDRAW_INBOX,
  WITHDRAW_STATE,
  type WithdrawReview,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, Withdrawal } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { sendToMember } from '../inbox/index.ts';
import { wallet } from '../wallet/index.ts';
import * as repo from './repo.ts';

export function reviewOf(w: Pick<Withdrawal, 'state' | 'first_approved_by'>): WithdrawReview {
  if (w.state === WITHDRAW_STATE.approved) return 'approved';
  if (w.state === WITHDRAW_STATE.rejected) return 'rejected';
  return w.first_approved_by !== null ? 'approved_once' : 'pending';
}

/** The review columns as the audit log keeps them (before / after). */
const snapshot = (w: Withdrawal) => ({
  state: w.state,
  review: reviewOf(w),
  claimed_by: w.claimed_by,
  first_approved_by: w.first_approved_by,
  decided_by: w.decided_by,
});

export interface ReviewResult {
  withdraw_no: string;
  state: number;
  review: WithdrawReview;
  /** the decision had been taken before: nothing changed this time */
  replayed: boolean;
}

const yuan = (f: number) => formatYuan(fenToYuan(f), true);

/**
 * The operators' review (DESIGN.md section 11): claim (预备出款) and release, approve (hold ->
 * payouts, or the first of two approvals above the operator-set amount) and reject (hold ->
 * central). Each step is a conditional update of the row from state 1 with the claim and approval
 * it expects, in the transaction that posts the money and writes the audit row: of two concurrent
 * decisions one applies and the other finds the row changed. The pay-out and the return share the
 * ledger key `withdraw:{id}:decision`, a second guard that only one can ever happen. Repeating a
 * decision already taken answers it again and changes nothing.
 */
export function createReview(ctx: AppContext) {
  const { db } = ctx;

  async function load(q: Kysely<DB>, withdrawNo: string): Promise<Withdrawal> {
    const w = await repo.byNo(q, withdrawNo);
    if (!w) refuse(WITHDRAW_ADMIN_MSG.notFound);
    return w;
  }

  /** Why a step cannot apply to the row as it is now (read again after a lost conditional update). */
  async function refuseAsItIs(q: Kysely<DB>, w: Withdrawal, admin: SessionAdmin): Promise<never> {
    if (w.state !== WITHDRAW_STATE.pending) refuse(WITHDRAW_ADMIN_MSG.decided);
    if (w.claimed_by !== null && w.claimed_by !== admin.adminId) refuse(WITHDRAW_ADMIN_MSG.claimedByOther((await repo.adminName(q, w.claimed_by)) ?? ''));
    if (w.first_approved_by === admin.adminId) refuse(WITHDRAW_ADMIN_MSG.sameApprover);
    // still pending: another operator's step (a first approval) came in between
    return refuse(WITHDRAW_ADMIN_MSG.changed);
  }

  const result = (w: Withdrawal, replayed: boolean): ReviewResult => ({ withdraw_no: w.withdraw_no, state: w.state, review: reviewOf(w), replayed });

  async function tell(w: Withdrawal) {
    const amount = yuan(w.amount);
    const [title, content] =
      w.state === WITHDRAW_STATE.approved
        ? [WITHDRAW_INBOX.approvedTitle, WITHDRAW_INBOX.approved(w.withdraw_no, amount)]
        : [WITHDRAW_INBOX.rejectedTitle, WITHDRAW_INBOX.rejected(w.withdraw_no, amount, w.reason)];
    // after the commit (the inbox writes through the app's db); once per withdrawal whatever retries
    await sendToMember(ctx, w.member_id, title, content, { dedupeKey: `withdraw:${w.withdraw_no}` }).catch((err) =>
      ctx.log.error({ err, withdrawNo: w.withdraw_no }, 'withdrawal decision not sent to the inbox'),
    );
  }

  return {
    async claim(admin: SessionAdmin, withdrawNo: string, ip: string): Promise<ReviewResult> {
      return db.transaction().execute(async (trx) => {
        const w = await load(trx, withdrawNo);
        if (w.state === WITHDRAW_STATE.pending && w.claimed_by === admin.adminId) return result(w, true);
        const now = Date.now();
        if (!(await repo.updateIf(trx, w.id, { claimableBy: admin.adminId }, { claimed_by: admin.adminId, claimed_at: now }))) {
          return refuseAsItIs(trx, await load(trx, withdrawNo), admin);
        }
        const after = await load(trx, withdrawNo);
        await audit(trx, { adminId: admin.adminId, action: 'withdrawal.claim', target: `withdrawal:${withdrawNo}`, detail: { before: snapshot(w), after: snapshot(after) }, ip });
        return result(after, false);
      });
    },

    async release(admin: SessionAdmin, withdrawNo: string, ip: string): Promise<ReviewResult> {
      return db.transaction().execute(async (trx) => {
        const w = await load(trx, withdrawNo);
        if (w.state !== WITHDRAW_STATE.pending) refuse(WITHDRAW_ADMIN_MSG.decided);
        // a super admin may free a claim its operator left behind (away, signed out), audited as such
        const override = w.claimed_by !== null && w.claimed_by !== admin.adminId && admin.permissions.includes('*');
        const holder = override ? (w.claimed_by as number) : admin.adminId;
        if (!(await repo.updateIf(trx, w.id, { claimedBy: holder }, { claimed_by: null, claimed_at: null }))) {
          const now = await load(trx, withdrawNo);
          if (now.state !== WITHDRAW_STATE.pending) refuse(WITHDRAW_ADMIN_MSG.decided);
          refuse(WITHDRAW_ADMIN_MSG.notClaimed);
        }
        const after = await load(trx, withdrawNo);
        await audit(trx, { adminId: admin.adminId, action: 'withdrawal.release', target: `withdrawal:${withdrawNo}`, detail: { before: snapshot(w), after: snapshot(after), override }, ip });
        return result(after, false);
      });
    },

    async approve(admin: SessionAdmin, withdrawNo: string, ip: string): Promise<ReviewResult> {
      const out = await db.transaction().execute(async (trx) => {
        const w = await load(trx, withdrawNo);
        if (w.state === WITHDRAW_STATE.approved) return { r: result(w, true), w };
        if (w.state !== WITHDRAW_STATE.pending) refuse(WITHDRAW_ADMIN_MSG.decided);
        const now = Date.now();
        const claim = { claimableBy: admin.adminId };

        if (w.needs_two === 1 && w.first_approved_by === null) {
          // the first of two approvals; the claim is released so another operator can take it
          const set = { first_approved_by: admin.adminId, first_approved_at: now, claimed_by: null, claimed_at: null };
          if (!(await repo.updateIf(trx, w.id, { ...claim, firstApprovedBy: null }, set))) return refuseAsItIs(trx, await load(trx, withdrawNo), admin);
          const after = await load(trx, withdrawNo);
          await audit(trx, {
            adminId: admin.adminId,
            action: 'withdrawal.approve_first',
            target: `withdrawal:${withdrawNo}`,
            detail: { before: snapshot(w), after: snapshot(after), amount_fen: w.amount },
            ip,
          });
          return { r: result(after, false), w: null };
        }
        if (w.needs_two === 1 && w.first_approved_by === admin.adminId) refuse(WITHDRAW_ADMIN_MSG.sameApprover);

        const expect = w.needs_two === 1 ? { ...claim, firstApprovedBy: w.first_approved_by, notFirstApprovedBy: admin.adminId } : claim;
        const set = { state: WITHDRAW_STATE.approved, decided_by: admin.adminId, decided_at: now, claimed_by: null, claimed_at: null };
        if (!(await repo.updateIf(trx, w.id, expect, set))) return refuseAsItIs(trx, await load(trx, withdrawNo), admin);
        const posted = await wallet.payOutHold(trx, {
          memberId: w.member_id,
          amount: w.amount,
          reference: w.withdraw_no,
          idempotencyKey: `withdraw:${w.id}:decision`,
          createdBy: `admin:${admin.adminId}`,
          now,
        });
        const after = await load(trx, withdrawNo);
        await audit(trx, {
          adminId: admin.adminId,
          action: 'withdrawal.approve',
          target: `withdrawal:${withdrawNo}`,
          detail: { before: snapshot(w), after: snapshot(after), amount_fen: w.amount, entry_id: posted.entry.id },
          ip,
        });
        return { r: result(after, false), w: after };
      });
      if (out.w && !out.r.replayed) await tell(out.w);
      return out.r;
    },

    async reject(admin: SessionAdmin, withdrawNo: string, reason: string, ip: string): Promise<ReviewResult> {
      const out = await db.transaction().execute(async (trx) => {
        const w = await load(trx, withdrawNo);
        if (w.state === WITHDRAW_STATE.rejected) return { r: result(w, true), w };
        if (w.state !== WITHDRAW_STATE.pending) refuse(WITHDRAW_ADMIN_MSG.decided);
        const now = Date.now();
        const set = { state: WITHDRAW_STATE.rejected, decided_by: admin.adminId, decided_at: now, claimed_by: null, claimed_at: null, reason };
        if (!(await repo.updateIf(trx, w.id, { claimableBy: admin.adminId }, set))) return refuseAsItIs(trx, await load(trx, withdrawNo), admin);
        const posted = await wallet.returnHold(trx, {
          memberId: w.member_id,
          amount: w.amount,
          reference: w.withdraw_no,
          idempotencyKey: `withdraw:${w.id}:decision`,
          memo: reason,
          createdBy: `admin:${admin.adminId}`,
          now,
        });
        const after = await load(trx, withdrawNo);
        await audit(trx, {
          adminId: admin.adminId,
          action: 'withdrawal.reject',
          target: `withdrawal:${withdrawNo}`,
          detail: { before: snapshot(w), after: snapshot(after), amount_fen: w.amount, reason, entry_id: posted.entry.id },
          ip,
        });
        return { r: result(after, false), w: after };
      });
      if (out.w && !out.r.replayed) await tell(out.w);
      return out.r;
    },
  };
}
export type Review = ReturnType<typeof createReview>;
