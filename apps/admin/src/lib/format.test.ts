import { describe, expect, test } from 'vitest';
import { ageClass, ageText, count, minutesSince, signed, yuan } from './format';

describe('queue ages', () => {
  test('a Beijing wire time is read as Beijing whatever the machine zone', () => {
    // 2026-11-24 04:00:00 Beijing is 2026-11-23 20:00:00 UTC
    const now = Date.parse('2026-11-23T20:45:00Z');
    expect(minutesSince('2026-11-24 04:00:00', now)).toBe(45);
    expect(minutesSince('2026-11-24 04:50:00', now)).toBe(0);
    expect(minutesSince('not a time', now)).toBe(0);
  });

  test('colours: green under 10 minutes, amber to 30, red after', () => {
    expect([0, 9, 10, 29, 30, 600].map(ageClass)).toEqual(['age-fresh', 'age-fresh', 'age-warn', 'age-warn', 'age-late', 'age-late']);
  });

  test('age in words', () => {
    expect(ageText(5)).toBe('5 分钟');
    expect(ageText(125)).toBe('2 小时 5 分');
    expect(ageText(3 * 1440 + 7)).toBe('3 天');
  });
});

test('yuan with grouping and two decimals', () => {
  expect(yuan(1234567.5)).toBe('1,234,567.50');
  expect(yuan(-50)).toBe('-50.00');
  expect(yuan(null)).toBe('-');
  expect(yuan(Number.NaN)).toBe('-');
});

test('yuan reads as the browser\'s own zh-CN money format for every amount the server sends (whole fen)', () => {
  const intl = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const fens = [0, 1, 5, 10, 99, 100, 101, 99_999, 100_000, 123_456_789, 999_999_999_999, 9_007_199_254_740];
  for (let i = 0; i < 3000; i++) fens.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
  for (const fen of fens) {
    for (const v of [fen / 100, -fen / 100]) expect(yuan(v), String(v)).toBe(intl.format(v).replace(/^-0\.00$/, '0.00'));
  }
});

test('counts with grouping', () => {
  expect([0, 7, 1000, 1234567, -45678].map(count)).toEqual(['0', '7', '1,000', '1,234,567', '-45,678']);
});

describe('signed sums (the dashboard\'s 人工调整)', () => {
  test('a sum that moved carries its sign; nothing moved reads 0.00, never -0.00', () => {
    expect(signed(1000, '+')).toBe('+1,000.00');
    expect(signed(25.5, '-')).toBe('-25.50');
    expect(signed(0, '-')).toBe('0.00');
    expect(signed(0, '+')).toBe('0.00');
  });
});
