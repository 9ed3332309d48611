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
