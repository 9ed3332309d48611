import { Redis } from 'ioredis';

/** The Redis the cross-process tests use (TEST_REDIS_URL, else the machine's own). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers, so a suite that needs it skips (never hangs) on a machine without one. */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
