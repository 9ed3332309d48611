import { fenToYuan, PROMO_ADMIN_MSG, type RedPacketPreviewReply } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB, RedPacketRule } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { dayKey } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import { depositWindow } from './red-packets.ts';

const PER_PAGE = 20;
const INF = Number.MAX_SAFE_INTEGER;

/**
 * The deposit ranges (fen, inclusive) a rule answers: its own [min, max] less those of the other
 * active rules with a higher minimum, since a member's deposits go to the active rule with the
 * highest minimum they reach (matchRule). Deposits of 0 never qualify.
 */
export function ruleRanges(rule: RedPacketRule, others: RedPacketRule[]): [number, number][] {
  let ranges: [number, number][] = [[Math.max(1, Number(rule.deposit_min)), rule.deposit_max === null ? INF : Number(rule.deposit_max)]];
  for (const o of others) {
    if (Number(o.id) === Number(rule.id) || Number(o.deposit_min) <= Number(rule.deposit_min)) continue;
    const lo = Number(o.deposit_min);
    const hi = o.deposit_max === null ? INF : Number(o.deposit_max);
    ranges = ranges.flatMap(([a, b]): [number, number][] => {
      if (hi < a || lo > b) return [[a, b]];
      const out: [number, number][] = [];
      if (a < lo) out.push([a, lo - 1]);
      if (hi < b) out.push([hi + 1, b]);
      return out;
    });
  }
  return ranges.filter(([a, b]) => a <= b);
}

/**
 * /admin/api/red-packet-rules/preview {id, page}: who would qualify for this rule today, as the
 * grab decides it (deposits credited 12:00 yesterday to 10:00 today, Beijing, bonuses excluded,
 * the active rule with the highest minimum reached wins). An inactive rule is previewed as if
 * it were switched on. One grouped read of the window's deposits through deposits_credited
 * (cost follows the day's deposits, not the number of members), then one page of members and
 * their grabs today.
 */
export async function previewRule(deps: PromotionsDeps, id: number, page: number): Promise<RedPacketPreviewReply> {
  const { db } = deps;
  const now = deps.now();
  const rule = await db.selectFrom('red_packet_rules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!rule) refuse(PROMO_ADMIN_MSG.ruleNotFound, 404);
  const [active, settings] = await Promise.all([
    db.selectFrom('red_packet_rules').selectAll().where('state', '=', 1).where('starts_at', '<=', now).where('ends_at', '>', now).execute(),
    deps.settings(),
  ]);
  const isActive = active.some((r) => Number(r.id) === id);
  const ranges = ruleRanges(rule, active);
  const { from, to } = depositWindow(now);
  const day = dayKey(now);
  const grabs = Number(rule.grabs);

  let count = 0;
  let total = 0;
  let rows: { member_id: number; fen: number; username: string; vip: number }[] = [];
  if (ranges.length > 0) {
    const sums = windowSums(db, from, to, ranges);
    const [agg, pageRows] = await Promise.all([
      db
        .selectFrom(sums.as('s'))
        .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(s.fen)`.as('total')])
        .executeTakeFirst(),
      db
        .selectFrom(sums.as('s'))
        .innerJoin('members', 'members.id', 's.member_id')
        .select(['s.member_id', 's.fen', 'members.username', 'members.vip'])
        .orderBy('s.fen', 'desc')
        .orderBy('s.member_id', 'asc')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute(),
    ]);
    count = Number(agg?.n ?? 0);
    total = Number(agg?.total ?? 0);
    rows = pageRows.map((r) => ({ member_id: Number(r.member_id), fen: Number(r.fen), username: r.username, vip: Number(r.vip) }));
  }
  const used = new Map<number, number>();
  if (rows.length > 0) {
    const taken = await db
      .selectFrom('red_packet_grabs')
      .select(['member_id', sql<number | string>`count(*)`.as('n')])
      .where('member_id', 'in', rows.map((r) => r.member_id))
      .where('day', '=', day)
      .groupBy('member_id')
      .execute();
    for (const t of taken) used.set(Number(t.member_id), Number(t.n));
  }
  return {
    rule: { id, name: rule.name, active: isActive, state: Number(rule.state) },
    day,
    window_from: toWireTime(from),
    window_to: toWireTime(to),
    switch: settings.redpacket_switch ? 1 : 0,
    ranges: ranges.map(([a, b]) => ({ min: fenToYuan(a), max: b === INF ? null : fenToYuan(b) })),
    count,
    deposits_total: fenToYuan(total),
    ...paged(
      rows.map((r) => {
        const u = used.get(r.member_id) ?? 0;
        return { member_id: r.member_id, username: r.username, vip: r.vip, deposits: fenToYuan(r.fen), grabs, grabs_used: u, grabs_left: Math.max(0, grabs - u) };
      }),
      count,
      page,
      PER_PAGE,
    ),
  };
}

/** members' credited deposits in [from, to) whose sum falls in one of the ranges */
function windowSums(db: Kysely<DB>, from: number, to: number, ranges: [number, number][]) {
  const fen = sql<number>`sum(credited_amount)`;
  return db
    .selectFrom('deposits')
    .select(['member_id', fen.as('fen')])
    .where('credited_at', '>=', from)
    .where('credited_at', '<', to)
    .groupBy('member_id')
    .having((eb) => eb.or(ranges.map(([a, b]) => (b === INF ? eb(fen, '>=', a) : eb.and([eb(fen, '>=', a), eb(fen, '<=', b)])))));
}
