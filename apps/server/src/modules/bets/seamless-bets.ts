import type { Insertable, Kysely } from 'kysely';
import type { BetsTable, DB } from '../../db/schema.ts';
import { fillFromBets } from '../turnover/index.ts';
import * as repo from './repo.ts';

/**
 * issue 38: a seamless venue's round as a bet row (no pull: the wallet calls are the feed), inside
 * the caller's transaction. The seamless module owns these rows, so a row is replaced whole (a
 * credit that came before its debit is completed by the debit); a settled bet's valid amount
 * fills the member's turnover once, as a pulled bet's does.
 */
export async function putSeamlessBet(trx: Kysely<DB>, row: Insertable<BetsTable>, now: number): Promise<void> {
  await trx
    .insertInto('bets')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['platform', 'bet_id']).doUpdateSet((eb) => ({
        game_code: eb.ref('excluded.game_code'),
        game_name: eb.ref('excluded.game_name'),
        category_id: eb.ref('excluded.category_id'),
        bet_amount: eb.ref('excluded.bet_amount'),
        valid_amount: eb.ref('excluded.valid_amount'),
        win_loss: eb.ref('excluded.win_loss'),
        status: eb.ref('excluded.status'),
        detail: eb.ref('excluded.detail'),
        round_id: eb.ref('excluded.round_id'),
        side: eb.ref('excluded.side'),
        created_at: eb.ref('excluded.created_at'),
        settled_at: eb.ref('excluded.settled_at'),
        pulled_at: eb.ref('excluded.pulled_at'),
      })),
    )
    .execute();
  if (row.status !== 1) return;
  const counted = await repo.takeUncountedTurnover(trx, row.platform, [row.bet_id]);
  for (const c of counted) await fillFromBets(trx, Number(c.member_id), Number(c.valid_amount), now);
}
