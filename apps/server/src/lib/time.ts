import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { BUSINESS_TZ, WIRE_TIME_FORMAT } from '@casino/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

const BEIJING = 8 * 3_600_000;
const DAY = 86_400_000;
/** 1992-01-01 00:00 Beijing: since then Beijing time is UTC+8 all year (no summer time after 1991) */
const FIXED_SINCE = 694_195_200_000;
/** 9999-12-31 23:59:59 Beijing: past it the ISO text has more than four year digits */
const FIXED_UNTIL = 253_402_300_800_000 - BEIJING;
/**
 * Beijing is a fixed UTC+8 from 1992 on, so the wire's times need no time-zone database there:
 * dayjs' tz goes through Intl on every call, 0.1 to 1.5 ms each under load (an answer of 200
 * linked members made 600 calls). Times outside that span take dayjs (the same text).
 */
const fixedOffset = (ms: number) => BUSINESS_TZ === 'Asia/Shanghai' && ms >= FIXED_SINCE && ms < FIXED_UNTIL;

/** Epoch milliseconds to the wire's Beijing time string. */
export function toWireTime(ms: number): string {
  if (fixedOffset(ms)) return new Date(ms + BEIJING).toISOString().slice(0, 19).replace('T', ' ');
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
  if (fixedOffset(ms) && fixedOffset(ms - DAY)) return Math.floor((ms + BEIJING) / DAY) * DAY - BEIJING;
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
