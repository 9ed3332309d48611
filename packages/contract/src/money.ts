/**
 * Money crosses the wire as yuan (a JSON number with at most 2 decimals) and lives
 * everywhere else as an integer number of fen. These are the only two conversions.
 */
export type Fen = number;

declare const yuanUnit: unique symbol;
/**
 * A yuan figure as the wire carries it. Only `fenToYuan` (and `yuanOrNull`) make one, and the
 * answers' money fields are typed with it, so a fen figure handed to an answer as it is fails to
 * compile instead of showing 100 times too large (issue 25: 累计存款 80,000.00 for 800.00).
 * It is a plain number at run time and reads as one everywhere.
 */
export type Yuan = number & { readonly [yuanUnit]: 'yuan' };

/** Integer fen to a yuan number with at most two decimals (exact in JSON). */
export function fenToYuan(fen: Fen): Yuan {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer amount of fen: ${fen}`);
  return (fen / 100) as Yuan;
}

/** fenToYuan for a figure that may be missing (an order not paid yet, a difference with no amount). */
export function yuanOrNull(fen: Fen | null | undefined): Yuan | null {
  return fen === null || fen === undefined ? null : fenToYuan(fen);
}

/**
 * Yuan (number or numeric string) to integer fen, or null when it is not a finite
 * amount with at most two decimals. Never rounds a third decimal away silently.
 */
export function yuanToFen(yuan: unknown): Fen | null {
  let text: string;
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan)) return null;
    text = String(yuan);
    if (/e/i.test(text)) return null; // 1e-7 or 1e21: not an amount a member types
  } else if (typeof yuan === 'string') {
    text = yuan.trim();
  } else {
    return null;
  }
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** Yuan with two decimals for display, e.g. 1234.5 -> "1,234.50". */
export function formatYuan(yuan: number, grouping = false): string {
  const fixed = (Math.round(yuan * 100) / 100).toFixed(2);
  return grouping ? groupDigits(fixed) : fixed;
}

/**
 * Thousands separators in a plain number's text ('-1234567.5' -> '-1,234,567.5'), the whole part
 * only. Written out rather than by Intl: a page's first locale formatter costs it about 16 ms of
 * its first load (issue 25).
 */
export function groupDigits(text: string): string {
  const [int, dec] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec === undefined ? grouped : `${grouped}.${dec}`;
}
