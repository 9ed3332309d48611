import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, groupDigits, yuanToFen } from './money.ts';

describe('money conversion', () => {
  it('turns yuan with at most two decimals into integer fen, exactly', () => {
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen(100)).toBe(10000);
    expect(yuanToFen(0.1)).toBe(10);
    expect(yuanToFen(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(yuanToFen(1234.56)).toBe(123456);
    expect(yuanToFen('88.8')).toBe(8880);
    expect(yuanToFen(' 5 ')).toBe(500);
    expect(yuanToFen(-12.5)).toBe(-1250);
  });

  it('refuses what is not an amount instead of rounding it', () => {
    for (const bad of [1.234, '1.234', NaN, Infinity, 1e21, 1e-7, '', 'abc', '1e3', '0x10', null, undefined, {}, [], '１００']) {
      expect(yuanToFen(bad), String(bad)).toBeNull();
    }
  });

  it('round-trips every fen amount through yuan', () => {
    for (let fen = 0; fen < 100_000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(fenToYuan(99_999_999_999)).toBe(999_999_999.99);
    expect(() => fenToYuan(1.5)).toThrow();
  });

  it('formats for display with two decimals', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(1234567.5, true)).toBe('1,234,567.50');
    expect(formatYuan(0.1 + 0.2)).toBe('0.30');
  });

  it('groups the whole part in threes, as Intl does, sign and decimals kept', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 12345, 1_000_000_000, -45678, 9_007_199_254_740_991]) expect(groupDigits(String(n))).toBe(intl.format(n));
    expect(groupDigits('-1234567.5')).toBe('-1,234,567.5');
    expect(groupDigits('1234.5678')).toBe('1,234.5678');
  });
});
