import { RISK_LEVELS, type RiskLevel, type RiskLevelChange } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';

/**
 * Risk levels (issue 36 point 4): read where each rule is enforced, from the members row, inside
 * the caller's transaction when it has one. The other modules ask through these and nothing else.
 */
export const asRiskLevel = (v: unknown): RiskLevel => ((RISK_LEVELS as readonly unknown[]).includes(v) ? (v as RiskLevel) : 'normal');

export async function riskLevelOf(db: Kysely<DB>, memberId: number): Promise<RiskLevel> {
  const row = await db.selectFrom('members').select('risk_level').where('id', '=', memberId).executeTakeFirst();
  return asRiskLevel(row?.risk_level);
}

/**
 * 限制优惠: no deposit bonus, rebate, red packet or activity reward (DESIGN 15). Checked where each
 * is offered or paid: the deposit form's bonus choices (get_pay_way) and recharge, the credit of
 * an order placed before the level, the rebate run and claim, the red packet grab, activity
 * applications and their approval. VIP upgrade rewards (晋级礼金) are bonuses and covered too:
 * they are claimed as the vip-upgrade activity and paid on its approval, so the activity checks
 * refuse them; the VIP review itself only moves the level and pays nothing.
 * Agent commission paid to a member is not covered: it is pay earned for referred play, not a
 * promotion, so the agent settlement never asks this (abuse there is the agent flags' business).
 */
export const blocksPromotions = (level: RiskLevel) => level === 'no_promo';
/** 提款必审: every withdrawal waits for an operator, whatever its size */
export const withdrawalsNeedReview = (level: RiskLevel) => level === 'withdraw_review';

/** Refuses (the member-facing Chinese message) when the member may not take promotions. */
export async function refuseIfNoPromo(db: Kysely<DB>, memberId: number, message: string): Promise<void> {
  if (blocksPromotions(await riskLevelOf(db, memberId))) refuse(message);
}

/** Of these members, the ones at 限制优惠 (one indexed read per 500). */
export async function noPromoAmong(db: Kysely<DB>, memberIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < memberIds.length; i += 500) {
    const rows = await db.selectFrom('members').select('id').where('id', 'in', memberIds.slice(i, i + 500)).where('risk_level', '=', 'no_promo').execute();
    for (const r of rows) out.add(Number(r.id));
  }
  return out;
}

/**
 * Records a promotion a job withheld from a 限制优惠 member (the rebate run: what 'rebate', the
 * day as reference), once per member, kind and reference.
 */
export async function recordPromoSkips(db: Kysely<DB>, what: string, reference: string, memberIds: number[], now: number): Promise<void> {
  for (let i = 0; i < memberIds.length; i += 200) {
    const rows = memberIds.slice(i, i + 200).map((member_id) => ({ member_id, what, reference: reference.slice(0, 64), created_at: now }));
    await db.insertInto('risk_promo_skips').values(rows).onConflict((oc) => oc.columns(['member_id', 'what', 'reference']).doNothing()).execute();
  }
}

/** A member's level changes, newest first (member 360). */
export async function riskLevelHistory(db: Kysely<DB>, memberId: number, limit = 20): Promise<RiskLevelChange[]> {
  const rows = await db
    .selectFrom('risk_level_changes as c')
    .leftJoin('admins as a', 'a.id', 'c.admin_id')
    .select(['c.id', 'c.before', 'c.after', 'c.reason', 'c.created_at', 'c.admin_id', 'a.username'])
    .where('c.member_id', '=', memberId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), before: asRiskLevel(r.before), after: asRiskLevel(r.after), reason: r.reason, operator: r.username ?? `#${r.admin_id}`, created_at: toWireTime(Number(r.created_at)) }));
}
