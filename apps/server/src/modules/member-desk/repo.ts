import { sql, type Kysely } from 'kysely';
import type { MemberSearchInput } from '@casino/contract';
import type { DB } from '../../db/index.ts';

/** SQL of the back-office's member views (issue 12). */

/** `column LIKE 'value%'`, the value's own % and _ taken literally */
const startsWith = (column: string, value: string) => sql<boolean>`${sql.ref(column)} like ${`${value.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;

export interface SearchWindow {
  registeredFrom?: number;
  registeredTo?: number;
}

/**
 * Members matching every filter given, newest registration first. Each filter has an index:
 * username (unique, prefix), realname, mobile, referrer_pid, (vip, created_at),
 * (status, created_at), (created_at, id); the balance range goes through the central accounts'
 * (kind, balance) index.
 */
export async function search(db: Kysely<DB>, f: MemberSearchInput, w: SearchWindow) {
  let q = db
    .selectFrom('members')
    .innerJoin('ledger_accounts as central', (j) => j.onRef('central.member_id', '=', 'members.id').on('central.kind', '=', 'central'));
  if (f.username) q = q.where(startsWith('members.username', f.username.toLowerCase()));
  if (f.realname) q = q.where('members.realname', '=', f.realname);
  if (f.mobile) q = q.where('members.mobile', '=', f.mobile);
  if (f.referrer) q = q.where('members.referrer_pid', '=', f.referrer);
  if (f.vip !== undefined) q = q.where('members.vip', '=', f.vip);
  if (f.status !== undefined) q = q.where('members.status', '=', f.status);
  if (w.registeredFrom !== undefined) q = q.where('members.created_at', '>=', w.registeredFrom);
  if (w.registeredTo !== undefined) q = q.where('members.created_at', '<', w.registeredTo);
  if (f.balance_min !== undefined) q = q.where('central.balance', '>=', f.balance_min);
  if (f.balance_max !== undefined) q = q.where('central.balance', '<=', f.balance_max);
  const [rows, total] = await Promise.all([
    q
      .select([
        'members.id', 'members.username', 'members.realname', 'members.mobile', 'members.vip', 'members.status', 'members.realname_verified',
        'members.referrer_pid', 'members.created_at', 'members.last_login_at', 'members.last_login_ip', 'central.balance',
      ])
      .orderBy('members.created_at', 'desc')
      .orderBy('members.id', 'desc')
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type SearchRow = Awaited<ReturnType<typeof search>>['rows'][number];

export function memberByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function centralBalance(db: Kysely<DB>, memberId: number) {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('member_id', '=', memberId).where('kind', '=', 'central').executeTakeFirst();
  return row?.balance ?? 0;
}

export function cards(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('member_cards')
    .select(['id', 'type', 'bank', 'bank_owner', 'bank_no', 'bank_no_last4', 'created_at', 'deleted_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function card(db: Kysely<DB>, memberId: number, cardId: number) {
  return db.selectFrom('member_cards').select(['id', 'type', 'bank', 'bank_no', 'bank_no_last4']).where('member_id', '=', memberId).where('id', '=', cardId).executeTakeFirst();
}

export function sessions(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('subject_kind', '=', 'member')
    .where('subject_id', '=', memberId)
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}

/** The member a referrer code names: a username, or a member number. */
export function referrerOf(db: Kysely<DB>, code: string) {
  let q = db.selectFrom('members').select(['id', 'username']);
  q = /^\d{1,15}$/.test(code) ? q.where((eb) => eb.or([eb('username', '=', code.toLowerCase()), eb('id', '=', Number(code))])) : q.where('username', '=', code.toLowerCase());
  return q.orderBy('id').executeTakeFirst();
}

/** Members who registered with this member's username or number as their referrer code. */
export async function referred(db: Kysely<DB>, member: { id: number; username: string }) {
  const q = db.selectFrom('members').where('referrer_pid', 'in', [member.username, String(member.id)]);
  const [recent, total] = await Promise.all([
    q.select(['username', 'created_at']).orderBy('created_at', 'desc').limit(10).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { recent, total: Number(total.n) };
}

export function notes(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('member_notes')
    .innerJoin('admins', 'admins.id', 'member_notes.admin_id')
    .select(['member_notes.id', 'admins.username as operator', 'member_notes.content', 'member_notes.created_at'])
    .where('member_notes.member_id', '=', memberId)
    .orderBy('member_notes.created_at', 'desc')
    .limit(100)
    .execute();
}

export async function endSessions(db: Kysely<DB>, memberId: number): Promise<number> {
  const r = await db.deleteFrom('sessions').where('subject_kind', '=', 'member').where('subject_id', '=', memberId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** one page of a table's rows of a member, newest first, with the total */
export async function paged<T>(rows: Promise<T[]>, total: Promise<{ n: number | string | bigint }>) {
  const [data, n] = await Promise.all([rows, total]);
  return { data, total: Number(n.n) };
}
