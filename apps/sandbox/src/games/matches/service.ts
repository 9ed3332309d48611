import type { Db } from '../../provider/db.ts';
import type { GameDef } from '../../provider/catalogue.ts';
import type { ProviderStore } from '../../provider/store.ts';
import type { BetRecord } from '../../provider/types.ts';
import { type Rng } from '../rng.ts';
import { makeFixture, type MatchEvent, type Pick, type Sport } from './engine.ts';

export interface MatchOptions {
  /** nominal length of a match (default 3 minutes); kick-offs are a third of it apart */
  matchMs: number;
  /** share of matches abandoned, their bets void (status 0) */
  voidRate: number;
}

interface FixtureRow {
  id: number;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  kickoff_at: number;
  ends_at: number;
  p_home: number;
  p_draw: number;
  p_away: number;
  odds_home: number;
  odds_draw: number | null;
  odds_away: number;
  result: Pick | 'void';
  home_score: number;
  away_score: number;
  events: string;
  settled: number;
}

export interface FixtureView {
  id: number;
  league: string;
  home: string;
  away: string;
  kickoff_at: number;
  ends_at: number;
  state: 'upcoming' | 'live' | 'ended';
  odds: Record<Pick, number | null>;
  /** revealed so far (live) or final (ended); null before kick-off */
  home_score: number | null;
  away_score: number | null;
  /** events revealed so far */
  events: MatchEvent[];
  /** share of the nominal match played, 0..1 */
  progress: number;
  void: boolean;
}

/** how many fixtures are open for betting at any time */
const UPCOMING = 4;
export const fixtureRef = (id: number) => `fx:${id}`;

/**
 * The schedule of simulated matches per sport, betting on them, and settling them when
 * they end. Bets stay unsettled (status 2) until then.
 */
export class Matches {
  private readonly q;

  constructor(
    db: Db,
    private readonly store: ProviderStore,
    private readonly rng: Rng,
    readonly opts: MatchOptions,
  ) {
    this.q = {
      upcomingCount: db.prepare<[string, number], { n: number }>('SELECT COUNT(*) AS n FROM fixtures WHERE sport = ? AND kickoff_at > ?'),
      lastKickoff: db.prepare<[string], { k: number | null }>('SELECT MAX(kickoff_at) AS k FROM fixtures WHERE sport = ?'),
      busySides: db.prepare<[string, number], { home: string; away: string }>('SELECT home, away FROM fixtures WHERE sport = ? AND ends_at > ?'),
      add: db.prepare(
        `INSERT INTO fixtures (sport, league, home, away, kickoff_at, ends_at, p_home, p_draw, p_away, odds_home, odds_draw, odds_away,
           result, home_score, away_score, events) VALUES (@sport, @league, @home, @away, @kickoff_at, @ends_at, @p_home, @p_draw, @p_away,
           @odds_home, @odds_draw, @odds_away, @result, @home_score, @away_score, @events)`,
      ),
      board: db.prepare<[string, number, number], FixtureRow>(
        `SELECT * FROM fixtures WHERE sport = ? AND ends_at > ? AND kickoff_at <= ? ORDER BY kickoff_at`,
      ),
      recent: db.prepare<[string, number], FixtureRow>('SELECT * FROM fixtures WHERE sport = ? AND ends_at <= ? ORDER BY ends_at DESC LIMIT 6'),
      one: db.prepare<[number], FixtureRow>('SELECT * FROM fixtures WHERE id = ?'),
      due: db.prepare<[number], FixtureRow>('SELECT * FROM fixtures WHERE settled = 0 AND ends_at <= ? ORDER BY ends_at LIMIT 200'),
      markSettled: db.prepare('UPDATE fixtures SET settled = 1 WHERE id = ? AND settled = 0'),
    };
  }

  private get interval() {
    return Math.max(50, Math.round(this.opts.matchMs / 3));
  }

  /** keeps UPCOMING fixtures open for betting, kick-offs on a fixed grid */
  ensure(sport: Sport, now: number) {
    const need = UPCOMING - this.q.upcomingCount.get(sport, now)!.n;
    if (need <= 0) return;
    const step = this.interval;
    const last = this.q.lastKickoff.get(sport)!.k ?? 0;
    // the first new kick-off is at least half an interval away so it can still be bet on
    let kickoff = Math.max(last + step, Math.ceil((now + step / 2) / step) * step);
    const busy = new Set(this.q.busySides.all(sport, now).flatMap((r) => [r.home, r.away]));
    for (let i = 0; i < need; i++, kickoff += step) {
      const f = makeFixture(sport, this.rng, this.opts.voidRate, busy);
      busy.add(f.home).add(f.away);
      this.q.add.run({
        sport,
        league: f.league,
        home: f.home,
        away: f.away,
        kickoff_at: kickoff,
        ends_at: kickoff + Math.round(this.opts.matchMs * f.length),
        p_home: f.p.home,
        p_draw: f.p.draw,
        p_away: f.p.away,
        odds_home: f.odds.home,
        odds_draw: f.odds.draw,
        odds_away: f.odds.away!,
        result: f.result,
        home_score: f.home_score,
        away_score: f.away_score,
        events: JSON.stringify(f.events),
      });
    }
  }

  private view(r: FixtureRow, now: number): FixtureView {
    const state = now < r.kickoff_at ? 'upcoming' : now < r.ends_at ? 'live' : 'ended';
    const progress = state === 'upcoming' ? 0 : state === 'ended' ? 1 : (now - r.kickoff_at) / this.opts.matchMs;
    const all = JSON.parse(r.events) as MatchEvent[];
    const events = state === 'ended' ? all : all.filter((e) => e.at <= progress);
    const count = (side: 'home' | 'away') => events.filter((e) => e.side === side).length;
    return {
      id: r.id,
      league: r.league,
      home: r.home,
      away: r.away,
      kickoff_at: r.kickoff_at,
      ends_at: r.ends_at,
      state,
      odds: { home: r.odds_home, draw: r.odds_draw, away: r.odds_away },
      home_score: state === 'upcoming' ? null : state === 'ended' ? r.home_score : count('home'),
      away_score: state === 'upcoming' ? null : state === 'ended' ? r.away_score : count('away'),
      events,
      progress: Math.min(1, progress),
      void: state === 'ended' && r.result === 'void',
    };
  }

  board(sport: Sport, game: GameDef, username: string, now: number) {
    this.settleDue(now);
    this.ensure(sport, now);
    const current = this.q.board.all(sport, now, now + this.interval * (UPCOMING + 1)).map((r) => this.view(r, now));
    return {
      now,
      match_ms: this.opts.matchMs,
      upcoming: current.filter((f) => f.state === 'upcoming'),
      live: current.filter((f) => f.state === 'live'),
      results: this.q.recent.all(sport, now).map((r) => this.view(r, now)),
      bets: this.store.playerBets(username, game.platform, game.code, 20) as BetRecord[],
    };
  }

  fixture(id: number, now: number): (FixtureView & { sport: Sport }) | null {
    const r = this.q.one.get(id);
    return r ? { ...this.view(r, now), sport: r.sport } : null;
  }

  /** settles every fixture that has ended; its bets move to status 1 (or 0 if void) */
  settleDue(now: number) {
    for (const f of this.q.due.all(now)) {
      this.store.transaction(() => {
        if (this.q.markSettled.run(f.id).changes === 0) return;
        const score = `${f.home_score}:${f.away_score}`;
        for (const bet of this.store.openBets(fixtureRef(f.id))) {
          if (f.result === 'void') {
            this.store.settleOpenBet(bet, { payout: bet.bet_amount_fen, status: 0, detail: `${bet.detail} · 比赛取消，注单无效，退还本金` }, now);
            continue;
          }
          const won = bet.pick === f.result;
          const payout = won ? Math.floor((bet.bet_amount_fen * bet.odds_x100) / 100) : 0;
          this.store.settleOpenBet(bet, { payout, status: 1, detail: `${bet.detail} · 赛果 ${score} · ${won ? '赢' : '输'}` }, now);
        }
      });
    }
  }
}
