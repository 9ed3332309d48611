import { describe, expect, it } from 'vitest';
import { beijingClock, beijingToday } from './index.ts';

describe('the Beijing wall clock', () => {
  it('is UTC+8 read with the UTC getters, across the day line, whatever the device zone', () => {
    // 2026-12-31 15:59:59 UTC is 23:59:59 in Beijing; a second later it is New Year's Day there
    const before = Date.UTC(2026, 11, 31, 15, 59, 59);
    expect(beijingClock(before).getUTCHours()).toBe(23);
    expect(beijingToday(before)).toBe('2026-12-31');
    expect(beijingClock(before + 1000).getUTCHours()).toBe(0);
    expect(beijingToday(before + 1000)).toBe('2027-01-01');
    expect(beijingClock(before).toISOString().slice(0, 19)).toBe('2026-12-31T23:59:59');
  });
});
