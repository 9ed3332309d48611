import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { memberIdOfPlayer } from '../../adapters/venues/index.ts';
import { putSeamlessBet } from '../bets/index.ts';
import { breakEnd, lockMemberDeposits, lossLimitsNow } from '../responsible/index.ts';
import { isInsufficientFunds, memberAccountCode, post, venueSeamlessCode } from '../wallet/index.ts';
import { answer, bodyHash, CODE, derivedVenueKey, readCall, signedBy, type Answer, type Call, type SeamlessOp } from './protocol.ts';
import * as repo from './repo.ts';

/** a refusal decided inside the transaction: it rolls back, then the txId is recorded with this code */
class Refusal extends Error {
  constructor(readonly code: number) {
    super(`seamless refusal ${code}`);
  }
}
/** the txId was seen before: answer its first answer */
class Repeat extends Error {}
/** raced with the call that settles the same debit: the venue retries */
class Retry extends Error {}

export interface WalletReply {
  status: number;
  body: Answer;
}

const PLATFORM = /^[A-Za-z0-9_-]{1,40}$/;
const reply = (body: Answer, status = 200): WalletReply => ({ status, body });

/**
 * The seamless wallet API (adapters/venues/SEAMLESS.md; DESIGN.md section 4 "Seamless venues"):
 * the venue calls us for every bet (debit), win (credit) and cancel (rollback) of a member who
 * plays from the central wallet.
 *
 * Order of a call: the signature over the raw body (no database read before it), the strict
 * fields, then ONE read of the member, balance, venue mode and whether responsible play applies
 * (repo.callerOf), then one transaction. The txId's row is claimed first (unique per venue), so
 * every txId has one effect; a refusal rolls the transaction back and records the txId with its
 * code in a second, small one (a retry of the same txId then answers that code again). A debit's
 * money moves through wallet.post (central -> venue:P:seamless, the conditional debit); a credit
 * or rollback first moves its debit's round out of 'open' with a conditional update, so a credit
 * racing a rollback has one winner.
 */
export function createWalletApi(ctx: AppContext) {
  const { db } = ctx;
  const keys = new Map<string, string>();
  const keyOf = (venue: string) => {
    let k = keys.get(venue);
    if (!k) keys.set(venue, (k = derivedVenueKey(ctx.config.sandboxSecret, venue)));
    return k;
  };

  async function handle(op: SeamlessOp, venue: string, path: string, raw: string, headers: Record<string, string | string[] | undefined>, now = Date.now()): Promise<WalletReply> {
    const h = (name: string) => {
      const v = headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    if (!PLATFORM.test(venue) || !signedBy(keyOf(venue), h('x-wallet-ts'), h('x-wallet-sign'), path, raw, now)) return reply(answer(CODE.badSignature), 401);
    const call = readCall(op, raw);
    if (!call) return reply(answer(CODE.badRequest));
    const memberId = memberIdOfPlayer(ctx.config.venuePlayerPrefix, call.player);
    if (memberId === null) return reply(answer(CODE.unknownPlayer));
    try {
      const caller = await repo.callerOf(db, venue, memberId);
      if (caller.status === null || caller.balance === null || caller.mode !== 'seamless' || caller.provider !== 'sandbox') return reply(answer(CODE.unknownPlayer));
      if (op === 'balance') return reply(answer(CODE.ok, caller.balance));
      const tx: repo.NewTx = {
        venue,
        tx_id: call.txId,
        kind: op,
        member_id: memberId,
        player: call.player,
        round_id: call.roundId,
        debit_tx_id: op === 'debit' ? null : call.debitTxId,
        amount: call.amount,
        body_hash: bodyHash(op, call),
        code: CODE.ok,
        created_at: now,
      };
      try {
        if (op === 'debit') {
          if (caller.status !== 1) throw new Refusal(CODE.blocked);
          return reply(await debit(tx, call, caller, now));
        }
        return reply(await (op === 'credit' ? credit : rollback)(tx, call, caller.balance, now));
      } catch (e) {
        if (e instanceof Repeat) return reply(await repeat(tx, caller.balance));
        if (e instanceof Refusal) return reply(await refused(tx, e.code, caller.balance));
        if (e instanceof Retry) return reply(answer(CODE.retry, caller.balance));
        throw e;
      }
    } catch (err) {
      ctx.log.warn({ err, venue, op, txId: call.txId }, 'seamless wallet call failed');
      return reply(answer(CODE.retry));
    }
  }

  /** the first answer of a txId again (another body under it is refused) */
  async function repeat(tx: repo.NewTx, balance: number): Promise<Answer> {
    const first = await repo.txOf(db, tx.venue, tx.tx_id);
    if (!first) return answer(CODE.retry, balance);
    if (first.body_hash !== tx.body_hash || Number(first.member_id) !== tx.member_id) return answer(CODE.badRequest, balance);
    return answer(Number(first.code), balance);
  }

  /** records the txId with its refusal; a concurrent call that recorded it first is answered as a repeat */
  async function refused(tx: repo.NewTx, code: number, balance: number): Promise<Answer> {
    if (await repo.claimTx(db, { ...tx, code })) return answer(code, balance);
    return repeat(tx, balance);
  }

  /** a bet: at most the member's money, within the loss limits, not on a break */
  async function debit(tx: repo.NewTx, call: Call, caller: repo.Caller, now: number): Promise<Answer> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimTx(trx, tx))) throw new Repeat();
      if (caller.guarded) {
        // the check and the debit under the member's lock: parallel bets cannot pass a limit together
        await lockMemberDeposits(trx, ctx.dialect, tx.member_id);
        if (await blocked(trx, tx.member_id, call.amount, now)) throw new Refusal(CODE.blocked);
      }
      const round = await repo.openRound(trx, { venue: tx.venue, debit_tx_id: tx.tx_id, member_id: tx.member_id, round_id: call.roundId, game_code: call.gameCode, stake: call.amount, now });
      // the venue cancelled this bet before it reached us (a rollback named it), or another member's
      if (!round) throw new Refusal(CODE.settled);
      let balance: number;
      try {
        const posted = await post(trx, {
          from: memberAccountCode(tx.member_id, 'central'),
          to: venueSeamlessCode(tx.venue),
          amount: call.amount,
          kind: 'seamless_debit',
          reference: `seamless:${tx.venue}:${tx.tx_id}`,
          idempotencyKey: `seamless:${tx.venue}:${tx.tx_id}`,
          now,
        });
        balance = posted.replayed ? Number(caller.balance) : posted.fromBalance;
      } catch (e) {
        if (isInsufficientFunds(e)) throw new Refusal(CODE.insufficient);
        throw e;
      }
      // its credit came first: the round's bet gets its stake now
      if (round.state === 'credited') await putBet(trx, round.member_id, tx.venue, tx.tx_id, call.roundId, round.game_code, call.amount, Number(round.payout ?? 0), now, Number(round.settled_at ?? now), 1);
      return answer(CODE.ok, balance);
    });
  }

  /** a win (or a lost round closed with "0"): once per debit; an unknown debit is paid once and flagged */
  async function credit(tx: repo.NewTx, call: Call, balance: number, now: number): Promise<Answer> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimTx(trx, tx))) throw new Repeat();
      const won = await repo.settleRound(trx, { venue: tx.venue, debit_tx_id: call.debitTxId, member_id: tx.member_id, state: 'credited', settle_tx_id: tx.tx_id, payout: call.amount, now });
      let stake = 0;
      let placedAt = now;
      if (won) {
        stake = Number(won.stake ?? 0);
        placedAt = Number(won.debit_at ?? now);
      } else {
        const r = await repo.roundOf(trx, tx.venue, call.debitTxId);
        if (r) throw new Refusal(Number(r.member_id) === tx.member_id ? CODE.settled : CODE.badRequest);
        if (!(await repo.orphanRound(trx, { venue: tx.venue, debit_tx_id: call.debitTxId, member_id: tx.member_id, round_id: call.roundId, game_code: call.gameCode, state: 'credited', settle_tx_id: tx.tx_id, payout: call.amount, now }))) throw new Retry();
        await trx.updateTable('seamless_txs').set({ flagged: 1 }).where('venue', '=', tx.venue).where('tx_id', '=', tx.tx_id).execute();
      }
      if (call.amount > 0) {
        const posted = await post(trx, {
          from: venueSeamlessCode(tx.venue),
          to: memberAccountCode(tx.member_id, 'central'),
          amount: call.amount,
          kind: 'seamless_credit',
          reference: `seamless:${tx.venue}:${call.debitTxId}`,
          idempotencyKey: `seamless:${tx.venue}:${tx.tx_id}`,
          now,
        });
        if (!posted.replayed) balance = posted.toBalance;
      }
      await putBet(trx, tx.member_id, tx.venue, call.debitTxId, call.roundId, won?.game_code ?? call.gameCode, stake, call.amount, placedAt, now, 1);
      return answer(CODE.ok, balance);
    });
  }

  /** a cancelled bet: its stake back, once, unless the round was credited */
  async function rollback(tx: repo.NewTx, call: Call, balance: number, now: number): Promise<Answer> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimTx(trx, tx))) throw new Repeat();
      const won = await repo.settleRound(trx, { venue: tx.venue, debit_tx_id: call.debitTxId, member_id: tx.member_id, state: 'rolled_back', settle_tx_id: tx.tx_id, payout: null, now });
      if (!won) {
        const r = await repo.roundOf(trx, tx.venue, call.debitTxId);
        if (r) throw new Refusal(Number(r.member_id) === tx.member_id ? CODE.settled : CODE.badRequest);
        // the debit has not come (yet): kept as cancelled, so a late debit is refused and takes nothing
        if (!(await repo.orphanRound(trx, { venue: tx.venue, debit_tx_id: call.debitTxId, member_id: tx.member_id, round_id: call.roundId, game_code: '', state: 'rolled_back', settle_tx_id: tx.tx_id, payout: null, now }))) throw new Retry();
        await trx.updateTable('seamless_txs').set({ code: CODE.unknownDebit }).where('venue', '=', tx.venue).where('tx_id', '=', tx.tx_id).execute();
        return answer(CODE.unknownDebit, balance);
      }
      const stake = Number(won.stake);
      const posted = await post(trx, {
        from: venueSeamlessCode(tx.venue),
        to: memberAccountCode(tx.member_id, 'central'),
        amount: stake,
        kind: 'seamless_rollback',
        reference: `seamless:${tx.venue}:${call.debitTxId}`,
        idempotencyKey: `seamless:${tx.venue}:${tx.tx_id}`,
        now,
      });
      if (!posted.replayed) balance = posted.toBalance;
      await putBet(trx, tx.member_id, tx.venue, call.debitTxId, won.round_id, won.game_code, stake, 0, Number(won.debit_at ?? now), now, 0);
      return answer(CODE.ok, balance);
    });
  }

  /** on a break, or this stake could take the member past a loss limit (settled loss + open stakes + this bet) */
  async function blocked(trx: Kysely<DB>, memberId: number, stake: number, now: number): Promise<boolean> {
    if (await breakEnd(trx, memberId, now)) return true;
    const limits = await lossLimitsNow(trx, memberId, now);
    if (!limits.length) return false;
    const open = await repo.openStakes(trx, memberId);
    return limits.some((l) => l.lost + open + stake > l.limit);
  }

  /** the round's bet row: settled (1) with its result, or void (0) when rolled back */
  async function putBet(trx: Kysely<DB>, memberId: number, venue: string, debitTxId: string, roundId: string, gameCode: string, stake: number, payout: number, placedAt: number, settledAt: number, status: 0 | 1) {
    const game = gameCode ? await repo.gameOf(trx, venue, gameCode) : undefined;
    await putSeamlessBet(
      trx,
      {
        platform: venue,
        bet_id: debitTxId,
        member_id: memberId,
        game_code: gameCode,
        game_name: game?.name ?? gameCode,
        category_id: game?.category_id ?? '',
        bet_amount: stake,
        valid_amount: status === 1 ? stake : 0,
        win_loss: status === 1 ? payout - stake : 0,
        status,
        detail: `局号 ${roundId}`,
        // issue 36: the venue's round; the protocol names no side, so none is guessed
        round_id: roundId,
        side: null,
        created_at: placedAt,
        settled_at: settledAt,
        pulled_at: settledAt,
      },
      settledAt,
    );
  }

  return { handle };
}
export type WalletApi = ReturnType<typeof createWalletApi>;
