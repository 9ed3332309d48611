/**
 * The plain model of what the money paths should do (DESIGN.md section 9, issue 35): members'
 * central wallets, venue balances, withdrawal holds and turnover owed, with nothing of the
 * server's code in it. The commands (commands.ts) drive the real server through its HTTP API and
 * compare it with this after every step.
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
  /** every order, transfer and withdrawal number with the one final state it reached */
  finals: Map<string, string>;
}

export interface Model {
  members: ModelMember[];
  /** what the house has taken in minus paid out, through the commands (fen) */
  houseIn: number;
}

export const newModel = (): Model => ({ members: [], houseIn: 0 });

export function newMember(name: string): ModelMember {
  return { name, central: 0, venues: { pp: 0, ag: 0, fgdz: 0 }, hold: 0, owed: 0, withdrawalsToday: 0, pending: [], finals: new Map() };
}

/** records the final state of a number once: a second, different final state is a defect */
export function settle(m: ModelMember, no: string, state: string) {
  const before = m.finals.get(no);
  if (before !== undefined && before !== state) throw new Error(`${no} reached ${state} after ${before}`);
  m.finals.set(no, state);
}
