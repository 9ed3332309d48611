/**
 * Money crosses the wire as yuan (a JSON number with at most 2 decimals) and lives
 * everywhere else as an integer number of fen. These are the only two conversions.
 */
export type Fen = number;

/** Integer fen to a yuan number with at most two decimals (exact in JSON). */
export function fenToYuan(fen: Fen): number {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer amount of fen: ${fen}`);
  return fen / 100;
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
  if (!grouping) return fixed;
  const [int, dec] = fixed.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}
