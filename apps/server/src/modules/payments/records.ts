import { dateFilterDays, fenToYuan, PAY_TYPE_NAMES, RECORDS_PER_PAGE, type Paged, type PayType, type TransRecordItem, type TransRecordQuery } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { paged } from '../../lib/paging.ts';
import { beijingDaysWindow, toWireTime } from '../../lib/time.ts';
import * as repo from './repo.ts';
import { memberPhase, recordState } from './states.ts';

/** pay way of a bonus line (issue 9: its own record line) */
export const BONUS_PAY_WAY = '充值赠送';

export interface DepositRecordRow extends TransRecordItem {
  /** deposit (the order) or bonus (its 充值赠送 line) */
  line: 'deposit' | 'bonus';
  paytype: string;
}

/**
 * POST /api/gettransrecord type 1: the member's deposits in the date window, newest first, with
 * the spec's states (1 pending, 2 approved, 3 rejected) and the real amount (credited, else paid,
 * else ordered); each credited bonus is a line of its own (pay way 充值赠送, state 2). Issue 34:
 * each line carries the member's phase (its one name and why) and the order's deadline.
 */
export async function depositRecords(db: Kysely<DB>, memberId: number, q: TransRecordQuery, now = Date.now()): Promise<Paged<DepositRecordRow>> {
  const { since, until } = beijingDaysWindow(dateFilterDays(q.date));
  // issue 34: pending 1 (待处理订单) lists only the orders still waiting for the member's payment
  const { rows, total } = q.pending
    ? await repo.memberUnpaid(db, memberId, now, RECORDS_PER_PAGE, (q.page - 1) * RECORDS_PER_PAGE)
    : await repo.memberRecords(db, memberId, since, until, RECORDS_PER_PAGE, (q.page - 1) * RECORDS_PER_PAGE);
  const data = rows.map((r): DepositRecordRow => {
    const bonus = r.line === 'bonus';
    return {
      out_trade_no: r.deposit_no,
      amount: fenToYuan(r.fen),
      pay_way: bonus ? BONUS_PAY_WAY : (PAY_TYPE_NAMES[r.paytype as PayType] ?? r.paytype),
      state: bonus ? 2 : recordState(r.status),
      created_at: toWireTime(r.at),
      line: bonus ? 'bonus' : 'deposit',
      paytype: r.paytype,
      // issue 34: the same phase, name and why as /api/payinfo and queryOrderNo answer; a bonus line is credited
      ...(bonus ? memberPhase({ ...r, status: 'credited' }, now) : memberPhase(r, now)),
      expires_at: toWireTime(Number(r.expires_at)),
    };
  });
  return paged(data, total, q.page, RECORDS_PER_PAGE);
}
