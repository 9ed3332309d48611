import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { BUSINESS_TZ, WIRE_TIME_FORMAT } from '@casino/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Epoch milliseconds to the wire's Beijing time string. */
export function toWireTime(ms: number): string {
  return dayjs(ms).tz(BUSINESS_TZ).format(WIRE_TIME_FORMAT);
}

/** A wire time string (Beijing, YYYY-MM-DD HH:mm:ss) to epoch ms; null when it is not a real moment. */
export function fromWireTime(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const ms = dayjs.tz(text, WIRE_TIME_FORMAT, BUSINESS_TZ).valueOf();
  return Number.isFinite(ms) && toWireTime(ms) === text ? ms : null;
}

/** Start of the Beijing business day containing `ms`, as epoch milliseconds. */
export function beijingDayStart(ms: number): number {
  return dayjs(ms).tz(BUSINESS_TZ).startOf('day').valueOf();
}

export { dayjs };

/**
 * The window of a records date filter (spec section 9: 1 today, 2 last 7 days, 3 last 15, 4 last
 * 30): whole Beijing days, today included, as [since, until) in epoch ms.
 */
export function beijingDaysWindow(days: number, now = Date.now()): { since: number; until: number } {
  const today = dayjs(now).tz(BUSINESS_TZ).startOf('day');
  return { since: today.subtract(days - 1, 'day').valueOf(), until: today.add(1, 'day').valueOf() };
}

/**
 * A Beijing date or time from the wire as epoch ms. A bare date is the start of that day, or
 * with `endOfDay` the start of the next one (a 'to' date includes its whole day).
 */
export function beijingInstant(text: string, endOfDay = false): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const t = dayjs.tz(dateOnly ? `${text} 00:00:00` : text.length === 16 ? `${text}:00` : text, BUSINESS_TZ);
  return dateOnly && endOfDay ? t.add(1, 'day').valueOf() : t.valueOf() + (endOfDay ? 1 : 0);
}
