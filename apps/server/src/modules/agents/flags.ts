import { AGENT_MSG, type AdminAgentFlagRow, type AdminPaged, type AgentFlagKind } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { readMark, setMark } from './rollup.ts';

/**
 * Fraud checks (issue 20): a downline member is flagged as possibly its agent's own account when
 * it shares with the agent's member account
 * - a card (member_cards.number_key, the keyed hash cards are compared by),
 * - an address: its registration address (register_ip) or a sign-in address (member_logins.ip)
 *   seen on the agent's account,
 * - a device: the member site's device id (a random UUID it keeps in local storage and sends
 *   as X-Device-Id) of its registration or a sign-in (member_logins.device) that the agent's
 *   account registered or signed in with (the user-agent text is not compared: many phones
 *   share one),
 * or shares a card with another member of the same agent's downline.
 * Loopback addresses are not a client's (a request that came through a proxy without
 * trustProxy, or a test on this machine) and are never matched.
 * Flags are kept per (member, agent, kind, what is shared) and stay until an operator clears
 * them; figures leave a member with an open flag out (figures.ts).
 */

const n = (v: unknown) => Number(v ?? 0);
const LOOPBACK = new Set(['', '127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost', 'unknown']);

async function addressesOf(db: Kysely<DB>, memberId: number): Promise<{ register: string; all: Set<string> }> {
  const [m, logins] = await Promise.all([
    db.selectFrom('members').select('register_ip').where('id', '=', memberId).executeTakeFirst(),
    db.selectFrom('member_logins').select('ip').distinct().where('member_id', '=', memberId).limit(500).execute(),
  ]);
  const register = m?.register_ip ?? '';
  const all = new Set([register, ...logins.map((l) => l.ip)].filter((ip) => !LOOPBACK.has(ip)));
  return { register: LOOPBACK.has(register) ? '' : register, all };
}

/**
 * The devices both accounts registered or signed in with: the member's (at most 100), then
 * which of them the agent's rows carry; both read the (member_id, device) index (migration 030).
 */
async function sharedDevices(db: Kysely<DB>, memberId: number, agentMember: number): Promise<string[]> {
  const mine = await db.selectFrom('member_logins').select('device').distinct().where('member_id', '=', memberId).where('device', 'is not', null).limit(100).execute();
  const devices = mine.map((r) => r.device).filter((d): d is string => Boolean(d));
  if (!devices.length) return [];
  const theirs = await db.selectFrom('member_logins').select('device').distinct().where('member_id', '=', agentMember).where('device', 'in', devices).execute();
  return theirs.map((r) => r.device).filter((d): d is string => Boolean(d));
}

async function cardsOf(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('member_cards').select(['number_key', 'bank_no_last4', 'type']).where('member_id', '=', memberId).execute();
}

async function raise(db: Kysely<DB>, f: { memberId: number; agentId: number; kind: AgentFlagKind; key: string; detail: string; other?: number | null; now: number }) {
  await db
    .insertInto('agent_flags')
    .values({ member_id: f.memberId, agent_id: f.agentId, kind: f.kind, match_key: f.key.slice(0, 128), detail: f.detail.slice(0, 200), other_member_id: f.other ?? null, state: 1, created_at: f.now })
    .onConflict((oc) => oc.columns(['member_id', 'agent_id', 'kind', 'match_key']).doNothing())
    .execute();
}

const maskIp = (ip: string) => ip;

/** Checks one downline member against its agent (and the agent's other downline members). */
export async function checkMember(db: Kysely<DB>, memberId: number, agentId: number, now: number): Promise<void> {
  const agent = await db.selectFrom('agents').select('member_id').where('id', '=', agentId).executeTakeFirst();
  if (!agent) return;
  const agentMember = n(agent.member_id);
  if (agentMember === memberId) return;
  const [mine, theirs, myCards, agentCards] = await Promise.all([addressesOf(db, memberId), addressesOf(db, agentMember), cardsOf(db, memberId), cardsOf(db, agentMember)]);
  for (const ip of mine.all) {
    if (!theirs.all.has(ip)) continue;
    const kind: AgentFlagKind = ip === mine.register ? 'register_ip' : 'login_ip';
    await raise(db, { memberId, agentId, kind, key: ip, detail: `地址 ${maskIp(ip)}`, now });
  }
  for (const device of await sharedDevices(db, memberId, agentMember)) {
    await raise(db, { memberId, agentId, kind: 'device', key: device, detail: `设备 ${device.slice(0, 8)}`, now });
  }
  const agentKeys = new Set(agentCards.map((c) => c.number_key));
  for (const c of myCards) {
    if (agentKeys.has(c.number_key)) await raise(db, { memberId, agentId, kind: 'card', key: c.number_key, detail: `${n(c.type) === 2 ? 'USDT地址' : '银行卡'}尾号 ${c.bank_no_last4}`, now });
  }
  if (myCards.length) {
    // another member of the same downline with one of these cards
    const others = await db
      .selectFrom('member_cards as c')
      .innerJoin('agent_links as l', (j) => j.onRef('l.member_id', '=', 'c.member_id').on('l.to_ms', 'is', null))
      .select(['c.member_id', 'c.number_key', 'c.bank_no_last4', 'c.type'])
      .where('l.agent_id', '=', agentId)
      .where('c.member_id', '<>', memberId)
      .where('c.number_key', 'in', myCards.map((c) => c.number_key))
      .execute();
    for (const o of others) {
      const detail = `${n(o.type) === 2 ? 'USDT地址' : '银行卡'}尾号 ${o.bank_no_last4}`;
      await raise(db, { memberId, agentId, kind: 'card_shared', key: `${o.number_key}|${n(o.member_id)}`, detail, other: n(o.member_id), now });
      await raise(db, { memberId: n(o.member_id), agentId, kind: 'card_shared', key: `${o.number_key}|${memberId}`, detail, other: memberId, now });
    }
  }
}

/** the members (with their agent now) to check for a member whose records changed: itself in its downline, or its downline when it is an agent */
async function pairsFor(db: Kysely<DB>, memberIds: number[]): Promise<[number, number][]> {
  if (!memberIds.length) return [];
  const [links, agents] = await Promise.all([
    db.selectFrom('agent_links').select(['member_id', 'agent_id']).where('member_id', 'in', memberIds).where('to_ms', 'is', null).execute(),
    db.selectFrom('agents').select('id').where('member_id', 'in', memberIds).execute(),
  ]);
  const pairs: [number, number][] = links.map((l) => [n(l.member_id), n(l.agent_id)]);
  if (agents.length) {
    const downline = await db.selectFrom('agent_links').select(['member_id', 'agent_id']).where('agent_id', 'in', agents.map((a) => n(a.id))).where('to_ms', 'is', null).execute();
    for (const d of downline) pairs.push([n(d.member_id), n(d.agent_id)]);
  }
  return pairs;
}

/**
 * One pass: members whose sign-ins, cards or agent changed since the last pass (cursors over
 * member_logins, member_cards and agent_links ids) are checked. The first pass starts at the
 * newest rows of the two member tables and at the first link.
 */
export async function flagTick(db: Kysely<DB>, now: number): Promise<number> {
  const touched = new Set<number>();
  const sources = [
    { mark: 'flags_logins', table: 'member_logins' as const, startAtNewest: true },
    { mark: 'flags_cards', table: 'member_cards' as const, startAtNewest: true },
    { mark: 'flags_links', table: 'agent_links' as const, startAtNewest: false },
  ];
  for (const s of sources) {
    let cursor = await readMark(db, s.mark);
    if (cursor === null && s.startAtNewest) {
      const last = await db.selectFrom(s.table).select(sql<number>`max(id)`.as('id')).executeTakeFirst();
      cursor = n(last?.id);
      // members who are linked already are checked once from their own records below
    }
    cursor ??= 0;
    for (;;) {
      const rows = await db.selectFrom(s.table).select(['id', 'member_id']).where('id', '>', cursor).orderBy('id').limit(2000).execute();
      for (const r of rows) touched.add(n(r.member_id));
      if (rows.length) cursor = n(rows[rows.length - 1].id);
      if (rows.length < 2000) break;
    }
    await setMark(db, s.mark, cursor);
  }
  const pairs = await pairsFor(db, [...touched]);
  const seen = new Set<string>();
  for (const [memberId, agentId] of pairs) {
    const k = `${memberId}|${agentId}`;
    if (seen.has(k)) continue;
    seen.add(k);
    await checkMember(db, memberId, agentId, now);
  }
  return seen.size;
}

type FlagJoined = {
  id: number;
  member_id: number;
  agent_id: number;
  kind: string;
  detail: string;
  other_member_id: number | null;
  state: number;
  cleared_by: number | null;
  cleared_at: number | null;
  clear_reason: string;
  created_at: number;
  username: string;
  agent_username: string;
  other_username: string | null;
  cleared_by_name: string | null;
};

function flagRow(f: FlagJoined): AdminAgentFlagRow {
  return {
    id: n(f.id),
    username: f.username,
    agent_id: n(f.agent_id),
    agent_username: f.agent_username,
    kind: f.kind as AgentFlagKind,
    detail: f.detail,
    other_username: f.other_username,
    state: n(f.state) === 2 ? 2 : 1,
    cleared_by: f.cleared_by_name,
    cleared_at: f.cleared_at === null ? null : toWireTime(n(f.cleared_at)),
    clear_reason: f.clear_reason,
    created_at: toWireTime(n(f.created_at)),
  };
}

function flagsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('agent_flags as f')
    .innerJoin('members as m', 'm.id', 'f.member_id')
    .innerJoin('agents as a', 'a.id', 'f.agent_id')
    .innerJoin('members as am', 'am.id', 'a.member_id')
    .leftJoin('members as om', 'om.id', 'f.other_member_id')
    .leftJoin('admins as ad', 'ad.id', 'f.cleared_by');
}

export async function listFlags(db: Kysely<DB>, q: { state?: number; username?: string; agent_id?: number; page: number; per_page: number }): Promise<AdminPaged<AdminAgentFlagRow>> {
  let base = flagsQuery(db);
  if (q.state) base = base.where('f.state', '=', q.state);
  if (q.agent_id) base = base.where('f.agent_id', '=', q.agent_id);
  if (q.username) base = base.where('m.username', '=', q.username.toLowerCase());
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    base
      .selectAll('f')
      .select(['m.username', 'am.username as agent_username', 'om.username as other_username', 'ad.username as cleared_by_name'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
  ]);
  return paged(rows.map((r) => flagRow(r as unknown as FlagJoined)), n(count?.n), q.page, q.per_page);
}

/** An operator clears a flag (audited): the member counts in its agent's figures again. */
export async function clearFlag(db: Kysely<DB>, c: { id: number; reason: string }, op: { adminId: number; ip: string }, now = Date.now()): Promise<AdminAgentFlagRow> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('agent_flags')
      .set({ state: 2, cleared_by: op.adminId, cleared_at: now, clear_reason: c.reason })
      .where('id', '=', c.id)
      .where('state', '=', 1)
      .executeTakeFirst();
    const row = await flagsQuery(trx)
      .selectAll('f')
      .select(['m.username', 'am.username as agent_username', 'om.username as other_username', 'ad.username as cleared_by_name'])
      .where('f.id', '=', c.id)
      .executeTakeFirst();
    if (!row) refuse(AGENT_MSG.flagNotFound, 404);
    if (Number(done.numUpdatedRows) !== 1) refuse(AGENT_MSG.flagCleared);
    const out = flagRow(row as unknown as FlagJoined);
    await audit(trx, { adminId: op.adminId, action: 'agent_flag.clear', target: `member:${n(row.member_id)}`, detail: { flag: c.id, member: out.username, agent: out.agent_username, kind: out.kind, detail: out.detail, reason: c.reason }, ip: op.ip, now });
    return out;
  });
}

/** open flags per agent (the agents list) */
export async function openFlagCounts(db: Kysely<DB>, agentIds: number[]): Promise<Map<number, number>> {
  if (!agentIds.length) return new Map();
  const rows = await db.selectFrom('agent_flags').select(['agent_id', sql<number>`count(distinct member_id)`.as('n')]).where('agent_id', 'in', agentIds).where('state', '=', 1).groupBy('agent_id').execute();
  return new Map(rows.map((r) => [n(r.agent_id), n(r.n)]));
}
