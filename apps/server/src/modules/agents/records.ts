import { randomInt } from 'node:crypto';
import { AGENT_MSG } from '@casino/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AgentRecord, DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { defaultPlan } from './plans.ts';

/**
 * Agent records and which agent each member belongs to (DESIGN.md section 12).
 * A member's belonging is a chain of agent_links [from_ms, to_ms): registering with an agent's
 * code opens the first; only an operator's move closes it and opens the next, so the figures
 * count each activity for the agent of its moment ("from the move on").
 */

const n = (v: unknown) => Number(v ?? 0);

/** referral codes: 8 characters without the look-alikes (0/O, 1/I/L) */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newAgentCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** a pid as members' links carry it, in the stored form (codes are kept in capitals) */
export const normalCode = (pid: string) => pid.trim().toUpperCase();

export async function agentByMember(db: Kysely<DB>, memberId: number): Promise<AgentRecord | undefined> {
  return db.selectFrom('agents').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

export async function agentById(db: Kysely<DB>, id: number): Promise<AgentRecord | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function agentByCode(db: Kysely<DB>, code: string): Promise<AgentRecord | undefined> {
  const c = normalCode(code);
  if (!/^[A-Z0-9]{4,16}$/.test(c)) return undefined;
  return db.selectFrom('agents').selectAll().where('code', '=', c).executeTakeFirst();
}

/** The agent a member belongs to now (its open link), or null. */
export async function currentAgentOf(db: Kysely<DB>, memberId: number): Promise<number | null> {
  const row = await db.selectFrom('agent_links').select('agent_id').where('member_id', '=', memberId).where('to_ms', 'is', null).executeTakeFirst();
  return row ? n(row.agent_id) : null;
}

/**
 * Makes the member an agent (in the caller's transaction): a fresh code, the default plan
 * unless one is named, and as upline the agent the member itself belongs to (an agent referred
 * by an agent is its sub-agent) unless one is named. An existing record is answered as it is.
 */
export async function makeAgent(
  trx: Kysely<DB>,
  a: { memberId: number; source: 'application' | 'operator'; createdBy: string; planId?: number; uplineAgentId?: number | null; note?: string; now: number },
): Promise<{ agent: AgentRecord; created: boolean }> {
  const existing = await agentByMember(trx, a.memberId);
  if (existing) return { agent: existing, created: false };
  const planId = a.planId ?? (await defaultPlan(trx)).id;
  const upline = a.uplineAgentId !== undefined ? a.uplineAgentId : await currentAgentOf(trx, a.memberId);
  for (;;) {
    const code = newAgentCode();
    const clash = await trx.selectFrom('agents').select('id').where('code', '=', code).executeTakeFirst();
    if (clash) continue;
    try {
      const agent = await trx
        .insertInto('agents')
        .values({ member_id: a.memberId, code, plan_id: planId, upline_agent_id: upline, note: a.note ?? '', source: a.source, created_by: a.createdBy, created_at: a.now, updated_at: a.now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { agent, created: true };
    } catch (e) {
      // a PostgreSQL transaction ends at a failed insert, so code clashes are avoided by the
      // check above; what is left is the member made an agent at the same moment elsewhere
      if (isUniqueViolation(e)) refuse(AGENT_MSG.alreadyAgent);
      throw e;
    }
  }
}

/**
 * Registration with a pid (accounts hook, in the registration's transaction): a valid code of an
 * agent in good standing binds the new member to that agent from this moment. Anything else
 * binds nothing (the pid stays in members.referrer_pid as before); a suspended agent's code binds
 * nobody (DESIGN.md section 12, issue 33): the member still registers, without an agent, since the
 * member did nothing wrong (docs/decisions.md).
 */
export async function bindAtRegistration(trx: Kysely<DB>, memberId: number, pid: string | null | undefined, now: number): Promise<number | null> {
  if (!pid) return null;
  const agent = await agentByCode(trx, pid);
  if (!agent || n(agent.member_id) === memberId || n(agent.state) !== 1) return null;
  await trx.insertInto('agent_links').values({ member_id: memberId, agent_id: n(agent.id), from_ms: now, to_ms: null }).execute();
  return n(agent.id);
}

/**
 * Whether the agent `toAgentId` is the agent of `memberId` itself or sits below it, at any depth:
 * up from `toAgentId` through both ways an agent hangs under another (its upline record and the
 * agent its own member account belongs to), looking for the agent record of `memberId`. A move
 * there would make the member's agent a member of its own downline (a loop, issue 33).
 */
async function underAgentOf(trx: Kysely<DB>, memberId: number, toAgentId: number): Promise<boolean> {
  const own = await agentByMember(trx, memberId);
  if (!own) return false;
  const target = n(own.id);
  const seen = new Set<number>();
  let frontier = [toAgentId];
  while (frontier.length) {
    if (frontier.includes(target)) return true;
    for (const id of frontier) seen.add(id);
    const [records, links] = await Promise.all([
      trx.selectFrom('agents').select(['upline_agent_id']).where('id', 'in', frontier).execute(),
      trx.selectFrom('agents as a').innerJoin('agent_links as l', 'l.member_id', 'a.member_id').select('l.agent_id').where('a.id', 'in', frontier).where('l.to_ms', 'is', null).execute(),
    ]);
    const next = new Set<number>();
    for (const r of records) if (r.upline_agent_id !== null) next.add(n(r.upline_agent_id));
    for (const l of links) next.add(n(l.agent_id));
    frontier = [...next].filter((id) => !seen.has(id));
  }
  return false;
}

/**
 * An operator moves a member to another agent (or to none: toAgentId 0): the open link closes
 * at `now` and the new one opens there, with the move's history row and the audit row in the
 * same transaction.
 */
export async function moveMember(
  db: Kysely<DB>,
  m: { username: string; toAgentId: number; reason: string },
  op: { adminId: number; ip: string },
  now = Date.now(),
): Promise<{ username: string; from_agent: string | null; to_agent: string | null }> {
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('members').select(['id', 'username']).where('username', '=', m.username.toLowerCase()).executeTakeFirst();
    if (!member) refuse(AGENT_MSG.memberNotFound, 404);
    const memberId = n(member.id);
    let toName: string | null = null;
    if (m.toAgentId) {
      const to = await trx.selectFrom('agents').innerJoin('members', 'members.id', 'agents.member_id').select(['agents.id', 'agents.member_id', 'members.username']).where('agents.id', '=', m.toAgentId).executeTakeFirst();
      if (!to) refuse(AGENT_MSG.agentNotFound, 404);
      if (n(to.member_id) === memberId) refuse(AGENT_MSG.moveSelf);
      if (await underAgentOf(trx, memberId, m.toAgentId)) refuse(AGENT_MSG.moveLoop);
      toName = to.username;
    }
    const open = await trx.selectFrom('agent_links').select(['id', 'agent_id']).where('member_id', '=', memberId).where('to_ms', 'is', null).executeTakeFirst();
    const fromId = open ? n(open.agent_id) : null;
    if ((fromId ?? 0) === m.toAgentId) refuse(AGENT_MSG.sameAgent);
    let fromName: string | null = null;
    if (fromId !== null) {
      const from = await trx.selectFrom('agents').innerJoin('members', 'members.id', 'agents.member_id').select('members.username').where('agents.id', '=', fromId).executeTakeFirst();
      fromName = from?.username ?? null;
      // closed at this moment; the conditional update is the guard against a concurrent move
      const closed = await trx.updateTable('agent_links').set({ to_ms: now }).where('id', '=', open!.id).where('to_ms', 'is', null).executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) refuse(AGENT_MSG.sameAgent);
    }
    if (m.toAgentId) await trx.insertInto('agent_links').values({ member_id: memberId, agent_id: m.toAgentId, from_ms: now, to_ms: null }).execute();
    await trx.insertInto('agent_moves').values({ member_id: memberId, from_agent_id: fromId, to_agent_id: m.toAgentId || null, reason: m.reason, admin_id: op.adminId, created_at: now }).execute();
    await audit(trx, {
      adminId: op.adminId,
      action: 'agent.move_member',
      target: `member:${memberId}`,
      detail: { member: member.username, from_agent: fromName, to_agent: toName, reason: m.reason },
      ip: op.ip,
      now,
    });
    return { username: member.username, from_agent: fromName, to_agent: toName };
  });
}
