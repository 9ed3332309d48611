import { z } from 'zod';

/**
 * Field rules of the settings schemas, with the Chinese message an operator sees (the settings
 * screen and the server answer the same one). `label` names the setting as the screen does.
 */
const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The message is written when a value is refused, not when the schema is built: number formatting
 * in the locale costs the browser its first Intl formatter, about 17 ms of each back-office screen's
 * first load on a 2-core machine (issue 25), for messages an operator seldom sees.
 */
function lazy(write: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= write());
}

/** a whole number in [min, max] */
export function intSetting(label: string, min: number, max: number) {
  const error = lazy(() => `${label}须为 ${fmt(min)} 到 ${fmt(max)} 之间的整数`);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** a number in [min, max] with at most `decimals` places; `above` makes min itself refused */
export function numberSetting(label: string, min: number, max: number, { above = false, decimals = 4 } = {}) {
  const error = lazy(() => `${label}须${above ? '大于' : '不小于'} ${fmt(min)} 且不超过 ${fmt(max)}，最多${decimals}位小数`);
  const places = (n: number) => (String(n).split('.')[1] ?? '').length;
  return z
    .number({ error })
    .refine((n) => (above ? n > min : n >= min) && n <= max && places(n) <= decimals && Number.isFinite(n), { error });
}
