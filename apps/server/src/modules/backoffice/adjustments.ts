import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_MSG,
  ADMIN_MSG,
  BUSINESS_TZ,
  CODE,
  fenToYuan,
  formatYuan,
  yuanToFen,
  type AdjustmentRow,
  type AdjustmentState,
  type AdjustReply,
  type AdminAdjustInput,
  type AdminPaged,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/index.ts';
import type { MemberAdjustment } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { decideOnce, immediateCreditsToday, lockOperator, queueCount, queuePage } from '../../lib/second-operator.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { SiteService } from '../site/index.ts';
import { addRequirement } from '../turnover/index.ts';
import { isInsufficientFunds, wallet } from '../wallet/index.ts';

interface Meta {
  ip: string;
}

/** ADJ + Beijing yyyyMMdd + the row's id: unique because the id is (the adjustment's 关联单号) */
const adjustmentNoOf = (id: number, now: number) => `ADJ${dayjs(now).tz(BUSINESS_TZ).format('YYYYMMDD')}${String(id).padStart(8, '0')}`;

const yuanText = (fen: number) => formatYuan(fenToYuan(fen), true);

type Joined = MemberAdjustment & { username: string; requester: string; decider: string | null };

/**
 * Manual adjustments (members/adjust) and the second operator (issue 33 point 7, DESIGN 4).
 *
 * Every call is a member_adjustments row. It is posted at once when its amount (either way) is
 * at most adjust_second_approval_over and the operator's immediate adjustments of the Beijing day,
 * this one included, stay within adjust_daily_immediate_max; otherwise it waits (pending) for a
 * second, different operator. The daily figure is read after a lock on the operator's own row
 * (a no-op update of admins), so concurrent calls of one operator are judged one after another
 * and cannot pass the cap together. An approval claims the pending row by a conditional update in
 * the transaction that posts the entry: two concurrent approvals have one effect, a repeat answers
 * the decision taken, the proposer is refused, and a rejection moves no money.
 */
export function createAdjustments(ctx: AppContext, site: SiteService) {
  const { db } = ctx;

  function rowsQuery(q: Kysely<DB>) {
    return q
      .selectFrom('member_adjustments as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .innerJoin('admins as r', 'r.id', 'a.requested_by')
      .leftJoin('admins as d', 'd.id', 'a.decided_by')
      .selectAll('a')
      .select(['m.username', 'r.username as requester', 'd.username as decider']);
  }

  const wire = (a: Joined): AdjustmentRow => ({
    adjustment_no: a.adjustment_no,
    request_id: a.request_key,
    username: a.username,
    amount: fenToYuan(Number(a.amount)),
    turnover_multiple: Number(a.turnover_multiple),
    reason: a.reason,
    state: a.state,
    needs_two: Number(a.needs_two) === 1,
    review: a.review,
    requested_by: a.requester,
    requested_at: toWireTime(Number(a.requested_at)),
    decided_by: a.decider,
    decided_at: a.decided_at === null ? null : toWireTime(Number(a.decided_at)),
    reject_reason: a.reject_reason,
  });

  async function joined(q: Kysely<DB>, where: { id: number } | { no: string }): Promise<Joined> {
    const a = await ('id' in where ? rowsQuery(q).where('a.id', '=', where.id) : rowsQuery(q).where('a.adjustment_no', '=', where.no)).executeTakeFirst();
    if (!a) refuse(ADJUSTMENT_MSG.notFound, CODE.notFound);
    return a as Joined;
  }

  async function reply(q: Kysely<DB>, id: number, replayed: boolean): Promise<AdjustReply> {
    const a = await joined(q, { id });
    return { ...wire(a), balance: fenToYuan(await wallet.centralBalance(q, a.member_id)), entry_id: a.entry_id === null ? null : Number(a.entry_id), replayed };
  }

  /** Posts the adjustment's ledger entry and turnover row in the caller's transaction; audits it. */
  async function post(trx: Kysely<DB>, a: MemberAdjustment, admin: SessionAdmin, action: string, meta: Meta, now: number) {
    const amount = Number(a.amount);
    const movement = {
      memberId: a.member_id,
      amount: Math.abs(amount),
      // the entry names the adjustment by its number; the key stays the request's own id
      reference: `admin-adjust:${a.adjustment_no}`,
      idempotencyKey: `admin-adjust:${a.request_key}`,
      memo: a.reason,
      createdBy: `admin:${a.requested_by}`,
    };
    let posted;
    try {
      posted = amount > 0 ? await wallet.creditFromHouse(trx, { ...movement, house: 'adjustments' }) : await wallet.debitToHouse(trx, movement);
    } catch (e) {
      if (isInsufficientFunds(e)) refuse(ADMIN_MSG.insufficient);
      if ((e as { code?: string }).code === 'idempotency_key_reused') refuse(ADJUSTMENT_MSG.requestReused, CODE.invalid);
      throw e;
    }
    const turnover = amount > 0 ? amount * Number(a.turnover_multiple) : 0;
    if (!posted.replayed) await addRequirement(trx, { memberId: a.member_id, source: 'adjustment', reference: a.adjustment_no, credited: amount, required: turnover, now });
    await trx.updateTable('member_adjustments').set({ entry_id: posted.entry.id }).where('id', '=', a.id).execute();
    const member = await trx.selectFrom('members').select('username').where('id', '=', a.member_id).executeTakeFirstOrThrow();
    await audit(trx, {
      adminId: admin.adminId,
      action,
      target: `member:${a.member_id}`,
      detail: {
        adjustment_no: a.adjustment_no,
        username: member.username,
        amount_fen: amount,
        reason: a.reason,
        turnover_fen: turnover,
        entry_id: posted.entry.id,
      },
      ip: meta.ip,
      now,
    });
  }

  return {
    /** POST /admin/api/members/adjust: posted at once, or waiting for a second operator. */
    async request(admin: SessionAdmin, input: AdminAdjustInput, meta: Meta): Promise<{ reply: AdjustReply; message: string }> {
      const member = await db.selectFrom('members').select(['id', 'username']).where('username', '=', input.username.toLowerCase()).executeTakeFirst();
      if (!member) refuse(ADMIN_MSG.memberNotFound);
      const requestKey = input.request_id ?? randomUUID();
      const s = await site.settings();
      const threshold = yuanToFen(s.adjust_second_approval_over) ?? 0;
      const cap = yuanToFen(s.adjust_daily_immediate_max) ?? 0;
      const messageOf = (r: AdjustReply) =>
        r.state === 'pending' ? (r.review === 'daily_cap' ? ADJUSTMENT_MSG.pendingDaily(yuanText(cap)) : ADJUSTMENT_MSG.pending(yuanText(threshold))) : r.state === 'applied' ? ADMIN_MSG.adjustOk : ADJUSTMENT_MSG.rejected;

      const replay = async () => {
        const seen = await db.selectFrom('member_adjustments').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
        if (!seen) return null;
        if (seen.member_id !== member.id || Number(seen.amount) !== input.amount) refuse(ADJUSTMENT_MSG.requestReused, CODE.invalid);
        const r = await reply(db, seen.id, true);
        return { reply: r, message: messageOf(r) };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      try {
        const r = await db.transaction().execute(async (trx) => {
          await lockOperator(trx, admin.adminId);
          const now = Date.now();
          const size = Math.abs(input.amount);
          // immediate adjustments and activity bonuses of the day together (one cap, whichever door)
          const dayFen = await immediateCreditsToday(trx, admin.adminId, now);
          const review = threshold > 0 && size > threshold ? 'threshold' : cap > 0 && dayFen + size > cap ? 'daily_cap' : null;
          const inserted = await trx
            .insertInto('member_adjustments')
            .values({
              adjustment_no: `tmp:${randomUUID()}`,
              request_key: requestKey,
              member_id: member.id,
              amount: input.amount,
              turnover_multiple: input.amount > 0 ? (input.turnover_multiple ?? 0) : 0,
              reason: input.reason,
              state: review ? 'pending' : 'applied',
              needs_two: review ? 1 : 0,
              review,
              requested_by: admin.adminId,
              requested_at: now,
              decided_by: review ? null : admin.adminId,
              decided_at: review ? null : now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(inserted.id);
          const adjustmentNo = adjustmentNoOf(id, now);
          await trx.updateTable('member_adjustments').set({ adjustment_no: adjustmentNo }).where('id', '=', id).execute();
          const a = await trx.selectFrom('member_adjustments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          if (review) {
            await audit(trx, {
              adminId: admin.adminId,
              action: 'member.adjust_request',
              target: `member:${member.id}`,
              detail: {
                adjustment_no: adjustmentNo,
                username: member.username,
                amount_fen: input.amount,
                reason: input.reason,
                needs_two: true,
                ...(review === 'threshold' ? { threshold_fen: threshold } : { day_cap_fen: cap, day_immediate_fen: dayFen }),
              },
              ip: meta.ip,
              now,
            });
          } else {
            await post(trx, a, admin, 'member.adjust', meta, now);
          }
          return reply(trx, id, false);
        });
        return { reply: r, message: messageOf(r) };
      } catch (e) {
        // the same request_id sent twice at once: the second answers what the first did
        if (isUniqueViolation(e)) {
          const again = await replay();
          if (again) return again;
        }
        throw e;
      }
    },

    /** A second, different operator posts a waiting adjustment once; a repeat answers it again. */
    async approve(admin: SessionAdmin, adjustmentNo: string, meta: Meta): Promise<AdjustReply> {
      return db.transaction().execute(async (trx) => {
        const a = await joined(trx, { no: adjustmentNo });
        return decideOnce(trx, {
          table: 'member_adjustments',
          row: a,
          to: 'applied',
          adminId: admin.adminId,
          notProposer: () => refuse(ADJUSTMENT_MSG.sameApprover, CODE.forbidden),
          decided: () => refuse(ADJUSTMENT_MSG.decided),
          repeat: () => reply(trx, a.id, true),
          act: async (now) => {
            await post(trx, a, admin, 'member_adjustment.approve', meta, now);
            return reply(trx, a.id, false);
          },
        });
      });
    },

    /** Any operator with the permission may reject a waiting adjustment (its proposer may withdraw it); no money moves. */
    async reject(admin: SessionAdmin, adjustmentNo: string, reason: string, meta: Meta): Promise<AdjustReply> {
      return db.transaction().execute(async (trx) => {
        const a = await joined(trx, { no: adjustmentNo });
        return decideOnce(trx, {
          table: 'member_adjustments',
          row: a,
          to: 'rejected',
          adminId: admin.adminId,
          rejectReason: reason,
          decided: () => refuse(ADJUSTMENT_MSG.decided),
          repeat: () => reply(trx, a.id, true),
          act: async (now) => {
            await audit(trx, {
              adminId: admin.adminId,
              action: 'member_adjustment.reject',
              target: `member:${a.member_id}`,
              detail: { adjustment_no: a.adjustment_no, username: a.username, amount_fen: Number(a.amount), reason, before: { state: 'pending' }, after: { state: 'rejected' } },
              ip: meta.ip,
              now,
            });
            return reply(trx, a.id, false);
          },
        });
      });
    },

    /** Adjustments newest first, by state and member (the review queue). */
    list(f: { state?: AdjustmentState; username?: string; page: number; per_page: number }): Promise<AdminPaged<AdjustmentRow>> {
      return queuePage(db, { table: 'member_adjustments', alias: 'a', rows: rowsQuery, wire }, f);
    },
  };
}
export type Adjustments = ReturnType<typeof createAdjustments>;

/** What waits for a second operator (the dashboard and the bell). */
export function adjustmentsInState(db: Kysely<DB>, state: AdjustmentState): Promise<number> {
  return queueCount(db, 'member_adjustments', state);
}
