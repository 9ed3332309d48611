/**
 * The operator's money figures, read from the ledger by kind (the dashboard and the reports
 * both use these, so they can never disagree on what counts as a deposit or a bonus, nor on
 * GGR and NGR).
 */

/** the entry kinds operators' figures sum */
export const FIGURE_KINDS = ['deposit', 'withdraw_payout', 'bonus', 'rebate', 'red_packet', 'adjustment'] as const;

/** a period's ledger money, fen */
export interface MoneyFigures {
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  adjustments_in: number;
  adjustments_out: number;
}

/** A period with no money yet. */
export const noFigures = (): MoneyFigures => ({ deposits: 0, deposit_count: 0, withdrawals: 0, withdrawal_count: 0, bonuses: 0, rebates: 0, red_packets: 0, adjustments_in: 0, adjustments_out: 0 });

/** Adds one sum of a figure kind (amount in fen, n entries; to_member 1 when it went to a member). */
export function addKindSum(f: MoneyFigures, r: { kind: string; amount: number; n: number; to_member: number | boolean }): void {
  if (r.kind === 'deposit') (f.deposits += r.amount), (f.deposit_count += r.n);
  else if (r.kind === 'withdraw_payout') (f.withdrawals += r.amount), (f.withdrawal_count += r.n);
  else if (r.kind === 'bonus') f.bonuses += r.amount;
  else if (r.kind === 'rebate') f.rebates += r.amount;
  else if (r.kind === 'red_packet') f.red_packets += r.amount;
  else if (r.kind === 'adjustment') r.to_member ? (f.adjustments_in += r.amount) : (f.adjustments_out += r.amount);
}

/** GGR = stakes - payouts = -(members' net result from settled bets) */
export const ggrOf = (result: number) => -result;
/** NGR = GGR - bonuses - rebates - red packets (manual adjustments are shown beside, not in NGR) */
export const ngrOf = (result: number, bonuses: number, rebates: number, redPackets: number) => ggrOf(result) - bonuses - rebates - redPackets;
