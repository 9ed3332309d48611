import { CENTRAL_WALLET_NAME, dateFilterDays, fenToYuan, RECORDS_PER_PAGE, type Paged, type TransferRecordRow, type TransRecordItem, type TransRecordQuery } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { paged } from '../../lib/paging.ts';
import { beijingDaysWindow, toWireTime } from '../../lib/time.ts';
import type { Catalogue } from '../catalogue/index.ts';
import * as repo from './repo.ts';

/** Another module's record type (1 deposits, 2 withdrawals), added through `recordTypes` of the module. */
export type RecordSource = (memberId: number, q: TransRecordQuery) => Promise<Paged<TransRecordItem>>;

/**
 * POST /api/gettransrecord. Types are seen from the member's central wallet (spec section 4):
 * 3 转入, money that came into it from a venue (direction from_venue); 4 转出, money that went out
 * of it into a venue (to_venue). Types 1 and 2 (deposits, withdrawals) are answered by the module
 * registered for them in `others` (an empty page while none is). Newest first, one page from the
 * member's own index.
 */
export function createRecords(ctx: AppContext, catalogue: Catalogue, others: ReadonlyMap<number, RecordSource> = new Map()) {
  return async function records(memberId: number, q: TransRecordQuery): Promise<Paged<TransferRecordRow | TransRecordItem>> {
    if (q.type !== 3 && q.type !== 4) {
      const other = others.get(q.type);
      return other ? other(memberId, q) : paged([], 0, q.page, RECORDS_PER_PAGE);
    }
    const direction = q.type === 3 ? 'from_venue' : 'to_venue';
    const { since, until } = beijingDaysWindow(dateFilterDays(q.date));
    const { rows, total } = await repo.memberTransfers(ctx.db, {
      memberId,
      direction,
      platform: q.api_type || null,
      since,
      until,
      limit: RECORDS_PER_PAGE,
      offset: (q.page - 1) * RECORDS_PER_PAGE,
    });
    const names = new Map((await catalogue.venues()).map((v) => [v.platform, v.name]));
    const data = rows.map((r) => {
      const venue = names.get(r.platform) ?? r.platform;
      return {
        out_trade_no: r.transfer_id,
        amount: fenToYuan(r.amount),
        pay_way: direction === 'from_venue' ? `${venue} → ${CENTRAL_WALLET_NAME}` : `${CENTRAL_WALLET_NAME} → ${venue}`,
        state: r.status,
        created_at: toWireTime(r.created_at),
        platform: r.platform,
      };
    });
    return paged(data, total, q.page, RECORDS_PER_PAGE);
  };
}
