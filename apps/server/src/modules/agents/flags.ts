import { AGENT_MSG, type AdminAgentFlagRow, type AdminPaged, type AgentFlagKind } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { addressFilter, maskValue, sharedBetween, type AddressFilter, type RawHit } from '../risk/index.ts';
import { readMark, setMark } from './rollup.ts';

/**
 * Fraud checks (issue 20; issue 36 point 6): a downline member is flagged as possibly its agent's
 * own account when it is linked to the agent's member account by the links of risk control
 * (DESIGN.md section 15, risk/links.ts): a device id, a registration or sign-in address (never
 * loopback or the operator's TRUSTED_PROXIES), a card or USDT address (the keyed fingerprint), a
 * real name or a mobile. Besides, a member sharing a card with another member of the same
 * agent's downline is flagged with it (DESIGN.md section 12).
 * Flags are kept per (member, agent, kind, what is shared) and stay until an operator clears
 * them; figures leave a member with an open flag out (figures.ts): a flag never raises them.
 */

const n = (v: unknown) => Number(v ?? 0);

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

/** a link to the agent as a flag: its kind, the key it is kept under and the words operators read */
function flagOf(h: RawHit): { kind: AgentFlagKind; key: string; detail: string } {
  switch (h.kind) {
    case 'device':
      return { kind: 'device', key: h.value, detail: `设备 ${h.value.slice(0, 8)}` };
    case 'ip':
      return { kind: h.registration ? 'register_ip' : 'login_ip', key: h.value, detail: `地址 ${h.value}` };
    case 'card':
      return { kind: 'card', key: h.value, detail: `银行卡尾号 ${h.shown}` };
    case 'usdt':
      return { kind: 'usdt', key: h.value, detail: `USDT地址尾号 ${h.shown}` };
    case 'realname':
      return { kind: 'realname', key: h.value, detail: `真实姓名 ${maskValue('realname', h.value)}` };
    case 'mobile':
      return { kind: 'mobile', key: h.value, detail: `手机号 ${maskValue('mobile', h.value)}` };
  }
}

/** Checks one downline member against its agent (the links between them) and the agent's other downline members (cards). */
export async function checkMember(db: Kysely<DB>, memberId: number, agentId: number, now: number, filter: AddressFilter = addressFilter()): Promise<void> {
  const agent = await db.selectFrom('agents').select('member_id').where('id', '=', agentId).executeTakeFirst();
  if (!agent) return;
  const agentMember = n(agent.member_id);
  if (agentMember === memberId) return;
  const [links, myCards] = await Promise.all([sharedBetween(db, filter, memberId, agentMember), cardsOf(db, memberId)]);
  const raised = new Set<string>();
  for (const h of links) {
    const f = flagOf(h);
    // an address both registered and signed in with: one flag, as the registration address
    if (f.kind === 'login_ip' && links.some((o) => o.kind === 'ip' && o.value === h.value && o.registration)) continue;
    if (raised.has(`${f.kind}|${f.key}`)) continue;
    raised.add(`${f.kind}|${f.key}`);
    await raise(db, { memberId, agentId, ...f, now });
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
export async function flagTick(db: Kysely<DB>, now: number, filter: AddressFilter = addressFilter()): Promise<number> {
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
    await checkMember(db, memberId, agentId, now, filter);
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
