import { randomInt } from 'node:crypto';
import {
  fenToYuan,
  formatYuan,
  PROMO_MSG,
  PROMO_PER_PAGE,
  RED_PACKET_WINDOW,
  type RedPacketGrabReply,
  type RedPacketInfo,
  type RedPacketRecord,
  type RedPacketRuleItem,
  RISK_MSG,
} from '@casino/contract';
import { blocksPromotions, refuseIfNoPromo, riskLevelOf } from '../risk/index.ts';
import type { Kysely } from 'kysely';
import type { DB, RedPacketRule } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { addRequirement } from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { beijingHour, dayKey } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import { promoNo } from './ids.ts';

/** [from, to) of the deposits counted for the grabs of the day containing `now`: 12:00 yesterday to 10:00 today, Beijing. */
export function depositWindow(now: number): { from: number; to: number } {
  return { from: beijingHour(now, RED_PACKET_WINDOW.endHour, -1), to: beijingHour(now, RED_PACKET_WINDOW.startHour) };
}

export function inGrabWindow(now: number): boolean {
  return now >= beijingHour(now, RED_PACKET_WINDOW.startHour) && now < beijingHour(now, RED_PACKET_WINDOW.endHour);
}

function activeRules(db: Kysely<DB>, now: number) {
  return db.selectFrom('red_packet_rules').selectAll().where('state', '=', 1).where('starts_at', '<=', now).where('ends_at', '>', now).orderBy('deposit_min', 'asc').execute();
}

/** The rule for these deposits: the active rule with the highest minimum the deposits reach. */
export function matchRule(rules: RedPacketRule[], deposits: number): RedPacketRule | undefined {
  let best: RedPacketRule | undefined;
  for (const r of rules) {
    const min = Number(r.deposit_min);
    const max = r.deposit_max === null ? null : Number(r.deposit_max);
    if (deposits >= min && (max === null || deposits <= max) && deposits > 0 && (!best || min > Number(best.deposit_min))) best = r;
  }
  return best;
}

function ruleItem(r: RedPacketRule): RedPacketRuleItem {
  const fixed = r.mode === 'fixed';
  return {
    id: Number(r.id),
    name: r.name,
    start_time: toWireTime(Number(r.starts_at)),
    end_time: toWireTime(Number(r.ends_at)),
    day_flow: Number(r.grabs),
    flow_money: fenToYuan(Number(r.amount_max)),
    recharge: fenToYuan(Number(r.deposit_min)),
    recharge_max: r.deposit_max === null ? null : fenToYuan(Number(r.deposit_max)),
    amount_text: fixed
      ? `${formatYuan(fenToYuan(Number(r.amount_min)), true)} ~ ${formatYuan(fenToYuan(Number(r.amount_max)), true)} 元`
      : `存款的 ${Number(r.percent_min) / 100}% ~ ${Number(r.percent_max) / 100}%，最高 ${formatYuan(fenToYuan(Number(r.amount_max)), true)} 元`,
    turnover_multiple: Number(r.turnover_multiple),
  };
}

async function grabsToday(db: Kysely<DB>, memberId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('red_packet_grabs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** GET /api/userredpacket: today's allowance of the member (none for a guest) and the rules. */
export async function redPacketInfo(deps: PromotionsDeps, memberId: number | null, now: number): Promise<RedPacketInfo> {
  const { from, to } = depositWindow(now);
  const [settings, rules, deposits, acquired] = await Promise.all([
    deps.settings(),
    activeRules(deps.db, now),
    memberId === null ? 0 : deps.depositsCreditedBetween(deps.db, memberId, from, to),
    memberId === null ? 0 : grabsToday(deps.db, memberId, dayKey(now)),
  ]);
  const rule = matchRule(rules, deposits);
  const max = rule ? Number(rule.grabs) : 0;
  // issue 36: a 限制优惠 member is told before pressing (the grab refuses it all the same)
  const withheld = memberId !== null && blocksPromotions(await riskLevelOf(deps.db, memberId));
  return {
    switch: settings.redpacket_switch ? 1 : 0,
    sendnums: Math.max(0, max - acquired),
    acquirednum: acquired,
    max_times: max,
    deposits: fenToYuan(deposits),
    in_window: inGrabWindow(now),
    now: toWireTime(now),
    rules: rules.map(ruleItem),
    ...(withheld ? { withheld: true as const } : {}),
  };
}

/** The amount of one grab, drawn with the platform's cryptographic RNG within the rule. */
export function drawAmount(rule: RedPacketRule, deposits: number): number {
  if (rule.mode === 'fixed') return randomInt(Number(rule.amount_min), Number(rule.amount_max) + 1);
  const bp = randomInt(Number(rule.percent_min), Number(rule.percent_max) + 1);
  const amount = Math.floor((deposits * bp) / 10_000);
  return Math.max(1, Math.min(amount, Number(rule.amount_max)));
}

/** a grab lost its slot to a concurrent one this many times: give up (it cannot loop forever) */
const MAX_SLOT_TRIES = 5;

/**
 * POST /api/douserredpacket, in the spec's order: switch, window, eligibility. Each grab takes
 * the next (member, day, seq) slot, seq 1..the rule's grabs, under a unique index, so
 * concurrent grabs never exceed the allowance; the slot, the credit from the red-packet house
 * account and the turnover row commit together.
 */
export async function grabRedPacket(deps: PromotionsDeps, memberId: number, now: number): Promise<RedPacketGrabReply> {
  const settings = await deps.settings();
  if (!settings.redpacket_switch) refuse(PROMO_MSG.redPacketOff);
  if (!inGrabWindow(now)) refuse(PROMO_MSG.outsideWindow);
  await refuseIfNoPromo(deps.db, memberId, RISK_MSG.noRedPacket); // issue 36: 限制优惠
  const { from, to } = depositWindow(now);
  const [rules, deposits] = await Promise.all([activeRules(deps.db, now), deps.depositsCreditedBetween(deps.db, memberId, from, to)]);
  const rule = matchRule(rules, deposits);
  if (!rule) refuse(PROMO_MSG.notEligible);
  const day = dayKey(now);
  const grabs = Number(rule.grabs);
  for (let attempt = 0; attempt < MAX_SLOT_TRIES; attempt++) {
    const seq = (await grabsToday(deps.db, memberId, day)) + 1;
    if (seq > grabs) refuse(PROMO_MSG.notEligible);
    const amount = drawAmount(rule, deposits);
    const grabNo = promoNo('HB', now);
    const multiple = Number(rule.turnover_multiple);
    const won = await deps.db.transaction().execute(async (trx) => {
      const slot = await trx
        .insertInto('red_packet_grabs')
        .values({ grab_no: grabNo, member_id: memberId, day, seq, rule_id: Number(rule.id), deposits, amount, turnover_multiple: multiple, created_at: now })
        .onConflict((oc) => oc.columns(['member_id', 'day', 'seq']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!slot) return false;
      await wallet.creditFromHouse(trx, { memberId, amount, reference: grabNo, idempotencyKey: `redpacket:${grabNo}`, house: 'red_packet', memo: '抢红包', now });
      await addRequirement(trx, { memberId, source: 'red_packet', reference: grabNo, credited: amount, required: amount * multiple, now });
      return true;
    });
    if (won) return { redpacketmoney: fenToYuan(amount), sendnums: grabs - seq };
  }
  refuse(PROMO_MSG.notEligible);
}

/** POST /api/redpacket {page}: the member's grabs, newest first, paged. */
export async function redPacketRecords(db: Kysely<DB>, memberId: number, page: number) {
  const base = db.selectFrom('red_packet_grabs').where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PROMO_PER_PAGE).offset((page - 1) * PROMO_PER_PAGE).execute(),
  ]);
  return paged<RedPacketRecord>(
    rows.map((r) => ({
      grab_no: r.grab_no,
      money: fenToYuan(Number(r.deposits)),
      redpacketmoney: fenToYuan(Number(r.amount)),
      turnover_multiple: Number(r.turnover_multiple),
      created_at: toWireTime(Number(r.created_at)),
      usetime: toWireTime(Number(r.created_at)),
    })),
    Number(count?.n ?? 0),
    page,
    PROMO_PER_PAGE,
  );
}

export { ruleItem };
