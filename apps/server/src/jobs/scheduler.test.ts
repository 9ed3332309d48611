import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../test/harness.ts';
import { createScheduler, pattern, type Job } from './scheduler.ts';

describe('job scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.stop());

  it('has a cron pattern for every registered job (one it could not read stopped the crons after it from starting)', () => {
    expect(t.scheduler.jobs.length).toBeGreaterThan(5);
    for (const job of t.scheduler.jobs) expect(() => pattern(job.everySeconds), job.name).not.toThrow();
    expect(pattern(3600)).toBe('0 0 */1 * * *');
    expect(pattern(86_400)).toBe('0 0 0 * * *');
    expect(() => pattern(7 * 60)).toThrow();
  });

  it('runs a period once across several processes, and again in the next period', async () => {
    let runs = 0;
    const job: Job = { name: 'count', everySeconds: 30, run: async () => void runs++ };
    // two schedulers on one database stand for two server processes
    const a = createScheduler(t.ctx, [job]);
    const b = createScheduler(t.ctx, [job]);
    const now = Date.UTC(2026, 10, 22, 4, 0, 5);
    const ran = await Promise.all([a.runOnce(job, now), b.runOnce(job, now), a.runOnce(job, now + 1000)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await b.runOnce(job, now + 30_000)).toBe(true);
    expect(runs).toBe(2);
  });

  it('does not start a job still running elsewhere within its lease, and records failures', async () => {
    let release!: () => void;
    let running!: () => void;
    // the first run holds the lease once its job has started: waited for, not guessed (a 50 ms
    // sleep raced taking the lease on a loaded machine; issue 14)
    const started = new Promise<void>((r) => (running = r));
    const slow: Job = {
      name: 'slow',
      everySeconds: 30,
      run: () =>
        new Promise<void>((r) => {
          release = r;
          running();
        }),
    };
    const a = createScheduler(t.ctx, [slow]);
    const b = createScheduler(t.ctx, [slow]);
    const now = Date.now();
    const first = a.runOnce(slow, now);
    await started;
    expect(await b.runOnce(slow, now + 30_000)).toBe(false); // next period, but the first run holds the lease
    release();
    expect(await first).toBe(true);

    const failing: Job = { name: 'failing', everySeconds: 30, run: async () => { throw new Error('venue down'); } };
    expect(await a.runOnce(failing)).toBe(true);
    const row = await t.ctx.db.selectFrom('job_runs').selectAll().where('job', '=', 'failing').executeTakeFirstOrThrow();
    expect(row.error).toBe('venue down');
    expect(row.finished_at).not.toBeNull();
  });

  it('runs a job when an operator asks (npm run job), even in a period already run, but never beside a run still going', async () => {
    let runs = 0;
    let release: (() => void) | null = null;
    let running!: () => void;
    let started = new Promise<void>((r) => (running = r));
    const job: Job = {
      name: 'asked',
      everySeconds: 60,
      run: () => {
        runs++;
        running();
        return release === null ? Promise.resolve() : new Promise<void>((r) => (release = r));
      },
    };
    const a = createScheduler(t.ctx, [job]);
    const b = createScheduler(t.ctx, [job]);
    const now = Date.UTC(2026, 10, 22, 4, 0, 5);
    expect(await a.runOnce(job, now)).toBe(true);
    // the period has run; an asked-for run still runs, and the period's own run is not taken from it
    expect(await b.runNow(job, now + 1000)).toEqual({ ran: true, error: null });
    expect(await a.runOnce(job, now + 2000)).toBe(false);
    expect(runs).toBe(2);

    // while one run holds the lease, neither an asked-for run nor the next period starts
    release = () => undefined;
    started = new Promise<void>((r) => (running = r));
    const holding = b.runNow(job, now + 3000);
    await started;
    expect(await a.runNow(job, now + 4000)).toEqual({ ran: false });
    expect(await a.runOnce(job, now + 60_000)).toBe(false);
    const finish = release as () => void;
    release = null;
    finish();
    expect(await holding).toEqual({ ran: true, error: null });
    expect(await a.runNow(job, now + 5000)).toEqual({ ran: true, error: null });
    expect(runs).toBe(4);
    const rows = await t.ctx.db.selectFrom('job_runs').select(['slot', 'finished_at']).where('job', '=', 'asked').orderBy('started_at').execute();
    expect(rows.map((r) => Number(r.slot))).toEqual([Math.floor(now / 60_000), -(now + 1000), -(now + 3000), -(now + 5000)]);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);

    const failing: Job = { name: 'asked_failing', everySeconds: 60, run: async () => { throw new Error('feed down'); } };
    expect(await a.runNow(failing, now)).toEqual({ ran: true, error: 'feed down' });
  });
});
