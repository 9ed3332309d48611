import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { REPORT_CSV_HEADERS, type ReportAgentRow, type ReportDayRow, type ReportKind, type ReportMemberRow, type ReportMonthRow, type ReportVenueRow } from '@casino/contract';

/**
 * CSV files of the reports: csv-stringify in streaming mode, a UTF-8 byte-order mark first (Excel
 * then reads Chinese), the header row, then records as the source yields them; a slow reader
 * holds the source back (pipeline back-pressure), so memory does not grow with the row count.
 */

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvStream(kind: ReportKind, rows: AsyncIterable<unknown[]> | Iterable<unknown[]>, onError: (err: Error) => void): Transform {
  const out = stringify({ bom: true, header: true, columns: REPORT_CSV_HEADERS[kind], cast: { string: guardCell } });
  pipeline(Readable.from(rows, { objectMode: true, highWaterMark: 64 }), out, (err) => {
    if (err) onError(err);
  });
  return out;
}

const day = (r: ReportDayRow | ReportMonthRow) => [
  r.deposits, r.deposit_count, r.withdrawals, r.withdrawal_count, r.bonuses, r.rebates, r.red_packets, r.adjustments_in, r.adjustments_out,
  r.bet_count, r.bets, r.valid_bets, r.payouts, r.ggr, r.ngr, r.new_members, r.active_members, r.first_deposits, r.first_deposit_amount,
];

/** Each report's row as the cells of its CSV line, in REPORT_CSV_HEADERS order. */
export const csvCells = {
  daily: (r: ReportDayRow) => [r.day, ...day(r)],
  monthly: (r: ReportMonthRow) => [r.month, ...day(r)],
  venues: (r: ReportVenueRow) => [r.platform, r.venue_name, r.category_id, r.category_name, r.bet_count, r.bets, r.valid_bets, r.payouts, r.ggr],
  members: (r: ReportMemberRow) => [r.username, r.deposits, r.withdrawals, r.bonuses, r.rebates, r.red_packets, r.adjustments_in, r.adjustments_out, r.bet_count, r.bets, r.valid_bets, r.ggr, r.ngr],
  agents: (r: ReportAgentRow) => [r.referrer, r.referrer_username ?? '', r.new_members, r.members, r.deposits, r.withdrawals, r.bonuses, r.rebates, r.red_packets, r.bets, r.valid_bets, r.ggr, r.ngr],
};
