import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * The provider's own records, in a SQLite file of its own (never the server's database:
 * a real aggregator's books are not ours). ':memory:' for tests.
 */
export function openDb(dataDir: string | undefined): Db {
  let file = ':memory:';
  if (dataDir && dataDir !== ':memory:') {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, 'sandbox-provider.sqlite');
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  // issue 38: a seamless round's bet is the provider's record only: it stays out of the bet feed
  // (the site books those bets from its wallet entries); added to files made before it
  if (!db.prepare<[], { name: string }>('PRAGMA table_info(bets)').all().some((c) => c.name === 'seamless')) {
    db.exec('ALTER TABLE bets ADD COLUMN seamless INTEGER NOT NULL DEFAULT 0');
  }
  return db;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS players (
  username    TEXT PRIMARY KEY,
  created_at  INTEGER NOT NULL
);
-- one wallet per player and venue: each platform is a separate balance
CREATE TABLE IF NOT EXISTS wallets (
  username    TEXT NOT NULL REFERENCES players(username),
  platform    TEXT NOT NULL,
  balance_fen INTEGER NOT NULL CHECK (balance_fen >= 0),
  PRIMARY KEY (username, platform)
);
-- every deposit/withdraw ever answered, successful or refused, keyed by the caller's id
CREATE TABLE IF NOT EXISTS transfers (
  transfer_id TEXT PRIMARY KEY,
  type        TEXT NOT NULL CHECK (type IN ('deposit', 'withdraw')),
  username    TEXT NOT NULL,
  platform    TEXT NOT NULL,
  amount_fen  INTEGER NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('success', 'failed')),
  reason      TEXT,
  balance_fen INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
);
-- counters (the bet feed's cursor)
CREATE TABLE IF NOT EXISTS seq (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT OR IGNORE INTO seq (name, value) VALUES ('bet_cursor', 0);
CREATE TABLE IF NOT EXISTS bets (
  bet_id           TEXT PRIMARY KEY,
  cursor           INTEGER NOT NULL UNIQUE,
  username         TEXT NOT NULL,
  platform         TEXT NOT NULL,
  game_code        TEXT NOT NULL,
  game_name        TEXT NOT NULL,
  category_id      TEXT NOT NULL,
  bet_amount_fen   INTEGER NOT NULL,
  valid_amount_fen INTEGER NOT NULL,
  win_loss_fen     INTEGER NOT NULL,
  status           INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  detail           TEXT NOT NULL,
  -- what an open bet waits for (a fixture id) and what it picked, for settling
  ref              TEXT,
  pick             TEXT,
  odds_x100        INTEGER,
  created_at       INTEGER NOT NULL,
  settled_at       INTEGER
);
CREATE INDEX IF NOT EXISTS bets_platform_cursor ON bets (platform, cursor);
CREATE INDEX IF NOT EXISTS bets_open_ref ON bets (ref) WHERE status = 2;
CREATE INDEX IF NOT EXISTS bets_player ON bets (username, platform, game_code, cursor);
-- simulated matches (football and e-sports); the result is drawn when the fixture is made
-- and revealed as match time passes
CREATE TABLE IF NOT EXISTS fixtures (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  sport       TEXT NOT NULL,
  league      TEXT NOT NULL,
  home        TEXT NOT NULL,
  away        TEXT NOT NULL,
  kickoff_at  INTEGER NOT NULL,
  ends_at     INTEGER NOT NULL,
  -- probabilities in millionths and decimal odds in hundredths, per pick (home, draw, away)
  p_home      INTEGER NOT NULL,
  p_draw      INTEGER NOT NULL,
  p_away      INTEGER NOT NULL,
  odds_home   INTEGER NOT NULL,
  odds_draw   INTEGER,
  odds_away   INTEGER NOT NULL,
  result      TEXT NOT NULL,
  home_score  INTEGER NOT NULL,
  away_score  INTEGER NOT NULL,
  -- JSON [{at: fraction of the match 0..1, side: 'home'|'away', text}]
  events      TEXT NOT NULL,
  settled     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS fixtures_sport_kickoff ON fixtures (sport, kickoff_at);
CREATE INDEX IF NOT EXISTS fixtures_open ON fixtures (ends_at) WHERE settled = 0;
`;
