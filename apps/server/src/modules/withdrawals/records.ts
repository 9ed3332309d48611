import {
  CARD_TYPE,
  centsToUsdt,
  dateFilterDays,
  fenToYuan,
  RECORDS_PER_PAGE,
  type Paged,
  type TransRecordQuery,
  type WithdrawalRecordRow,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { Withdrawal } from '../../db/schema.ts';
import { paged } from '../../lib/paging.ts';
import { beijingDaysWindow, toWireTime } from '../../lib/time.ts';
import * as repo from './repo.ts';

/** How the record names where the money went: the bank or chain and the card's last 4. */
function payWay(w: Withdrawal): string {
  return w.card_type === CARD_TYPE.usdt ? `USDT-${w.usdt_chain ?? w.bank_owner} 尾号${w.bank_no_last4}` : `${w.bank} 尾号${w.bank_no_last4}`;
}

type UsdtFields = Pick<Withdrawal, 'usdt_chain' | 'usdt_rate_e4' | 'usdt_amount' | 'usdt_fee' | 'usdt_received'>;

/** A USDT withdrawal's figures as the member and the operators see them (null for a bank card). */
export function usdtFigures(w: UsdtFields): WithdrawalRecordRow['usdt'] {
  return w.usdt_chain === null
    ? null
    : {
        chain: w.usdt_chain,
        rate: Number(w.usdt_rate_e4) / 10_000,
        amount: centsToUsdt(Number(w.usdt_amount)),
        fee: centsToUsdt(Number(w.usdt_fee)),
        received: centsToUsdt(Number(w.usdt_received)),
      };
}

export function toRecordRow(w: Withdrawal): WithdrawalRecordRow {
  return {
    out_trade_no: w.withdraw_no,
    amount: fenToYuan(w.amount),
    pay_way: payWay(w),
    state: w.state,
    created_at: toWireTime(w.created_at),
    kind: w.card_type === CARD_TYPE.usdt ? 'usdt' : 'bank',
    usdt: usdtFigures(w),
    reason: w.reason,
  };
}

/**
 * POST /api/gettransrecord type 2: the member's own withdrawals within the date filter, newest
 * first, with their states (1 pending review, 2 approved, 3 rejected) and the amount taken.
 */
export function createRecords(ctx: AppContext) {
  return async function records(memberId: number, q: TransRecordQuery): Promise<Paged<WithdrawalRecordRow>> {
    const { since, until } = beijingDaysWindow(dateFilterDays(q.date));
    const { rows, total } = await repo.memberPage(ctx.db, memberId, since, until, RECORDS_PER_PAGE, (q.page - 1) * RECORDS_PER_PAGE);
    return paged(rows.map(toRecordRow), total, q.page, RECORDS_PER_PAGE);
  };
}
