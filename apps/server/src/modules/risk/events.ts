import {
  CODE,
  fenToYuan,
  RISK_DECISION_NAMES,
  RISK_EVENT_MSG,
  type AdminPaged,
  type RiskDecideInput,
  type RiskEventDetail,
  type RiskEventRow,
  type RiskEventState,
  type RiskEventsInput,
  type RiskEvidenceItem,
  type RiskRuleCode,
} from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';

/**
 * Risk events (issue 36 point 3): what a rule found, one row per piece of evidence (the unique
 * evidence_key: a job that sees the same bet, withdrawal or claim again opens nothing new), open
 * until one operator confirms or dismisses it. The decision is a conditional update on the open
 * state, so two operators deciding at once have one effect and the other is told it was decided.
 */

const n = (v: unknown) => Number(v ?? 0);

export interface NewEvent {
  rule: RiskRuleCode;
  memberId: number;
  otherMemberId?: number | null;
  /** what makes this event one of a kind: `<rule>:<source>:<reference>` */
  key: string;
  /** fen */
  amount: number;
  summary: string;
  evidence: { items: RiskEvidenceItem[]; figures: Record<string, number | string>; thresholds: Record<string, number> };
  now: number;
}

/** Opens the event once; answers whether it is new. */
export async function openEvent(db: Kysely<DB>, e: NewEvent): Promise<boolean> {
  const key = e.key.slice(0, 191);
  // the job reads its rows again (its overlap): a known key is answered from the index, not by an
  // insert that would be refused but still spend an id of the sequence
  if (await db.selectFrom('risk_events').select('id').where('evidence_key', '=', key).executeTakeFirst()) return false;
  const r = await db
    .insertInto('risk_events')
    .values({
      rule: e.rule,
      member_id: e.memberId,
      other_member_id: e.otherMemberId ?? null,
      evidence_key: key,
      evidence: JSON.stringify(e.evidence),
      amount: e.amount,
      summary: e.summary.slice(0, 255),
      opened_at: e.now,
    })
    .onConflict((oc) => oc.column('evidence_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Events still open (the bell, the dashboard): the (state, id) index. */
export async function openEventCount(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('risk_events').select(sql<number>`count(*)`.as('n')).where('state', '=', 'open').executeTakeFirstOrThrow();
  return n(r.n);
}

/** A member's open events, either side (the withdrawal review): ids newest first, at most `limit`. */
export async function openEventsOf(db: Kysely<DB>, memberId: number, limit = 20): Promise<{ id: number; rule: string }[]> {
  const [mine, other] = await Promise.all([
    db.selectFrom('risk_events').select(['id', 'rule']).where('member_id', '=', memberId).where('state', '=', 'open').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('risk_events').select(['id', 'rule']).where('other_member_id', '=', memberId).where('state', '=', 'open').orderBy('id', 'desc').limit(limit).execute(),
  ]);
  const seen = new Map<number, string>();
  for (const r of [...mine, ...other]) seen.set(n(r.id), r.rule);
  return [...seen].sort((a, b) => b[0] - a[0]).slice(0, limit).map(([id, rule]) => ({ id, rule }));
}

type EventRow = {
  id: number;
  rule: string;
  state: string;
  member_id: number;
  other_member_id: number | null;
  amount: number;
  summary: string;
  opened_at: number;
  decided_by: number | null;
  decided_at: number | null;
  reason: string | null;
  evidence?: string;
};

async function namesOf(db: Kysely<DB>, rows: EventRow[]) {
  const memberIds = [...new Set(rows.flatMap((r) => [n(r.member_id), ...(r.other_member_id === null ? [] : [n(r.other_member_id)])]))];
  const adminIds = [...new Set(rows.filter((r) => r.decided_by !== null).map((r) => n(r.decided_by)))];
  const [members, admins] = await Promise.all([
    memberIds.length ? db.selectFrom('members').select(['id', 'username']).where('id', 'in', memberIds).execute() : [],
    adminIds.length ? db.selectFrom('admins').select(['id', 'username']).where('id', 'in', adminIds).execute() : [],
  ]);
  return { member: new Map(members.map((m) => [n(m.id), m.username])), admin: new Map(admins.map((a) => [n(a.id), a.username])) };
}

function rowOf(r: EventRow, names: Awaited<ReturnType<typeof namesOf>>): RiskEventRow {
  return {
    id: n(r.id),
    rule: r.rule as RiskRuleCode,
    state: r.state as RiskEventState,
    username: names.member.get(n(r.member_id)) ?? `#${r.member_id}`,
    other_username: r.other_member_id === null ? null : (names.member.get(n(r.other_member_id)) ?? `#${r.other_member_id}`),
    amount: fenToYuan(n(r.amount)),
    summary: r.summary,
    opened_at: toWireTime(n(r.opened_at)),
    decided_by: r.decided_by === null ? null : (names.admin.get(n(r.decided_by)) ?? `#${r.decided_by}`),
    decided_at: r.decided_at === null ? null : toWireTime(n(r.decided_at)),
    reason: r.reason,
  };
}

const COLUMNS = ['id', 'rule', 'state', 'member_id', 'other_member_id', 'amount', 'summary', 'opened_at', 'decided_by', 'decided_at', 'reason'] as const;

/**
 * /admin/api/risk/events: newest first, filtered by state, rule, member (either side). Each filter
 * reads its index: (state, id), (rule, state, id), (member_id, state, id) with (other_member_id,
 * state, id); a member's events are few, so the two sides are merged here.
 */
export async function listEvents(db: Kysely<DB>, q: RiskEventsInput): Promise<AdminPaged<RiskEventRow>> {
  let memberId: number | null = null;
  if (q.username) {
    const m = await db.selectFrom('members').select('id').where('username', '=', q.username).executeTakeFirst();
    if (!m) return paged([], 0, q.page, q.per_page);
    memberId = n(m.id);
  }
  let base = db.selectFrom('risk_events');
  if (q.state) base = base.where('state', '=', q.state);
  if (q.rule) base = base.where('rule', '=', q.rule);
  if (memberId !== null) base = base.where((eb) => eb.or([eb('member_id', '=', memberId), eb('other_member_id', '=', memberId)]));
  const [rows, total] = await Promise.all([
    base.select([...COLUMNS]).orderBy('id', 'desc').limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await namesOf(db, rows as EventRow[]);
  return paged(rows.map((r) => rowOf(r as EventRow, names)), n(total.n), q.page, q.per_page);
}

/** /admin/api/risk/event: one event with its evidence. */
export async function getEvent(db: Kysely<DB>, id: number): Promise<RiskEventDetail> {
  const r = await db.selectFrom('risk_events').select([...COLUMNS, 'evidence']).where('id', '=', id).executeTakeFirst();
  if (!r) refuse(RISK_EVENT_MSG.notFound, CODE.notFound);
  const names = await namesOf(db, [r as EventRow]);
  let evidence: RiskEventDetail['evidence'] = [];
  let figures: RiskEventDetail['figures'] = {};
  let thresholds: RiskEventDetail['thresholds'] = {};
  try {
    const parsed = JSON.parse(r.evidence) as { items?: RiskEvidenceItem[]; figures?: RiskEventDetail['figures']; thresholds?: RiskEventDetail['thresholds'] };
    evidence = parsed.items ?? [];
    figures = parsed.figures ?? {};
    thresholds = parsed.thresholds ?? {};
  } catch {
    // a row written by hand: shown without evidence rather than failing the screen
  }
  return { ...rowOf(r as EventRow, names), evidence, figures, thresholds };
}

/** /admin/api/risk/decide: once; the decision, its reason and the audit row commit together. */
export async function decideEvent(db: Kysely<DB>, admin: SessionAdmin, input: RiskDecideInput, meta: { ip: string }): Promise<RiskEventDetail> {
  const now = Date.now();
  const state: RiskEventState = input.decision === 'confirm' ? 'confirmed' : 'dismissed';
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('risk_events').select(['id', 'rule', 'member_id', 'state']).where('id', '=', input.id).executeTakeFirst();
    if (!before) refuse(RISK_EVENT_MSG.notFound, CODE.notFound);
    if (before.state !== 'open') refuse(RISK_EVENT_MSG.decided);
    // conditional on open: of two operators at once, one updates and the other is refused
    const r = await trx
      .updateTable('risk_events')
      .set({ state, decided_by: admin.adminId, reason: input.reason, decided_at: now })
      .where('id', '=', input.id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) refuse(RISK_EVENT_MSG.decided);
    await audit(trx, {
      adminId: admin.adminId,
      action: 'risk.decide',
      target: `risk_event:${input.id}`,
      detail: { rule: before.rule, decision: input.decision, reason: input.reason, before: { state: 'open' }, after: { state } },
      ip: meta.ip,
      now,
    });
  });
  return getEvent(db, input.id);
}

export const decisionName = (d: string) => RISK_DECISION_NAMES[d] ?? d;
