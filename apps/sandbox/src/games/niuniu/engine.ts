import { deal, type Card } from '../cards.ts';
import type { Rng } from '../rng.ts';

/**
 * 百人牛牛: the house banker and four seats (天 地 玄 黄) get five cards each from one deck.
 * Players back seats; a seat that beats the banker returns the stake plus 0.95 of it (5%
 * commission on wins), a seat that loses takes the stake. Hands are totally ordered (ties
 * broken by the highest card, suits included), and the banker's and a seat's hands are
 * exchangeable, so a seat wins exactly half the time: house edge 2.5% exactly.
 */
export const SEATS = ['tian', 'di', 'xuan', 'huang'] as const;
export type Seat = (typeof SEATS)[number];
export const SEAT_NAMES: Record<Seat, string> = { tian: '天', di: '地', xuan: '玄', huang: '黄' };
export const WIN_RETURN_X100 = 195;

export interface NiuHand {
  cards: Card[];
  /** 0 无牛, 1-9 牛一..牛九, 10 牛牛, 11 五花牛, 12 炸弹, 13 五小牛 */
  rank: number;
  name: string;
  /** compares hands: higher wins */
  score: number;
}

const value = (c: Card) => Math.min(c.rank, 10);
const NAMES = ['无牛', '牛一', '牛二', '牛三', '牛四', '牛五', '牛六', '牛七', '牛八', '牛九', '牛牛', '五花牛', '炸弹', '五小牛'];

export function evaluate(cards: Card[]): NiuHand {
  const vals = cards.map(value);
  const sum = vals.reduce((a, b) => a + b, 0);
  let rank = 0;
  if (cards.every((c) => c.rank < 5) && sum <= 10) rank = 13;
  else if (cards.some((c) => cards.filter((d) => d.rank === c.rank).length === 4)) rank = 12;
  else if (cards.every((c) => c.rank > 10)) rank = 11;
  else {
    // a "niu": any three cards summing to a multiple of ten; the other two give the points
    outer: for (let i = 0; i < 5; i++)
      for (let j = i + 1; j < 5; j++)
        for (let k = j + 1; k < 5; k++)
          if ((vals[i] + vals[j] + vals[k]) % 10 === 0) {
            const rest = (sum - vals[i] - vals[j] - vals[k]) % 10;
            rank = rest === 0 ? 10 : rest;
            break outer;
          }
  }
  const top = cards.reduce((best, c) => (c.rank * 4 + c.suit > best.rank * 4 + best.suit ? c : best));
  return { cards, rank, name: NAMES[rank], score: rank * 100 + top.rank * 4 + top.suit };
}

export interface NiuRound {
  banker: NiuHand;
  seats: Record<Seat, NiuHand & { wins: boolean }>;
}

export function playRound(rng: Rng): NiuRound {
  const cards = deal(25, 1, rng);
  const banker = evaluate(cards.slice(0, 5));
  const seats = Object.fromEntries(
    SEATS.map((s, i) => {
      const h = evaluate(cards.slice(5 + i * 5, 10 + i * 5));
      return [s, { ...h, wins: h.score > banker.score }];
    }),
  ) as NiuRound['seats'];
  return { banker, seats };
}

export function settle(round: NiuRound, bets: Partial<Record<Seat, number>>) {
  let payout = 0;
  let valid = 0;
  for (const s of SEATS) {
    const stake = bets[s] ?? 0;
    valid += stake;
    if (stake && round.seats[s].wins) payout += (stake * WIN_RETURN_X100) / 100;
  }
  return { payout, valid };
}
