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
  target: string;
  /** what the action changed: before/after and its own fields */
  detail: Record<string, unknown>;
  ip: string;
  created_at: string;
}
