import {
  DEPOSIT_REFUND_MSG,
  DEPOSIT_REFUND_REASON_NAMES,
  DEPOSIT_REFUND_STATE_NAMES,
  fenToYuan,
  type AdminDepositRefundMarkInput,
  type AdminDepositRefundRow,
  type AdminPaged,
  type DepositRefundState,
} from '@casino/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, DepositRefundsTable } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';

const PER_PAGE = 20;
type Q = Kysely<DB>;
type RefundRow = Selectable<DepositRefundsTable> & { username: string };

/**
 * Refunds owed to members (issue 33, DESIGN.md section 4): what an operator's approval of a deposit
 * could not credit under the member's deposit limits (or during a break). One row per deposit,
 * written in the approval's transaction (review.ts); finance lists them and marks each refunded
 * once it has paid the money back outside the platform. No ledger entry: the excess never reached
 * the member's wallet, so nothing in the ledger moves (docs/decisions.md).
 */

/** records what an approval could not credit; the unique deposit_no makes a repeat a no-op */
export async function recordRefund(
  trx: Q,
  r: { depositNo: string; memberId: number; amount: number; paid: number; credited: number; reason: 'limit' | 'break'; by: string; now: number },
) {
  await trx
    .insertInto('deposit_refunds')
    .values({ deposit_no: r.depositNo, member_id: r.memberId, amount: r.amount, paid_amount: r.paid, credited_amount: r.credited, reason: r.reason, status: 'owed', created_by: r.by, created_at: r.now })
    .onConflict((oc) => oc.column('deposit_no').doNothing())
    .execute();
}

const base = (db: Q) => db.selectFrom('deposit_refunds as r').innerJoin('members as m', 'm.id', 'r.member_id');

export function refundOf(db: Q, depositNo: string): Promise<RefundRow | undefined> {
  return base(db).selectAll('r').select('m.username').where('r.deposit_no', '=', depositNo).executeTakeFirst();
}

export function toRefundRow(r: RefundRow): AdminDepositRefundRow {
  const state = r.status as DepositRefundState;
  return {
    id: Number(r.id),
    deposit_no: r.deposit_no,
    username: r.username,
    amount: fenToYuan(Number(r.amount)),
    paid_amount: fenToYuan(Number(r.paid_amount)),
    credited_amount: fenToYuan(Number(r.credited_amount)),
    reason: r.reason,
    reason_name: DEPOSIT_REFUND_REASON_NAMES[r.reason] ?? r.reason,
    state,
    state_name: DEPOSIT_REFUND_STATE_NAMES[state] ?? r.status,
    created_by: r.created_by,
    created_at: toWireTime(Number(r.created_at)),
    refunded_by: r.refunded_by,
    refunded_at: r.refunded_at === null ? null : toWireTime(Number(r.refunded_at)),
    note: r.note,
  };
}

export function createRefunds(ctx: AppContext) {
  const { db } = ctx;

  async function find(q: { id?: number; deposit_no?: string }): Promise<RefundRow | undefined> {
    let s = base(db).selectAll('r').select('m.username');
    if (q.id !== undefined) s = s.where('r.id', '=', q.id);
    if (q.deposit_no !== undefined) s = s.where('r.deposit_no', '=', q.deposit_no);
    return s.executeTakeFirst();
  }

  return {
    /** finance's list: owed first by default order (newest first within a state filter) */
    async list(q: { state?: DepositRefundState; username?: string; page: number }): Promise<AdminPaged<AdminDepositRefundRow> & { owed_total: number }> {
      let s = base(db);
      if (q.state) s = s.where('r.status', '=', q.state);
      if (q.username) s = s.where('m.username', '=', q.username.toLowerCase());
      const total = await s.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await s
        .selectAll('r')
        .select('m.username')
        .orderBy('r.id', 'desc')
        .limit(PER_PAGE)
        .offset((q.page - 1) * PER_PAGE)
        .execute();
      const owed = await db
        .selectFrom('deposit_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('n'))
        .where('status', '=', 'owed')
        .executeTakeFirstOrThrow();
      return { ...paged(rows.map(toRefundRow), Number(total.n), q.page, PER_PAGE), owed_total: fenToYuan(Number(owed.n)) };
    },

    /**
     * Marks a refund paid back, once: the conditional update owed -> refunded is the decision (a
     * repeat, or two operators at once, answers the row as it is, with one audit entry).
     */
    async markRefunded(admin: SessionAdmin, input: AdminDepositRefundMarkInput, ip: string): Promise<{ row: AdminDepositRefundRow; repeated: boolean }> {
      const found = await find(input);
      if (!found) refuse(DEPOSIT_REFUND_MSG.notFound, 404);
      const now = Date.now();
      const changed = await db.transaction().execute(async (trx) => {
        const u = await trx
          .updateTable('deposit_refunds')
          .set({ status: 'refunded', refunded_by: admin.username, refunded_at: now, note: input.reason })
          .where('id', '=', found.id)
          .where('status', '=', 'owed')
          .executeTakeFirst();
        if (Number(u.numUpdatedRows) !== 1) return false;
        await audit(trx, {
          adminId: admin.adminId,
          action: 'deposit_refund.mark_refunded',
          target: `deposit:${found.deposit_no}`,
          detail: { before: { status: 'owed' }, after: { status: 'refunded' }, refund_amount_fen: Number(found.amount), member_id: Number(found.member_id), reason: input.reason },
          ip,
          now,
        });
        return true;
      });
      const after = await find({ id: Number(found.id) });
      return { row: toRefundRow(after!), repeated: !changed };
    },
  };
}
export type Refunds = ReturnType<typeof createRefunds>;
