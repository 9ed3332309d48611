import { depositTurnover } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB, Deposit } from '../../db/schema.ts';
import { beijingDayStart, toWireTime } from '../../lib/time.ts';
import { blocksPromotions, recordPromoSkips, riskLevelOf } from '../risk/index.ts';
import * as turnover from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import type { Settings } from '../site/index.ts';
import * as repo from './repo.ts';

export interface CreditOutcome {
  deposit: Deposit;
  bonus: number;
}

/** the Beijing day of `ms` as YYYY-MM-DD (the bonus cap's day) */
const beijingDay = (ms: number) => toWireTime(beijingDayStart(ms)).slice(0, 10);

/**
 * Credits one order exactly once, inside the caller's transaction: the conditional status
 * update from `from` is the decision (a second caller updates nothing and gets undefined), then
 * the ledger entry from house:deposits, the deposit's turnover row, members.paysum, and the
 * bonus (its own entry from house:bonus, its own turnover row, within the member's daily cap).
 */
export async function creditOrder(
  trx: Kysely<DB>,
  settings: Settings,
  d: Deposit,
  opts: { amount?: number; from: readonly string[]; now: number; by: string; set?: Partial<Deposit> },
): Promise<CreditOutcome | undefined> {
  const { now } = opts;
  const updated = await repo.transition(trx, d.deposit_no, opts.from, {
    ...opts.set,
    status: 'credited',
    // without an amount: what was really paid (a review order), else the order's amount, read by
    // the same statement that decides, so a notify landing meanwhile cannot make it stale
    credited_amount: opts.amount ?? sql<number>`coalesce(paid_amount, amount)`,
    credited_at: now,
  });
  if (!updated) return undefined;
  const amount = Number(updated.credited_amount);
  const no = d.deposit_no;
  const memberId = d.member_id;

  // the member's own rows first; the ledger postings last, because every credit updates the same
  // house accounts and those row locks are then held only until the commit right after them
  await turnover.addRequirement(trx, { memberId, source: 'deposit', reference: no, credited: amount, required: amount * settings.deposit_turnover_multiple, now });
  await repo.addPaysum(trx, memberId, amount);
  let bonus = 0;
  const pct = Number(d.bonus_percent);
  // issue 36: a member put at 限制优惠 after ordering gets the deposit, not the bonus
  if (pct > 0 && blocksPromotions(await riskLevelOf(trx, memberId))) {
    await recordPromoSkips(trx, 'deposit_bonus', no, [memberId], now);
  } else if (pct > 0) {
    const want = depositTurnover(amount, pct, 0, {}).bonus;
    bonus = want > 0 ? await repo.grantBonus(trx, memberId, beijingDay(now), want, settings.deposit_bonus_daily_cap * 100) : 0;
    if (bonus > 0) {
      const multiple = settings.deposit_bonus_multiples[String(pct) as keyof Settings['deposit_bonus_multiples']] ?? 0;
      await turnover.addRequirement(trx, { memberId, source: 'deposit_bonus', reference: no, credited: bonus, required: (amount + bonus) * multiple, now });
      await repo.transition(trx, no, ['credited'], { bonus_amount: bonus });
    }
  }
  await wallet.creditFromHouse(trx, { memberId, amount, house: 'deposits', reference: no, idempotencyKey: `deposit:${no}:credit`, createdBy: opts.by, now });
  if (bonus > 0) {
    await wallet.creditFromHouse(trx, { memberId, amount: bonus, house: 'bonus', kind: 'bonus', reference: no, idempotencyKey: `deposit:${no}:bonus`, createdBy: opts.by, now });
  }
  return { deposit: { ...updated, bonus_amount: bonus }, bonus };
}
