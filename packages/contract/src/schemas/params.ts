import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * Optional request parameters of the member calls, read the lenient way DESIGN.md section 3
 * asks for ("be lenient about how a spec client asks"): a spec client (the original front-end)
 * sends an unset filter as '' (`{date: 4, page: 1, api_type: '', type: ''}`), a query string
 * sends `?page=`, and numbers may come as digit strings. Required fields, and above all the
 * money fields, keep their own strict rules and spec messages; these helpers are for the
 * optional ones only.
 */

/** Not set: missing, null, or a string of nothing but spaces. */
export function isUnset(v: unknown): v is undefined | null | string {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * An optional whole number in [min, max], sent as a number or a digit string ('2', ' 2 ');
 * unset (missing, null, '') -> `fallback`. Anything else (a fraction, 'abc', out of range)
 * answers `message`; so does an unset value whose fallback lies outside [min, max] (a required
 * id: `intParam(1, N, 0, '请选择…')`).
 */
export const intParam = (min: number, max: number, fallback: number, message: string = MSG.badRequest) =>
  z
    .unknown()
    // optional first: zod would refuse a missing key before the transform could read it
    .optional()
    .transform((v, ctx): number => {
      // the fallback is held to the range too: a fallback outside it makes the field required
      const n = isUnset(v) ? fallback : typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/**
 * An optional code such as a venue's platform code (`api_type`): '' (or missing) means every
 * one and reads as ''; otherwise letters, digits, '_' and '-' up to `max` characters.
 */
export const codeParam = (max = 32, message: string = MSG.badRequest) =>
  z
    .unknown()
    // optional first: zod would refuse a missing key before the transform could read it
    .optional()
    .transform((v, ctx): string => {
      if (isUnset(v)) return '';
      const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isInteger(v) ? String(v) : null;
      if (s === null || s.length > max || !/^[A-Za-z0-9_-]+$/.test(s)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return s;
    });

/**
 * `schema` fed from the first of `names` that is set: a field the spec names one way and the
 * original front-end another (GET /api/game/list `category` / `category_id`, POST
 * /api/gamelistBycode `gamecode` / `platform_name`). Use on an object schema's input with
 * z.preprocess; the first name is the one the schema reads.
 */
export function aliasFields(names: readonly string[]) {
  return (input: unknown): unknown => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const o = input as Record<string, unknown>;
    if (!isUnset(o[names[0]])) return o;
    const other = names.slice(1).find((n) => !isUnset(o[n]));
    return other === undefined ? o : { ...o, [names[0]]: o[other] };
  };
}
