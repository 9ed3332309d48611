import type { Rng } from '../rng.ts';

/**
 * 5-reel, 3-row video slot with 10 fixed paylines. Each reel stops at a uniform random
 * position of its strip; a line pays the longest left-to-right run of one symbol (wilds
 * substitute) times the line bet, and the line bet is a tenth of the stake.
 * The return to player is exact: see theoreticalRtp().
 */
export const SYMBOLS = ['W', 'H1', 'H2', 'H3', 'A', 'K', 'Q', 'J', 'T'] as const;
export type Sym = number; // index into SYMBOLS; 0 is the wild
const WILD = 0;

/** pay for 3, 4 and 5 in a row, in line bets */
export const PAYS: [number, number, number][] = [
  [60, 300, 1500], // W
  [50, 200, 800], // H1
  [35, 130, 500], // H2
  [25, 85, 330], // H3
  [18, 50, 200], // A
  [14, 40, 160], // K
  [10, 35, 140], // Q
  [7, 27, 100], // J
  [7, 20, 80], // T
];

/** how many of each symbol (in SYMBOLS order) each reel's strip holds */
const COUNTS: number[][] = [
  [2, 3, 3, 4, 5, 5, 6, 6, 6],
  [2, 3, 4, 4, 5, 5, 6, 6, 6],
  [2, 3, 4, 4, 5, 6, 6, 6, 7],
  [2, 3, 4, 4, 5, 6, 6, 7, 7],
  [2, 3, 4, 5, 5, 6, 6, 7, 7],
];

/** rows read on each reel (0 top, 1 middle, 2 bottom) by each of the 10 lines */
export const LINES: number[][] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
];

export const STAKES_FEN = [100, 200, 500, 1000, 2000, 5000, 10000];

/** spreads each symbol evenly along the strip so stacks look natural */
function buildStrip(counts: number[]): Sym[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const slots: { s: Sym; key: number }[] = [];
  counts.forEach((n, s) => {
    for (let i = 0; i < n; i++) slots.push({ s, key: (i + 0.5 + s * 0.37) / n });
  });
  slots.sort((a, b) => a.key - b.key || a.s - b.s);
  const strip = slots.map((x) => x.s);
  if (strip.length !== total) throw new Error('strip');
  return strip;
}

export const STRIPS: Sym[][] = COUNTS.map(buildStrip);

/** pay (in line bets) for one line's five symbols */
export function linePay(line: Sym[]): { symbol: Sym; count: number; pay: number } | null {
  // run of wilds from the left: pays as wilds
  let wilds = 0;
  while (wilds < 5 && line[wilds] === WILD) wilds++;
  const wildPay = wilds >= 3 ? PAYS[WILD][wilds - 3] : 0;
  // run of the first other symbol, wilds substituting
  let best = wilds >= 3 ? { symbol: WILD, count: wilds, pay: wildPay } : null;
  if (wilds < 5) {
    const s = line[wilds];
    let n = wilds;
    while (n < 5 && (line[n] === s || line[n] === WILD)) n++;
    if (n >= 3) {
      const pay = PAYS[s][n - 3];
      if (!best || pay > best.pay) best = { symbol: s, count: n, pay };
    }
  }
  return best;
}

export interface SpinResult {
  /** grid[reel][row] */
  grid: Sym[][];
  stops: number[];
  wins: { line: number; symbol: Sym; count: number; pay_fen: number }[];
  payout_fen: number;
}

export function spin(stakeFen: number, rng: Rng): SpinResult {
  const lineBet = stakeFen / LINES.length;
  const stops = STRIPS.map((s) => rng.int(s.length));
  const grid = STRIPS.map((strip, r) => [0, 1, 2].map((row) => strip[(stops[r] + row) % strip.length]));
  const wins: SpinResult['wins'] = [];
  LINES.forEach((rows, i) => {
    const hit = linePay(rows.map((row, reel) => grid[reel][row]));
    if (hit) wins.push({ line: i, symbol: hit.symbol, count: hit.count, pay_fen: hit.pay * lineBet });
  });
  return { grid, stops, wins, payout_fen: wins.reduce((a, w) => a + w.pay_fen, 0) };
}

let rtpCache: number | undefined;
/**
 * Exact return to player. Each line reads one uniformly random position per reel, reels are
 * independent, so every line's expected pay is the same sum over the 9^5 symbol sequences.
 */
export function theoreticalRtp(): number {
  if (rtpCache !== undefined) return rtpCache;
  const probs = COUNTS.map((c) => {
    const total = c.reduce((a, b) => a + b, 0);
    return c.map((n) => n / total);
  });
  let ev = 0;
  const seq: Sym[] = [0, 0, 0, 0, 0];
  const walk = (reel: number, p: number) => {
    if (reel === 5) {
      const hit = linePay(seq);
      if (hit) ev += p * hit.pay;
      return;
    }
    for (let s = 0; s < SYMBOLS.length; s++) {
      seq[reel] = s;
      walk(reel + 1, p * probs[reel][s]);
    }
  };
  walk(0, 1);
  // a line bet is 1/10 of the stake and there are 10 lines: RTP = one line's EV in line bets
  rtpCache = ev;
  return ev;
}
