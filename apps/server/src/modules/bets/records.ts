import { dateFilterDays, fenToYuan, RECORDS_PER_PAGE, type BetRecordQuery, type BetRecordRow, type Paged } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { paged } from '../../lib/paging.ts';
import { beijingDaysWindow, toWireTime } from '../../lib/time.ts';
import type { Catalogue } from '../catalogue/index.ts';
import * as repo from './repo.ts';

/** POST /api/betrecord: the member's bets in the date filter's Beijing days, newest first. */
export function createBetRecords(ctx: AppContext, catalogue: Catalogue) {
  return async function betRecords(memberId: number, q: BetRecordQuery): Promise<Paged<BetRecordRow>> {
    const { since, until } = beijingDaysWindow(dateFilterDays(q.date));
    const { rows, total } = await repo.memberBets(ctx.db, {
      memberId,
      platform: q.api_type || null,
      since,
      until,
      limit: RECORDS_PER_PAGE,
      offset: (q.page - 1) * RECORDS_PER_PAGE,
    });
    const names = new Map((await catalogue.venues()).map((v) => [v.platform, v.name]));
    return paged(
      rows.map((b) => ({
        bet_id: b.bet_id,
        bet_amount: fenToYuan(b.bet_amount),
        win_loss: fenToYuan(b.win_loss),
        Code: b.game_name,
        status: b.status as 0 | 1 | 2,
        created_at: toWireTime(b.created_at),
        valid_amount: fenToYuan(b.valid_amount),
        platform: b.platform,
        platname: names.get(b.platform) ?? b.platform,
        game_code: b.game_code,
        settled_at: b.settled_at === null ? null : toWireTime(b.settled_at),
      })),
      total,
      q.page,
      RECORDS_PER_PAGE,
    );
  };
}
