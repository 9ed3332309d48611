import { randomBytes } from 'node:crypto';

/**
 * Our transfer ids, sent to the venue (which applies one transfer per id): the site's player
 * prefix (sites sharing a provider account never collide), T, the time in base 36 and 40 random
 * bits. At most 24 characters of [A-Z0-9].
 */
export function newTransferId(prefix: string, now = Date.now()): string {
  return `${prefix.toUpperCase()}T${now.toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}
