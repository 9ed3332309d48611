import { cardText } from '../cards.ts';
import { TableHistory } from '../history.ts';
import { insufficient, PlayError, stake, yuan, type Action } from '../play.ts';
import { cryptoRng } from '../rng.ts';
import { playRound, SEAT_NAMES, SEATS, settle, type Seat } from './engine.ts';

const trend = new TableHistory<Record<Seat, boolean>>(20, () => {
  const r = playRound(cryptoRng);
  return Object.fromEntries(SEATS.map((s) => [s, r.seats[s].wins])) as Record<Seat, boolean>;
});

export const niuniuActions: Record<string, Action> = {
  state(ctx) {
    return { trend: trend.get(ctx.game.code) };
  },
  async deal(ctx, body) {
    const raw = (body.bets ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).some((k) => !SEATS.includes(k as Seat))) {
      throw new PlayError('bad_bet', '下注内容不正确');
    }
    const bets: Partial<Record<Seat, number>> = {};
    let total = 0;
    for (const s of SEATS) {
      const v = stake(raw[s], 100, true);
      if (v) bets[s] = v;
      total += v;
    }
    if (total <= 0) throw new PlayError('bad_bet', '请先下注');
    const round = playRound(ctx.rng);
    const { payout, valid } = settle(round, bets);
    const seats = SEATS.filter((s) => bets[s])
      .map((s) => `${SEAT_NAMES[s]}${yuan(bets[s]!)}（${round.seats[s].name}${round.seats[s].wins ? '胜' : '负'}）`)
      .join(' ');
    const detail = `庄 ${round.banker.cards.map(cardText).join(' ')}（${round.banker.name}） · ${seats}`;
    const res = await ctx.rounds.playRound({ username: ctx.username, game: ctx.game, stake: total, payout, valid, detail }, ctx.now);
    if (!res.ok) throw insufficient();
    trend.push(ctx.game.code, Object.fromEntries(SEATS.map((s) => [s, round.seats[s].wins])) as Record<Seat, boolean>);
    return { bet_id: res.bet_id, round, stake_fen: total, payout_fen: payout, balance_fen: res.balance };
  },
};
