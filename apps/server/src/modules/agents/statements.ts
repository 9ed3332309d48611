import {
  AGENT_MSG,
  AGENT_STATEMENT_MSG,
  CODE,
  fenToYuan,
  formatYuan,
  type AdminAgentStatementDetail,
  type AdminAgentStatementRow,
  type AdminPaged,
  type AgentFiguresYuan,
  type AgentStatementDetail,
  type AgentStatementRow,
  type Paged,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AgentStatement, DB } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { addRequirement } from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { agentSettings } from './figures.ts';
import { openFlagCounts } from './flags.ts';
import type { SettlementDeps } from './settlement-deps.ts';

/**
 * Statements after the job wrote them (DESIGN.md section 12, issue 20 point 4):
 * - approve: waits, while the agent has an open fraud flag, for the operator's explicit decision
 *   (flags_reviewed; audited with the count), then credits the agent's central wallet once, through the ledger from house:commission,
 *   in two postings with their own keys: the agent's own commission (with any adjustment) under
 *   `agent-commission:{id}` and its override of its sub-agents under `agent-override:{id}`;
 *   adds one turnover row (source 'commission', the setting's multiple of the total) and sends an
 *   inbox message after the commit. Above the two-person threshold (agent_review_threshold, of
 *   the total) the first approval only records itself and a second, different operator pays.
 *   Each step is a conditional update of the statement from the state (and total) it was read
 *   in, in the transaction that posts the money: of two racing decisions one applies and the
 *   other finds the row changed; the ledger keys are a second guard.
 * - adjust: an operator sets the total (reason, audited); a first approval is undone, since the
 *   amount it approved changed. Paid and rejected statements never change: a late correction is
 *   an adjustment of a later month's statement.
 * - reject: with a reason, audited, the agent told; its carry stays (the figures were real).
 * Operators' and members' reads are here too.
 */

const yuan = (fen: number) => formatYuan(fenToYuan(fen), true);
const n = (v: unknown) => Number(v ?? 0);

interface Meta {
  ip: string;
}

type Row = AgentStatement & { username: string; code: string };

const STATEMENT_PER_PAGE = 20;

function figuresOf(s: AgentStatement): AgentFiguresYuan {
  return {
    registrations: n(s.registrations),
    first_deposits: n(s.first_deposits),
    first_deposit_amount: fenToYuan(n(s.first_deposit_amount)),
    deposits: fenToYuan(n(s.deposits)),
    withdrawals: fenToYuan(n(s.withdrawals)),
    valid_bets: fenToYuan(n(s.valid_bets)),
    ggr: fenToYuan(n(s.ggr)),
    bonuses: fenToYuan(n(s.bonuses)),
    rebates: fenToYuan(n(s.rebates)),
    red_packets: fenToYuan(n(s.red_packets)),
    fees: fenToYuan(n(s.fees)),
    net_profit: fenToYuan(n(s.net_profit)),
    active_members: n(s.active_members),
  };
}

function memberRow(s: AgentStatement): AgentStatementRow {
  return {
    id: n(s.id),
    month: s.month,
    active_members: n(s.active_members),
    net_profit: fenToYuan(n(s.net_profit)),
    carryover_in: fenToYuan(n(s.carry_in)),
    carryover_out: fenToYuan(n(s.carry_out)),
    rate: n(s.rate_bp) / 100,
    commission: fenToYuan(n(s.commission)),
    override: fenToYuan(n(s.override)),
    total: fenToYuan(n(s.payable)),
    state: n(s.state) as 1 | 2 | 3 | 4,
    paid_at: n(s.state) === 3 && s.decided_at !== null ? toWireTime(n(s.decided_at)) : null,
  };
}

/** the sub-agents whose commission made the statement's override (rejected ones earned none) */
async function overrideLines(db: Kysely<DB>, s: AgentStatement) {
  const subs = await db
    .selectFrom('agent_statements as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select(['m.username', 's.commission'])
    .where('s.upline_agent_id', '=', s.agent_id)
    .where('s.month', '=', s.month)
    .where('s.state', '!=', 4)
    .orderBy('s.agent_id')
    .execute();
  const bp = n(s.override_bp);
  return subs.map((r) => ({ username: r.username, commission: fenToYuan(n(r.commission)), override: fenToYuan(Math.floor((n(r.commission) * bp) / 10_000)) }));
}

async function lastAdjustReason(db: Kysely<DB>, statementId: number): Promise<string> {
  const a = await db.selectFrom('agent_statement_adjustments').select('reason').where('statement_id', '=', statementId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return a?.reason ?? '';
}

export function createStatements(deps: SettlementDeps) {
  const { db } = deps;

  const joined = (q: Kysely<DB>) =>
    q
      .selectFrom('agent_statements as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .innerJoin('agents as a', 'a.id', 's.agent_id')
      .selectAll('s')
      .select(['m.username', 'a.code']);

  async function load(q: Kysely<DB>, id: number): Promise<Row> {
    const s = await joined(q).where('s.id', '=', id).executeTakeFirst();
    if (!s) refuse(AGENT_MSG.statementNotFound, CODE.notFound);
    return s as Row;
  }

  async function operatorNames(q: Kysely<DB>, ids: (number | null)[]): Promise<Map<number, string>> {
    const want = [...new Set(ids.filter((i): i is number => i !== null).map(Number))];
    if (!want.length) return new Map();
    const rows = await q.selectFrom('admins').select(['id', 'username']).where('id', 'in', want).execute();
    return new Map(rows.map((r) => [Number(r.id), r.username]));
  }

  async function adminRows(q: Kysely<DB>, rows: Row[]): Promise<AdminAgentStatementRow[]> {
    const [names, settings, flags] = await Promise.all([
      operatorNames(q, rows.flatMap((r) => [r.first_approved_by, r.decided_by])),
      agentSettings(deps),
      openFlagCounts(q, [...new Set(rows.map((r) => n(r.agent_id)))]),
    ]);
    const reasons = new Map<number, string>();
    const adjusted = rows.filter((r) => n(r.adjusted) === 1).map((r) => n(r.id));
    if (adjusted.length) {
      const adj = await q.selectFrom('agent_statement_adjustments').select(['statement_id', 'reason']).where('statement_id', 'in', adjusted).orderBy('id').execute();
      for (const a of adj) reasons.set(n(a.statement_id), a.reason);
    }
    const nameOf = (id: number | null) => (id === null ? null : (names.get(n(id)) ?? `#${id}`));
    return rows.map((r) => {
      const state = n(r.state);
      return {
        ...memberRow(r),
        agent_id: n(r.agent_id),
        username: r.username,
        code: r.code,
        adjustment: fenToYuan(n(r.adjustment)),
        adjust_reason: reasons.get(n(r.id)) ?? '',
        first_approved_by: nameOf(r.first_approved_by),
        approved_by: state === 3 ? nameOf(r.decided_by) : null,
        rejected_by: state === 4 ? nameOf(r.decided_by) : null,
        reject_reason: r.reject_reason ?? '',
        needs_second: settings.review_threshold_fen > 0 && n(r.payable) > settings.review_threshold_fen ? 1 : 0,
        open_flags: flags.get(n(r.agent_id)) ?? 0,
        created_at: toWireTime(n(r.created_at)),
      };
    });
  }

  async function adminRow(q: Kysely<DB>, id: number): Promise<AdminAgentStatementRow> {
    return (await adminRows(q, [await load(q, id)]))[0];
  }

  const snapshot = (s: AgentStatement) => ({ state: n(s.state), payable_fen: n(s.payable), first_approved_by: s.first_approved_by, decided_by: s.decided_by });

  async function tell(s: AgentStatement) {
    if (!deps.notify) return;
    const [title, content] =
      n(s.state) === 3 ? [AGENT_STATEMENT_MSG.inboxPaidTitle, AGENT_STATEMENT_MSG.inboxPaid(s.month, yuan(n(s.payable)))] : [AGENT_STATEMENT_MSG.inboxRejectedTitle, AGENT_STATEMENT_MSG.inboxRejected(s.month, s.reject_reason ?? '')];
    // after the commit; once per statement whatever retries
    await deps.notify(n(s.member_id), title, content, `agent-statement:${s.id}`).catch(() => undefined);
  }

  return {
    /** /admin/api/agent-statements/approve {id} */
    async approve(admin: SessionAdmin, id: number, meta: Meta, flagsReviewed = false): Promise<{ row: AdminAgentStatementRow; message: string }> {
      const settings = await agentSettings(deps);
      const out = await db.transaction().execute(async (trx) => {
        const s = await load(trx, id);
        const state = n(s.state);
        if (state === 3) return { s, paid: false, first: false, replay: true };
        if (state === 4) refuse(AGENT_MSG.statementDecided);
        // an open fraud flag: the statement waits for an operator's explicit decision (issue 33)
        const openFlags = (await openFlagCounts(trx, [n(s.agent_id)])).get(n(s.agent_id)) ?? 0;
        if (openFlags > 0 && !flagsReviewed) refuse(AGENT_MSG.statementFlagged(openFlags));
        const total = n(s.payable);
        // a total raised above what the settlement computed is a sum an operator typed: whoever raised it
        // does not approve it, at either step (below the threshold that was one person paying alone)
        if (total > n(s.commission) + n(s.override)) {
          const raised = await trx.selectFrom('agent_statement_adjustments').select('id').where('statement_id', '=', id).where('admin_id', '=', admin.adminId).whereRef('amount', '>', 'before_total').executeTakeFirst();
          if (raised) refuse(AGENT_MSG.statementAdjuster, CODE.forbidden);
        }
        const now = deps.now();
        const needsTwo = settings.review_threshold_fen > 0 && total > settings.review_threshold_fen;
        if (needsTwo && state === 1) {
          const taken = await trx
            .updateTable('agent_statements')
            .set({ state: 2, first_approved_by: admin.adminId, first_approved_at: now, needs_two: 1 })
            .where('id', '=', id)
            .where('state', '=', 1)
            .where('payable', '=', total)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) refuse(AGENT_MSG.statementDecided);
          const after = await load(trx, id);
          await audit(trx, { adminId: admin.adminId, action: 'agent_statement.approve_first', target: `agent_statement:${s.statement_no}`, detail: { month: s.month, total_fen: total, threshold_fen: settings.review_threshold_fen, open_flags: openFlags, before: snapshot(s), after: snapshot(after) }, ip: meta.ip, now });
          return { s: after, paid: false, first: true, replay: false };
        }
        if (needsTwo && n(s.first_approved_by) === admin.adminId) refuse(AGENT_MSG.statementSameOperator, CODE.forbidden);
        // the decision: from the state and total as read; a racing approval, rejection or adjustment makes this miss
        let q = trx
          .updateTable('agent_statements')
          .set({ state: 3, decided_by: admin.adminId, decided_at: now, needs_two: needsTwo ? 1 : 0 })
          .where('id', '=', id)
          .where('state', '=', state as 1 | 2)
          .where('payable', '=', total);
        if (needsTwo) q = q.where('first_approved_by', '=', n(s.first_approved_by)).where('first_approved_by', '!=', admin.adminId);
        const taken = await q.executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          const again = await load(trx, id);
          if (n(again.state) === 3) return { s: again, paid: false, first: false, replay: true };
          refuse(AGENT_MSG.statementDecided);
        }
        // the override part of the total first (an adjustment below it takes from the override), the rest is the agent's own
        const overridePart = Math.min(n(s.override), total);
        const ownPart = total - overridePart;
        const by = `admin:${admin.adminId}`;
        let entryId: number | null = null;
        let overrideEntryId: number | null = null;
        if (ownPart > 0) {
          const p = await wallet.creditFromHouse(trx, { memberId: n(s.member_id), amount: ownPart, reference: `commission:${s.statement_no}`, idempotencyKey: `agent-commission:${id}`, house: 'commission', memo: `代理佣金 ${s.month}`, createdBy: by, now });
          entryId = n(p.entry.id);
        }
        if (overridePart > 0) {
          const p = await wallet.creditFromHouse(trx, { memberId: n(s.member_id), amount: overridePart, reference: `commission:${s.statement_no}`, idempotencyKey: `agent-override:${id}`, house: 'commission', memo: `下级代理分成 ${s.month}`, createdBy: by, now });
          overrideEntryId = n(p.entry.id);
        }
        if (total > 0) {
          await addRequirement(trx, { memberId: n(s.member_id), source: 'commission', reference: s.statement_no, credited: total, required: total * settings.commission_turnover_multiple, now });
        }
        await trx.updateTable('agent_statements').set({ entry_id: entryId, override_entry_id: overrideEntryId }).where('id', '=', id).execute();
        const after = await load(trx, id);
        await audit(trx, {
          adminId: admin.adminId,
          action: 'agent_statement.approve',
          target: `agent_statement:${s.statement_no}`,
          detail: { month: s.month, username: s.username, total_fen: total, commission_fen: ownPart, override_fen: overridePart, entry_id: entryId, override_entry_id: overrideEntryId, open_flags: openFlags, before: snapshot(s), after: snapshot(after) },
          ip: meta.ip,
          now,
        });
        return { s: after, paid: true, first: false, replay: false };
      });
      if (out.paid && n(out.s.payable) > 0) await tell(out.s);
      const row = await adminRow(db, id);
      const message = out.first ? AGENT_STATEMENT_MSG.approvedFirst(yuan(settings.review_threshold_fen)) : n(out.s.payable) > 0 ? AGENT_STATEMENT_MSG.paid(yuan(n(out.s.payable))) : AGENT_STATEMENT_MSG.paidNothing;
      return { row, message };
    },

    /** /admin/api/agent-statements/adjust {id, amount (the new total, fen), reason} */
    async adjust(admin: SessionAdmin, id: number, total: number, reason: string, meta: Meta): Promise<{ row: AdminAgentStatementRow; message: string }> {
      await db.transaction().execute(async (trx) => {
        const s = await load(trx, id);
        const state = n(s.state);
        if (state !== 1 && state !== 2) refuse(AGENT_MSG.statementDecided);
        const now = deps.now();
        const taken = await trx
          .updateTable('agent_statements')
          .set({ payable: total, adjustment: total - n(s.commission) - n(s.override), adjusted: 1, state: 1, first_approved_by: null, first_approved_at: null })
          .where('id', '=', id)
          .where('state', '=', state as 1 | 2)
          .where('payable', '=', n(s.payable))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) refuse(AGENT_MSG.statementDecided);
        await trx.insertInto('agent_statement_adjustments').values({ statement_id: id, before_total: n(s.payable), amount: total, reason, admin_id: admin.adminId, created_at: now }).execute();
        const after = await load(trx, id);
        await audit(trx, {
          adminId: admin.adminId,
          action: 'agent_statement.adjust',
          target: `agent_statement:${s.statement_no}`,
          detail: { month: s.month, username: s.username, reason, commission_fen: n(s.commission), override_fen: n(s.override), before: snapshot(s), after: snapshot(after) },
          ip: meta.ip,
          now,
        });
      });
      return { row: await adminRow(db, id), message: AGENT_STATEMENT_MSG.adjusted(yuan(total)) };
    },

    /** /admin/api/agent-statements/reject {id, reason} */
    async reject(admin: SessionAdmin, id: number, reason: string, meta: Meta): Promise<{ row: AdminAgentStatementRow; message: string }> {
      const out = await db.transaction().execute(async (trx) => {
        const s = await load(trx, id);
        const state = n(s.state);
        if (state === 4) return { s, replay: true };
        if (state !== 1 && state !== 2) refuse(AGENT_MSG.statementDecided);
        const now = deps.now();
        const taken = await trx
          .updateTable('agent_statements')
          .set({ state: 4, decided_by: admin.adminId, decided_at: now, reject_reason: reason })
          .where('id', '=', id)
          .where('state', '=', state as 1 | 2)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          const again = await load(trx, id);
          if (n(again.state) === 4) return { s: again, replay: true };
          refuse(AGENT_MSG.statementDecided);
        }
        const after = await load(trx, id);
        await audit(trx, { adminId: admin.adminId, action: 'agent_statement.reject', target: `agent_statement:${s.statement_no}`, detail: { month: s.month, username: s.username, reason, total_fen: n(s.payable), before: snapshot(s), after: snapshot(after) }, ip: meta.ip, now });
        return { s: after, replay: false };
      });
      if (!out.replay) await tell(out.s);
      return { row: await adminRow(db, id), message: AGENT_STATEMENT_MSG.rejected };
    },

    /** /admin/api/agent-statements/list: newest month first, then by agent */
    async list(f: { month?: string; state?: number; username?: string; page: number; per_page: number }): Promise<AdminPaged<AdminAgentStatementRow>> {
      const filtered = <Q extends { where: (...a: any[]) => any }>(q: Q): Q => {
        let out = q;
        if (f.month) out = out.where('s.month', '=', f.month);
        if (f.state) out = out.where('s.state', '=', f.state);
        if (f.username) out = out.where('m.username', '=', f.username.toLowerCase());
        return out;
      };
      const [rows, count] = await Promise.all([
        filtered(joined(db))
          .orderBy('s.month', 'desc')
          .orderBy('s.agent_id')
          .limit(f.per_page)
          .offset((f.page - 1) * f.per_page)
          .execute(),
        filtered(db.selectFrom('agent_statements as s').innerJoin('members as m', 'm.id', 's.member_id').select((eb) => eb.fn.countAll<string | number>().as('n'))).executeTakeFirst(),
      ]);
      const total = n(count?.n);
      return { data: await adminRows(db, rows as Row[]), total, last_page: Math.max(1, Math.ceil(total / f.per_page)), current_page: f.page, per_page: f.per_page };
    },

    /** /admin/api/agent-statements/get {id}: the row with its figures and override lines */
    async get(id: number): Promise<AdminAgentStatementDetail> {
      const s = await load(db, id);
      const [row] = await adminRows(db, [s]);
      return { ...row, figures: figuresOf(s), tier_index: n(s.tier) || null, overrides: await overrideLines(db, s) };
    },

    /** /api/agent/statements {page}: the agent's own statements, newest month first */
    async memberList(agentId: number, page: number): Promise<Paged<AgentStatementRow>> {
      const base = db.selectFrom('agent_statements').where('agent_id', '=', agentId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('month', 'desc')
          .limit(STATEMENT_PER_PAGE)
          .offset((page - 1) * STATEMENT_PER_PAGE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return paged(rows.map(memberRow), n(count?.n), page, STATEMENT_PER_PAGE);
    },

    /** /api/agent/statement {id} or {month}: one of the agent's own statements with its line items */
    async memberGet(agentId: number, q: { id?: number; month?: string }): Promise<AgentStatementDetail> {
      let query = db.selectFrom('agent_statements').selectAll().where('agent_id', '=', agentId);
      query = q.id !== undefined ? query.where('id', '=', q.id) : query.where('month', '=', q.month as string);
      const s = await query.executeTakeFirst();
      // another agent's statement reads as missing
      if (!s) refuse(AGENT_MSG.statementNotFound, CODE.notFound);
      return {
        ...memberRow(s),
        figures: figuresOf(s),
        tier_index: n(s.tier) || null,
        overrides: await overrideLines(db, s),
        adjustment: fenToYuan(n(s.adjustment)),
        adjust_reason: n(s.adjusted) === 1 ? await lastAdjustReason(db, n(s.id)) : '',
      };
    },
  };
}
export type Statements = ReturnType<typeof createStatements>;
