import { describe, expect, it } from 'vitest';
import * as baccarat from './baccarat/engine.ts';
import * as fishing from './fishing/engine.ts';
import * as k3 from './k3/engine.ts';
import * as niuniu from './niuniu/engine.ts';
import { cryptoRng } from './rng.ts';
import * as slots from './slots/engine.ts';

/** House edges as documented in apps/sandbox/README.md, checked by exact maths or simulation. */
describe('house edge', () => {
  it('slots: exact RTP 96.03%, and 200,000 simulated spins land near it', () => {
    expect(slots.theoreticalRtp()).toBeCloseTo(0.9603, 4);
    let staked = 0;
    let paid = 0;
    for (let i = 0; i < 200_000; i++) {
      const r = slots.spin(1000, cryptoRng);
      staked += 1000;
      paid += r.payout_fen;
    }
    // one spin's return has a standard deviation of about 3.1 stakes: 4.5 standard errors is ±3.1%
    expect(paid / staked).toBeGreaterThan(0.929);
    expect(paid / staked).toBeLessThan(0.991);
  });

  it('slots: a win pays the longest left run with wilds substituting', () => {
    expect(slots.linePay([1, 1, 1, 4, 4])).toEqual({ symbol: 1, count: 3, pay: 50 });
    expect(slots.linePay([0, 1, 0, 1, 5])).toEqual({ symbol: 1, count: 4, pay: 200 });
    expect(slots.linePay([0, 0, 0, 0, 0])).toEqual({ symbol: 0, count: 5, pay: 1500 });
    expect(slots.linePay([0, 0, 0, 8, 2])).toEqual({ symbol: 0, count: 3, pay: 60 });
    expect(slots.linePay([4, 5, 4, 4, 4])).toBeNull();
  });

  it('fishing: every fish returns exactly 95% per shot', () => {
    for (const f of fishing.FISH) expect((fishing.RTP_PERCENT / (100 * f.mult)) * f.mult).toBeCloseTo(0.95, 12);
    let paid = 0;
    for (let i = 0; i < 100_000; i++) paid += fishing.shoot('clown', 100, cryptoRng).payout;
    expect(paid / (100 * 100_000)).toBeGreaterThan(0.93);
    expect(paid / (100 * 100_000)).toBeLessThan(0.97);
  });

  it('k3: 2.78% on big/small/odd/even, about 5% on the rest (exact enumeration)', () => {
    for (const b of ['big', 'small', 'odd', 'even']) expect(k3.houseEdge(b)).toBeCloseTo(1 / 36, 10);
    for (const b of k3.K3_BETS.filter((x) => !['big', 'small', 'odd', 'even'].includes(x))) {
      expect(k3.houseEdge(b)).toBeGreaterThanOrEqual(0.0499);
      expect(k3.houseEdge(b)).toBeLessThan(0.052);
    }
  });

  it('niuniu: a seat beats the banker half the time, so the edge is 2.5%', () => {
    let wins = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) if (niuniu.playRound(cryptoRng).seats.tian.wins) wins++;
    expect(wins / n).toBeGreaterThan(0.485);
    expect(wins / n).toBeLessThan(0.515);
    expect(1 - 0.5 * (niuniu.WIN_RETURN_X100 / 100)).toBeCloseTo(0.025, 10);
  });

  it('niuniu: hand names', () => {
    const c = (rank: number, suit = 0) => ({ rank, suit });
    expect(niuniu.evaluate([c(10), c(11), c(12), c(3), c(7)]).name).toBe('牛牛');
    expect(niuniu.evaluate([c(2), c(3), c(5), c(4), c(4, 1)]).name).toBe('牛八');
    expect(niuniu.evaluate([c(1), c(2), c(4), c(6, 1), c(9)]).name).toBe('无牛');
    expect(niuniu.evaluate([c(11), c(12), c(13), c(11, 1), c(13, 2)]).name).toBe('五花牛');
  });

  it('baccarat: 300,000 hands land near the published 8-deck figures', () => {
    let player = 0;
    let banker = 0;
    let tie = 0;
    const n = 300_000;
    for (let i = 0; i < n; i++) {
      const h = baccarat.playHand(cryptoRng);
      if (h.winner === 'player') player++;
      else if (h.winner === 'banker') banker++;
      else tie++;
    }
    // win probabilities of an 8-deck shoe: banker 45.86%, player 44.62%, tie 9.52%
    expect(banker / n).toBeCloseTo(0.4586, 2);
    expect(player / n).toBeCloseTo(0.4462, 2);
    expect(tie / n).toBeCloseTo(0.0952, 2);
    const bankerEdge = 1 - (1.95 * banker + tie) / n;
    expect(bankerEdge).toBeGreaterThan(0.002);
    expect(bankerEdge).toBeLessThan(0.02);
  });
});
