import { auditTargetName, AUDIT_ACTION_NAMES, fenToYuan, readableLabel, type AuditListInput, type AuditRow } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { refuse } from '../../http/envelope.ts';
import { beijingInstant, toWireTime } from '../../lib/time.ts';
import { startsWith } from '../../db/like.ts';
import { newestFirstPage } from '../../db/big-lists.ts';



/**
 * The audit log, newest first, one page. Every filter is served by an index: (admin_id,
 * created_at), (action, created_at), (target, created_at), (created_at, id).
 */
export async function listAudit(db: Kysely<DB>, input: AuditListInput) {
  const from = input.from ? beijingInstant(input.from) : undefined;
  const to = input.to ? beijingInstant(input.to, true) : undefined;
  if (from !== undefined && to !== undefined && from >= to) refuse('开始时间不能晚于结束时间');
  let q = db.selectFrom('admin_audit');
  if (input.operator) {
    const op = await db.selectFrom('admins').select('id').where('username', '=', input.operator.toLowerCase()).executeTakeFirst();
    if (!op) return { data: [] as AuditRow[], total: 0, last_page: 1, current_page: input.page, per_page: input.per_page };
    q = q.where('admin_audit.admin_id', '=', op.id);
  }
  if (input.action) q = input.action.endsWith('.') ? q.where(startsWith('admin_audit.action', input.action)) : q.where('admin_audit.action', '=', input.action);
  if (input.target) q = q.where('admin_audit.target', '=', input.target);
  if (from !== undefined) q = q.where('admin_audit.created_at', '>=', from);
  if (to !== undefined) q = q.where('admin_audit.created_at', '<', to);
  // issue 24: counted exactly up to 10,000 entries and estimated past that; the last pages read
  // from the oldest end (the log only grows: counting and an OFFSET over all of it took seconds)
  const { rows, total: n, estimated } = await newestFirstPage(db, {
    base: q,
    rows: q
      .innerJoin('admins', 'admins.id', 'admin_audit.admin_id')
      .select(['admin_audit.id', 'admin_audit.admin_id', 'admins.username', 'admin_audit.action', 'admin_audit.target', 'admin_audit.detail', 'admin_audit.ip', 'admin_audit.created_at']),
    keys: ['admin_audit.created_at', 'admin_audit.id'],
    page: input.page,
    perPage: input.per_page,
  });
  const names = await targetNames(db, rows.map((r) => r.target));
  const details = await nameOperators(db, rows.map((r) => presentAuditDetail(r.action, safeJson(r.detail))));
  return {
    data: rows.map(
      (r, i): AuditRow => ({
        id: r.id,
        admin_id: r.admin_id,
        operator: r.username,
        action: r.action,
        action_name: actionName(r.action),
        target: r.target,
        target_name: auditTargetName(r.target, names),
        detail: details[i],
        ip: r.ip,
        created_at: toWireTime(r.created_at),
      }),
    ),
    total: n,
    last_page: Math.max(1, Math.ceil(n / input.per_page)),
    current_page: input.page,
    per_page: input.per_page,
    ...(estimated ? { total_estimated: true as const } : {}),
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : { value: v };
  } catch {
    return { text };
  }
}

export const actionName = (action: string) => AUDIT_ACTION_NAMES[action] ?? readableLabel(action);

/** The usernames behind member:{id} and admin:{id} targets of one page (two indexed reads at most). */
export async function targetNames(db: Kysely<DB>, targets: string[]) {
  const ids = (prefix: string) => [...new Set(targets.map((t) => new RegExp(`^${prefix}:(\\d+)$`).exec(t)?.[1]).filter((v): v is string => Boolean(v)).map(Number))];
  const [memberIds, adminIds] = [ids('member'), ids('admin')];
  const [members, admins] = await Promise.all([
    memberIds.length ? db.selectFrom('members').select(['id', 'username']).where('id', 'in', memberIds).execute() : [],
    adminIds.length ? db.selectFrom('admins').select(['id', 'username']).where('id', 'in', adminIds).execute() : [],
  ]);
  const m = new Map(members.map((r) => [Number(r.id), r.username]));
  const a = new Map(admins.map((r) => [Number(r.id), r.username]));
  return { member: (id: number) => m.get(id), operator: (id: number) => a.get(id) };
}

/**
 * Audit details are stored as each action wrote them, some amounts in fen (amount_fen, a
 * deposit's snapshot, a difference's figures). Operators get yuan like every other answer
 * (issue 25): `x_fen` answers as `x` in yuan, and the fen fields of the actions below too.
 */
const FEN_FIELDS: Record<string, readonly string[]> = {
  'deposit.approve': ['amount', 'paid_amount', 'credited_amount', 'bonus_amount'],
  'deposit.reject': ['amount', 'paid_amount', 'credited_amount', 'bonus_amount'],
  'reconciliation.resolve': ['expected', 'reported', 'difference', 'sent_in', 'taken_out', 'game_result'],
};

export function presentAuditDetail(action: string, detail: Record<string, unknown>): Record<string, unknown> {
  const fenFields = new Set(FEN_FIELDS[action] ?? []);
  const convert = (o: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => {
        if (k.endsWith('_fen') && typeof v === 'number' && Number.isSafeInteger(v)) return [k.slice(0, -4), fenToYuan(v)];
        if (fenFields.has(k) && typeof v === 'number' && Number.isSafeInteger(v)) return [k, fenToYuan(v)];
        if ((k === 'before' || k === 'after') && v && typeof v === 'object' && !Array.isArray(v)) return [k, convert(v as Record<string, unknown>)];
        return [k, v];
      }),
    );
  return convert(detail);
}

/** detail fields that hold an operator's id (a withdrawal's snapshot, a chat's holder) */
const OPERATOR_ID_FIELDS = new Set(['claimed_by', 'first_approved_by', 'decided_by', 'admin_id']);

/**
 * Operators by name inside details too (issue 25): the ids under OPERATOR_ID_FIELDS, at the top
 * or in before/after, become usernames (one read for the page); a chat's detail that names its
 * operator already (`admin`) drops the id beside it.
 */
export async function nameOperators(db: Kysely<DB>, details: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const parts = (d: Record<string, unknown>) => [d, d.before, d.after].filter((o): o is Record<string, unknown> => Boolean(o) && typeof o === 'object' && !Array.isArray(o));
  const ids = new Set<number>();
  for (const d of details) for (const o of parts(d)) for (const [k, v] of Object.entries(o)) if (OPERATOR_ID_FIELDS.has(k) && Number.isSafeInteger(v)) ids.add(v as number);
  if (ids.size === 0) return details;
  const rows = await db.selectFrom('admins').select(['id', 'username']).where('id', 'in', [...ids]).execute();
  const name = new Map(rows.map((r) => [Number(r.id), r.username]));
  const rename = (o: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([k]) => !(k === 'admin_id' && 'admin' in o))
        .map(([k, v]) => {
          if (OPERATOR_ID_FIELDS.has(k) && (v === null || Number.isSafeInteger(v))) return [k === 'admin_id' ? 'admin' : k, v === null ? null : (name.get(v as number) ?? v)];
          if ((k === 'before' || k === 'after') && v && typeof v === 'object' && !Array.isArray(v)) return [k, rename(v as Record<string, unknown>)];
          return [k, v];
        }),
    );
  return details.map(rename);
}
