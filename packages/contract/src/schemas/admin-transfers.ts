import { z } from 'zod';
import { adminFilter, adminPage, adminPerPage, ADMIN_COMMON_MSG } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/**
 * Venue transfers for operators.
 * - POST /admin/api/transfers/list {state?, username?, platform?, page, per_page?} -> AdminPaged<AdminTransferRow>
 *   newest first; state 'pending' (default) | 'success' | 'failed' | 'all'
 * - POST /admin/api/transfers/settle {transfer_id} asks the venue for that transfer and settles it
 *   (success posts it, a definite failure returns the money); still unclear: stays pending.
 */
export const ADMIN_TRANSFER_MSG = {
  transferId: '请输入转账单号',
  notFound: '转账记录不存在',
  stillPending: '场馆仍未确认该笔转账，请稍后再试',
  settled: '已处理',
} as const;

export const adminTransferListSchema = z.object(
  {
    state: z.enum(['pending', 'success', 'failed', 'all'], { error: ADMIN_COMMON_MSG.badRequest }).optional().catch(undefined).transform((v) => v ?? 'pending'),
    username: adminFilter(32),
    platform: adminFilter(40),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);

export const adminTransferSettleSchema = z.object(
  { transfer_id: z.string({ error: ADMIN_TRANSFER_MSG.transferId }).trim().min(1, ADMIN_TRANSFER_MSG.transferId).max(64, ADMIN_TRANSFER_MSG.notFound) },
  { error: ADMIN_TRANSFER_MSG.transferId },
);

export interface AdminTransferRow {
  transfer_id: string;
  username: string;
  platform: string;
  /** the venue's name (the catalogue's), for operators */
  venue_name: string;
  /** to_venue: central wallet -> venue; from_venue: venue -> central wallet */
  direction: 'to_venue' | 'from_venue';
  amount: Yuan;
  /** 0 failed, 1 success, 2 pending */
  status: 0 | 1 | 2;
  attempts: number;
  last_error: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface AdminTransferSettleReply {
  transfer_id: string;
  status: 0 | 1 | 2;
}
