import { randomBytes } from 'node:crypto';

/** An order-style number: prefix, time and 40 random bits; the column's unique constraint is the guarantee. */
export function promoNo(prefix: string, now: number): string {
  return `${prefix}${now.toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}
