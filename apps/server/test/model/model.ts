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
  /** their sum, fen (the daily maximum) */
  withdrawnToday: number;
  /** withdrawals waiting for a decision, with the model day they were made on */
  pending: { no: string; amount: number; day: number }[];
  /** manual (bank) deposit orders waiting for an operator, with the model day they were made on */
  manual: { no: string; amount: number; day: number }[];
  /** adjustments waiting for a second operator */
  adjusting: { no: string; amount: number; multiple: number }[];
  /** on a break (responsible play): no deposit, no transfer into a venue */
  onBreak: boolean;
  breakKind: 'timeout' | 'exclusion' | null;
  /** the member's limit changes: each in force from model day `day` (a raise or a removal, null, cools off for a day) */
  limitChanges: { kind: 'deposit' | 'loss'; amount: number | null; day: number }[];
  /** the daily deposit limit in force (fen), and what today's orders count against it */
  depositLimit: number | null;
  depositUsed: number;
  /** every order, transfer, withdrawal and adjustment number with the one final state it reached */
  finals: Map<string, string>;
  /** valid stakes of settled rounds not yet in a rebate run, by venue (fen) */
  unrebated: Record<Venue, number>;
  /** rebate settled and not yet claimed (fen) */
  rebateOwed: number;
  /** the net result of today's settled rounds (fen; negative: a loss), as the loss limit counts it */
  resultToday: number;
  /** the daily loss limit in force (fen) */
  lossLimit: number | null;
  /** each credited deposit with the real time bracket it was credited in (the red packets' deposit window) */
  credits: { fen: number; from: number; to: number }[];
  /** red-packet grabs by promotions day */
  grabs: Map<string, number>;
  /** pending activity applications: activity id -> application number */
  applying: Map<number, string>;
  /** agent statements waiting for a decision: number and total (fen); the member is an agent when agentId is set */
  agentId: number | null;
  statements: { id: number; no: string; total: number }[];
}

export interface Model {
  members: ModelMember[];
  /**
   * what each house and venue clearing account should have moved since the sequence began
   * (fen, by account code): money is conserved when the members' side moved the opposite way
   */
  house: Map<string, number>;
  /** the days that passed for the sequence's members (DayPasses) */
  days: number;
}

export const newModel = (): Model => ({ members: [], house: new Map(), days: 0 });

/** the limits in force today: of each kind the newest change in force */
export function refreshLimits(m: Model, mm: ModelMember) {
  const now = (kind: 'deposit' | 'loss') => mm.limitChanges.filter((c) => c.kind === kind && c.day <= m.days).at(-1)?.amount ?? null;
  mm.depositLimit = now('deposit');
  mm.lossLimit = now('loss');
}

export function newMember(name: string): ModelMember {
  return {
    name,
    central: 0,
    venues: { pp: 0, ag: 0, fgdz: 0 },
    hold: 0,
    owed: 0,
    withdrawalsToday: 0,
    withdrawnToday: 0,
    pending: [],
    manual: [],
    adjusting: [],
    onBreak: false,
    breakKind: null,
    limitChanges: [],
    depositLimit: null,
    depositUsed: 0,
    finals: new Map(),
    unrebated: { pp: 0, ag: 0, fgdz: 0 },
    rebateOwed: 0,
    resultToday: 0,
    lossLimit: null,
    credits: [],
    grabs: new Map(),
    applying: new Map(),
    agentId: null,
    statements: [],
  };
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

/** may the member move money into play (a transfer in, a game launch)? null when yes, else why not */
export function playRefusal(mm: ModelMember): string | null {
  if (mm.onBreak) return 'on a break';
  if (mm.lossLimit !== null && -mm.resultToday >= mm.lossLimit) return `lost ${-mm.resultToday} of the limit ${mm.lossLimit}`;
  return null;
}

/** a deposit credited to the member now: its amount and the real time it was credited within */
export function credit(mm: ModelMember, fen: number, from: number) {
  mm.central += fen;
  mm.owed += fen;
  mm.credits.push({ fen, from, to: Date.now() });
}

export const yuan = (fen: number) => fen / 100;
export const pick = <T>(list: T[], i: number) => list[i % list.length]!;
