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
