import type { BalanceResponse, BalancesResponse, BetRecordsResponse, TransferResponse, TransferStatusResponse } from '@casino/sandbox';
import type { VenueBet, VenueTransferRequest } from '../types.ts';

/**
 * What the adapter holds the provider's answers to before it believes them (issue 35 point 2,
 * DESIGN 4 "Signed fields only"). The answers are not signed, so they must at least speak of what
 * was asked: our transfer id, its type and amount, our player and venue, sane fen. Anything else
 * throws a RangeError, which the transfer code takes as an unclear answer (the transfer stays
 * pending and the reconciler asks again), never as a refusal that would return money.
 * Before these checks a deposit answer naming another transfer id or amount was read as our
 * transfer's success, a status of success with no amount settled a pending transfer, a negative
 * balance was shown, and a bet with a negative stake or more valid turnover than its stake was kept.
 */
const fen = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80);

function object(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new RangeError(`${what}: the answer is not an object`);
  return v as Record<string, unknown>;
}

/** a deposit or withdraw answer: of our transfer id, type and amount, with a venue balance */
export function transferAnswer(r: unknown, t: VenueTransferRequest, type: 'deposit' | 'withdraw'): TransferResponse {
  const a = object(r, type);
  if (a.transfer_id !== t.transferId || a.type !== type || a.amount_fen !== t.amountFen) {
    throw new RangeError(`${type} ${t.transferId}: the answer speaks of ${show(a.type)} ${show(a.transfer_id)} of ${show(a.amount_fen)} fen`);
  }
  if (!fen(a.balance_fen)) throw new RangeError(`${type} ${t.transferId}: balance_fen is not an amount: ${show(a.balance_fen)}`);
  return a as unknown as TransferResponse;
}

/** a status answer: of our transfer id; a definite one says its type and amount */
export function statusAnswer(r: unknown, transferId: string): TransferStatusResponse {
  const a = object(r, 'transfer/status');
  if (a.transfer_id !== transferId) throw new RangeError(`transfer/status ${transferId}: the answer speaks of ${show(a.transfer_id)}`);
  if (a.status === 'success' || a.status === 'failed') {
    if (!fen(a.amount_fen) || a.amount_fen === 0 || (a.type !== 'deposit' && a.type !== 'withdraw')) {
      throw new RangeError(`transfer/status ${transferId}: ${show(a.status)} without its type and amount (${show(a.type)} ${show(a.amount_fen)})`);
    }
  } else if (a.status === 'not_found' && (a.amount_fen != null || a.type != null)) {
    throw new RangeError(`transfer/status ${transferId}: not_found with a type or amount`);
  }
  return a as unknown as TransferStatusResponse;
}

/** one venue's balance: of our player and venue, a sane amount */
export function balanceAnswer(r: unknown, player: string, platform: string): number {
  const a = object(r, 'balance') as Partial<BalanceResponse>;
  if (a.username !== player || a.platform !== platform) throw new RangeError(`balance of ${player} at ${platform}: the answer speaks of ${show(a.username)} at ${show(a.platform)}`);
  if (!fen(a.balance_fen)) throw new RangeError(`balance of ${player} at ${platform}: ${show(a.balance_fen)} is not an amount`);
  return a.balance_fen;
}

/** every venue's balance: of our player, each venue once, sane amounts */
export function balancesAnswer(r: unknown, player: string): Map<string, number> {
  const a = object(r, 'balances') as Partial<BalancesResponse>;
  if (a.username !== player || !Array.isArray(a.balances)) throw new RangeError(`balances of ${player}: the answer speaks of ${show(a.username)}`);
  const out = new Map<string, number>();
  for (const b of a.balances as unknown[]) {
    const x = object(b, 'balances');
    if (typeof x.platform !== 'string' || !x.platform || out.has(x.platform) || !fen(x.balance_fen)) throw new RangeError(`balances of ${player}: ${show(x)}`);
    out.set(x.platform, x.balance_fen);
  }
  return out;
}

/** a provider round id: 1 to 64 visible ASCII characters (bets.round_id) */
const ROUND_ID = /^[\x21-\x7e]{1,64}$/;
/** the sides of the sandbox's matches (its BetSide; their names: the contract's BET_SIDE_NAMES) */
const SIDES: ReadonlySet<string> = new Set(['home', 'draw', 'away']);

/** a page of the bet feed: records and a cursor; each record with its id, player, round and side */
export function betPage(r: unknown): BetRecordsResponse {
  const a = object(r, 'bets');
  if (!Array.isArray(a.records) || typeof a.next_cursor !== 'string' || !/^\d{1,32}$/.test(a.next_cursor) || typeof a.has_more !== 'boolean') {
    throw new RangeError(`bets: a page needs records, next_cursor and has_more (${show(a.next_cursor)} ${show(a.has_more)})`);
  }
  for (const x of a.records as unknown[]) {
    const b = object(x, 'bets');
    if (typeof b.bet_id !== 'string' || !b.bet_id || typeof b.username !== 'string') throw new RangeError(`bets: a record without its id or player (${show(b.bet_id)})`);
    // issue 36: the round and side are what the linked-accounts rule and 注单查询 go by
    if (typeof b.round_id !== 'string' || !ROUND_ID.test(b.round_id)) throw new RangeError(`bets ${b.bet_id}: round_id is not a round id: ${show(b.round_id)}`);
    if (b.side !== null && !(typeof b.side === 'string' && SIDES.has(b.side))) throw new RangeError(`bets ${b.bet_id}: unknown side ${show(b.side)}`);
  }
  return a as unknown as BetRecordsResponse;
}

/** a bet of the venue asked for, with sane money: a stake of 0 or more, valid turnover from 0 to the stake */
export function checkedBet(b: VenueBet, platform: string): VenueBet {
  if (b.platform !== platform) throw new RangeError(`bet ${b.betId}: of ${show(b.platform)} in the feed of ${platform}`);
  if (b.betAmountFen < 0 || b.validAmountFen < 0 || b.validAmountFen > b.betAmountFen) {
    throw new RangeError(`bet ${b.betId}: stake ${b.betAmountFen}, valid ${b.validAmountFen}`);
  }
  return b;
}
