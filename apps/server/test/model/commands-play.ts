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
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.venues[this.venue] >= 100);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.venues[this.venue] >= 100),
      this.who,
    );
    const real = r.members.get(mm.name)!;
    // on a break or past today's loss limit the game does not open
    const why = playRefusal(mm);
    if (why !== null) {
      const launch = await r.t.post('/api/getGameUrl', { plat_name: this.venue, game_type: 0, game_code: SLOTS[this.venue], is_mobile_url: 1 }, { token: real.token });
      expect(launch.code, `${this}: refused, ${why}`).not.toBe(200);
      tally(`game refused (${why.startsWith('lost') ? 'loss limit' : 'break'})`);
      return checkStep(m, r, this.toString());
    }
    const before = mm.venues[this.venue];
    // the slots' fixed stakes: the largest within the drawn share of the venue balance
    const want = Math.max(100, (before * this.percent) / 100);
    this.stake = Math.max(...STAKES.filter((s) => s <= want && s <= before));
    const game = await openGame(r.t, real.token, this.venue, SLOTS[this.venue]);
    expect(game.config.balance_fen, `${this}: the game shows the venue balance`).toBe(before);
    const round = await game.act('spin', { stake_fen: this.stake });
    expect(round.status, `${this}: ${JSON.stringify(round.json)}`).toBe(200);
    const payout = round.json.balance_fen - (before - this.stake);
    expect(payout, `${this}: a round pays nothing or more`).toBeGreaterThanOrEqual(0);
    mm.venues[this.venue] = round.json.balance_fen;
    // the bet pull, once or more (the test's ghost venue, unknown to the provider, has no feed): the round is recorded once and fills the turnover owed once
    for (let i = 0; i < this.pulls; i++) expect((await r.t.venues.bets.pull()).failed.filter((v) => v !== GHOST), `${this}: pull`).toEqual([]);
    mm.owed = Math.max(0, mm.owed - this.stake);
    mm.unrebated[this.venue] += this.stake;
    mm.resultToday += payout - this.stake;
    tally('game round played');
    const bets = await r.t.ctx.db.selectFrom('bets').select(['member_id', 'bet_amount', 'valid_amount', 'win_loss', 'status']).where('platform', '=', this.venue).where('bet_id', '=', round.json.bet_id!).execute();
    expect(
      bets.map((b) => ({ ...b, member_id: Number(b.member_id), bet_amount: Number(b.bet_amount), valid_amount: Number(b.valid_amount), win_loss: Number(b.win_loss) })),
      `${this}: the bet recorded once`,
    ).toEqual([{ member_id: real.id, bet_amount: this.stake, valid_amount: this.stake, win_loss: payout - this.stake, status: 1 }]);
    await checkStep(m, r, this.toString());
  }
  toString = () => `game round(#${this.who}, ${this.venue}, ${this.percent}%${this.stake ? ` = ${this.stake}` : ''}, ${this.pulls} pull${this.pulls > 1 ? 's' : ''})`;
}

export function playCommands(): fc.Arbitrary<Cmd>[] {
  const round = fc
    .tuple(fc.nat({ max: 2 }), fc.constantFrom<keyof typeof SLOTS>('pp', 'fgdz'), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 2 }))
    .map(([w, v, p, n]) => new GameRound(w, v, p, n));
  return [round, round, round, round];
}
