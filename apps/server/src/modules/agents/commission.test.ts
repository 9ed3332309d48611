import { describe, expect, it } from 'vitest';
import { computeCommission, overrideOf, tierOf, type PlanRow } from './commission.ts';

/** yuan -> fen, to write the tables as DESIGN.md does */
const y = (yuan: number) => yuan * 100;

/** the default plan (the agent page's table): rows as minimums */
const DEFAULT: PlanRow[] = [
  { min_active: 1, min_net_profit: 0, rate_bp: 3000 },
  { min_active: 6, min_net_profit: y(10_000), rate_bp: 3500 },
  { min_active: 21, min_net_profit: y(100_000), rate_bp: 4000 },
  { min_active: 51, min_net_profit: y(500_000), rate_bp: 4500 },
];

describe('commission arithmetic (hand-computed tables)', () => {
  it("DESIGN.md 12's worked example: 5,400 / 0 carrying -4,000 / 1,500, override 540, 0, 150", () => {
    // month 1: GGR 20,000 - bonuses 1,000 - rebates 500 - red packets 200 - fee 1% of 30,000 deposits = 18,000
    const net1 = y(20_000) - y(1_000) - y(500) - y(200) - y(300);
    expect(net1).toBe(y(18_000));
    const m1 = computeCommission({ rows: DEFAULT, active: 3, net: net1, carryIn: 0, carryover: true });
    expect(m1).toMatchObject({ tier: 1, rate_bp: 3000, base: y(18_000), commission: y(5_400), carry_out: 0 });
    const m2 = computeCommission({ rows: DEFAULT, active: 3, net: y(-4_000), carryIn: m1.carry_out, carryover: true });
    expect(m2).toMatchObject({ commission: 0, carry_out: y(-4_000), base: y(-4_000) });
    const m3 = computeCommission({ rows: DEFAULT, active: 3, net: y(9_000), carryIn: m2.carry_out, carryover: true });
    expect(m3).toMatchObject({ tier: 1, rate_bp: 3000, carry_in: y(-4_000), base: y(5_000), commission: y(1_500), carry_out: 0 });
    expect([m1, m2, m3].map((m) => overrideOf(m.commission, 1000))).toEqual([y(540), 0, y(150)]);
  });

  it('tiers: both thresholds must be reached, at their edges', () => {
    const table: [active: number, netYuan: number, tier: number, rate: number][] = [
      [0, 50_000, 0, 0], // no active member: no row
      [1, 0, 1, 3000], // row 1 at its edges (net 0 reaches 0)
      [1, -0.01, 0, 0], // one fen below row 1's net: no row (its commission would be 0 anyway)
      [5, 10_000, 1, 3000], // net reaches row 2, members one short
      [6, 9_999.99, 1, 3000], // members reach row 2, net one fen short
      [6, 10_000, 2, 3500], // both at row 2's edges
      [20, 100_000, 2, 3500],
      [21, 99_999.99, 2, 3500],
      [21, 100_000, 3, 4000],
      [50, 10_000_000, 3, 4000],
      [51, 499_999.99, 3, 4000],
      [51, 500_000, 4, 4500],
      [500, 9_000_000, 4, 4500],
    ];
    for (const [active, net, tier, rate] of table) {
      const fen = Math.round(net * 100);
      expect({ active, net, ...tierOf(DEFAULT, active, fen) }).toMatchObject({ active, net, tier, row: rate ? { rate_bp: rate } : null });
    }
  });

  it('commission at each tier, rounded down to the fen', () => {
    const table: [active: number, netFen: number, commissionFen: number][] = [
      [6, y(10_000), y(3_500)],
      [21, y(100_000), y(40_000)],
      [51, y(500_000), y(225_000)],
      [1, 3, 0], // 30% of 3 fen = 0.9 fen -> 0
      [1, 7, 2], // 2.1 -> 2
      [6, y(10_000) + 1, y(3_500)], // 35% of 1 fen more = 0.35 -> nothing more
      [51, y(500_000) + 3, y(225_000) + 1], // 1.35 -> 1
    ];
    for (const [active, net, commission] of table) {
      expect({ active, net, c: computeCommission({ rows: DEFAULT, active, net, carryIn: 0, carryover: true }).commission }).toEqual({ active, net, c: commission });
    }
  });

  it('the tier comes from the month\'s own net, the rate applies to the base after carryover', () => {
    // net 120,000 with 25 members reaches row 3 (40%) even though the base 120,000 - 30,000 = 90,000 would not
    const c = computeCommission({ rows: DEFAULT, active: 25, net: y(120_000), carryIn: y(-30_000), carryover: true });
    expect(c).toMatchObject({ tier: 3, rate_bp: 4000, base: y(90_000), commission: y(36_000), carry_out: 0 });
    // a profit that does not cover the carried loss: no commission, the rest carried on
    const d = computeCommission({ rows: DEFAULT, active: 25, net: y(1_000), carryIn: y(-30_000), carryover: true });
    expect(d).toMatchObject({ tier: 1, base: y(-29_000), commission: 0, carry_out: y(-29_000) });
    // a profit without an active member still absorbs the carried loss
    const e = computeCommission({ rows: DEFAULT, active: 0, net: y(5_000), carryIn: y(-2_000), carryover: true });
    expect(e).toMatchObject({ tier: 0, rate_bp: 0, base: y(3_000), commission: 0, carry_out: 0 });
  });

  it('carryover off: nothing carried in or out', () => {
    const m2 = computeCommission({ rows: DEFAULT, active: 3, net: y(-4_000), carryIn: 0, carryover: false });
    expect(m2).toMatchObject({ commission: 0, carry_out: 0 });
    // a carry in handed over by mistake is ignored
    const m3 = computeCommission({ rows: DEFAULT, active: 3, net: y(9_000), carryIn: y(-4_000), carryover: false });
    expect(m3).toMatchObject({ carry_in: 0, base: y(9_000), commission: y(2_700), carry_out: 0 });
    expect(overrideOf(m3.commission, 1000)).toBe(y(270));
  });

  it('carryover across three losing and winning months', () => {
    const nets = [y(-1_000), y(-2_500), y(10_000)];
    let carry = 0;
    const out = nets.map((net) => {
      const c = computeCommission({ rows: DEFAULT, active: 8, net, carryIn: carry, carryover: true });
      carry = c.carry_out;
      return [c.base, c.commission, c.carry_out];
    });
    // month 3 reaches row 2 by its own net (10,000, 8 members): 35% of 10,000 - 3,500 = 6,500
    expect(out).toEqual([
      [y(-1_000), 0, y(-1_000)],
      [y(-3_500), 0, y(-3_500)],
      [y(6_500), y(2_275), 0],
    ]);
  });

  it('plans whose rows are not in order, and the override', () => {
    const shuffled = [DEFAULT[2], DEFAULT[0], DEFAULT[3], DEFAULT[1]];
    expect(tierOf(shuffled, 30, y(200_000))).toMatchObject({ tier: 3, row: { rate_bp: 4000 } });
    expect(overrideOf(y(1_234.56), 1000)).toBe(12_345); // 10% of 123,456 fen = 12,345.6 -> 12,345
    expect(overrideOf(0, 1000)).toBe(0);
    expect(overrideOf(y(100), 0)).toBe(0);
    expect(() => computeCommission({ rows: DEFAULT, active: 1, net: 1.5, carryIn: 0, carryover: true })).toThrow(RangeError);
  });
});
