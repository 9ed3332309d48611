import { formatYuan, groupDigits } from '@casino/contract';
import dayjs from 'dayjs';

/** yuan with grouping and 2 decimals, e.g. 12,345.60 (the contract's formatYuan: no Intl formatter per cell) */
export function yuan(v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '-';
  return formatYuan(v, true);
}

/** a sum in yuan (as yuan() takes it) with the way it moved (+ in, - out), or plain 0.00 when nothing moved: never -0.00 */
export function signed(v: number, sign: '+' | '-'): string {
  return v === 0 ? yuan(0) : `${sign}${yuan(v)}`;
}

/** a whole count with grouping, e.g. 12,345 */
export function count(v: number): string {
  return Number.isInteger(v) ? groupDigits(String(v)) : yuan(v);
}

/** a form's dayjs range -> the wire's Beijing dates (the operator's screen shows Beijing dates) */
export function dayRange(range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null | undefined): { from?: string; to?: string } {
  if (!range) return {};
  return { from: range[0]?.format('YYYY-MM-DD'), to: range[1]?.format('YYYY-MM-DD') };
}

/**
 * Minutes since a Beijing wire time ('YYYY-MM-DD HH:mm:ss'); the offset is written out so the
 * browser's own zone does not matter.
 */
export function minutesSince(beijing: string, now = Date.now()): number {
  const t = Date.parse(`${beijing.replace(' ', 'T')}+08:00`);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((now - t) / 60_000));
}

export function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} 分钟`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
  return `${Math.floor(minutes / 1440)} 天`;
}

/** queue age colours: green under 10 minutes, amber under 30, red after */
export function ageClass(minutes: number): string {
  return minutes < 10 ? 'age-fresh' : minutes < 30 ? 'age-warn' : 'age-late';
}
