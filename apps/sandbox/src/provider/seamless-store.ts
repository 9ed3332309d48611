import type { Db } from './db.ts';
import type { WalletAnswer } from './seamless-wallet.ts';
import type { SeamlessCall, SeamlessCallState, SeamlessRound, SeamlessRoundStatus, VenueMode } from './seamless-types.ts';

const SCHEMA = `
-- issue 38: the mode each venue runs in (absent: transfer)
CREATE TABLE IF NOT EXISTS venue_modes (
  platform   TEXT PRIMARY KEY,
  mode       TEXT NOT NULL CHECK (mode IN ('transfer', 'seamless')),
  updated_at INTEGER NOT NULL
);
-- issue 38: the provider's own report of seamless rounds and the wallet calls made for each
CREATE TABLE IF NOT EXISTS seamless_rounds (
  seq               INTEGER PRIMARY KEY AUTOINCREMENT,
  round_id          TEXT NOT NULL UNIQUE,
  bet_id            TEXT NOT NULL,
  username          TEXT NOT NULL,
  platform          TEXT NOT NULL,
  game_code         TEXT NOT NULL,
  game_name         TEXT NOT NULL,
  stake_fen         INTEGER NOT NULL,
  payout_fen        INTEGER,
  debit_tx          TEXT NOT NULL,
  debit_state       TEXT NOT NULL,
  debit_code        INTEGER,
  debit_attempts    INTEGER NOT NULL DEFAULT 0,
  credit_tx         TEXT,
  credit_state      TEXT,
  credit_code       INTEGER,
  credit_attempts   INTEGER NOT NULL DEFAULT 0,
  rollback_tx       TEXT,
  rollback_state    TEXT,
  rollback_code     INTEGER,
  rollback_attempts INTEGER NOT NULL DEFAULT 0,
  created_at        INTEGER NOT NULL,
  settled_at        INTEGER
);
CREATE INDEX IF NOT EXISTS seamless_rounds_window ON seamless_rounds (platform, created_at);
`;

export interface RoundRow {
  seq: number;
  round_id: string;
  bet_id: string;
  username: string;
  platform: string;
  game_code: string;
  game_name: string;
  stake_fen: number;
  payout_fen: number | null;
  debit_tx: string;
  debit_state: SeamlessCallState;
  debit_code: number | null;
  debit_attempts: number;
  credit_tx: string | null;
  credit_state: SeamlessCallState | null;
  credit_code: number | null;
  credit_attempts: number;
  rollback_tx: string | null;
  rollback_state: SeamlessCallState | null;
  rollback_code: number | null;
  rollback_attempts: number;
  created_at: number;
  settled_at: number | null;
}

export type CallKind = 'debit' | 'credit' | 'rollback';

const iso = (ms: number) => new Date(ms).toISOString();
const stateOf = (a: WalletAnswer): SeamlessCallState => (a.kind === 'unanswered' ? 'unanswered' : a.kind);

/** Venue modes and seamless rounds, in the provider's own SQLite file. */
export class SeamlessStore {
  private readonly q;

  constructor(private readonly db: Db) {
    db.exec(SCHEMA);
    this.q = {
      mode: db.prepare<[string], { mode: VenueMode }>('SELECT mode FROM venue_modes WHERE platform = ?'),
      setMode: db.prepare(
        `INSERT INTO venue_modes (platform, mode, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (platform) DO UPDATE SET mode = excluded.mode, updated_at = excluded.updated_at`,
      ),
      add: db.prepare(
        `INSERT INTO seamless_rounds (round_id, bet_id, username, platform, game_code, game_name, stake_fen, payout_fen,
           debit_tx, debit_state, created_at)
         VALUES (@round_id, @bet_id, @username, @platform, @game_code, @game_name, @stake_fen, @payout_fen,
           @debit_tx, 'pending', @created_at)`,
      ),
      get: db.prepare<[string], RoundRow>('SELECT * FROM seamless_rounds WHERE round_id = ?'),
      byBet: db.prepare<[string], RoundRow>('SELECT * FROM seamless_rounds WHERE bet_id = ?'),
      // credits and rollbacks still to send (after a restart, or those a late fault held)
      due: db.prepare<[], RoundRow>(
        "SELECT * FROM seamless_rounds WHERE credit_state = 'pending' OR rollback_state = 'pending' ORDER BY seq LIMIT 200",
      ),
      window: db.prepare<[string, number, number, number, number], RoundRow>(
        'SELECT * FROM seamless_rounds WHERE platform = ? AND created_at >= ? AND created_at < ? AND seq > ? ORDER BY seq LIMIT ?',
      ),
    };
  }

  mode(platform: string): VenueMode {
    return this.q.mode.get(platform)?.mode ?? 'transfer';
  }

  setMode(platform: string, mode: VenueMode, now = Date.now()): VenueMode {
    return this.db.transaction(() => {
      const previous = this.mode(platform);
      this.q.setMode.run(platform, mode, now);
      return previous;
    })();
  }

  /** a new round; its payout is known at once for an instant game (its credit is planned once the debit is done) */
  add(r: Pick<RoundRow, 'round_id' | 'bet_id' | 'username' | 'platform' | 'game_code' | 'game_name' | 'stake_fen' | 'payout_fen' | 'created_at'>) {
    this.q.add.run({ ...r, debit_tx: `${r.round_id}-D` });
  }

  get(roundId: string): RoundRow | undefined {
    return this.q.get.get(roundId);
  }

  byBet(betId: string): RoundRow | undefined {
    return this.q.byBet.get(betId);
  }

  /** records a call's answer: its state, last code and how many sends it took */
  answered(roundId: string, kind: CallKind, a: WalletAnswer, now = Date.now()) {
    const settles = a.kind === 'ok' && kind !== 'debit';
    this.db
      .prepare(
        `UPDATE seamless_rounds SET ${kind}_state = ?, ${kind}_code = ?, ${kind}_attempts = ${kind}_attempts + ?,
           settled_at = CASE WHEN ? THEN ? ELSE settled_at END WHERE round_id = ?`,
      )
      .run(stateOf(a), a.code, a.attempts, settles ? 1 : 0, now, roundId);
  }

  /** the result of an open round is known: its credit (0 for a loss) is to be sent */
  planCredit(roundId: string, payoutFen: number) {
    this.db
      .prepare("UPDATE seamless_rounds SET payout_fen = ?, credit_tx = round_id || '-C', credit_state = 'pending' WHERE round_id = ? AND credit_tx IS NULL AND rollback_tx IS NULL")
      .run(payoutFen, roundId);
  }

  /** the round is cancelled (a void match, or a debit never answered): its rollback is to be sent */
  planRollback(roundId: string) {
    this.db
      .prepare("UPDATE seamless_rounds SET rollback_tx = round_id || '-R', rollback_state = 'pending' WHERE round_id = ? AND rollback_tx IS NULL AND (credit_tx IS NULL OR credit_state <> 'ok')")
      .run(roundId);
  }

  due(): RoundRow[] {
    return this.q.due.all();
  }

  report(platform: string, from: number, to: number, after: number, limit: number): { rounds: SeamlessRound[]; last: number | null; more: boolean } {
    const rows = this.q.window.all(platform, from, to, after, limit + 1);
    const page = rows.slice(0, limit);
    return { rounds: page.map(toReport), last: page.length ? page[page.length - 1].seq : null, more: rows.length > limit };
  }
}

function call(tx: string | null, amount: number | null, state: SeamlessCallState | null, code: number | null, attempts: number): SeamlessCall | null {
  return tx === null || state === null ? null : { tx_id: tx, amount_fen: amount ?? 0, state, code, attempts };
}

export function roundStatus(r: RoundRow): SeamlessRoundStatus {
  if (r.debit_state === 'refused' && r.credit_state !== 'ok') return 'refused';
  if (r.rollback_state === 'ok' || (r.rollback_state === 'refused' && r.rollback_code === 3001)) return 'rolled_back';
  if (r.credit_state === 'ok' && r.debit_state === 'ok') return 'settled';
  if (r.debit_state === 'ok' && r.credit_tx === null && r.rollback_tx === null) return 'open';
  return 'pending';
}

function toReport(r: RoundRow): SeamlessRound {
  return {
    round_id: r.round_id,
    bet_id: r.bet_id,
    username: r.username,
    platform: r.platform,
    game_code: r.game_code,
    game_name: r.game_name,
    status: roundStatus(r),
    stake_fen: r.stake_fen,
    payout_fen: r.payout_fen,
    debit: call(r.debit_tx, r.stake_fen, r.debit_state, r.debit_code, r.debit_attempts)!,
    credit: call(r.credit_tx, r.payout_fen, r.credit_state, r.credit_code, r.credit_attempts),
    rollback: call(r.rollback_tx, r.stake_fen, r.rollback_state, r.rollback_code, r.rollback_attempts),
    created_at: iso(r.created_at),
    settled_at: r.settled_at === null ? null : iso(r.settled_at),
  };
}
