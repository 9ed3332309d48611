import { sql, type Kysely } from 'kysely';
import type { DB, Deposit, DepositAccount, DepositsTable } from '../../db/schema.ts';
import type { Insertable, UpdateObject } from 'kysely';
import { newestFirstPage } from '../../db/big-lists.ts';
import { announceOrders } from '../live-stream/index.ts';
import { recordState } from './states.ts';

type Q = Kysely<DB>;

export function insertDeposit(db: Q, row: Insertable<DepositsTable>) {
  return db.insertInto('deposits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function depositByNo(db: Q, depositNo: string): Promise<Deposit | undefined> {
  return db.selectFrom('deposits').selectAll().where('deposit_no', '=', depositNo).executeTakeFirst();
}

export function memberDeposit(db: Q, memberId: number, depositNo: string): Promise<Deposit | undefined> {
  return db.selectFrom('deposits').selectAll().where('deposit_no', '=', depositNo).where('member_id', '=', memberId).executeTakeFirst();
}

/** issue 21: the channel an order is being created at (before its gateway is called) */
export function setChannel(db: Q, depositNo: string, channelId: number, gateway: string) {
  return db.updateTable('deposits').set({ channel_id: channelId, gateway }).where('deposit_no', '=', depositNo).execute();
}

/** gatewayOrderNo null: the gateway answered none (issue 21: some 四方 gateways do not) */
export function setGatewayOrder(db: Q, depositNo: string, gateway: string, gatewayOrderNo: string | null, cashierUrl: string) {
  return db.updateTable('deposits').set({ gateway, gateway_order_no: gatewayOrderNo, cashier_url: cashierUrl }).where('deposit_no', '=', depositNo).execute();
}

/**
 * Moves an order from one of `from` to its next status, once: the conditional update is the
 * lock (two concurrent decisions: one row updated, the other none). Answers the updated row.
 */
export async function transition(db: Q, depositNo: string, from: readonly string[], set: UpdateObject<DB, 'deposits'>): Promise<Deposit | undefined> {
  const row = await db.updateTable('deposits').set(set).where('deposit_no', '=', depositNo).where('status', 'in', [...from]).returningAll().executeTakeFirst();
  // issue 37: the member's live streams hear of it once this commits
  if (row && set.status !== undefined) await announceOrders(db, [{ member_id: Number(row.member_id), kind: 'deposit', order_no: row.deposit_no, state: recordState(row.status) }]);
  return row;
}

export async function pendingCount(db: Q, memberId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** pending orders past their deadline -> expired; answers them (issue 21: their channels get the amount back) */
export async function expireDue(db: Q, now: number) {
  const rows = await db.updateTable('deposits').set({ status: 'expired', decided_at: now }).where('status', '=', 'pending').where('expires_at', '<=', now).returning(['channel_id', 'created_at', 'amount', 'member_id', 'deposit_no']).execute();
  // issue 37: the members' live streams hear of it once this commits
  await announceOrders(db, rows.map((r) => ({ member_id: Number(r.member_id), kind: 'deposit' as const, order_no: r.deposit_no, state: recordState('expired') })));
  return rows;
}

/** members.paysum (cumulative deposits) grows with each credited deposit, in its transaction */
export async function addPaysum(db: Q, memberId: number, fen: number) {
  await db
    .updateTable('members')
    .set((eb) => ({ paysum: eb('paysum', '+', fen) }))
    .where('id', '=', memberId)
    .execute();
}

export async function creditedBetween(db: Q, memberId: number, from: number, to: number): Promise<number> {
  const r = await db
    .selectFrom('deposits')
    .select(sql<string | number>`coalesce(sum(credited_amount), 0)`.as('fen'))
    .where('member_id', '=', memberId)
    .where('credited_at', '>=', from)
    .where('credited_at', '<', to)
    .executeTakeFirst();
  return Number(r?.fen ?? 0);
}

// ---- bonus cap --------------------------------------------------------------------------

/**
 * Grants up to `want` fen of bonus within the member's cap for the day and answers what was
 * granted (0 when the cap is reached). Optimistic: the update applies only to the total it read,
 * so two credits of one member at once cannot both pass the cap.
 */
export async function grantBonus(db: Q, memberId: number, day: string, want: number, cap: number): Promise<number> {
  await db.insertInto('deposit_bonus_days').values({ member_id: memberId, day, total: 0 }).onConflict((oc) => oc.columns(['member_id', 'day']).doNothing()).execute();
  for (let round = 0; round < 20; round++) {
    const row = await db.selectFrom('deposit_bonus_days').select('total').where('member_id', '=', memberId).where('day', '=', day).executeTakeFirstOrThrow();
    const seen = Number(row.total);
    const grant = Math.max(0, Math.min(want, cap - seen));
    if (grant === 0) return 0;
    const r = await db
      .updateTable('deposit_bonus_days')
      .set({ total: seen + grant })
      .where('member_id', '=', memberId)
      .where('day', '=', day)
      .where('total', '=', seen)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return grant;
  }
  throw new Error('bonus cap: too many concurrent credits for one member');
}

// ---- receiving accounts -------------------------------------------------------------------

export function enabledAccounts(db: Q, type: 'bank' | 'usdt'): Promise<DepositAccount[]> {
  // only accounts a second operator approved (migration 051) are handed to members
  return db.selectFrom('deposit_accounts').selectAll().where('type', '=', type).where('enabled', '=', 1).where('approved_at', 'is not', null).orderBy('id').execute();
}

/**
 * The next receiving account of a type, round-robin: the enabled one used least recently
 * (ties by id), stamped as used. `bankName` narrows USDT addresses to one protocol.
 */
export async function takeNextAccount(db: Q, type: 'bank' | 'usdt', now: number, bankName?: string): Promise<DepositAccount | undefined> {
  for (let round = 0; round < 5; round++) {
    let q = db.selectFrom('deposit_accounts').selectAll().where('type', '=', type).where('enabled', '=', 1).where('approved_at', 'is not', null);
    if (bankName) q = q.where('bank_name', '=', bankName);
    const next = await q.orderBy('last_used_at').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return undefined;
    // only if nobody took it meanwhile, so concurrent orders spread over the accounts; the last
    // round takes it whatever: spreading is a preference, and an enabled account exists (losing
    // five rounds to other members' orders told members there was none: 11 of 20 at once)
    let q2 = db
      .updateTable('deposit_accounts')
      .set((eb) => ({ last_used_at: Math.max(now, Number(next.last_used_at) + 1), uses: eb('uses', '+', 1) }))
      .where('id', '=', next.id)
      .where('enabled', '=', 1)
      .where('approved_at', 'is not', null);
    if (round < 4) q2 = q2.where('last_used_at', '=', next.last_used_at);
    const r = await q2.executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return next;
  }
  return undefined;
}

export async function insertAccountsIfNone(db: Q, rows: Omit<DepositAccount, 'id' | 'last_used_at' | 'uses' | 'enabled' | 'approved_by' | 'changed_by'>[]) {
  const any = await db.selectFrom('deposit_accounts').select('id').limit(1).executeTakeFirst();
  if (any || rows.length === 0) return;
  await db.insertInto('deposit_accounts').values(rows).execute();
}

export function accountById(db: Q, id: number) {
  return db.selectFrom('deposit_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAccounts(db: Q) {
  return db.selectFrom('deposit_accounts').selectAll().orderBy('type').orderBy('id').execute();
}

export function insertAccount(db: Q, row: Omit<DepositAccount, 'id' | 'last_used_at' | 'uses' | 'approved_at' | 'approved_by'>) {
  return db.insertInto('deposit_accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateAccount(db: Q, id: number, set: Partial<Pick<DepositAccount, 'bank_name' | 'bank_owner' | 'bank_no' | 'bank_address' | 'enabled' | 'approved_at' | 'approved_by' | 'changed_by'>>) {
  return db.updateTable('deposit_accounts').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- lists --------------------------------------------------------------------------------

/**
 * A member's type-1 records in a window, newest first: each order, plus one line per credited
 * bonus (at its credit time). One page through the member's two indexes.
 */
/** issue 34: what the member's phase of an order is read from (states.ts memberPhase) */
const PHASE_COLUMNS = ['amount', 'paid_amount', 'paid_at', 'expires_at', 'reject_reason', 'review_reason'] as const;

/**
 * issue 34 (待处理订单): the member's orders still waiting for their payment at `now` (pending,
 * before the deadline), newest first; at most a handful exist (MAX_PENDING per hour).
 */
export async function memberUnpaid(db: Q, memberId: number, now: number, limit: number, offset: number) {
  const base = db.selectFrom('deposits').where('member_id', '=', memberId).where('status', '=', 'pending').where('expires_at', '>', now);
  const [rows, count] = await Promise.all([
    base
      .select(['deposit_no', sql<string>`'deposit'`.as('line'), 'paytype', 'status', 'amount as fen', 'created_at as at', ...PHASE_COLUMNS])
      .orderBy('created_at', 'desc')
      .orderBy('deposit_no', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => ({ ...r, fen: Number(r.fen), at: Number(r.at) })), total: Number(count?.n ?? 0) };
}

export async function memberRecords(db: Q, memberId: number, since: number, until: number, limit: number, offset: number) {
  const orders = db
    .selectFrom('deposits')
    .select([
      'deposit_no',
      sql<string>`'deposit'`.as('line'),
      'paytype',
      'status',
      sql<number>`coalesce(credited_amount, paid_amount, amount)`.as('fen'),
      'created_at as at',
      ...PHASE_COLUMNS,
    ])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('created_at', '<', until);
  const bonuses = db
    .selectFrom('deposits')
    .select(['deposit_no', sql<string>`'bonus'`.as('line'), 'paytype', 'status', 'bonus_amount as fen', sql<number>`credited_at`.as('at'), ...PHASE_COLUMNS])
    .where('member_id', '=', memberId)
    .where('credited_at', '>=', since)
    .where('credited_at', '<', until)
    .where('bonus_amount', '>', 0);
  const rows = await db
    .selectFrom(orders.unionAll(bonuses).as('r'))
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('deposit_no', 'desc')
    .orderBy('line')
    .limit(limit)
    .offset(offset)
    .execute();
  const [a, b] = await Promise.all([
    db.selectFrom('deposits').select((eb) => eb.fn.countAll<string | number>().as('n')).where('member_id', '=', memberId).where('created_at', '>=', since).where('created_at', '<', until).executeTakeFirst(),
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('member_id', '=', memberId)
      .where('credited_at', '>=', since)
      .where('credited_at', '<', until)
      .where('bonus_amount', '>', 0)
      .executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => ({ ...r, fen: Number(r.fen), at: Number(r.at) })), total: Number(a?.n ?? 0) + Number(b?.n ?? 0) };
}

/** The operator's list, newest first, filtered by status and member. */
export async function adminList(db: Q, f: { status?: string; memberId?: number }, limit: number, page: number) {
  let base = db.selectFrom('deposits');
  if (f.status) base = base.where('deposits.status', '=', f.status);
  if (f.memberId !== undefined) base = base.where('deposits.member_id', '=', f.memberId);
  // issue 24: counted without the members join (every deposit has its member), exactly up to
  // 10,000 and estimated past that; the last pages read from the oldest end (deposits_time index)
  return newestFirstPage(db, {
    base,
    // issue 33: the channel that took an online order (its name even once deleted)
    rows: base.innerJoin('members', 'members.id', 'deposits.member_id').leftJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id').leftJoin('admins as fa', 'fa.id', 'deposits.first_approved_by').selectAll('deposits').select(['members.username', 'payment_channels.name as channel_name', 'fa.username as first_approver']),
    keys: ['deposits.created_at', 'deposits.id'],
    page,
    perPage: limit,
  });
}

export function memberIdByUsername(db: Q, username: string) {
  return db.selectFrom('members').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export function adminRow(db: Q, depositNo: string) {
  return db
    .selectFrom('deposits')
    .innerJoin('members', 'members.id', 'deposits.member_id')
    .leftJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id')
    // the first of two approvals, by the operator's name
    .leftJoin('admins as fa', 'fa.id', 'deposits.first_approved_by')
    .selectAll('deposits')
    .select(['members.username', 'payment_channels.name as channel_name', 'fa.username as first_approver'])
    .where('deposits.deposit_no', '=', depositNo)
    .executeTakeFirstOrThrow();
}

export async function usernameOf(db: Q, memberId: number): Promise<string> {
  const r = await db.selectFrom('members').select('username').where('id', '=', memberId).executeTakeFirst();
  return r?.username ?? '';
}

/** Online orders still pending that were created in [from, to), oldest first, at most `limit`. */
export function pendingOnlineCreated(db: Q, from: number, to: number, limit: number): Promise<Deposit[]> {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('kind', '=', 'online')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** deposits waiting for an operator (the dashboard): in review, or manual and not yet confirmed */
export async function awaitingOperatorCount(db: Q): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('status', '=', 'review'), eb.and([eb('status', '=', 'pending'), eb('kind', '=', 'manual')])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** one page of a member's deposits for the back-office member view, newest first, with the total */
export async function memberDeskPage(db: Q, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('deposits').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['deposit_no', 'paytype', 'kind', 'status', 'amount', 'paid_amount', 'credited_amount', 'bonus_amount', 'created_at', 'credited_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
