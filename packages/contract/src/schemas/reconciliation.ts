import { z } from 'zod';
import { plainLine } from '../text-rules.ts';
import { ADMIN_COMMON_MSG, adminInt, adminPage } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/** Venue reconciliation (issue 14; DESIGN.md section 4 "Reconciliation" and 11). */
export const RECONCILIATION_MSG = {
  state: '状态只能是 open（待处理）或 resolved（已处理）',
  id: '请选择要处理的差异',
  note: '请输入处理说明（1到200字）',
  notFound: '差异不存在',
  alreadyResolved: '该差异已处理',
  resolved: '已标记为处理完成',
} as const;

/** rows per page of /admin/api/reconciliation/list */
export const RECONCILIATION_PER_PAGE = 20;

export const DIFFERENCE_STATES = ['open', 'resolved'] as const;
export type DifferenceStateName = (typeof DIFFERENCE_STATES)[number];

/** POST /admin/api/reconciliation/list {state?, page}: differences, newest first */
export const reconciliationListSchema = z.object(
  {
    state: z
      .union([z.enum(DIFFERENCE_STATES, { error: RECONCILIATION_MSG.state }), z.literal(''), z.null()], { error: RECONCILIATION_MSG.state })
      .optional()
      .transform((v) => (v ? v : undefined)),
    page: adminPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type ReconciliationListInput = z.output<typeof reconciliationListSchema>;

/** POST /admin/api/reconciliation/resolve {id, note}: an operator closes a difference after looking into it */
export const reconciliationResolveSchema = z.object(
  {
    id: adminInt(1, Number.MAX_SAFE_INTEGER, 0, RECONCILIATION_MSG.id),
    note: z.string({ error: RECONCILIATION_MSG.note }).trim().min(1, RECONCILIATION_MSG.note).max(200, RECONCILIATION_MSG.note).refine(...plainLine('处理说明')),
  },
  { error: RECONCILIATION_MSG.id },
);
export type ReconciliationResolveInput = z.output<typeof reconciliationResolveSchema>;

/** A row of /admin/api/reconciliation/list: money in yuan, times Beijing */
export interface ReconciliationRow {
  id: number;
  member_id: number;
  username: string;
  platform: string;
  /** the venue's name (the catalogue's), for operators */
  venue_name: string;
  state: DifferenceStateName;
  /** sent in minus taken out plus the net game result: what the venue should hold */
  sent_in: Yuan;
  taken_out: Yuan;
  game_result: Yuan;
  expected: Yuan;
  /** what the venue reported */
  reported: Yuan;
  /** reported minus expected: positive means the venue holds money we never sent */
  difference: Yuan;
  found_at: string;
  checked_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  note: string | null;
}
