import type { Selectable } from 'kysely';
import type { VipLevelsTable } from '../../db/schema.ts';

export type VipLevel = Selectable<VipLevelsTable>;
export type RateColumn = 'realperson_bp' | 'sport_bp' | 'e_sport_bp' | 'joker_bp' | 'electron_bp' | 'lottery_bp';

/** bet category_id (spec section 3) -> the VIP table's rate column; fishing is the operator's choice */
const CATEGORY_RATE: Record<string, RateColumn> = {
  realbet: 'realperson_bp',
  sport: 'sport_bp',
  gaming: 'e_sport_bp',
  joker: 'joker_bp',
  concise: 'electron_bp',
  lottery: 'lottery_bp',
};

export function rateColumn(category: string, fishingAs: string): RateColumn | null {
  if (category === 'fishing') return `${fishingAs}_bp` as RateColumn;
  return CATEGORY_RATE[category] ?? null;
}

/**
 * The rates a member earns: those of the member's level; a member below VIP1 earns VIP1's
 * (decisions.md: every member gets a rebate from the first day).
 */
export function levelFor(levels: VipLevel[], vip: number): VipLevel | undefined {
  const sorted = [...levels].sort((a, b) => Number(a.level) - Number(b.level));
  let found: VipLevel | undefined = sorted[0];
  for (const l of sorted) if (Number(l.level) <= vip) found = l;
  return found;
}

/**
 * Rebate of one member's day at one venue: the sum over categories of valid x rate, rounded
 * down to the fen once (basis points: 80 = 0.80 %).
 */
export function rebateFen(byCategory: { category: string; valid: number }[], level: VipLevel | undefined, fishingAs: string): number {
  if (!level) return 0;
  let numerator = 0n;
  for (const c of byCategory) {
    const col = rateColumn(c.category, fishingAs);
    if (!col) continue;
    numerator += BigInt(c.valid) * BigInt(Number(level[col]));
  }
  return Number(numerator / 10000n);
}
