import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import type { GameDef } from './catalogue.ts';
import type { BetRecord, BetSide, BetStatus, CategoryId, TransferType } from './types.ts';

export interface TransferRow {
  transfer_id: string;
  type: TransferType;
  username: string;
  platform: string;
  amount_fen: number;
  status: 'success' | 'failed';
  reason: string | null;
  balance_fen: number;
  created_at: number;
}

interface BetRow {
  bet_id: string;
  cursor: number;
  username: string;
  platform: string;
  game_code: string;
  game_name: string;
  category_id: string;
  bet_amount_fen: number;
  valid_amount_fen: number;
  win_loss_fen: number;
  status: number;
  detail: string;
  ref: string | null;
  pick: string | null;
  odds_x100: number | null;
  created_at: number;
  settled_at: number | null;
}

export interface OpenBet {
  bet_id: string;
  username: string;
  platform: string;
  bet_amount_fen: number;
  pick: string;
  odds_x100: number;
  detail: string;
  /** issue 38: 1 when the stake was taken by the site's wallet (seamless mode) */
  seamless: number;
}

/** a finished round: the stake and the payout move together with the record */
export interface Round {
  username: string;
  game: GameDef;
  stake: number;
  payout: number;
  /** turnover the round counts for (pushed stakes excluded) */
  valid: number;
  detail: string;
}

export type RoundResult = { ok: true; bet_id: string; balance: number } | { ok: false; balance: number };

const iso = (ms: number) => new Date(ms).toISOString();

export function newBetId(platform: string, now: number) {
  return `${platform.toUpperCase()}${now.toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Players, per-venue wallets, transfers and the bet feed. better-sqlite3 is synchronous
 * and this process is the only writer, so each transaction below runs alone; balances
 * still move only through conditional updates so a wallet can never go negative.
 */
export class ProviderStore {
  private readonly q;

  constructor(readonly db: Db) {
    this.q = {
      player: db.prepare<[string], { username: string }>('SELECT username FROM players WHERE username = ?'),
      addPlayer: db.prepare('INSERT OR IGNORE INTO players (username, created_at) VALUES (?, ?)'),
      ensureWallet: db.prepare('INSERT OR IGNORE INTO wallets (username, platform, balance_fen) VALUES (?, ?, 0)'),
      balance: db.prepare<[string, string], { balance_fen: number }>(
        'SELECT balance_fen FROM wallets WHERE username = ? AND platform = ?',
      ),
      balances: db.prepare<[string], { platform: string; balance_fen: number }>(
        'SELECT platform, balance_fen FROM wallets WHERE username = ?',
      ),
      credit: db.prepare('UPDATE wallets SET balance_fen = balance_fen + ? WHERE username = ? AND platform = ?'),
      // the only way money leaves a wallet: refused (0 rows) when the balance is short
      debit: db.prepare(
        'UPDATE wallets SET balance_fen = balance_fen - ? WHERE username = ? AND platform = ? AND balance_fen >= ?',
      ),
      transfer: db.prepare<[string], TransferRow>('SELECT * FROM transfers WHERE transfer_id = ?'),
      addTransfer: db.prepare(
        `INSERT INTO transfers (transfer_id, type, username, platform, amount_fen, status, reason, balance_fen, created_at)
         VALUES (@transfer_id, @type, @username, @platform, @amount_fen, @status, @reason, @balance_fen, @created_at)`,
      ),
      nextCursor: db.prepare<[], { value: number }>(
        "UPDATE seq SET value = value + 1 WHERE name = 'bet_cursor' RETURNING value",
      ),
      addBet: db.prepare(
        `INSERT INTO bets (bet_id, cursor, username, platform, game_code, game_name, category_id, bet_amount_fen,
           valid_amount_fen, win_loss_fen, status, detail, ref, pick, odds_x100, created_at, settled_at, seamless)
         VALUES (@bet_id, @cursor, @username, @platform, @game_code, @game_name, @category_id, @bet_amount_fen,
           @valid_amount_fen, @win_loss_fen, @status, @detail, @ref, @pick, @odds_x100, @created_at, @settled_at, @seamless)`,
      ),
      settleBet: db.prepare(
        `UPDATE bets SET cursor = @cursor, valid_amount_fen = @valid, win_loss_fen = @win_loss, status = @status,
           detail = @detail, settled_at = @settled_at WHERE bet_id = @bet_id AND status = 2`,
      ),
      openBets: db.prepare<[string], OpenBet>(
        'SELECT bet_id, username, platform, bet_amount_fen, pick, odds_x100, detail, seamless FROM bets WHERE ref = ? AND status = 2',
      ),
      feedAll: db.prepare<[number, number], BetRow>('SELECT * FROM bets WHERE cursor > ? AND seamless = 0 ORDER BY cursor LIMIT ?'),
      feedPlatform: db.prepare<[string, number, number], BetRow>(
        'SELECT * FROM bets WHERE platform = ? AND cursor > ? AND seamless = 0 ORDER BY cursor LIMIT ?',
      ),
      playerBets: db.prepare<[string, string, string, number], BetRow>(
        'SELECT * FROM bets WHERE username = ? AND platform = ? AND game_code = ? ORDER BY created_at DESC, cursor DESC LIMIT ?',
      ),
    };
  }

  // ---- players and wallets ----------------------------------------------------------
  createPlayer(username: string, now = Date.now()): boolean {
    return this.q.addPlayer.run(username, now).changes === 1;
  }

  playerExists(username: string): boolean {
    return this.q.player.get(username) !== undefined;
  }

  balance(username: string, platform: string): number {
    return this.q.balance.get(username, platform)?.balance_fen ?? 0;
  }

  balances(username: string): Map<string, number> {
    return new Map(this.q.balances.all(username).map((r) => [r.platform, r.balance_fen]));
  }

  // ---- transfers --------------------------------------------------------------------
  getTransfer(transferId: string): TransferRow | undefined {
    return this.q.transfer.get(transferId);
  }

  /**
   * Applies a deposit or withdraw once. A transfer id already known answers its recorded
   * row and moves nothing, whatever the caller sent this time (the route checks conflicts).
   */
  applyTransfer(
    t: { transfer_id: string; type: TransferType; username: string; platform: string; amount_fen: number },
    now = Date.now(),
  ): TransferRow {
    return this.db.transaction((): TransferRow => {
      const known = this.q.transfer.get(t.transfer_id);
      if (known) return known;
      this.q.ensureWallet.run(t.username, t.platform);
      let status: TransferRow['status'] = 'success';
      let reason: string | null = null;
      if (t.type === 'deposit') {
        this.q.credit.run(t.amount_fen, t.username, t.platform);
      } else if (this.q.debit.run(t.amount_fen, t.username, t.platform, t.amount_fen).changes === 0) {
        status = 'failed';
        reason = 'insufficient_balance';
      }
      const row: TransferRow = {
        ...t,
        status,
        reason,
        balance_fen: this.balance(t.username, t.platform),
        created_at: now,
      };
      this.q.addTransfer.run(row);
      return row;
    })();
  }

  // ---- bets -------------------------------------------------------------------------
  private nextCursor(): number {
    return this.q.nextCursor.get()!.value;
  }

  /** stake, payout and the settled record in one transaction; refused when the stake is short */
  playRound(r: Round, now = Date.now()): RoundResult {
    // amounts are integer fen: a fraction here is a bug in a game's arithmetic
    if (![r.stake, r.payout, r.valid].every(Number.isSafeInteger) || r.stake <= 0 || r.payout < 0) {
      throw new Error(`bad round amounts ${r.stake}/${r.payout}/${r.valid}`);
    }
    return this.db.transaction((): RoundResult => {
      const { username, game } = r;
      this.q.ensureWallet.run(username, game.platform);
      if (this.q.debit.run(r.stake, username, game.platform, r.stake).changes === 0) {
        return { ok: false, balance: this.balance(username, game.platform) };
      }
      if (r.payout > 0) this.q.credit.run(r.payout, username, game.platform);
      const bet_id = newBetId(game.platform, now);
      this.q.addBet.run({
        bet_id,
        cursor: this.nextCursor(),
        username,
        platform: game.platform,
        game_code: game.code,
        game_name: game.name,
        category_id: game.category,
        bet_amount_fen: r.stake,
        valid_amount_fen: r.valid,
        win_loss_fen: r.payout - r.stake,
        status: 1,
        detail: r.detail,
        ref: null,
        pick: null,
        odds_x100: null,
        created_at: now,
        settled_at: now,
        seamless: 0,
      });
      return { ok: true, bet_id, balance: this.balance(username, game.platform) };
    })();
  }

  /** takes the stake now; the record stays unsettled (status 2) until settleOpenBet */
  placeOpenBet(
    b: { username: string; game: GameDef; stake: number; ref: string; pick: string; odds_x100: number; detail: string },
    now = Date.now(),
  ): RoundResult {
    return this.db.transaction((): RoundResult => {
      const { username, game } = b;
      this.q.ensureWallet.run(username, game.platform);
      if (this.q.debit.run(b.stake, username, game.platform, b.stake).changes === 0) {
        return { ok: false, balance: this.balance(username, game.platform) };
      }
      const bet_id = newBetId(game.platform, now);
      this.q.addBet.run({
        bet_id,
        cursor: this.nextCursor(),
        username,
        platform: game.platform,
        game_code: game.code,
        game_name: game.name,
        category_id: game.category,
        bet_amount_fen: b.stake,
        valid_amount_fen: 0,
        win_loss_fen: 0,
        status: 2,
        detail: b.detail,
        ref: b.ref,
        pick: b.pick,
        odds_x100: b.odds_x100,
        created_at: now,
        settled_at: null,
        seamless: 0,
      });
      return { ok: true, bet_id, balance: this.balance(username, game.platform) };
    })();
  }

  /**
   * issue 38: the record of a seamless round whose debit the site's wallet accepted; no provider
   * wallet moves. Settled at once (an instant game) or open until settleOpenBet (a match bet).
   */
  addSeamlessBet(
    b: { bet_id: string; username: string; game: GameDef; stake: number; detail: string } & (
      | { payout: number; valid: number }
      | { ref: string; pick: string; odds_x100: number }
    ),
    now = Date.now(),
  ) {
    const settled = 'payout' in b;
    this.q.addBet.run({
      bet_id: b.bet_id,
      cursor: this.nextCursor(),
      username: b.username,
      platform: b.game.platform,
      game_code: b.game.code,
      game_name: b.game.name,
      category_id: b.game.category,
      bet_amount_fen: b.stake,
      valid_amount_fen: settled ? b.valid : 0,
      win_loss_fen: settled ? b.payout - b.stake : 0,
      status: settled ? 1 : 2,
      detail: b.detail,
      ref: settled ? null : b.ref,
      pick: settled ? null : b.pick,
      odds_x100: settled ? null : b.odds_x100,
      created_at: now,
      settled_at: settled ? now : null,
      seamless: 1,
    });
  }

  /**
   * issue 38: called inside settleOpenBet's transaction for a seamless bet (the payout is the
   * site's wallet's to credit, not this provider's wallet's): set by the seamless mode.
   */
  onSeamlessSettle?: (bet: OpenBet, s: { payout: number; status: 0 | 1 }) => void;

  openBets(ref: string): OpenBet[] {
    return this.q.openBets.all(ref);
  }

  /**
   * Settles an open bet: pays `payout` (the stake back for a void bet) and moves the record
   * to a new cursor position so a puller sees the settled version after the unsettled one.
   * Call inside a transaction together with the other bets of the same event.
   */
  settleOpenBet(bet: OpenBet, s: { payout: number; status: 0 | 1; detail: string }, now = Date.now()) {
    const stake = bet.bet_amount_fen;
    const changed = this.q.settleBet.run({
      bet_id: bet.bet_id,
      cursor: this.nextCursor(),
      valid: s.status === 1 ? stake : 0,
      win_loss: s.status === 1 ? s.payout - stake : 0,
      status: s.status,
      detail: s.detail,
      settled_at: now,
    }).changes;
    if (changed === 1 && bet.seamless) this.onSeamlessSettle?.(bet, s);
    else if (changed === 1 && s.payout > 0) this.q.credit.run(s.payout, bet.username, bet.platform);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  feed(cursor: number, limit: number, platform?: string): BetRecord[] {
    const rows = platform ? this.q.feedPlatform.all(platform, cursor, limit) : this.q.feedAll.all(cursor, limit);
    return rows.map(toRecord);
  }

  playerBets(username: string, platform: string, gameCode: string, limit: number): BetRecord[] {
    return this.q.playerBets.all(username, platform, gameCode, limit).map(toRecord);
  }
}

function toRecord(r: BetRow): BetRecord {
  return {
    cursor: String(r.cursor),
    bet_id: r.bet_id,
    username: r.username,
    platform: r.platform,
    game_code: r.game_code,
    game_name: r.game_name,
    category_id: r.category_id as CategoryId,
    bet_amount_fen: r.bet_amount_fen,
    valid_amount_fen: r.valid_amount_fen,
    win_loss_fen: r.win_loss_fen,
    status: r.status as BetStatus,
    created_at: iso(r.created_at),
    settled_at: r.settled_at === null ? null : iso(r.settled_at),
    detail: r.detail,
    // an open bet's ref is the fixture it waits for, kept once it settles
    round_id: r.ref ?? r.bet_id,
    side: r.ref && r.pick ? (r.pick as BetSide) : null,
  };
}
