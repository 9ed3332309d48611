import type { Rng } from '../rng.ts';

/**
 * 快3: three dice per draw. 大/小/单/双 pay even money and lose to any triple (edge 1/36,
 * 2.78%); the sum bets 4..17 and the triple bets return floor(0.95 x 216 / ways) in
 * hundredths, so their edge is 5% or a hair above.
 */
export type K3Bet = 'big' | 'small' | 'odd' | 'even' | 'triple_any' | `sum_${number}` | `triple_${number}`;

/** ways of rolling each sum with three dice (out of 216) */
const WAYS: Record<number, number> = {};
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) WAYS[a + b + c] = (WAYS[a + b + c] ?? 0) + 1;

const fair95 = (ways: number) => Math.floor((0.95 * 216 * 100) / ways);

/** total returned per unit staked on a win, in hundredths */
export const RETURN_X100: Record<string, number> = { big: 200, small: 200, odd: 200, even: 200, triple_any: fair95(6) };
for (let s = 4; s <= 17; s++) RETURN_X100[`sum_${s}`] = fair95(WAYS[s]);
for (let d = 1; d <= 6; d++) RETURN_X100[`triple_${d}`] = fair95(1);

export const K3_BETS = Object.keys(RETURN_X100) as K3Bet[];

/** probability that a bet wins, out of 216 */
export function winningWays(bet: string): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (wins(bet, [a, b, c])) n++;
  return n;
}

export function houseEdge(bet: string): number {
  return 1 - (winningWays(bet) * RETURN_X100[bet]) / 100 / 216;
}

export function wins(bet: string, dice: number[]): boolean {
  const sum = dice[0] + dice[1] + dice[2];
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  switch (bet) {
    case 'big': return !triple && sum >= 11;
    case 'small': return !triple && sum <= 10;
    case 'odd': return !triple && sum % 2 === 1;
    case 'even': return !triple && sum % 2 === 0;
    case 'triple_any': return triple;
  }
  if (bet.startsWith('sum_')) return sum === Number(bet.slice(4));
  if (bet.startsWith('triple_')) return triple && dice[0] === Number(bet.slice(7));
  return false;
}

export const roll = (rng: Rng) => [1 + rng.int(6), 1 + rng.int(6), 1 + rng.int(6)];

export function settle(dice: number[], bets: { bet: string; stake: number }[]) {
  let payout = 0;
  for (const b of bets) if (wins(b.bet, dice)) payout += (b.stake * RETURN_X100[b.bet]) / 100;
  return { payout, valid: bets.reduce((a, b) => a + b.stake, 0) };
}
