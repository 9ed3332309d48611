/**
 * Commission arithmetic of the affiliate programme (DESIGN.md section 12), pure: no database,
 * all money integer fen, rates in basis points (3000 = 30%).
 *
 * Decisions, fixed here so the statement job, the portal's projection and the tests agree:
 * - The tier is chosen by the month's OWN figures: its active members and its own net profit
 *   (before carryover). A row is reached when both reach its minimums; of the rows reached the
 *   one with the highest rate wins (for a plan whose rows rise together, as the default does,
 *   that is the last row reached). No row reached (no active member): rate 0.
 * - The rate applies to the base = net profit + carry in (carry in is 0 or negative, and only
 *   with carryover on). DESIGN's month 3: net 9,000 reaches row 1 (30%), base 9,000 - 4,000 =
 *   5,000, commission 1,500.
 * - Commission = floor(base x rate), never below 0 (rounded down to the fen: the house never
 *   pays a fraction it did not owe).
 * - Carry out = the base when it is negative (carryover on), else 0: a later month's profit
 *   absorbs the loss whether or not it reaches a tier. With carryover off nothing is carried in
 *   or out.
 * - The upline's override = floor(override rate x the sub-agent's commission), paid by the house
 *   on top (it is not taken from the sub-agent).
 */

export interface PlanRow {
  min_active: number;
  /** fen */
  min_net_profit: number;
  /** basis points */
  rate_bp: number;
}

export interface CommissionInput {
  rows: readonly PlanRow[];
  /** the month's active members (valid bets of at least 500 yuan in the month) */
  active: number;
  /** the month's own net profit, fen (may be negative) */
  net: number;
  /** the previous month's carry out, fen (0 or negative) */
  carryIn: number;
  carryover: boolean;
}

export interface Commission {
  /** 1-based position of the row reached in the plan sorted by its minimums; 0 = none */
  tier: number;
  /** the row reached, or null */
  row: PlanRow | null;
  rate_bp: number;
  /** the carry in that counted (0 with carryover off) */
  carry_in: number;
  /** net + carry in, fen */
  base: number;
  /** fen, rounded down, >= 0 */
  commission: number;
  /** fen, 0 or negative */
  carry_out: number;
}

const BP = 10_000;

/** The plan's rows in the order operators read them: by minimum active members, then net profit. */
export function sortedRows(rows: readonly PlanRow[]): PlanRow[] {
  return [...rows].sort((a, b) => a.min_active - b.min_active || a.min_net_profit - b.min_net_profit || a.rate_bp - b.rate_bp);
}

/** The row reached by `active` members and `net` fen (the highest rate of those reached), with its 1-based position. */
export function tierOf(rows: readonly PlanRow[], active: number, net: number): { tier: number; row: PlanRow | null } {
  const sorted = sortedRows(rows);
  let best: { tier: number; row: PlanRow | null } = { tier: 0, row: null };
  sorted.forEach((row, i) => {
    if (active >= row.min_active && net >= row.min_net_profit && (best.row === null || row.rate_bp >= best.row.rate_bp)) best = { tier: i + 1, row };
  });
  return best;
}

/** floor(amount x bp / 10,000) for amount >= 0, exact in integers (fen x bp stays far below 2^53). */
export function shareOf(amount: number, bp: number): number {
  if (amount <= 0 || bp <= 0) return 0;
  return Math.floor((amount * bp) / BP);
}

export function computeCommission(i: CommissionInput): Commission {
  assertFen(i.net, 'net');
  assertFen(i.carryIn, 'carryIn');
  const carryIn = i.carryover ? Math.min(0, i.carryIn) : 0;
  const base = i.net + carryIn;
  const { tier, row } = tierOf(i.rows, i.active, i.net);
  const rate = row?.rate_bp ?? 0;
  return {
    tier,
    row,
    rate_bp: rate,
    carry_in: carryIn,
    base,
    commission: shareOf(base, rate),
    carry_out: i.carryover && base < 0 ? base : 0,
  };
}

/** The upline's override of one sub-agent's commission (fen, rounded down). */
export function overrideOf(commission: number, overrideBp: number): number {
  assertFen(commission, 'commission');
  return shareOf(commission, overrideBp);
}

function assertFen(n: number, name: string) {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be integer fen, got ${n}`);
}
