import { BUSINESS_TZ, type AuditListInput, type AuditRow } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { refuse } from '../../http/envelope.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { startsWith } from '../../db/like.ts';

/**
 * A Beijing date or time from the wire as epoch ms. A bare date is the start of that day, or
 * with `endOfDay` the start of the next one (a 'to' date includes its whole day).
 */
export function beijingInstant(text: string, endOfDay = false): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const t = dayjs.tz(dateOnly ? `${text} 00:00:00` : text.length === 16 ? `${text}:00` : text, BUSINESS_TZ);
  return dateOnly && endOfDay ? t.add(1, 'day').valueOf() : t.valueOf() + (endOfDay ? 1 : 0);
}


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
  const [rows, total] = await Promise.all([
    q
      .innerJoin('admins', 'admins.id', 'admin_audit.admin_id')
      .select(['admin_audit.id', 'admin_audit.admin_id', 'admins.username', 'admin_audit.action', 'admin_audit.target', 'admin_audit.detail', 'admin_audit.ip', 'admin_audit.created_at'])
      .orderBy('admin_audit.created_at', 'desc')
      .orderBy('admin_audit.id', 'desc')
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const n = Number(total.n);
  return {
    data: rows.map(
      (r): AuditRow => ({
        id: r.id,
        admin_id: r.admin_id,
        operator: r.username,
        action: r.action,
        target: r.target,
        detail: safeJson(r.detail),
        ip: r.ip,
        created_at: toWireTime(r.created_at),
      }),
    ),
    total: n,
    last_page: Math.max(1, Math.ceil(n / input.per_page)),
    current_page: input.page,
    per_page: input.per_page,
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
