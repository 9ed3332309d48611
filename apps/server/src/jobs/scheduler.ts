import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import { BUSINESS_TZ } from '@casino/contract';

export interface Job {
  name: string;
  /** run every N seconds (a divisor of 60, or whole minutes dividing 60) */
  everySeconds: number;
  /** a run longer than this is taken as dead and its job may run again (default 5 minutes) */
  leaseMs?: number;
  /** `now`: the run's moment (DESIGN.md section 6: a job takes its clock; runOnce(job, now) in tests) */
  run(ctx: AppContext, now: number): Promise<void>;
}

/** the cron pattern of a period; exported so a test checks every registered job has one */
export function pattern(everySeconds: number): string {
  if (everySeconds < 60 && 60 % everySeconds === 0) return `*/${everySeconds} * * * * *`;
  const minutes = everySeconds / 60;
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) return `0 */${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours <= 24 && 24 % hours === 0) return hours === 24 ? '0 0 0 * * *' : `0 0 */${hours} * * *`;
  throw new Error(`unsupported job period ${everySeconds} s`);
}

/**
 * Runs periodic jobs inside the server (DESIGN.md section 6). Croner fires them on Beijing
 * time; before each run the process claims the (job, slot) row, so with several server
 * processes each period runs once, and a job still running (within its lease) is not
 * started again anywhere.
 */
export function createScheduler(ctx: AppContext, jobs: Job[]) {
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 64);
  const crons: Cron[] = [];
  /** runs started by the crons, awaited by stop() so nothing touches the database after close */
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  };

  /** whether a run of the job started within its lease has not finished (here or in another process) */
  async function busy(job: Job, now: number): Promise<boolean> {
    const lease = job.leaseMs ?? 5 * 60_000;
    const running = await ctx.db
      .selectFrom('job_runs')
      .select('slot')
      .where('job', '=', job.name)
      .where('finished_at', 'is', null)
      .where('started_at', '>', now - lease)
      .executeTakeFirst();
    return running !== undefined;
  }

  /** Claims this period of the job; false when another run has it or the job still runs. */
  async function claim(job: Job, slot: number, now: number): Promise<boolean> {
    if (await busy(job, now)) return false;
    const inserted = await ctx.db
      .insertInto('job_runs')
      .values({ job: job.name, slot, holder, started_at: now, finished_at: null, error: null })
      .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
      .returning('slot')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** runs a claimed job and records how it ended; answers its error (null: it succeeded) */
  async function execute(job: Job, slot: number, now: number): Promise<string | null> {
    let error: string | null = null;
    const began = performance.now();
    try {
      await job.run(ctx, now);
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, 500);
      ctx.log.error({ err, job: job.name }, 'job failed');
    }
    ctx.metrics?.jobRun(job.name, (performance.now() - began) / 1000, error === null); // issue 23
    await ctx.db.updateTable('job_runs').set({ finished_at: Date.now(), error }).where('job', '=', job.name).where('slot', '=', slot).execute();
    return error;
  }

  /** One run of a job if its current period is free; answers whether it ran. */
  async function runOnce(job: Job, now = Date.now()): Promise<boolean> {
    const slot = Math.floor(now / (job.everySeconds * 1000));
    if (!(await claim(job, slot, now))) return false;
    await execute(job, slot, now);
    return true;
  }

  /**
   * A run an operator asks for (npm run job): now, in whatever period, unless a run of the job
   * is going on here or in another server process (its lease). Recorded beside the periodic
   * runs under slot -now (periods count up from zero, asked-for runs are below it), so it
   * neither takes the period's run from the scheduler nor is refused because that ran already.
   */
  async function runNow(job: Job, now = Date.now()): Promise<{ ran: false } | { ran: true; error: string | null }> {
    if (!(await claim(job, -now, now))) return { ran: false };
    return { ran: true, error: await execute(job, -now, now) };
  }

  return {
    holder,
    /** the jobs this scheduler runs */
    jobs,
    /** whether start() has set the crons going */
    get started() {
      return crons.length > 0;
    },
    runOnce,
    runNow,
    start() {
      for (const job of jobs) {
        crons.push(
          new Cron(pattern(job.everySeconds), { protect: true, timezone: BUSINESS_TZ, name: job.name }, async () => {
            await track(runOnce(job).catch((err) => ctx.log.error({ err, job: job.name }, 'job claim failed')));
          }),
        );
      }
      // keep the claim table small: a day of history is plenty
      crons.push(
        new Cron('17 3 * * * *', { protect: true, timezone: BUSINESS_TZ }, async () => {
          await ctx.db.deleteFrom('job_runs').where('started_at', '<', Date.now() - 86_400_000).execute().catch(() => {});
        }),
      );
    },
    /** stops the crons and waits for the runs they started */
    async stop() {
      for (const c of crons.splice(0)) c.stop();
      await Promise.allSettled([...running]);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
