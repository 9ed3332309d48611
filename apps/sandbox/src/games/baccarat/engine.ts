import { deal, type Card } from '../cards.ts';
import type { Rng } from '../rng.ts';

/**
 * Punto banco dealt from a freshly shuffled 8-deck shoe each hand, with the standard
 * third-card rules. Returns (stake included) per bet when it wins; banker and player bets
 * are returned (pushed) on a tie.
 */
export type BaccaratBet = 'player' | 'banker' | 'tie' | 'player_pair' | 'banker_pair';
export const BACCARAT_BETS: readonly BaccaratBet[] = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'];

/** total returned per unit staked on a win, in hundredths (banker pays 0.95:1) */
export const RETURN_X100: Record<BaccaratBet, number> = {
  player: 200,
  banker: 195,
  tie: 900,
  player_pair: 1200,
  banker_pair: 1200,
};

/** house edge per bet for an 8-deck shoe (the published figures; README) */
export const HOUSE_EDGE: Record<BaccaratBet, number> = {
  player: 0.0124,
  banker: 0.0106,
  tie: 0.1436,
  player_pair: 0.1036,
  banker_pair: 0.1036,
};

const point = (c: Card) => (c.rank >= 10 ? 0 : c.rank);
const total = (cards: Card[]) => cards.reduce((a, c) => a + point(c), 0) % 10;

/** does the banker draw, given its two-card total and the player's third card (null if none) */
function bankerDraws(banker: number, playerThird: Card | null): boolean {
  if (playerThird === null) return banker <= 5;
  const t = point(playerThird);
  switch (banker) {
    case 0: case 1: case 2: return true;
    case 3: return t !== 8;
    case 4: return t >= 2 && t <= 7;
    case 5: return t >= 4 && t <= 7;
    case 6: return t === 6 || t === 7;
    default: return false;
  }
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  player_total: number;
  banker_total: number;
  winner: 'player' | 'banker' | 'tie';
  player_pair: boolean;
  banker_pair: boolean;
}

export function playHand(rng: Rng): BaccaratHand {
  const shoe = deal(6, 8, rng);
  let next = 0;
  const draw = () => shoe[next++];
  // dealt alternately: player, banker, player, banker
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const p2 = total(player);
  const b2 = total(banker);
  if (p2 < 8 && b2 < 8) {
    let third: Card | null = null;
    if (p2 <= 5) {
      third = draw();
      player.push(third);
    }
    if (bankerDraws(b2, third)) banker.push(draw());
  }
  const pt = total(player);
  const bt = total(banker);
  return {
    player,
    banker,
    player_total: pt,
    banker_total: bt,
    winner: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    player_pair: player[0].rank === player[1].rank,
    banker_pair: banker[0].rank === banker[1].rank,
  };
}

/** what the bets return; `valid` leaves out stakes pushed by a tie */
export function settle(hand: BaccaratHand, bets: Partial<Record<BaccaratBet, number>>) {
  let payout = 0;
  let valid = 0;
  for (const bet of BACCARAT_BETS) {
    const stake = bets[bet] ?? 0;
    if (!stake) continue;
    const pushed = hand.winner === 'tie' && (bet === 'player' || bet === 'banker');
    if (pushed) {
      payout += stake;
      continue;
    }
    valid += stake;
    const wins =
      bet === 'tie' ? hand.winner === 'tie'
      : bet === 'player' || bet === 'banker' ? hand.winner === bet
      : bet === 'player_pair' ? hand.player_pair
      : hand.banker_pair;
    if (wins) payout += (stake * RETURN_X100[bet]) / 100;
  }
  return { payout, valid };
}
