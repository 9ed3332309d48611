import { randomUUID } from 'node:crypto';
import {
  ADMIN_MEMBER_MSG,
  BUSINESS_TZ,
  CODE,
  fenToYuan,
  formatYuan,
  TURNOVER_WAIVE_MSG,
  yuanOrNull,
  yuanToFen,
  type AdminPaged,
  type TurnoverWaiveInput,
  type TurnoverWaiveReply,
  type TurnoverWaiverRow,
  type TurnoverWaiverState,
} from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/index.ts';
import type { TurnoverWaiver } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { decideOnce, lockOperator, queueCount, queuePage } from '../../lib/second-operator.ts';
import { beijingDayStart, dayjs, toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { SiteService } from '../site/index.ts';
import * as turnover from '../turnover/index.ts';

interface Meta {
  ip: string;
}

const yuanText = (fen: number) => formatYuan(fenToYuan(fen), true);

/** TW + Beijing yyyyMMdd + the row's id: unique because the id is */
const waiverNoOf = (id: number, now: number) => `TW${dayjs(now).tz(BUSINESS_TZ).format('YYYYMMDD')}${String(id).padStart(8, '0')}`;

/** The threshold setting (whole yuan) in fen; 0 = one operator is always enough. */
function thresholdFen(value: unknown): number {
  return yuanToFen(value) ?? 0;
}

/**
 * Operators waive (reduce or clear) a member's open turnover (issue 25): one requirement row or
 * all of them, a given amount or all that remains, with a reason, audited with the 剩余打码量
 * before and after. Above the threshold setting the first call records a pending waiver and a
 * second, different operator approves (or rejects) it: the decision is a conditional update of
 * the pending row in the transaction that waives, so two concurrent approvals have one effect and
 * a repeat answers the decision already taken. A waiver never takes more than the figure that was
 * compared with the threshold, nor more than remains when it applies.
 */
export function createTurnoverWaivers(ctx: AppContext, site: SiteService) {
  const { db } = ctx;

  async function memberOf(q: Kysely<DB>, username: string) {
    const m = await q.selectFrom('members').select(['id', 'username']).where('username', '=', username.toLowerCase()).executeTakeFirst();
    if (!m) refuse(ADMIN_MEMBER_MSG.notFound, CODE.notFound);
    return m;
  }

  function rowsQuery(q: Kysely<DB>) {
    return q
      .selectFrom('turnover_waivers as w')
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .innerJoin('admins as r', 'r.id', 'w.requested_by')
      .leftJoin('admins as d', 'd.id', 'w.decided_by')
      .selectAll('w')
      .select(['m.username', 'r.username as requester', 'd.username as decider']);
  }
  type Joined = TurnoverWaiver & { username: string; requester: string; decider: string | null };

  const wire = (w: Joined): TurnoverWaiverRow => ({
    waiver_no: w.waiver_no,
    username: w.username,
    requirement_id: w.requirement_id,
    amount: yuanOrNull(w.amount),
    amount_at_request: fenToYuan(w.amount_at_request),
    applied_amount: yuanOrNull(w.applied_amount),
    reason: w.reason,
    state: w.state,
    needs_two: w.needs_two === 1,
    requested_by: w.requester,
    requested_at: toWireTime(w.requested_at),
    decided_by: w.decider,
    decided_at: w.decided_at === null ? null : toWireTime(w.decided_at),
    reject_reason: w.reject_reason,
  });

  async function byNo(q: Kysely<DB>, waiverNo: string): Promise<Joined> {
    const w = await rowsQuery(q).where('w.waiver_no', '=', waiverNo).executeTakeFirst();
    if (!w) refuse(TURNOVER_WAIVE_MSG.notFound, CODE.notFound);
    return w as Joined;
  }

  async function reply(q: Kysely<DB>, id: number, replayed: boolean): Promise<TurnoverWaiveReply> {
    const w = (await rowsQuery(q).where('w.id', '=', id).executeTakeFirstOrThrow()) as Joined;
    return { waiver: wire(w), remaining: fenToYuan(await turnover.remaining(q, w.member_id)), replayed };
  }

  /** Waives what the pending or new waiver row allows, in the caller's transaction; audits it. */
  async function apply(trx: Kysely<DB>, admin: SessionAdmin, w: TurnoverWaiver, action: string, meta: Meta, now: number) {
    const before = await turnover.remaining(trx, w.member_id);
    const done = await turnover.waive(trx, { memberId: w.member_id, requirementId: w.requirement_id ?? undefined, fen: w.amount ?? w.amount_at_request, now });
    await trx
      .updateTable('turnover_waivers')
      .set({ state: 'applied', applied_amount: done.waived, decided_by: admin.adminId, decided_at: now })
      .where('id', '=', w.id)
      .execute();
    const after = await turnover.remaining(trx, w.member_id);
    await audit(trx, {
      adminId: admin.adminId,
      action,
      target: `member:${w.member_id}`,
      detail: {
        waiver_no: w.waiver_no,
        requirement_id: w.requirement_id,
        amount_fen: w.amount,
        waived_fen: done.waived,
        reason: w.reason,
        rows: done.rows,
        before: { remaining_fen: before },
        after: { remaining_fen: after },
      },
      ip: meta.ip,
    });
    return done.waived;
  }

  return {
    /** POST /admin/api/members/turnover-waive: applied at once, or pending above the threshold. */
    async request(admin: SessionAdmin, input: TurnoverWaiveInput, meta: Meta): Promise<{ reply: TurnoverWaiveReply; message: string }> {
      const requestKey = input.request_id ? `${admin.adminId}:${input.request_id}` : null;
      const threshold = thresholdFen((await site.settings()).turnover_waive_review_threshold);
      const messageOf = (r: TurnoverWaiveReply) =>
        r.waiver.state === 'pending' ? TURNOVER_WAIVE_MSG.pending(formatYuan(fenToYuan(threshold), true)) : r.waiver.state === 'applied' ? TURNOVER_WAIVE_MSG.applied(formatYuan(r.waiver.applied_amount ?? 0, true)) : TURNOVER_WAIVE_MSG.rejected;

      const replay = async (): Promise<{ reply: TurnoverWaiveReply; message: string } | null> => {
        if (!requestKey) return null;
        const seen = await db.selectFrom('turnover_waivers').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
        if (!seen) return null;
        const member = await memberOf(db, input.username);
        if (seen.member_id !== member.id || seen.requirement_id !== (input.requirement_id ?? null) || seen.amount !== (input.amount ?? null)) refuse(TURNOVER_WAIVE_MSG.requestReused);
        const r = await reply(db, seen.id, true);
        return { reply: r, message: messageOf(r) };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      try {
        const r = await db.transaction().execute(async (trx) => {
          const member = await memberOf(trx, input.username);
          if (input.requirement_id !== undefined) {
            const row = await turnover.requirementOf(trx, member.id, input.requirement_id);
            if (!row) refuse(TURNOVER_WAIVE_MSG.requirementNotFound, CODE.notFound);
            if (row.completed_at !== null) refuse(TURNOVER_WAIVE_MSG.rowDone);
          }
          const left = await turnover.openLeft(trx, member.id, input.requirement_id);
          if (left <= 0) refuse(TURNOVER_WAIVE_MSG.nothingOpen);
          if (input.amount !== undefined && input.amount > left) refuse(TURNOVER_WAIVE_MSG.tooMuch(yuanText(left)));
          const figure = input.amount ?? left;
          const now = Date.now();
          // the threshold holds for what one operator waives for one member in a Beijing day, not per
          // call (slices under it would add up to any amount alone): this operator's calls one after
          // another, then their immediate waivers of the day count too
          let today = 0;
          if (threshold > 0) {
            await lockOperator(trx, admin.adminId);
            const done = await trx
              .selectFrom('turnover_waivers')
              .select(sql<string | number | null>`sum(applied_amount)`.as('fen'))
              .where('member_id', '=', member.id)
              .where('requested_by', '=', admin.adminId)
              .where('requested_at', '>=', beijingDayStart(now))
              .where('needs_two', '=', 0)
              .where('state', '=', 'applied')
              .executeTakeFirst();
            today = Number(done?.fen ?? 0);
          }
          const needsTwo = threshold > 0 && today + figure > threshold;
          const inserted = await trx
            .insertInto('turnover_waivers')
            .values({
              waiver_no: `tmp:${randomUUID()}`,
              member_id: member.id,
              requirement_id: input.requirement_id ?? null,
              amount: input.amount ?? null,
              amount_at_request: figure,
              applied_amount: null,
              reason: input.reason,
              state: 'pending',
              needs_two: needsTwo ? 1 : 0,
              requested_by: admin.adminId,
              requested_at: now,
              request_key: requestKey,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(inserted.id);
          const waiverNo = waiverNoOf(id, now);
          await trx.updateTable('turnover_waivers').set({ waiver_no: waiverNo }).where('id', '=', id).execute();
          const w = await trx.selectFrom('turnover_waivers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          if (needsTwo) {
            const remaining = await turnover.remaining(trx, member.id);
            await audit(trx, {
              adminId: admin.adminId,
              action: 'member.turnover.waive_request',
              target: `member:${member.id}`,
              detail: { waiver_no: waiverNo, requirement_id: w.requirement_id, amount_fen: w.amount, figure_fen: figure, threshold_fen: threshold, reason: w.reason, before: { remaining_fen: remaining }, after: { remaining_fen: remaining, state: 'pending' } },
              ip: meta.ip,
            });
          } else {
            await apply(trx, admin, w, 'member.turnover.waive', meta, now);
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

    /** A second, different operator applies a pending waiver once; a repeat answers it again. */
    async approve(admin: SessionAdmin, waiverNo: string, meta: Meta): Promise<{ reply: TurnoverWaiveReply; message: string }> {
      const r = await db.transaction().execute(async (trx) => {
        const w = await byNo(trx, waiverNo);
        return decideOnce(trx, {
          table: 'turnover_waivers',
          row: w,
          to: 'applied',
          adminId: admin.adminId,
          notProposer: () => refuse(TURNOVER_WAIVE_MSG.sameApprover, CODE.forbidden),
          decided: () => refuse(TURNOVER_WAIVE_MSG.decided),
          repeat: () => reply(trx, w.id, true),
          act: async (now) => {
            await apply(trx, admin, w, 'turnover_waiver.approve', meta, now);
            return reply(trx, w.id, false);
          },
        });
      });
      return { reply: r, message: TURNOVER_WAIVE_MSG.applied(formatYuan(r.waiver.applied_amount ?? 0, true)) };
    },

    /** Any operator with the permission may reject a pending waiver (its requester may withdraw it). */
    async reject(admin: SessionAdmin, waiverNo: string, reason: string, meta: Meta): Promise<TurnoverWaiveReply> {
      return db.transaction().execute(async (trx) => {
        const w = await byNo(trx, waiverNo);
        return decideOnce(trx, {
          table: 'turnover_waivers',
          row: w,
          to: 'rejected',
          adminId: admin.adminId,
          rejectReason: reason,
          decided: () => refuse(TURNOVER_WAIVE_MSG.decided),
          repeat: () => reply(trx, w.id, true),
          act: async () => {
            await audit(trx, {
              adminId: admin.adminId,
              action: 'turnover_waiver.reject',
              target: `member:${w.member_id}`,
              detail: { waiver_no: w.waiver_no, amount_fen: w.amount, figure_fen: w.amount_at_request, reason, before: { state: 'pending' }, after: { state: 'rejected' } },
              ip: meta.ip,
            });
            return reply(trx, w.id, false);
          },
        });
      });
    },

    /** Waivers newest first, by state and member (the member page and the review queue). */
    list(f: { state?: TurnoverWaiverState; username?: string; page: number; per_page: number }): Promise<AdminPaged<TurnoverWaiverRow>> {
      return queuePage(db, { table: 'turnover_waivers', alias: 'w', rows: rowsQuery, wire }, f);
    },
  };
}
export type TurnoverWaivers = ReturnType<typeof createTurnoverWaivers>;

/** issue 34 point 8: waivers in a state (the dashboard and the bell count the pending ones) */
export function waiversInState(db: Kysely<DB>, state: TurnoverWaiverState): Promise<number> {
  return queueCount(db, 'turnover_waivers', state);
}
