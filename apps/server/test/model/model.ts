/**
 * The plain model of what the money paths should do (DESIGN.md section 9, issue 35): members'
 * central wallets, venue balances, withdrawal holds and turnover owed, and what each house
 * account should have moved, with nothing of the server's code in it. The commands
 * (commands.ts, commands-more.ts) drive the real server through its HTTP API and compare it with
 * this after every step (checks.ts).
 */
export const VENUES = ['pp', 'ag', 'fgdz'] as const;
export type Venue = (typeof VENUES)[number];

export interface ModelMember {
  name: string;
  central: number;
  venues: Record<Venue, number>;
  hold: number;
  owed: number;
  /** withdrawals submitted today and not rejected (the daily count) */
  withdrawalsToday: number;
  pending: { no: string; amount: number }[];
  /** manual (bank) deposit orders waiting for an operator */
  manual: { no: string; amount: number }[];
  /** adjustments waiting for a second operator */
  adjusting: { no: string; amount: number; multiple: number }[];
  /** on a break (responsible play): no deposit, no transfer into a venue */
  onBreak: boolean;
  /** the daily deposit limit in force (fen), and what today's orders count against it */
  depositLimit: number | null;
  depositUsed: number;
  /** every order, transfer, withdrawal and adjustment number with the one final state it reached */
  finals: Map<string, string>;
}

export interface Model {
  members: ModelMember[];
  /**
   * what each house and venue clearing account should have moved since the sequence began
   * (fen, by account code): money is conserved when the members' side moved the opposite way
   */
  house: Map<string, number>;
}

export const newModel = (): Model => ({ members: [], house: new Map() });

export function newMember(name: string): ModelMember {
  return { name, central: 0, venues: { pp: 0, ag: 0, fgdz: 0 }, hold: 0, owed: 0, withdrawalsToday: 0, pending: [], manual: [], adjusting: [], onBreak: false, depositLimit: null, depositUsed: 0, finals: new Map() };
}

/** the house (or a venue's clearing) account `code` moves by `fen` */
export function houseMoves(m: Model, code: string, fen: number) {
  m.house.set(code, (m.house.get(code) ?? 0) + fen);
}

/** records the final state of a number once: a second, different final state is a defect */
export function settle(m: ModelMember, no: string, state: string) {
  const before = m.finals.get(no);
  if (before !== undefined && before !== state) throw new Error(`${no} reached ${state} after ${before}`);
  m.finals.set(no, state);
}

/** may the member open a deposit order of `fen` now? null when yes, else why not */
export function depositRefusal(mm: ModelMember, fen: number): string | null {
  if (mm.onBreak) return 'on a break';
  if (mm.depositLimit !== null && fen > mm.depositLimit - mm.depositUsed) return `past the limit ${mm.depositLimit} (used ${mm.depositUsed})`;
  return null;
}

export const yuan = (fen: number) => fen / 100;
export const pick = <T>(list: T[], i: number) => list[i % list.length]!;
