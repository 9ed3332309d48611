/**
 * Waiting on an event in tests (issue 24 point 5): never a fixed sleep, but the observable
 * condition polled in a bounded loop, or a clock the test drives.
 */

export interface WaitOptions {
  /** give up after this long (ms); the loop ends as soon as the condition holds */
  timeout?: number;
  /** pause between two looks (ms) */
  interval?: number;
  /** what is waited for, named in the error */
  what?: string;
}

/**
 * Resolves the first truthy answer of `check`, asked again every `interval` ms; throws after
 * `timeout` ms naming `what` and the last answer. An error thrown by `check` ends the wait.
 */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = 10_000, interval = 25, what = 'the condition' }: WaitOptions = {}): Promise<NonNullable<T>> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last answer: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * A clock the test moves (pass `now` where a module takes one, e.g. config.cacheNow): it starts
 * at the real time and moves only when told, never back.
 */
export function testClock(start = Date.now()) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += Math.max(0, ms);
    },
  };
}
