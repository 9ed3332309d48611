import { describe, expect, test } from 'vitest';
import { ageClass, ageText, minutesSince, yuan } from './format';

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
});
