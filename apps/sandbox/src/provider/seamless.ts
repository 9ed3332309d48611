import { PlayError } from '../games/play.ts';
import type { Db } from './db.ts';
import type { SeamlessFaults } from './seamless-faults.ts';
import { SeamlessStore, type CallKind, type RoundRow } from './seamless-store.ts';
import { amountYuan, WALLET_CODE, type WalletAnswer, type WalletCaller } from './seamless-wallet.ts';
import { newBetId, type OpenBet, type ProviderStore, type Round, type RoundResult } from './store.ts';
import type { GameDef } from './catalogue.ts';

type OpenBetInput = { username: string; game: GameDef; stake: number; ref: string; pick: string; odds_x100: number; detail: string };

/**
 * The provider's seamless mode (issue 38, SEAMLESS.md): a venue in this mode moves no balance of
 * its own. Each round's stake is a debit at the site's wallet API, its result a credit (0 for a
 * lost round), a cancelled round a rollback; the games see the same playRound/placeOpenBet as
 * the provider's own wallet. Every call and its answer is kept per round for the round report.
 */
export class Seamless {
  readonly store: SeamlessStore;
  /** `${round}:${kind}` being sent or held by a late fault: the sweep leaves them alone */
  private readonly sending = new Set<string>();
  /** late holds and sends under way: tests wait for 0 */
  private work = 0;
  private closed = false;

  constructor(
    db: Db,
    private readonly provider: ProviderStore,
    private readonly wallet: WalletCaller,
    private readonly faults: SeamlessFaults | null,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.store = new SeamlessStore(db);
    // a match bet's result (or its void) becomes a credit (or a rollback) to send
    provider.onSeamlessSettle = (bet: OpenBet, s) => {
      if (s.status === 0) this.store.planRollback(bet.bet_id);
      else this.store.planCredit(bet.bet_id, s.payout);
      this.kick();
    };
  }

  isSeamless(platform: string): boolean {
    return this.store.mode(platform) === 'seamless';
  }

  get pending(): number {
    return this.work;
  }

  /** the member's central balance as the wallet answers it; null when it does not */
  async balance(username: string, platform: string): Promise<number | null> {
    const a = await this.wallet.call('balance', platform, { player: username });
    return a.kind === 'ok' ? a.balanceFen : null;
  }

  /** an instant game's round: debit the stake, record the bet, credit the payout (0 for a loss) */
  async playRound(r: Round, now = Date.now()): Promise<RoundResult> {
    if (![r.stake, r.payout, r.valid].every(Number.isSafeInteger) || r.stake <= 0 || r.payout < 0) {
      throw new Error(`bad round amounts ${r.stake}/${r.payout}/${r.valid}`);
    }
    const id = newBetId(r.game.platform, now);
    this.store.add({ round_id: id, bet_id: id, username: r.username, platform: r.game.platform, game_code: r.game.code, game_name: r.game.name, stake_fen: r.stake, payout_fen: r.payout, created_at: now });
    // fault: the round's credit reaches the wallet before its debit
    const early = this.faults?.take('out_of_order', 'credit') ?? false;
    let credit: WalletAnswer | null = null;
    if (early) {
      this.store.planCredit(id, r.payout);
      credit = await this.send(id, 'credit');
    }
    const debit = await this.send(id, 'debit');
    if (debit.kind !== 'ok') return this.debitFailed(id, debit);
    this.provider.addSeamlessBet({ bet_id: id, username: r.username, game: r.game, stake: r.stake, detail: r.detail, payout: r.payout, valid: r.valid }, now);
    if (!early) {
      this.store.planCredit(id, r.payout);
      credit = await this.sendOrHold(id, 'credit');
    }
    const balance = credit?.kind === 'ok' && credit.balanceFen !== null ? credit.balanceFen : (debit.balanceFen ?? 0) + r.payout;
    return { ok: true, bet_id: id, balance };
  }

  /** a match bet: debit the stake now; its credit or rollback follows when the match is settled */
  async placeOpenBet(b: OpenBetInput, now = Date.now()): Promise<RoundResult> {
    const id = newBetId(b.game.platform, now);
    this.store.add({ round_id: id, bet_id: id, username: b.username, platform: b.game.platform, game_code: b.game.code, game_name: b.game.name, stake_fen: b.stake, payout_fen: null, created_at: now });
    const debit = await this.send(id, 'debit');
    if (debit.kind !== 'ok') return this.debitFailed(id, debit);
    this.provider.addSeamlessBet({ bet_id: id, username: b.username, game: b.game, stake: b.stake, detail: b.detail, ref: b.ref, pick: b.pick, odds_x100: b.odds_x100 }, now);
    return { ok: true, bet_id: id, balance: debit.balanceFen ?? 0 };
  }

  /** a refused debit is the player's answer; an unanswered one cancels the round (rollback) */
  private async debitFailed(id: string, debit: WalletAnswer): Promise<never> {
    if (debit.kind === 'unanswered') {
      this.store.planRollback(id);
      await this.send(id, 'rollback');
      throw new PlayError('wallet_unavailable', '钱包暂时无法连接，本局已取消，请稍后再试');
    }
    if (debit.code === WALLET_CODE.insufficient) throw new PlayError('insufficient_balance', '余额不足，请先充值');
    if (debit.code === WALLET_CODE.blocked) throw new PlayError('blocked', '您的账户当前不能投注（投注限额、冷静期或账户限制）');
    throw new PlayError('wallet_unavailable', '下注失败，请返回重新进入游戏');
  }

  /** a credit or rollback, held lateMs by a late fault (the round does not wait for it then) */
  private sendOrHold(id: string, kind: CallKind): Promise<WalletAnswer> | null {
    if (!this.faults?.take('late', kind)) return this.send(id, kind);
    const key = `${id}:${kind}`;
    this.sending.add(key);
    this.work++;
    void this.faults
      .hold()
      .then(() => {
        this.sending.delete(key);
        return this.send(id, kind);
      })
      .catch(this.onError)
      .finally(() => this.work--);
    return null;
  }

  /** sends one call of a round (its body built from the round, so a resend is byte for byte the same) and records the answer */
  private async send(id: string, kind: CallKind): Promise<WalletAnswer> {
    const key = `${id}:${kind}`;
    this.sending.add(key);
    this.work++;
    try {
      const row = this.store.get(id)!;
      const answer = await this.wallet.call(kind, row.platform, fields(row, kind));
      this.store.answered(id, kind, answer);
      return answer;
    } finally {
      this.sending.delete(key);
      this.work--;
    }
  }

  /** sends the credits and rollbacks still pending (settled matches, a restart); never two at once for one call */
  kick() {
    if (this.closed) return;
    setImmediate(() => {
      if (this.closed) return;
      for (const row of this.store.due()) {
        for (const kind of ['credit', 'rollback'] as const) {
          if (row[`${kind}_state`] !== 'pending' || this.sending.has(`${row.round_id}:${kind}`)) continue;
          // a late credit of a match is held like an instant game's
          const p = this.sendOrHold(row.round_id, kind);
          p?.catch(this.onError);
        }
      }
    });
  }

  close() {
    this.closed = true;
    this.faults?.releaseAll();
  }
}

function fields(r: RoundRow, kind: CallKind): Record<string, string> {
  switch (kind) {
    case 'debit':
      return { player: r.username, txId: r.debit_tx, roundId: r.round_id, gameCode: r.game_code, amount: amountYuan(r.stake_fen) };
    case 'credit':
      return { player: r.username, txId: r.credit_tx!, roundId: r.round_id, debitTxId: r.debit_tx, gameCode: r.game_code, amount: amountYuan(r.payout_fen ?? 0) };
    case 'rollback':
      return { player: r.username, txId: r.rollback_tx!, roundId: r.round_id, debitTxId: r.debit_tx };
  }
}
