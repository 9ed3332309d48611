import type { z } from 'zod';
import { MSG } from './messages.ts';

export type Checked<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Parse with a contract schema and answer the first failing rule's message.
 * Zod lists field issues in shape order but appends object-level checks (such as
 * "confirm equals password") at the end; the spec orders rules by field, so issues
 * are ranked by the position of their field in the schema's shape. Object schemas
 * here declare their fields in the spec's order.
 */
export function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const keys = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  const rank = (path: PropertyKey[]) => {
    if (path.length === 0) return -1;
    const i = keys.indexOf(String(path[0]));
    return i < 0 ? keys.length : i;
  };
  const first = [...result.error.issues].sort((a, b) => rank(a.path) - rank(b.path))[0];
  return { ok: false, message: first?.message || MSG.badRequest };
}
