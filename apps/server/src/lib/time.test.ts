import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TZ, WIRE_TIME_FORMAT } from '@casino/contract';
import { beijingDayStart, dayjs, fromWireTime, toWireTime } from './time.ts';

// the fixed-offset fast path must give exactly what the time-zone database gives
const viaTz = (ms: number) => dayjs(ms).tz(BUSINESS_TZ).format(WIRE_TIME_FORMAT);
const dayViaTz = (ms: number) => dayjs(ms).tz(BUSINESS_TZ).startOf('day').valueOf();

describe('Beijing wire times', () => {
  it('agree with the time-zone database from 1985 to 2200, across the 1992 edge and midnights', () => {
    const moments = fc.oneof(
      fc.integer({ min: 473_356_800_000, max: 7_258_118_400_000 }),
      // around the fast path's first moment and around Beijing midnights
      fc.integer({ min: 694_195_200_000 - 3 * 86_400_000, max: 694_195_200_000 + 3 * 86_400_000 }),
      fc.tuple(fc.integer({ min: 20_000, max: 40_000 }), fc.integer({ min: -2_000, max: 2_000 })).map(([d, off]) => d * 86_400_000 - 8 * 3_600_000 + off),
    );
    fc.assert(
      fc.property(moments, (ms) => {
        expect(toWireTime(ms)).toBe(viaTz(ms));
        expect(beijingDayStart(ms)).toBe(dayViaTz(ms));
        expect(fromWireTime(toWireTime(ms))).toBe(Math.floor(ms / 1000) * 1000);
      }),
      { numRuns: 3000 },
    );
  });

  it('1991 summer time still goes through the time-zone database', () => {
    const ms = Date.UTC(1991, 6, 1, 4, 0, 0); // Beijing kept summer time (UTC+9) that July
    expect(toWireTime(ms)).toBe(viaTz(ms));
    expect(toWireTime(ms)).toBe('1991-07-01 13:00:00');
  });
});
