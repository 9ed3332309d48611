import type { Rng } from '../rng.ts';

/**
 * Fish shooting: every shot costs the cannon's bet and is aimed at one fish. A fish worth
 * m times the bet is caught with probability 0.95 / m, so every shot returns 95% on
 * average whichever fish it hits: house edge 5% exactly.
 */
export const RTP_PERCENT = 95;

export const FISH = [
  { kind: 'clown', name: '小丑鱼', mult: 2 },
  { kind: 'tang', name: '蓝倒吊', mult: 3 },
  { kind: 'lantern', name: '灯笼鱼', mult: 5 },
  { kind: 'puffer', name: '河豚', mult: 8 },
  { kind: 'turtle', name: '海龟', mult: 10 },
  { kind: 'ray', name: '魔鬼鱼', mult: 15 },
  { kind: 'hammer', name: '锤头鲨', mult: 20 },
  { kind: 'shark', name: '大白鲨', mult: 30 },
  { kind: 'dragon', name: '黄金龙', mult: 50 },
  { kind: 'whale', name: '黄金鲸', mult: 100 },
] as const;
export type FishKind = (typeof FISH)[number]['kind'];

export const CANNON_FEN = [10, 20, 50, 100, 200, 500, 1000];

export function shoot(kind: FishKind, betFen: number, rng: Rng) {
  const fish = FISH.find((f) => f.kind === kind)!;
  // P(catch) = 95 / (100 m), drawn as an integer in [0, 100 m)
  const caught = rng.int(100 * fish.mult) < RTP_PERCENT;
  return { fish, caught, payout: caught ? betFen * fish.mult : 0 };
}
