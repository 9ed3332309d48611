import fc from 'fast-check';
import { expect } from 'vitest';
import { openGame } from '../../src/modules/transfers/testing.ts';
import { checkStep, tally, type Real } from './checks.ts';
import { GHOST } from './commands-more.ts';
import { pick, playRefusal, type Model } from './model.ts';

/**
 * The model test's play (issue 35 point 1): a game round at a venue, settled there, and the bet
 * pull. The venue's random result is the one input the model takes from the server (the balance
 * the round answers); everything else follows from it: the venue balance, the bet recorded once
 * with its stake and result, and the turnover owed reduced by the stake once, whatever the pulls.
 */
type Cmd = fc.AsyncCommand<Model, Real>;

/** the slot game of each venue the model plays (ag, a live table, is only transferred to) */
export const SLOTS = { pp: 'pp_gates', fgdz: 'fgdz_facaishu' } as const;

/** the stakes a slot takes (fen) */
const STAKES = [100, 200, 500, 1000, 2000];

export class GameRound implements Cmd {
  stake = 0;
  constructor(
    readonly who: number,
    readonly venue: keyof typeof SLOTS,
    /** the share of the venue balance staked, as the slot's stakes allow */
    readonly percent: number,
    readonly pulls: number,
    /** spins in the one game session */
    readonly spins = 1,
  ) {}
  /** the slot played: the one drawn, else the other when only it holds a stake */
  played: keyof typeof SLOTS | null = null;
  check = (m: Readonly<Model>) => m.members.some((x) => x.venues.pp >= 100 || x.venues.fgdz >= 100);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.venues.pp >= 100 || x.venues.fgdz >= 100),
      this.who,
    );
    const venue = (this.played = mm.venues[this.venue] >= 100 ? this.venue : this.venue === 'pp' ? 'fgdz' : 'pp');
    const real = r.members.get(mm.name)!;
    // on a break or past today's loss limit the game does not open
    const why = playRefusal(mm);
    if (why !== null) {
      const launch = await r.t.post('/api/getGameUrl', { plat_name: venue, game_type: 0, game_code: SLOTS[venue], is_mobile_url: 1 }, { token: real.token });
      expect(launch.code, `${this}: refused, ${why}`).not.toBe(200);
      tally(`game refused (${why.startsWith('lost') ? 'loss limit' : 'break'})`);
      return checkStep(m, r, this.toString());
    }
    const before = mm.venues[venue];
    // the slots' fixed stakes: the largest within the drawn share of the venue balance
    const want = Math.max(100, (before * this.percent) / 100);
    this.stake = Math.max(...STAKES.filter((s) => s <= want && s <= before));
    const game = await openGame(r.t, real.token, venue, SLOTS[venue]);
    expect(game.config.balance_fen, `${this}: the game shows the venue balance`).toBe(before);
    // spins at that stake while the venue balance allows: each a settled bet of its own
    const rounds: { betId: string; payout: number }[] = [];
    for (let i = 0; i < this.spins && mm.venues[venue] >= this.stake; i++) {
      const was = mm.venues[venue];
      const round = await game.act('spin', { stake_fen: this.stake });
      expect(round.status, `${this}: ${JSON.stringify(round.json)}`).toBe(200);
      const payout = round.json.balance_fen - (was - this.stake);
      expect(payout, `${this}: a round pays nothing or more`).toBeGreaterThanOrEqual(0);
      mm.venues[venue] = round.json.balance_fen;
      rounds.push({ betId: round.json.bet_id!, payout });
    }
    // the bet pull, once or more (the test's ghost venue, unknown to the provider, has no feed): each round is recorded once and fills the turnover owed once
    for (let i = 0; i < this.pulls; i++) expect((await r.t.venues.bets.pull()).failed.filter((v) => v !== GHOST), `${this}: pull`).toEqual([]);
    for (const x of rounds) {
      mm.owed = Math.max(0, mm.owed - this.stake);
      mm.unrebated[venue] += this.stake;
      mm.resultToday += x.payout - this.stake;
      tally('game round played');
    }
    const bets = await r.t.ctx.db
      .selectFrom('bets')
      .select(['bet_id', 'member_id', 'bet_amount', 'valid_amount', 'win_loss', 'status'])
      .where('platform', '=', venue)
      .where(
        'bet_id',
        'in',
        rounds.map((x) => x.betId),
      )
      .execute();
    const row = (b: (typeof bets)[number]) => ({ bet_id: b.bet_id, member_id: Number(b.member_id), bet_amount: Number(b.bet_amount), valid_amount: Number(b.valid_amount), win_loss: Number(b.win_loss), status: Number(b.status) });
    expect(
      bets.map(row).sort((a, b) => (a.bet_id < b.bet_id ? -1 : 1)),
      `${this}: each bet recorded once`,
    ).toEqual(rounds.map((x) => ({ bet_id: x.betId, member_id: real.id, bet_amount: this.stake, valid_amount: this.stake, win_loss: x.payout - this.stake, status: 1 })).sort((a, b) => (a.bet_id < b.bet_id ? -1 : 1)));
    await checkStep(m, r, this.toString());
  }
  toString = () => `game round(#${this.who}, ${this.played ?? this.venue}, ${this.percent}%${this.stake ? ` = ${this.stake}` : ''}, ${this.spins} spin${this.spins > 1 ? 's' : ''}, ${this.pulls} pull${this.pulls > 1 ? 's' : ''})`;
}

export function playCommands(): fc.Arbitrary<Cmd>[] {
  const round = fc
    .tuple(fc.nat({ max: 2 }), fc.constantFrom<keyof typeof SLOTS>('pp', 'fgdz'), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 5 }))
    .map(([w, v, p, n, k]) => new GameRound(w, v, p, n, k));
  return [round, round, round, round];
}
