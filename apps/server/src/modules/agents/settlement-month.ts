import { BEIJING_OFFSET_MS } from '../../db/beijing-day.ts';

/**
 * Beijing months ('YYYY-MM') as the settlement job sees them. Beijing has no daylight saving,
 * so a month is [its first day 00:00 +08:00, the next month's) in plain arithmetic.
 */

/** Epoch ms of 00:00 Beijing on the 1st of `month`. */
export function monthStart(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return Date.UTC(y, m - 1, 1) - BEIJING_OFFSET_MS;
}

/** [start, end) of a Beijing month in epoch ms. */
export function monthBounds(month: string): { start: number; end: number } {
  return { start: monthStart(month), end: monthStart(shiftMonth(month, 1)) };
}

/** The Beijing month containing `ms`. */
export function monthOf(ms: number): string {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** `month` moved by `n` months (negative: earlier). */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The Beijing month before the one containing `ms`. */
export function previousMonth(ms: number): string {
  return shiftMonth(monthOf(ms), -1);
}

/** Whether `month` had ended at `now` (Beijing). */
export function monthEnded(month: string, now: number): boolean {
  return monthBounds(month).end <= now;
}
