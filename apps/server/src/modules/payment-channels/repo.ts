import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, PaymentChannelRecord, PaymentChannelsTable } from '../../db/schema.ts';
import type { PaymentChannelKeyChangesTable } from '../../db/schema/payments.ts';
import { beijingDayOf } from '../../db/beijing-day.ts';
import { contains } from '../../db/like.ts';

type Q = Kysely<DB>;

// ---- channels ---------------------------------------------------------------------------------

/** credential changes (and new channels) waiting for a second operator: the bell and the dashboard */
export async function pendingKeyChangesCount(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('payment_channel_key_changes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(r.n);
}

export function insertChannel(db: Q, row: Insertable<PaymentChannelsTable>) {
  return db.insertInto('payment_channels').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateChannel(db: Q, id: number, set: Updateable<PaymentChannelsTable>) {
  return db.updateTable('payment_channels').set(set).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
}

/** a channel by id; deleted ones only when asked (their orders' notifies still need them) */
export function channel(db: Q, id: number, opts: { includeDeleted?: boolean } = {}): Promise<PaymentChannelRecord | undefined> {
  let q = db.selectFrom('payment_channels').selectAll().where('id', '=', id);
  if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

/**
 * every channel not deleted whose settings a second operator approved (a site runs tens of them:
 * routing reads them all); a new channel awaiting approval is neither routed nor offered (issue 33)
 */
export function liveChannels(db: Q): Promise<PaymentChannelRecord[]> {
  return db.selectFrom('payment_channels').selectAll().where('deleted_at', 'is', null).where('approved_at', 'is not', null).orderBy('id').execute();
}

export async function anyLiveChannel(db: Q): Promise<boolean> {
  return (await db.selectFrom('payment_channels').select('id').where('deleted_at', 'is', null).where('approved_at', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
}

// ---- credential changes (issue 33) ----------------------------------------------------------

export function insertKeyChange(db: Q, row: Insertable<PaymentChannelKeyChangesTable>) {
  return db.insertInto('payment_channel_key_changes').values(row).returningAll().executeTakeFirstOrThrow();
}

export function keyChange(db: Q, id: number) {
  return db.selectFrom('payment_channel_key_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** the change of a channel still waiting for a second operator (at most one) */
export function pendingKeyChangeOf(db: Q, channelId: number) {
  return db.selectFrom('payment_channel_key_changes').selectAll().where('channel_id', '=', channelId).where('status', '=', 'pending').executeTakeFirst();
}

/** pending changes of these channels, by channel */
export async function pendingKeyChanges(db: Q, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('payment_channel_key_changes').select(['id', 'channel_id']).where('status', '=', 'pending').where('channel_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.channel_id), Number(r.id)]));
}

/** pending -> approved / rejected, once: the conditional update is the check against a second decision racing it */
export async function decideKeyChange(db: Q, id: number, set: { status: 'approved' | 'rejected'; decided_by: number; decided_at: number; reason?: string }): Promise<boolean> {
  const r = await db.updateTable('payment_channel_key_changes').set(set).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function listKeyChanges(db: Q, f: { status: string; channelId?: number }, limit: number, offset: number) {
  let q = db.selectFrom('payment_channel_key_changes as k').where('k.status', '=', f.status);
  if (f.channelId !== undefined) q = q.where('k.channel_id', '=', f.channelId);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('payment_channels as c', 'c.id', 'k.channel_id')
      .leftJoin('admins as p', 'p.id', 'k.proposed_by')
      .leftJoin('admins as d', 'd.id', 'k.decided_by')
      .selectAll('k')
      .select(['c.name as channel_name', 'p.username as proposer', 'd.username as decider'])
      .orderBy('k.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listChannels(db: Q, f: { state?: string; gatewayType?: string; paytype?: string; keyword?: string }, limit: number, offset: number) {
  let q = db.selectFrom('payment_channels').where('deleted_at', 'is', null);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.gatewayType) q = q.where('gateway_type', '=', f.gatewayType);
  // methods is the JSON we wrote ourselves: each method starts {"paytype":"<code>"
  if (f.paytype) q = q.where(contains('methods', `"paytype":"${f.paytype}"`));
  if (f.keyword) q = q.where((eb) => eb.or([contains('name', f.keyword!), contains('merchant_id', f.keyword!)]));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** enabled -> paused, once (the first failure over the limit pauses; the others find it paused) */
export async function pauseIfEnabled(db: Q, id: number, reason: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('payment_channels')
    .set({ state: 'paused', paused_reason: reason.slice(0, 200), paused_at: now, state_changed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'enabled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function pausedCount(db: Q): Promise<number> {
  const r = await db.selectFrom('payment_channels').select((eb) => eb.fn.countAll<string | number>().as('n')).where('deleted_at', 'is', null).where('state', '=', 'paused').executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- the daily cap ----------------------------------------------------------------------------

/**
 * Reserves `amount` fen of a channel's day, only while the day stays within `cap` (0: no cap).
 * The conditional update is the check: two orders at once cannot both pass the cap.
 */
export async function reserve(db: Q, channelId: number, day: string, amount: number, cap: number): Promise<boolean> {
  await db.insertInto('payment_channel_days').values({ channel_id: channelId, day, routed: 0 }).onConflict((oc) => oc.columns(['channel_id', 'day']).doNothing()).execute();
  let q = db
    .updateTable('payment_channel_days')
    .set((eb) => ({ routed: eb('routed', '+', amount) }))
    .where('channel_id', '=', channelId)
    .where('day', '=', day);
  if (cap > 0) q = q.where(sql<boolean>`routed + ${sql.lit(amount)} <= ${sql.lit(cap)}`);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** gives a reservation back (the gateway refused the order, or it expired unpaid) */
export async function release(db: Q, channelId: number, day: string, amount: number) {
  await db
    .updateTable('payment_channel_days')
    .set({ routed: sql<number>`case when routed > ${sql.lit(amount)} then routed - ${sql.lit(amount)} else 0 end` })
    .where('channel_id', '=', channelId)
    .where('day', '=', day)
    .execute();
}

/** fen reserved on `day` per channel */
export async function routedOn(db: Q, day: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('payment_channel_days').select(['channel_id', 'routed']).where('day', '=', day).where('channel_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.channel_id), Number(r.routed)]));
}

// ---- failures ---------------------------------------------------------------------------------

export function addFailure(db: Q, channelId: number, at: number, error: string) {
  return db.insertInto('payment_channel_failures').values({ channel_id: channelId, at, error: error.slice(0, 200) }).execute();
}

export async function failuresSince(db: Q, channelId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('payment_channel_failures')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel_id', '=', channelId)
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function pruneFailures(db: Q, before: number): Promise<number> {
  const r = await db.deleteFrom('payment_channel_failures').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- figures (the channel's orders: deposits.channel_id, which this module sets) -----------------

export interface DayFigures {
  day: number;
  orders: number;
  paid: number;
  volume: number;
}

/** orders routed to a channel per Beijing day (by creation) in [from, to): how many, how many credited, fen credited */
export async function channelDays(db: Q, channelId: number, from: number, to: number): Promise<DayFigures[]> {
  const day = beijingDayOf('created_at');
  const rows = await db
    .selectFrom('deposits')
    .select([
      day.as('day'),
      (eb) => eb.fn.countAll<string | number>().as('orders'),
      sql<string | number>`sum(case when status = 'credited' then 1 else 0 end)`.as('paid'),
      sql<string | number>`coalesce(sum(case when status = 'credited' then credited_amount else 0 end), 0)`.as('volume'),
    ])
    .where('channel_id', '=', channelId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), orders: Number(r.orders), paid: Number(r.paid), volume: Number(r.volume) }));
}

/** the same for several channels over one span (a list page's "today") */
export async function channelsSpan(db: Q, ids: number[], from: number, to: number): Promise<Map<number, Omit<DayFigures, 'day'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposits')
    .select([
      'channel_id',
      (eb) => eb.fn.countAll<string | number>().as('orders'),
      sql<string | number>`sum(case when status = 'credited' then 1 else 0 end)`.as('paid'),
      sql<string | number>`coalesce(sum(case when status = 'credited' then credited_amount else 0 end), 0)`.as('volume'),
    ])
    .where('channel_id', 'in', ids)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.channel_id), { orders: Number(r.orders), paid: Number(r.paid), volume: Number(r.volume) }]));
}
