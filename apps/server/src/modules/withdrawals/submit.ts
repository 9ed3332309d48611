import { randomInt } from 'node:crypto';
import {
  BUSINESS_TZ,
  CARD_TYPE,
  CODE,
  fenToYuan,
  formatYuan,
  usdtFeeOf,
  usdtQuote,
  WITHDRAW_MSG,
  type WithdrawInput,
  type WithdrawReply,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, MemberCard } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ApiError, refuse } from '../../http/envelope.ts';
import { beijingDayStart, dayjs } from '../../lib/time.ts';
import type { SiteService } from '../site/index.ts';
import * as turnover from '../turnover/index.ts';
import { isInsufficientFunds, wallet } from '../wallet/index.ts';
import { isOpen, limitsOf, type WithdrawLimits } from './limits.ts';
import * as repo from './repo.ts';

/** What the withdrawals need of other modules (wired in app.ts). */
export interface SubmitDeps {
  site: SiteService;
  /** the member's own active card with its number opened (cards module) */
  cardOf(memberId: number, id: number): Promise<MemberCard | undefined>;
  /** refuses with `wrong` unless it is the member's payment password (the one shared counter) */
  checkPayPassword(memberId: number, plain: string, wrong: string): Promise<unknown>;
}

const yuan = (f: number) => formatYuan(fenToYuan(f), true);

/** a new withdrawal number colliding with another is drawn again this many times */
const NUMBER_ATTEMPTS = 5;

/** W + Beijing yyyyMMddHHmmss + 6 random digits; unique by the table's constraint. */
function newWithdrawNo(now: number): string {
  return `W${dayjs(now).tz(BUSINESS_TZ).format('YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The daily limits: a count and a total per member per Beijing day (rejected ones not counted). */
function checkDay(l: WithdrawLimits, day: { count: number; total: number }, amount: number) {
  if (day.count >= l.dailyCount) refuse(WITHDRAW_MSG.dailyCount(l.dailyCount));
  if (day.total + amount > l.dailyMax) refuse(WITHDRAW_MSG.dailyTotal(yuan(Math.max(0, l.dailyMax - day.total))));
}

/**
 * POST /api/withdraw after the contract's rules (card chosen, at least 100, password given):
 * the card is the member's own and still bound; the payment password (one counter per member);
 * no turnover owed; the operator's limits (per transaction, per Beijing day: count and total,
 * opening window); for USDT something left after the chain fee; funds. Then, in ONE transaction,
 * the withdrawal row (state 1) and central -> withdrawal hold. The day's limits are checked again
 * inside it after the hold, whose conditional debit locks the member's wallet row, so concurrent
 * submissions of one member are judged one after another and cannot pass a limit together; so
 * is the turnover owed, so a credit carrying turnover that lands meanwhile (the member's own
 * rebate claim or red-packet grab) is never withdrawn with it.
 */
export function createSubmit(ctx: AppContext, deps: SubmitDeps) {
  const { db } = ctx;

  return async function submit(memberId: number, input: WithdrawInput, now = Date.now()): Promise<WithdrawReply> {
    const card = await deps.cardOf(memberId, input.bank);
    if (!card) refuse(WITHDRAW_MSG.cardNotFound);
    await deps.checkPayPassword(memberId, input.password, WITHDRAW_MSG.payPassWrong);

    const owed = await turnover.remaining(db, memberId);
    if (owed > 0) refuse(WITHDRAW_MSG.turnoverOwed(yuan(owed)));

    const s = await deps.site.settings();
    const limits = limitsOf(s);
    const amount = input.amount;
    if (amount > limits.maxPerTxn) refuse(WITHDRAW_MSG.overMax(yuan(limits.maxPerTxn)));
    const dayStart = beijingDayStart(now);
    checkDay(limits, await repo.dayTotals(db, memberId, dayStart), amount);
    if (!isOpen(limits, now)) refuse(WITHDRAW_MSG.closed(limits.openFrom, limits.openTo));

    let usdt: { usdt_chain: string; usdt_rate_e4: number; usdt_amount: number; usdt_fee: number; usdt_received: number } | null = null;
    if (card.type === CARD_TYPE.usdt) {
      const chain = card.bank_owner.toUpperCase();
      const fee = usdtFeeOf(chain, s);
      const q = usdtQuote(amount, s.withdrawusdtrate, fee);
      if (!q) refuse(WITHDRAW_MSG.usdtRateMissing);
      if (q.received <= 0) refuse(WITHDRAW_MSG.usdtNothingReceived(formatYuan(fee, true)));
      usdt = { usdt_chain: chain, usdt_rate_e4: q.rateE4, usdt_amount: q.usdt, usdt_fee: q.fee, usdt_received: q.received };
    }

    const central = await wallet.centralBalance(db, memberId);
    if (central < amount) refuse(WITHDRAW_MSG.insufficient(yuan(central)));

    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const withdrawNo = newWithdrawNo(now);
      try {
        await db.transaction().execute(async (trx) => {
          const id = await repo.insert(trx, {
            withdraw_no: withdrawNo,
            member_id: memberId,
            card_id: card.id,
            card_type: card.type,
            bank: card.bank,
            bank_owner: card.bank_owner,
            bank_no_last4: card.bank_no_last4,
            bank_address: card.bank_address,
            number_key: card.number_key,
            card_bound_at: card.created_at,
            amount,
            ...usdt,
            needs_two: limits.secondApprovalOver > 0 && amount > limits.secondApprovalOver ? 1 : 0,
            created_at: now,
          });
          await hold(trx, memberId, id, withdrawNo, amount);
          // this member's wallet row is locked by the hold until commit: the turnover as it really
          // is (a rebate claim, red packet or bonus credited since the check above holds the same
          // row lock until its requirement commits, so it is seen here or its money was not held)
          const owedNow = await turnover.remaining(trx, memberId);
          if (owedNow > 0) refuse(WITHDRAW_MSG.turnoverOwed(yuan(owedNow)));
          // and the day as it really is
          const day = await repo.dayTotals(trx, memberId, dayStart);
          checkDay(limits, { count: day.count - 1, total: day.total - amount }, amount);
        });
        return { withdraw_no: withdrawNo };
      } catch (e) {
        if (e instanceof ApiError || !isUniqueViolation(e)) throw e;
        // another withdrawal drew the same number: draw again
      }
    }
    return refuse(WITHDRAW_MSG.busy, CODE.error);
  };
}

async function hold(trx: Kysely<DB>, memberId: number, id: number, withdrawNo: string, amount: number) {
  try {
    await wallet.holdForWithdrawal(trx, { memberId, amount, reference: withdrawNo, idempotencyKey: `withdraw:${id}:hold` });
  } catch (e) {
    if (!isInsufficientFunds(e)) throw e;
    refuse(WITHDRAW_MSG.insufficient(yuan(e.balance)));
  }
}
