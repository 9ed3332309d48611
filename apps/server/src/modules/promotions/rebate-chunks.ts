import { sql, type Kysely } from 'kysely';
import { BEIJING_OFFSET_MS, beijingDayOf, DAY_MS } from '../../db/beijing-day.ts';
import type { DB } from '../../db/schema.ts';
import { noPromoAmong, recordPromoSkips } from '../risk/index.ts';
import { dayBounds } from './days.ts';
import { levelFor, rebateFen, type VipLevel } from './rates.ts';

/** Members settled per transaction (from each of the day's bets, counted flow and rebate rows). */
export const MEMBERS_PER_CHUNK = 2000;
/** rows per multi-row insert */
const BATCH = 200;

export interface ChunkCounts {
  /** members with valid bets in the day, the day's rebate rows and their fen: counted once the pass ends (dayTotals) */
  members: number;
  rows: number;
  amount: number;
  added: number;
  updated: number;
  removed: number;
  locked: number;
  flowDelta: number;
}

export const noCounts = (): ChunkCounts => ({ members: 0, rows: 0, amount: 0, added: 0, updated: 0, removed: 0, locked: 0, flowDelta: 0 });

export function addCounts(a: ChunkCounts, b: ChunkCounts): ChunkCounts {
  return {
    members: a.members + b.members,
    rows: a.rows + b.rows,
    amount: a.amount + b.amount,
    added: a.added + b.added,
    updated: a.updated + b.updated,
    removed: a.removed + b.removed,
    locked: a.locked + b.locked,
    flowDelta: a.flowDelta + b.flowDelta,
  };
}

export interface ChunkInput {
  day: string;
  levels: VipLevel[];
  fishingAs: string;
  now: number;
  flowTracked: boolean;
  /** the chunk starts after this member id (0 for the first) */
  after: number;
  size: number;
}

/**
 * The chunk's last member id: the `size`-th member after `after` in whichever of the day's
 * sources (bets of the day, counted flow, rebate rows) reaches it first, so a chunk holds at
 * most `size` members of each; null when every source ends within `size` (the last chunk).
 * Each read walks an index in member order and stops at `size` entries.
 */
async function chunkEnd(trx: Kysely<DB>, day: string, dayNo: number, after: number, size: number): Promise<number | null> {
  const [bets, counted, rebates] = await Promise.all([
    trx
      .selectFrom('bets')
      .select('member_id')
      .distinct()
      .where(beijingDayOf('settled_at'), '=', dayNo)
      .where('member_id', '>', after)
      .orderBy('member_id')
      .limit(size)
      .execute(),
    trx.selectFrom('rebate_day_members').select('member_id').where('day', '=', day).where('member_id', '>', after).orderBy('member_id').limit(size).execute(),
    trx.selectFrom('rebates').select('member_id').distinct().where('day', '=', day).where('member_id', '>', after).orderBy('member_id').limit(size).execute(),
  ]);
  let end: number | null = null;
  for (const list of [bets, counted, rebates]) {
    if (list.length < size) continue;
    const last = Number(list[list.length - 1].member_id);
    if (end === null || last < end) end = last;
  }
  return end;
}

/**
 * Brings the rebate rows and counted VIP flow of the day's members in (after, end] to what
 * their settled bets of the day and the pass's rates say, inside the caller's transaction; the
 * bets are summed in SQL per member, venue and category (bets_bj_day_member index), never loaded.
 * A first settlement starts from nothing; a re-run changes only the difference:
 * - rows not yet claimed get the new amount (or go, when their bets were voided); a claimed row
 *   is paid and stays as it is (counted as `locked`); rows for new member/venue pairs are added;
 * - each member's flow moves by the difference from what rebate_day_members says was counted,
 *   so no bet is counted twice; a pass over a day settled before that record existed
 *   (flowTracked false) only records the baseline;
 * - a member keeps the level the day was first settled at (rebate_day_members.vip).
 * Settling the same members again changes nothing, so a chunk repeated after a crash credits
 * nobody twice.
 */
export async function settleChunk(trx: Kysely<DB>, o: ChunkInput): Promise<{ end: number | null; counts: ChunkCounts }> {
  const { day, now, after } = o;
  const { start } = dayBounds(day);
  // the Beijing day number of beijingDayOf (fixed +8 h): the day's bets are those settled in [start, start + 24 h)
  const dayNo = Math.floor((start + BEIJING_OFFSET_MS) / DAY_MS);
  const end = await chunkEnd(trx, day, dayNo, after, o.size);
  const upTo = end ?? Number.MAX_SAFE_INTEGER;

  const sums = await trx
    .selectFrom('bets')
    .select(['member_id', 'platform', 'category_id', (eb) => eb.fn.sum<number | string>('valid_amount').as('valid')])
    .where(beijingDayOf('settled_at'), '=', dayNo)
    .where('member_id', '>', after)
    .where('member_id', '<=', upTo)
    .where('status', '=', 1)
    .where('valid_amount', '>', 0)
    .groupBy(['member_id', 'platform', 'category_id'])
    .execute();

  // member -> platform -> categories
  const byMember = new Map<number, Map<string, { category: string; valid: number }[]>>();
  for (const s of sums) {
    const id = Number(s.member_id);
    const venues = byMember.get(id) ?? new Map();
    byMember.set(id, venues);
    const list = venues.get(s.platform) ?? [];
    venues.set(s.platform, list);
    list.push({ category: s.category_id, valid: Number(s.valid) });
  }

  // what earlier passes left for these members: counted flow and the rebate rows
  const counted = new Map<number, { valid: number; vip: number }>();
  const countedRows = await trx
    .selectFrom('rebate_day_members')
    .select(['member_id', 'valid', 'vip'])
    .where('day', '=', day)
    .where('member_id', '>', after)
    .where('member_id', '<=', upTo)
    .execute();
  for (const r of countedRows) counted.set(Number(r.member_id), { valid: Number(r.valid), vip: Number(r.vip) });
  const existing = new Map<string, { id: number; memberId: number; amount: number; valid: number; state: number; vip: number }>();
  const existingRows = await trx
    .selectFrom('rebates')
    .select(['id', 'member_id', 'platform', 'amount', 'valid_amount', 'state', 'vip'])
    .where('day', '=', day)
    .where('member_id', '>', after)
    .where('member_id', '<=', upTo)
    .execute();
  for (const r of existingRows) {
    existing.set(`${Number(r.member_id)}|${r.platform}`, { id: Number(r.id), memberId: Number(r.member_id), amount: Number(r.amount), valid: Number(r.valid_amount), state: Number(r.state), vip: Number(r.vip) });
  }

  // the level each member's rates come from: as first settled, else the member's level now
  const vipOf = new Map<number, number>();
  for (const [id, c] of counted) vipOf.set(id, c.vip);
  for (const e of existing.values()) if (!vipOf.has(e.memberId)) vipOf.set(e.memberId, e.vip);
  const unknown = [...byMember.keys()].filter((id) => !vipOf.has(id));
  for (let i = 0; i < unknown.length; i += 500) {
    const rows = await trx.selectFrom('members').select(['id', 'vip']).where('id', 'in', unknown.slice(i, i + 500)).execute();
    for (const r of rows) vipOf.set(Number(r.id), Number(r.vip));
  }

  // issue 36: a 限制优惠 member gets no rebate row (an unclaimed one goes); the skip is recorded
  const noPromo = await noPromoAmong(trx, [...byMember.keys()]);
  const skipped = new Set<number>();

  type Row = { member_id: number; platform: string; day: string; valid_amount: number; amount: number; vip: number; created_at: number };
  const desired = new Map<string, Row>();
  const validOf = new Map<number, number>();
  for (const [memberId, venues] of byMember) {
    const vip = vipOf.get(memberId) ?? 0;
    const level = levelFor(o.levels, vip);
    let memberValid = 0;
    for (const [platform, cats] of venues) {
      const valid = cats.reduce((a, c) => a + c.valid, 0);
      memberValid += valid;
      const amount = rebateFen(cats, level, o.fishingAs);
      if (amount > 0 && noPromo.has(memberId)) skipped.add(memberId);
      else if (amount > 0) desired.set(`${memberId}|${platform}`, { member_id: memberId, platform, day, valid_amount: valid, amount, vip, created_at: now });
    }
    validOf.set(memberId, memberValid);
  }

  const counts = noCounts();
  const inserts: Row[] = [];
  for (const [key, want] of desired) {
    const have = existing.get(key);
    if (!have) inserts.push(want);
    else if (have.state !== 0) {
      if (have.amount !== want.amount) counts.locked++;
    } else if (have.amount !== want.amount || have.valid !== want.valid_amount) {
      // only while unclaimed: a claim that committed first keeps what it was paid
      const r = await trx.updateTable('rebates').set({ amount: want.amount, valid_amount: want.valid_amount }).where('id', '=', have.id).where('state', '=', 0).executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) counts.updated++;
      else counts.locked++;
    }
  }
  for (const [key, have] of existing) {
    if (desired.has(key)) continue;
    if (have.state !== 0) {
      counts.locked++;
      continue;
    }
    const r = await trx.deleteFrom('rebates').where('id', '=', have.id).where('state', '=', 0).executeTakeFirst();
    if (Number(r.numDeletedRows) > 0) counts.removed++;
    else counts.locked++;
  }
  for (let i = 0; i < inserts.length; i += BATCH) {
    const done = await trx
      .insertInto('rebates')
      .values(inserts.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['member_id', 'platform', 'day']).doNothing())
      .returning('id')
      .execute();
    counts.added += done.length;
  }

  if (skipped.size) await recordPromoSkips(trx, 'rebate', day, [...skipped], now);

  // flow: the difference from what was counted for the day
  const flowUp: { member_id: number; delta: number }[] = [];
  const flowDown: { member_id: number; delta: number }[] = [];
  const record: { day: string; member_id: number; valid: number; vip: number }[] = [];
  for (const id of new Set([...validOf.keys(), ...counted.keys()])) {
    const valid = validOf.get(id) ?? 0;
    const before = counted.get(id);
    if (before && before.valid === valid) continue;
    record.push({ day, member_id: id, valid, vip: vipOf.get(id) ?? before?.vip ?? 0 });
    if (!o.flowTracked) continue;
    const delta = valid - (before?.valid ?? 0);
    if (delta > 0) flowUp.push({ member_id: id, delta });
    else if (delta < 0) flowDown.push({ member_id: id, delta });
  }
  for (let i = 0; i < flowUp.length; i += BATCH) {
    await trx
      .insertInto('member_vip')
      .values(flowUp.slice(i, i + BATCH).map((f) => ({ member_id: f.member_id, flow_total: f.delta, period_flow: f.delta, period_start: start, updated_at: now })))
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({
          flow_total: sql`member_vip.flow_total + excluded.flow_total`,
          period_flow: sql`member_vip.period_flow + excluded.period_flow`,
          updated_at: now,
        }),
      )
      .execute();
  }
  for (const f of flowDown) {
    await trx
      .updateTable('member_vip')
      .set({
        flow_total: sql`case when flow_total + ${f.delta} < 0 then 0 else flow_total + ${f.delta} end`,
        period_flow: sql`case when period_flow + ${f.delta} < 0 then 0 else period_flow + ${f.delta} end`,
        updated_at: now,
      })
      .where('member_id', '=', f.member_id)
      .execute();
  }
  for (let i = 0; i < record.length; i += BATCH) {
    await trx
      .insertInto('rebate_day_members')
      .values(record.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['day', 'member_id']).doUpdateSet({ valid: sql`excluded.valid`, vip: sql`excluded.vip` }))
      .execute();
  }

  counts.flowDelta = [...flowUp, ...flowDown].reduce((a, f) => a + f.delta, 0);
  return { end, counts };
}

/**
 * The day's figures as they stand: its rebate rows and their fen (rebates_day index) and the
 * members with valid bets counted (rebate_day_members key); read by the pass's last chunk, so a
 * chunk settled twice is never counted twice.
 */
export async function dayTotals(trx: Kysely<DB>, day: string): Promise<{ members: number; rows: number; amount: number }> {
  const [rows, members] = await Promise.all([
    trx
      .selectFrom('rebates')
      .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(amount)`.as('amount')])
      .where('day', '=', day)
      .executeTakeFirst(),
    trx.selectFrom('rebate_day_members').select(sql<number | string>`count(*)`.as('n')).where('day', '=', day).where('valid', '>', 0).executeTakeFirst(),
  ]);
  return { members: Number(members?.n ?? 0), rows: Number(rows?.n ?? 0), amount: Number(rows?.amount ?? 0) };
}
