import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { CODE, MSG } from '@casino/contract';
import { ApiError } from './envelope.ts';

export interface LimitRule {
  /** name of the counter, e.g. login_ip */
  name: string;
  points: number;
  durationSec: number;
  blockSec?: number;
}

export interface Limiter {
  /** count one event for key; refuses (429 with a wait in minutes) once over the rule */
  hit(key: string): Promise<void>;
  /** refuse now if key is already over the rule, without counting */
  assertOpen(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** events counted for key in the current window (0 when rate limits are off) */
  count(key: string): Promise<number>;
  /**
   * A guarded check (a password): counted first, so refused once key is over the rule, even
   * for guesses sent at once; a true answer clears the count. Answers the check's result.
   */
  attempt(key: string, check: () => Promise<boolean>): Promise<boolean>;
}

/**
 * attempt() from the three primitives, for every limiter alike. The attempt is counted before
 * its check (issue 33): checked first, 20 guesses sent at once all passed an open counter and
 * were all checked; counted first, only the rule's points are checked and the rest refused.
 */
function withAttempt(base: Omit<Limiter, 'attempt'>): Limiter {
  return {
    ...base,
    async attempt(key, check) {
      await base.hit(key);
      const ok = await check();
      if (ok) await base.reset(key);
      return ok;
    },
  };
}

function tooMany(res: RateLimiterRes): never {
  const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000));
  throw new ApiError(CODE.tooMany, MSG.tooManyAttempts(minutes));
}

/** Counters live in memory, or in Redis when there is more than one server process. */
export function createLimiterFactory(opts: { enabled: boolean; redis?: Redis }) {
  return (rule: LimitRule): Limiter => {
    if (!opts.enabled) {
      return withAttempt({ hit: async () => {}, assertOpen: async () => {}, reset: async () => {}, count: async () => 0 });
    }
    const base = {
      keyPrefix: `rl_${rule.name}`,
      points: rule.points,
      duration: rule.durationSec,
      blockDuration: rule.blockSec ?? 0,
    };
    const limiter: RateLimiterAbstract = opts.redis
      ? new RateLimiterRedis({ ...base, storeClient: opts.redis })
      : new RateLimiterMemory(base);
    return withAttempt({
      async hit(key) {
        try {
          await limiter.consume(key);
        } catch (e) {
          if (e instanceof RateLimiterRes) tooMany(e);
          throw e;
        }
      },
      async assertOpen(key) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= rule.points && res.msBeforeNext > 0) tooMany(res);
      },
      async reset(key) {
        await limiter.delete(key);
      },
      async count(key) {
        return (await limiter.get(key))?.consumedPoints ?? 0;
      },
    });
  };
}
export type LimiterFactory = ReturnType<typeof createLimiterFactory>;
