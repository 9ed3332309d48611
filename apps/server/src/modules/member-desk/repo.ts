import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { MemberSearchInput } from '@casino/contract';
import type { DB } from '../../db/index.ts';
import { startsWith } from '../../db/like.ts';
import { newestFirstPage } from '../../db/big-lists.ts';
import { memberSessionsEnded } from '../accounts/index.ts';

/** SQL of the back-office's member views (issue 12). */

/** `column LIKE 'value%'`, the value's own % and _ taken literally */

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
  const where = (eb: ExpressionBuilder<DB, 'members'>) => {
    const all: Expression<SqlBool>[] = [];
    if (f.username) {
      // a range the unique username index serves (LIKE alone is not indexed on either database),
      // then LIKE for the exact prefix
      const p = f.username.toLowerCase();
      const next = p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);
      all.push(eb('members.username', '>=', p), eb('members.username', '<', next), startsWith('members.username', p));
    }
    if (f.realname) all.push(eb('members.realname', '=', f.realname));
    if (f.mobile) all.push(eb('members.mobile', '=', f.mobile));
    if (f.referrer) all.push(eb('members.referrer_pid', '=', f.referrer));
    if (f.vip !== undefined) all.push(eb('members.vip', '=', f.vip));
    if (f.status !== undefined) all.push(eb('members.status', '=', f.status));
    if (w.registeredFrom !== undefined) all.push(eb('members.created_at', '>=', w.registeredFrom));
    if (w.registeredTo !== undefined) all.push(eb('members.created_at', '<', w.registeredTo));
    if (f.balance_min !== undefined || f.balance_max !== undefined) {
      // central wallets in the range, from the (kind, balance) index
      let wallets = eb.selectFrom('ledger_accounts').select('ledger_accounts.member_id').where('ledger_accounts.kind', '=', 'central');
      if (f.balance_min !== undefined) wallets = wallets.where('ledger_accounts.balance', '>=', f.balance_min);
      if (f.balance_max !== undefined) wallets = wallets.where('ledger_accounts.balance', '<=', f.balance_max);
      all.push(eb('members.id', 'in', wallets));
    }
    return eb.and(all);
  };
  // with a selective filter (few members) its own index finds them and they are sorted; without
  // one the (created_at, id) index walks the newest first ('+' keeps SQLite off that index)
  const selective = Boolean(f.username || f.realname || f.mobile || f.referrer);
  const base = db.selectFrom('members').where(where);
  // issue 24: the total counted exactly up to 10,000 members (estimated past that) and the last
  // pages read from the oldest end: counting a million members and walking an OFFSET of a million
  // took seconds
  const { rows, total, estimated } = await newestFirstPage(db, {
    base,
    rows: base.select([
      'members.id', 'members.username', 'members.realname', 'members.mobile', 'members.vip', 'members.status', 'members.realname_verified',
      'members.referrer_pid', 'members.created_at', 'members.last_login_at', 'members.last_login_ip', 'members.risk_level',
    ]),
    keys: [selective ? sql`+members.created_at` : sql.ref('members.created_at'), sql.ref('members.id')],
    page: f.page,
    perPage: f.per_page,
  });
  // the page's balances by (member_id, kind): joining in the main query let a planner start from
  // every central wallet instead of from the page
  const balances = rows.length
    ? await db.selectFrom('ledger_accounts').select(['member_id', 'balance']).where('kind', '=', 'central').where('member_id', 'in', rows.map((r) => r.id)).execute()
    : [];
  const balanceOf = new Map(balances.map((b) => [b.member_id, b.balance]));
  return { rows: rows.map((r) => ({ ...r, balance: balanceOf.get(r.id) ?? 0 })), total, estimated };
}
export type SearchRow = Awaited<ReturnType<typeof search>>['rows'][number];

export function memberByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('members').selectAll().where('username', '=', username).executeTakeFirst();
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

/**
 * Issue 34 point 7: the agent each member belongs to now (its open agent_links row, so an
 * operator's move is followed), as the agent's member username and code, by member id.
 */
export async function currentAgents(db: Kysely<DB>, memberIds: number[]) {
  const out = new Map<number, { member_id: number; username: string; code: string }>();
  if (!memberIds.length) return out;
  const rows = await db
    .selectFrom('agent_links as l')
    .innerJoin('agents as a', 'a.id', 'l.agent_id')
    .innerJoin('members as am', 'am.id', 'a.member_id')
    .select(['l.member_id', 'am.id as agent_member_id', 'am.username', 'a.code'])
    .where('l.member_id', 'in', memberIds)
    .where('l.to_ms', 'is', null)
    .execute();
  for (const r of rows) out.set(Number(r.member_id), { member_id: Number(r.agent_member_id), username: r.username, code: r.code });
  return out;
}

/**
 * Members this member referred: those who belong to its agent record now (registered with its
 * agent code or moved to it), and those who registered with its username or number as their
 * referrer code (members without an agent record).
 */
export async function referred(db: Kysely<DB>, member: { id: number; username: string }) {
  const agent = await db.selectFrom('agents').select('id').where('member_id', '=', member.id).executeTakeFirst();
  const q = db.selectFrom('members').where((eb) => {
    const byCode = eb('referrer_pid', 'in', [member.username, String(member.id)]);
    if (!agent) return byCode;
    const downline = eb.selectFrom('agent_links').select('agent_links.member_id').where('agent_links.agent_id', '=', agent.id).where('agent_links.to_ms', 'is', null);
    return eb.or([eb('members.id', 'in', downline), byCode]);
  });
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
  await memberSessionsEnded(db, memberId); // issue 24: every process's cached sessions of the member end too
  return Number(r.numDeletedRows);
}
