import { BUSINESS_TZ } from '@casino/contract';
import { dayjs } from '../../lib/time.ts';

/** The Beijing day containing `ms`, as YYYY-MM-DD (the key of rebate rows, grabs and runs). */
export function dayKey(ms: number): string {
  return dayjs(ms).tz(BUSINESS_TZ).format('YYYY-MM-DD');
}

/** [start, end) of a Beijing day in epoch ms. */
export function dayBounds(day: string): { start: number; end: number } {
  const start = dayjs.tz(`${day} 00:00:00`, BUSINESS_TZ);
  return { start: start.valueOf(), end: start.add(1, 'day').valueOf() };
}

/** The Beijing day before the one containing `ms`. */
export function previousDay(ms: number): string {
  return dayjs(ms).tz(BUSINESS_TZ).subtract(1, 'day').format('YYYY-MM-DD');
}

/** Epoch ms of `hour`:00 Beijing on the day containing `ms`, shifted by `dayOffset` days. */
export function beijingHour(ms: number, hour: number, dayOffset = 0): number {
  return dayjs(ms).tz(BUSINESS_TZ).startOf('day').add(dayOffset, 'day').add(hour, 'hour').valueOf();
}

/** Minutes since Beijing midnight. */
export function minutesIntoDay(ms: number): number {
  const d = dayjs(ms).tz(BUSINESS_TZ);
  return d.hour() * 60 + d.minute();
}

/** Epoch ms of a Beijing wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
export function bjTime(s: string): number {
  return dayjs.tz(s, BUSINESS_TZ).valueOf();
}
