import {
  CODE,
  DEPOSIT_INBOX,
  DEPOSIT_REFUND_INBOX,
  DEPOSIT_REFUND_MSG,
  DEPOSIT_REVIEW_MSG,
  DEPOSIT_STATUS_NAMES,
  fenToYuan,
  formatYuan,
  PAY_MSG,
  RESPONSIBLE_KIND_NAMES,
  RESPONSIBLE_PERIOD_NAMES,
  type AdminDepositDetail,
  type AdminDepositRow,
  type DepositStatus,
  type PayType,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, Deposit } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { sendToMember } from '../inbox/index.ts';
import type { SiteService } from '../site/index.ts';
import { breakEnd, depositHeadroom, lockMemberDeposits, type DepositHeadroom } from '../responsible/index.ts'; // issue 33
import { creditOrder } from './credit.ts';
import { recordRefund, refundOf, toRefundRow } from './refunds.ts'; // issue 33
import * as repo from './repo.ts';
import { decidableFrom, recordState } from './states.ts';

const ADMIN_PER_PAGE = 20;

/**
 * Whether crediting the order takes two operators: the first approval of an order whose payment is
 * above deposit_second_approval_over (fen here; 0 never) only records itself, a second, different
 * operator's approval credits it. An order approved once stays two-person whatever the setting
 * becomes meanwhile.
 */
const needsTwo = (d: Deposit, overFen: number) => d.first_approved_by !== null || (overFen > 0 && Number(d.paid_amount ?? d.amount) > overFen);
const overFenOf = (s: { deposit_second_approval_over?: number }) => Math.max(0, Math.round(Number(s.deposit_second_approval_over ?? 0) * 100));

function toRow(d: Deposit & { username: string; channel_name?: string | null; first_approver?: string | null }, overFen: number): AdminDepositRow {
  const decidable = decidableFrom(d.kind).includes(d.status as DepositStatus);
  const receiving = d.receiving ? (JSON.parse(d.receiving) as { bank_name: string; bank_owner: string; bank_no: string }) : null;
  return {
    deposit_no: d.deposit_no,
    username: d.username,
    paytype: d.paytype as PayType,
    kind: d.kind as 'manual' | 'online',
    amount: fenToYuan(Number(d.amount)),
    paid_amount: d.paid_amount === null ? null : fenToYuan(Number(d.paid_amount)),
    bonus_percent: Number(d.bonus_percent),
    bonus_amount: fenToYuan(Number(d.bonus_amount)),
    status: d.status as DepositStatus,
    state: recordState(d.status),
    review_reason: d.review_reason,
    reject_reason: d.reject_reason,
    depositor: d.paytype === 'bank' ? { bank_owner: d.bank_owner, bank: d.bank, bank_no: d.bank_no, bank_address: d.bank_address } : null,
    usdt: d.paytype === 'usdtpay' && d.usdt_cents !== null ? { protocol: d.usdt_protocol, rate: Number(d.usdt_rate), amount: fenToYuan(Number(d.usdt_cents)) } : null,
    receiving: receiving ? `${receiving.bank_name} ${receiving.bank_owner} ${receiving.bank_no}`.trim() : '',
    gateway_order_no: d.gateway_order_no,
    // issue 33: which channel (merchant account) took an online order
    channel_id: d.channel_id === null ? null : Number(d.channel_id),
    channel_name: d.channel_id === null ? null : (d.channel_name ?? null),
    created_at: toWireTime(Number(d.created_at)),
    expires_at: toWireTime(Number(d.expires_at)),
    credited_at: d.credited_at === null ? null : toWireTime(Number(d.credited_at)),
    decided_by: d.decided_by,
    // a decided order shows two-person only if it went through two
    needs_two: decidable ? needsTwo(d, overFen) : d.first_approved_by !== null,
    first_approved_by: d.first_approved_by === null ? null : (d.first_approver ?? `admin:${d.first_approved_by}`),
    first_approved_at: d.first_approved_at === null ? null : toWireTime(Number(d.first_approved_at)),
  };
}

const snapshot = (d: Deposit) => ({ status: d.status, amount: Number(d.amount), paid_amount: d.paid_amount, credited_amount: d.credited_amount, bonus_amount: Number(d.bonus_amount) });

const yuanText = (fen: number) => formatYuan(fenToYuan(fen), true);

/** issue 33: what approving an order credits under the member's limits now, and what is owed back */
interface Plan {
  paid: number;
  credit: number;
  refund: number;
  /** why a part is owed back (null: nothing is) */
  why: 'limit' | 'break' | null;
  limits: DepositHeadroom[];
  lowest: DepositHeadroom | null;
  onBreak: { kind: string; ends_at: number; effective_at: number } | null;
}

/**
 * DESIGN.md sections 4 and 13: an approval credits at most what the member's lowest deposit limit
 * leaves (this order's own pending count left out: the credit replaces it); during a time-out or
 * self-exclusion nothing is credited and the whole payment is owed back (docs/decisions.md).
 */
async function planOf(q: Kysely<DB>, d: Deposit, now: number): Promise<Plan> {
  const paid = Number(d.paid_amount ?? d.amount);
  const onBreak = await breakEnd(q, d.member_id, now);
  const { limits, lowest } = await depositHeadroom(q, d.member_id, now, d.deposit_no);
  if (onBreak) return { paid, credit: 0, refund: paid, why: 'break', limits, lowest, onBreak };
  const credit = lowest ? Math.min(paid, lowest.left) : paid;
  return { paid, credit, refund: paid - credit, why: credit < paid ? 'limit' : null, limits, lowest, onBreak };
}

/** the reviewer's warnings for a plan (the screen shows them above the approve button) */
function hintsOf(p: Plan, decidable: boolean): string[] {
  const out: string[] = [];
  if (p.onBreak) {
    const name = RESPONSIBLE_KIND_NAMES[p.onBreak.kind] ?? p.onBreak.kind;
    out.push(`会员正在${name}中（至 ${toWireTime(p.onBreak.ends_at)} 北京时间），期间不能存款。` + (decidable ? `批准后不会入账，实付 ${yuanText(p.paid)} 元将全部记为待退款。` : ''));
  }
  const low = p.lowest;
  if (low && !p.onBreak) {
    const head = `会员${RESPONSIBLE_PERIOD_NAMES[low.period]}存款限额 ${yuanText(low.limit)} 元，已用 ${yuanText(low.used)} 元，剩余 ${yuanText(low.left)} 元`;
    if (!decidable) {
      if (low.left === 0) out.push(`${head}（已达限额）。`);
    } else if (p.credit === 0) out.push(`${head}：批准后不会入账，实付 ${yuanText(p.paid)} 元将全部记为待退款。`);
    else if (p.refund > 0) out.push(`${head}：批准后入账 ${yuanText(p.credit)} 元，超出的 ${yuanText(p.refund)} 元记为待退款。`);
  }
  return out;
}

/**
 * The operator's calls (DESIGN.md section 11): list, approve, reject. Decisions take the deposit
 * number, are idempotent (a repeat of the decision already taken answers it again) and exclusive
 * (approve and reject racing: the conditional status update lets exactly one through). Each is
 * audited in its own transaction.
 */
export function createReview(ctx: AppContext, site: SiteService) {
  const { db } = ctx;

  /** the member hears of the decision; after the commit, once per order whatever retries */
  async function tell(d: Deposit) {
    const yuan = (fen: number) => formatYuan(fenToYuan(fen), true);
    const owed = d.status === 'credited' ? Number(d.paid_amount ?? d.amount) - Number(d.credited_amount) : 0;
    const [title, content] =
      d.status === 'credited'
        ? [
            DEPOSIT_INBOX.approvedTitle,
            owed > 0 // issue 33: part of the payment passed the member's deposit limit
              ? DEPOSIT_REFUND_INBOX.approvedPartly(d.deposit_no, yuan(Number(d.credited_amount)), yuan(owed))
              : DEPOSIT_INBOX.approved(d.deposit_no, yuan(Number(d.credited_amount)), Number(d.bonus_amount) > 0 ? yuan(Number(d.bonus_amount)) : null),
          ]
        : [DEPOSIT_INBOX.rejectedTitle, DEPOSIT_INBOX.rejected(d.deposit_no, yuan(Number(d.paid_amount ?? d.amount)), d.reject_reason)];
    await sendToMember(ctx, d.member_id, title, content, { dedupeKey: `deposit:${d.deposit_no}` }).catch((err) =>
      ctx.log.error({ err, depositNo: d.deposit_no }, 'deposit decision not sent to the inbox'),
    );
  }

  async function load(depositNo: string): Promise<Deposit> {
    const d = await repo.depositByNo(db, depositNo);
    if (!d) refuse(PAY_MSG.orderNotFound, CODE.notFound);
    return d;
  }

  return {
    async list(q: { state?: DepositStatus; username?: string; page: number }) {
      let memberId: number | undefined;
      if (q.username) {
        const m = await repo.memberIdByUsername(db, q.username);
        if (!m) return paged([], 0, q.page, ADMIN_PER_PAGE);
        memberId = m.id;
      }
      const { rows, total, estimated } = await repo.adminList(db, { status: q.state, memberId }, ADMIN_PER_PAGE, q.page);
      const over = overFenOf(await site.settings());
      return { ...paged(rows.map((r) => toRow(r, over)), total, q.page, ADMIN_PER_PAGE), ...(estimated ? { total_estimated: true as const } : {}), statuses: DEPOSIT_STATUS_NAMES };
    },

    /**
     * issue 33: what the order is and what approving it now would do under the member's deposit
     * limits and breaks (the review's hint), or the refund recorded once decided.
     */
    async detail(depositNo: string): Promise<AdminDepositDetail> {
      const d = await load(depositNo);
      const row = await repo.adminRow(db, depositNo);
      const decidable = decidableFrom(d.kind).includes(d.status as DepositStatus);
      const now = Date.now();
      const p = await planOf(db, d, now);
      const refund = await refundOf(db, depositNo);
      return {
        row: toRow(row, overFenOf(await site.settings())),
        limits: p.limits.map((l) => ({ period: l.period, period_name: RESPONSIBLE_PERIOD_NAMES[l.period], amount: fenToYuan(l.limit), used: fenToYuan(l.used), left: fenToYuan(l.left) })),
        left: p.lowest ? fenToYuan(p.lowest.left) : null,
        active_break: p.onBreak
          ? { kind: p.onBreak.kind as 'timeout' | 'exclusion', kind_name: RESPONSIBLE_KIND_NAMES[p.onBreak.kind] ?? p.onBreak.kind, starts_at: toWireTime(p.onBreak.effective_at), ends_at: toWireTime(p.onBreak.ends_at) }
          : null,
        preview: decidable ? { paid: fenToYuan(p.paid), credit: fenToYuan(p.credit), refund: fenToYuan(p.refund) } : null,
        refund: refund ? toRefundRow(refund) : null,
        hints: hintsOf(p, decidable),
      };
    },

    /**
     * Credits the order once, at most what the member's deposit limits leave (issue 33); the rest
     * of the payment is recorded as a refund owed, in the same transaction. The member's lock (the
     * one deposit orders take) makes approvals and new orders of one member take turns, so two
     * approvals never spend the same headroom. Nothing to credit (limit used up, or a break): the
     * order is closed as rejected with the whole payment owed back.
     *
     * Above deposit_second_approval_over (the payment, what the member says arrived) one operator
     * cannot decide alone: the first approval records itself (first_approved_by/at and the amount
     * it saw) and credits nothing, owes nothing back; a second, different operator's approval of
     * the same amount then decides as above (limits and breaks read at that moment). The member's
     * lock makes approvals of one member take turns, so of concurrent second approvals one credits.
     * Anyone with deposits.review may still reject it in between.
     */
    async approve(admin: SessionAdmin, depositNo: string, ip: string): Promise<{ row: AdminDepositRow; repeated: boolean; message: string }> {
      const first = await load(depositNo);
      const settings = await site.settings();
      const over = overFenOf(settings);
      const by = `admin:${admin.adminId}`;
      let outcome: { d: Deposit; refund: number; why: Plan['why']; first?: true } | undefined;
      // the status read under the lock is the one the update moves from: a change in between (the
      // expiry job) is read again on the next round
      for (let round = 0; round < 3 && !outcome; round++) {
        const now = Date.now();
        const r = await db.transaction().execute(async (trx) => {
          await lockMemberDeposits(trx, ctx.dialect, first.member_id);
          const d = await repo.depositByNo(trx, depositNo);
          if (!d || !decidableFrom(d.kind).includes(d.status as DepositStatus)) return 'final' as const;
          const p = await planOf(trx, d, now);
          const firstBy = d.first_approved_by === null ? null : Number(d.first_approved_by);
          if (firstBy === null && needsTwo(d, over)) {
            // the first of two: recorded, nothing credited or owed back
            const marked = await trx
              .updateTable('deposits')
              .set({ first_approved_by: admin.adminId, first_approved_at: now, first_approved_amount: p.paid })
              .where('deposit_no', '=', d.deposit_no)
              .where('status', '=', d.status)
              .where('first_approved_by', 'is', null)
              .returningAll()
              .executeTakeFirst();
            if (!marked) return undefined;
            await audit(trx, {
              adminId: admin.adminId,
              action: 'deposit.approve_first',
              target: `deposit:${d.deposit_no}`,
              detail: { before: snapshot(d), amount_fen: p.paid, threshold: fenToYuan(over), would_credit_fen: p.credit, would_refund_fen: p.refund },
              ip,
              now,
            });
            return { d: marked, refund: 0, why: null, first: true as const };
          }
          if (firstBy !== null) {
            // the second: another operator, of the payment the first one approved
            if (firstBy === admin.adminId) refuse(DEPOSIT_REVIEW_MSG.sameApprover);
            if (Number(d.first_approved_amount) !== p.paid) refuse(DEPOSIT_REVIEW_MSG.amountChanged);
          }
          const set = { decided_by: admin.username, decided_at: now };
          let after: Deposit | undefined;
          if (p.credit > 0) {
            after = (await creditOrder(trx, settings, d, { amount: p.credit, from: [d.status], now, by, set }))?.deposit;
          } else {
            const reason = p.why === 'break' ? DEPOSIT_REFUND_MSG.rejectBreak(yuanText(p.refund)) : DEPOSIT_REFUND_MSG.rejectLimit(yuanText(p.refund));
            after = await repo.transition(trx, d.deposit_no, [d.status], { status: 'rejected', reject_reason: reason, ...set });
          }
          if (!after) return undefined;
          if (p.refund > 0 && p.why) {
            await recordRefund(trx, { depositNo: d.deposit_no, memberId: d.member_id, amount: p.refund, paid: p.paid, credited: p.credit, reason: p.why, by: admin.username, now });
          }
          const detail: Record<string, unknown> = { before: snapshot(d), after: snapshot(after), ...(firstBy !== null ? { first_approved_by: firstBy, first_approved_at: toWireTime(Number(d.first_approved_at)) } : {}) };
          if (p.refund > 0) Object.assign(detail, { refund_amount_fen: p.refund, ...(p.lowest ? { limit_left_fen: p.lowest.left } : {}), reason: p.why === 'break' ? '冷静期/自我排除中' : '超出存款限额' });
          await audit(trx, { adminId: admin.adminId, action: 'deposit.approve', target: `deposit:${d.deposit_no}`, detail, ip, now });
          return { d: after, refund: p.refund, why: p.why };
        });
        if (r === 'final') break;
        outcome = r;
      }
      const after = await repo.adminRow(db, depositNo);
      if (outcome?.first) return { row: toRow(after, over), repeated: false, message: DEPOSIT_REVIEW_MSG.firstApproved(yuanText(over)) };
      if (outcome) {
        await tell(after);
        const { refund, why } = outcome;
        const credited = Number(after.credited_amount ?? 0);
        const message =
          refund === 0 ? DEPOSIT_REVIEW_MSG.approved
          : why === 'break' ? DEPOSIT_REFUND_MSG.approvedOnBreak(yuanText(refund))
          : credited > 0 ? DEPOSIT_REFUND_MSG.approvedPartly(yuanText(credited), yuanText(refund))
          : DEPOSIT_REFUND_MSG.approvedNone(yuanText(refund));
        return { row: toRow(after, over), repeated: false, message };
      }
      // a repeat: the approval already taken answers again (also one that owed it all back)
      if (after.status === 'credited') return { row: toRow(after, over), repeated: true, message: '该订单已入账' };
      if (after.status === 'rejected' && (await refundOf(db, depositNo))) return { row: toRow(after, over), repeated: true, message: '该订单已处理：款项已记为待退款' };
      refuse(PAY_MSG.notReviewable);
    },

    async reject(admin: SessionAdmin, depositNo: string, reason: string, ip: string): Promise<{ row: AdminDepositRow; repeated: boolean }> {
      const d = await load(depositNo);
      const now = Date.now();
      const updated = await db.transaction().execute(async (trx) => {
        const u = await repo.transition(trx, d.deposit_no, decidableFrom(d.kind), { status: 'rejected', reject_reason: reason, decided_by: admin.username, decided_at: now });
        if (u) await audit(trx, { adminId: admin.adminId, action: 'deposit.reject', target: `deposit:${d.deposit_no}`, detail: { before: snapshot(d), after: snapshot(u), reason }, ip, now });
        return u;
      });
      const after = await repo.adminRow(db, depositNo);
      if (!updated && after.status !== 'rejected') refuse(PAY_MSG.notReviewable);
      if (updated) await tell(after);
      return { row: toRow(after, overFenOf(await site.settings())), repeated: !updated };
    },
  };
}
export type Review = ReturnType<typeof createReview>;
