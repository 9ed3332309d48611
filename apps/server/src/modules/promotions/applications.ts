import { fenToYuan, PROMO_ADMIN_MSG, PROMO_MSG, PROMO_PER_PAGE, RISK_MSG, type ActivityApplyRecord } from '@casino/contract';
import { blocksPromotions, refuseIfNoPromo, riskLevelOf } from '../risk/index.ts';
import type { Kysely } from 'kysely';
import type { ActivityApplication, DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { refuse } from '../../http/envelope.ts';
import { newestFirstPage } from '../../db/big-lists.ts';
import { paged } from '../../lib/paging.ts';
import { withOperatorNames } from '../../lib/operator-names.ts';
import { immediateCreditsToday, lockOperator } from '../../lib/second-operator.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { addRequirement } from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import type { PromotionsDeps } from './deps.ts';
import { promoNo } from './ids.ts';
import type { OperatorAct } from './red-packet-rules.ts';

const record = (a: ActivityApplication): ActivityApplyRecord => ({
  apply_no: a.apply_no,
  activity_id: Number(a.activity_id),
  activity_name: a.activity_name,
  state: Number(a.state) as 1 | 2 | 3,
  bonus: Number(a.state) === 1 ? 0 : fenToYuan(Number(a.bonus)),
  reason: a.reason,
  created_at: toWireTime(Number(a.created_at)),
});

/** A member applies for a shown activity; one pending application per activity (partial unique index). */
export async function applyForActivity(deps: PromotionsDeps, memberId: number, activityId: number, now: number): Promise<ActivityApplyRecord> {
  const title = await deps.activityTitle(activityId);
  if (title === null) refuse(PROMO_MSG.activityNotFound, 404);
  await refuseIfNoPromo(deps.db, memberId, RISK_MSG.noActivity); // issue 36: 限制优惠
  try {
    const row = await deps.db
      .insertInto('activity_applications')
      .values({ apply_no: promoNo('HD', now), member_id: memberId, activity_id: activityId, activity_name: title.slice(0, 100), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return record(row);
  } catch (err) {
    if (isUniqueViolation(err)) refuse(PROMO_MSG.applyPending);
    throw err;
  }
}

/** POST /api/activityApplyLog: the member's applications, newest first. */
export async function memberApplications(db: Kysely<DB>, memberId: number, page: number) {
  const base = db.selectFrom('activity_applications').where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PROMO_PER_PAGE).offset((page - 1) * PROMO_PER_PAGE).execute(),
  ]);
  return paged(rows.map(record), Number(count?.n ?? 0), page, PROMO_PER_PAGE);
}

/** /admin/api/activity-applications/list {state?, username?, page}: newest first, with the member's name. */
export async function adminApplications(db: Kysely<DB>, q: { state?: 1 | 2 | 3; username?: string; page: number }) {
  const perPage = 20;
  let base = db.selectFrom('activity_applications');
  if (q.state) base = base.where('activity_applications.state', '=', q.state);
  if (q.username) base = base.where('activity_applications.member_id', 'in', db.selectFrom('members').select('id').where('username', '=', q.username.toLowerCase()));
  // issue 24: counted without the members join, exactly up to 10,000 (estimated past that); the
  // last pages read from the oldest end
  const { rows, total, estimated } = await newestFirstPage(db, {
    base,
    rows: base
      .innerJoin('members', 'members.id', 'activity_applications.member_id')
      .leftJoin('admins as fa', 'fa.id', 'activity_applications.first_approved_by')
      .selectAll('activity_applications')
      .select(['members.username', 'fa.username as first_approver']),
    keys: ['activity_applications.created_at', 'activity_applications.id'],
    page: q.page,
    perPage,
  });
  const reply = paged(
    await withOperatorNames(db, rows.map((r) => ({
      ...record(r),
      username: r.username,
      turnover_multiple: Number(r.turnover_multiple),
      reviewed_by: r.reviewed_by,
      reviewed_at: r.reviewed_at === null ? null : toWireTime(Number(r.reviewed_at)),
      // a bonus waiting for a second operator: who approved first, and what
      first_approved_by: r.first_approved_by === null ? null : (r.first_approver ?? `admin:${r.first_approved_by}`),
      first_bonus: r.first_approved_by === null ? null : fenToYuan(Number(r.bonus)),
      first_turnover_multiple: r.first_approved_by === null ? null : Number(r.turnover_multiple),
    }))),
    total,
    q.page,
    perPage,
  );
  return estimated ? { ...reply, total_estimated: true as const } : reply;
}

/**
 * One decision per application: the conditional update from pending (1) is the guard, so two
 * operators deciding at once have one effect; the bonus credit (house:bonus, kind bonus), its
 * turnover and the audit row commit with it. Repeating the decision already taken answers it
 * again without moving anything (idempotent); the other decision is refused.
 *
 * A bonus is a sum the operator types: it obeys the manual-adjustment rules (`rules`). Above the
 * threshold, or past the operator's immediate credits of the Beijing day (adjustments and bonuses
 * together, read after a lock on the operator's own row), the approval is only the first one:
 * the bonus and multiple wait on the pending application (`first: true`) until a second,
 * different operator approves that same bonus. Any operator may still reject it.
 */
export async function decideApplication(
  db: Kysely<DB>,
  decision: { applyNo: string; approve: boolean; bonus?: number; multiple?: number; reason?: string },
  op: OperatorAct,
  now = Date.now(),
  rules: { thresholdFen: number; capFen: number } = { thresholdFen: 0, capFen: 0 },
) {
  const state = decision.approve ? 2 : 3;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('activity_applications').selectAll().where('apply_no', '=', decision.applyNo).executeTakeFirst();
    if (!before) refuse(PROMO_ADMIN_MSG.applyNotFound, 404);
    let bonus = decision.approve ? (decision.bonus ?? 0) : 0;
    // issue 36: no activity reward for a 限制优惠 member (rejecting, or approving with no bonus, stays open)
    if (bonus > 0 && blocksPromotions(await riskLevelOf(trx, Number(before.member_id)))) refuse(RISK_MSG.noActivityBonus);
    let multiple = decision.approve && bonus > 0 ? (decision.multiple ?? 1) : 0;
    const firstBy = before.first_approved_by === null ? null : Number(before.first_approved_by);
    const pending = Number(before.state) === 1;
    if (decision.approve && pending && firstBy !== null) {
      // the second approval: another operator, of the bonus the first one set (its multiple stands)
      if (firstBy === op.adminId) refuse(PROMO_ADMIN_MSG.sameApprover, 403);
      if (bonus !== Number(before.bonus)) refuse(PROMO_ADMIN_MSG.secondAmount(fenToYuan(Number(before.bonus))));
      bonus = Number(before.bonus);
      multiple = Number(before.turnover_multiple);
    } else if (decision.approve && pending && bonus > 0) {
      await lockOperator(trx, op.adminId);
      const day = rules.capFen > 0 ? await immediateCreditsToday(trx, op.adminId, now) : 0;
      const review = rules.thresholdFen > 0 && bonus > rules.thresholdFen ? 'threshold' : rules.capFen > 0 && day + bonus > rules.capFen ? 'daily_cap' : null;
      if (review) {
        const first = await trx
          .updateTable('activity_applications')
          .set({ bonus, turnover_multiple: multiple, first_approved_by: op.adminId, first_approved_at: now })
          .where('id', '=', before.id)
          .where('state', '=', 1)
          .where('first_approved_by', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!first) refuse(PROMO_ADMIN_MSG.alreadyDecided);
        await audit(trx, {
          adminId: op.adminId,
          action: 'activity_application.approve_first',
          target: `activity_application:${first.apply_no}`,
          detail: { before: record(before), after: record(first), bonus: fenToYuan(bonus), turnover_multiple: multiple, review, threshold: fenToYuan(rules.thresholdFen), day_cap: fenToYuan(rules.capFen), day_immediate: fenToYuan(day) },
          ip: op.ip,
          now,
        });
        return { ...record(first), replayed: false, memberId: Number(first.member_id), first: true };
      }
    }
    let claim = trx
      .updateTable('activity_applications')
      .set({ state, bonus, turnover_multiple: multiple, reason: decision.reason ?? '', reviewed_by: `admin:${op.adminId}`, reviewed_at: now })
      .where('id', '=', before.id)
      .where('state', '=', 1);
    // a second approval claims the row only as the first operator left it; a first one only if none came in between
    if (decision.approve) claim = firstBy !== null && pending ? claim.where('first_approved_by', '=', firstBy) : claim.where('first_approved_by', 'is', null);
    const after = await claim.returningAll().executeTakeFirst();
    if (!after) {
      // decided meanwhile (a concurrent decision may have committed after `before` was read)
      const current = await trx.selectFrom('activity_applications').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
      if (Number(current.state) === state) return { ...record(current), replayed: true, memberId: Number(current.member_id), first: false };
      refuse(PROMO_ADMIN_MSG.alreadyDecided);
    }
    const memberId = Number(after.member_id);
    if (bonus > 0) {
      await wallet.creditFromHouse(trx, {
        memberId,
        amount: bonus,
        reference: after.apply_no,
        idempotencyKey: `activity:${after.apply_no}:bonus`,
        house: 'bonus',
        memo: `活动彩金：${after.activity_name}`.slice(0, 200),
        createdBy: `admin:${op.adminId}`,
        now,
      });
      await addRequirement(trx, { memberId, source: 'activity', reference: after.apply_no, credited: bonus, required: bonus * multiple, now });
    }
    await audit(trx, {
      adminId: op.adminId,
      action: decision.approve ? 'activity_application.approve' : 'activity_application.reject',
      target: `activity_application:${after.apply_no}`,
      detail: { before: record(before), after: record(after), bonus: fenToYuan(bonus), turnover_multiple: multiple, ...(firstBy !== null && decision.approve ? { first_approved_by: firstBy } : {}) },
      ip: op.ip,
      now,
    });
    return { ...record(after), replayed: false, memberId, first: false };
  });
}
