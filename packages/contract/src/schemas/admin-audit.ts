import { z } from 'zod';
import { adminDate, adminFilter, adminPage, adminPerPage, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * POST /admin/api/audit/list {operator?, action?, target?, from?, to?, page, per_page?}
 * -> AdminPaged<AuditRow>, newest first. `operator` is an operator's username (exact),
 * `action` an exact action or a prefix ending in '.' ('member.' = every member action),
 * `target` exact (e.g. 'member:12', 'withdrawal:W2026...'), from/to Beijing dates or times
 * (a bare 'to' date includes that whole day).
 */
export const auditListSchema = z
  .object(
    {
      operator: adminFilter(32),
      action: adminFilter(64),
      target: adminFilter(128),
      from: adminDate,
      to: adminDate,
      page: adminPage,
      per_page: adminPerPage,
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  );
export type AuditListInput = z.output<typeof auditListSchema>;

export interface AuditRow {
  id: number;
  operator: string;
  admin_id: number;
  action: string;
  /** the action's Chinese name (names.ts), beside its code (which the filter takes) */
  action_name: string;
  target: string;
  /** what the target is, by name: 会员 walker01, 存款单 D2026..., 客服会话 #3 */
  target_name: string;
  /** what the action changed: before/after and its own fields; money in yuan (x_fen answers as x) */
  detail: Record<string, unknown>;
  ip: string;
  created_at: string;
}
