import { sql, type Kysely, type Insertable, type Updateable } from 'kysely';
import type { DB, Withdrawal, WithdrawalsTable } from '../../db/schema.ts';
import { newestFirstPage } from '../../db/big-lists.ts';
import { announceOrders } from '../live-stream/index.ts';

/** SQL of the withdrawals module only. Every member query names the member. */

export async function insert(db: Kysely<DB>, row: Insertable<WithdrawalsTable>): Promise<number> {
  const r = await db.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** A member's withdrawals of [since, ...) not rejected: how many and how much (fen). */
export async function dayTotals(db: Kysely<DB>, memberId: number, since: number): Promise<{ count: number; total: number }> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), sql<string | number>`coalesce(sum(amount), 0)`.as('total')])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('state', '!=', 3)
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), total: Number(r?.total ?? 0) };
}

export function byNo(db: Kysely<DB>, withdrawNo: string): Promise<Withdrawal | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirst();
}

/**
 * Applies `set` only while the row still is as `expect` says (state 1 and the claim / approval
 * columns given): the conditional update that makes each review step happen once. Answers
 * whether it applied.
 */
export async function updateIf(
  db: Kysely<DB>,
  id: number,
  expect: { claimableBy?: number; firstApprovedBy?: number | null; notFirstApprovedBy?: number; claimedBy?: number },
  set: Updateable<WithdrawalsTable>,
): Promise<boolean> {
  let q = db.updateTable('withdrawals').set(set).where('id', '=', id).where('state', '=', 1);
  if (expect.claimableBy !== undefined) {
    const admin = expect.claimableBy;
    q = q.where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', admin)]));
  }
  if (expect.claimedBy !== undefined) q = q.where('claimed_by', '=', expect.claimedBy);
  if (expect.firstApprovedBy === null) q = q.where('first_approved_by', 'is', null);
  else if (expect.firstApprovedBy !== undefined) q = q.where('first_approved_by', '=', expect.firstApprovedBy);
  if (expect.notFirstApprovedBy !== undefined) q = q.where('first_approved_by', '!=', expect.notFirstApprovedBy);
  if (set.state === undefined) return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  // a decision: the member's live streams hear of it once this commits (issue 37)
  const row = await q.returning(['member_id', 'withdraw_no', 'state']).executeTakeFirst();
  if (row) await announceOrders(db, [{ member_id: Number(row.member_id), kind: 'withdrawal', order_no: row.withdraw_no, state: Number(row.state) }]);
  return row !== undefined;
}

export async function adminName(db: Kysely<DB>, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const r = await db.selectFrom('admins').select('username').where('id', '=', id).executeTakeFirst();
  return r?.username ?? `#${id}`;
}

/** The member's own withdrawals in [since, until), newest first. */
export async function memberPage(db: Kysely<DB>, memberId: number, since: number, until: number, limit: number, offset: number) {
  const base = db.selectFrom('withdrawals').where('member_id', '=', memberId).where('created_at', '>=', since).where('created_at', '<', until);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export interface AdminFilter {
  state?: number;
  username?: string;
  withdrawNo?: string;
}

/** The operators' list, newest first, with the member's name and deposits and the operators' names. */
export async function adminPage(db: Kysely<DB>, f: AdminFilter, limit: number, page: number) {
  let base = db.selectFrom('withdrawals as w');
  if (f.state !== undefined) base = base.where('w.state', '=', f.state);
  if (f.username) base = base.where('w.member_id', 'in', db.selectFrom('members').select('id').where('username', '=', f.username));
  if (f.withdrawNo) base = base.where('w.withdraw_no', '=', f.withdrawNo);
  // issue 24: counted without the members join (every withdrawal has its member), exactly up to
  // 10,000 and estimated past that; the last pages read from the oldest end (an OFFSET of 200,000
  // withdrawals took seconds)
  return newestFirstPage(db, {
    base,
    rows: base
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .leftJoin('admins as a1', 'a1.id', 'w.first_approved_by')
      .leftJoin('admins as ac', 'ac.id', 'w.claimed_by')
      .leftJoin('admins as ad', 'ad.id', 'w.decided_by')
      .selectAll('w')
      .select(['m.username', 'm.realname', 'm.paysum', 'm.risk_level', 'a1.username as first_approver', 'ac.username as claimer', 'ad.username as decider']),
    keys: ['w.created_at', 'w.id'],
    page,
    perPage: limit,
  });
}
export type AdminListRow = Awaited<ReturnType<typeof adminPage>>['rows'][number];

/**
 * The newest reset of the member's login or payment password by an operator in [since, before):
 * a stolen or handed-over account is often reset just before its money is taken out. Read
 * through admin_audit's (target, created_at) index.
 */
export async function passwordResetBefore(db: Kysely<DB>, memberId: number, since: number, before: number) {
  return db
    .selectFrom('admin_audit as au')
    .leftJoin('admins as a', 'a.id', 'au.admin_id')
    .select(['au.action', 'au.created_at', 'a.username'])
    .where('au.target', '=', `member:${memberId}`)
    .where('au.created_at', '>=', since)
    .where('au.created_at', '<', before)
    .where('au.action', 'in', ['member.password.reset', 'member.paypassword.reset'])
    .orderBy('au.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether an approved withdrawal of this member went to this card number before `beforeId`. */
export async function paidToCardBefore(db: Kysely<DB>, memberId: number, numberKey: string, beforeId: number): Promise<boolean> {
  const r = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('number_key', '=', numberKey)
    .where('state', '=', 2)
    .where('member_id', '=', memberId)
    .where('id', '<', beforeId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** withdrawals in a state (the dashboard counts those waiting, state 1) */
export async function countByState(db: Kysely<DB>, state: number): Promise<number> {
  const row = await db.selectFrom('withdrawals').select(sql<number>`count(*)`.as('n')).where('state', '=', state).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** one page of a member's withdrawals for the back-office member view, newest first, with the total */
export async function memberDeskPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('withdrawals').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['withdraw_no', 'amount', 'state', 'card_type', 'bank', 'bank_no_last4', 'needs_two', 'reason', 'created_at', 'decided_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
