import { z } from 'zod';
import { groupDigits } from '../money.ts';

/**
 * Field rules of the settings schemas, with the Chinese message an operator sees (the settings
 * screen and the server answer the same one). `label` names the setting as the screen does.
 */
// every bound is a whole number: 1000 -> '1,000', as the settings screen writes it
const fmt = (n: number) => groupDigits(String(n));

/** a whole number in [min, max] */
export function intSetting(label: string, min: number, max: number) {
  const message = `${label}须为 ${fmt(min)} 到 ${fmt(max)} 之间的整数`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** a number in [min, max] with at most `decimals` places; `above` makes min itself refused */
export function numberSetting(label: string, min: number, max: number, { above = false, decimals = 4 } = {}) {
  const message = `${label}须${above ? '大于' : '不小于'} ${fmt(min)} 且不超过 ${fmt(max)}，最多${decimals}位小数`;
  const places = (n: number) => (String(n).split('.')[1] ?? '').length;
  return z
    .number({ error: message })
    .refine((n) => (above ? n > min : n >= min) && n <= max && places(n) <= decimals && Number.isFinite(n), { error: message });
}
