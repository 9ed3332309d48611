import { CODE, DEPOSIT_INBOX, DEPOSIT_STATUS_NAMES, fenToYuan, formatYuan, PAY_MSG, type AdminDepositRow, type DepositStatus, type PayType } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { Deposit } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { sendToMember } from '../inbox/index.ts';
import type { SiteService } from '../site/index.ts';
import { creditOrder } from './credit.ts';
import * as repo from './repo.ts';
import { decidableFrom, recordState } from './states.ts';

const ADMIN_PER_PAGE = 20;

function toRow(d: Deposit & { username: string }): AdminDepositRow {
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
    created_at: toWireTime(Number(d.created_at)),
    expires_at: toWireTime(Number(d.expires_at)),
    credited_at: d.credited_at === null ? null : toWireTime(Number(d.credited_at)),
    decided_by: d.decided_by,
  };
}

const snapshot = (d: Deposit) => ({ status: d.status, amount: Number(d.amount), paid_amount: d.paid_amount, credited_amount: d.credited_amount, bonus_amount: Number(d.bonus_amount) });

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
    const yuan = (fen: number) => formatYuan(fenToYuan(fen));
    const [title, content] =
      d.status === 'credited'
        ? [DEPOSIT_INBOX.approvedTitle, DEPOSIT_INBOX.approved(d.deposit_no, yuan(Number(d.credited_amount)), Number(d.bonus_amount) > 0 ? yuan(Number(d.bonus_amount)) : null)]
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
      return { ...paged(rows.map(toRow), total, q.page, ADMIN_PER_PAGE), ...(estimated ? { total_estimated: true as const } : {}), statuses: DEPOSIT_STATUS_NAMES };
    },

    async approve(admin: SessionAdmin, depositNo: string, ip: string): Promise<{ row: AdminDepositRow; repeated: boolean }> {
      const d = await load(depositNo);
      const settings = await site.settings();
      const now = Date.now();
      const by = `admin:${admin.adminId}`;
      const done = await db.transaction().execute(async (trx) => {
        // the amount really paid (review orders), else the order's: decided inside the update
        const r = await creditOrder(trx, settings, d, { from: decidableFrom(d.kind), now, by, set: { decided_by: admin.username, decided_at: now } });
        if (r) {
          await audit(trx, { adminId: admin.adminId, action: 'deposit.approve', target: `deposit:${d.deposit_no}`, detail: { before: snapshot(d), after: snapshot(r.deposit) }, ip, now });
        }
        return r;
      });
      const after = await repo.adminRow(db, depositNo);
      if (!done && after.status !== 'credited') refuse(PAY_MSG.notReviewable);
      if (done) await tell(after);
      return { row: toRow(after), repeated: !done };
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
      return { row: toRow(after), repeated: !updated };
    },
  };
}
export type Review = ReturnType<typeof createReview>;
