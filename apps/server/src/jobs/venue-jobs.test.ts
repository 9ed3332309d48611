import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { arm, centralFen, expectLedgerSound, newMember, pendingCount, startVenueApp, venueFen } from '../modules/transfers/testing.ts';

describe('the venue jobs in the scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    // jobs on: the crons start when the server listens and stop when it closes
    t = await startVenueApp({ jobs: true });
  });
  afterAll(() => t.stop());

  const job = (name: string) => {
    const found = t.scheduler.jobs.find((j) => j.name === name);
    if (!found) throw new Error(`no job ${name}`);
    return found;
  };

  it('are registered and started on listen', () => {
    expect(t.scheduler.started).toBe(true);
    // the venue side's jobs (other modules add theirs to the same scheduler)
    expect(t.scheduler.jobs.map((j) => [j.name, j.everySeconds])).toEqual(
      expect.arrayContaining([
        ['sync_catalogue', 300],
        ['reconcile_transfers', 30],
        ['pull_bets', 15],
        ['reconcile_venues', 60],
      ]),
    );
  });

  it('stop() ends the crons (the runs below are driven by hand, without a cron in the way)', async () => {
    await t.scheduler.stop();
    expect(t.scheduler.started).toBe(false);
  });

  it('the reconcile job settles a pending transfer; the pull job reads bets', async () => {
    const m = await newMember(t, 'jobs0001', 100);
    await arm(t, 'lost_reply', 1, 'deposit');
    expect((await t.post('/api/transfer', { amount: 60, sourcetype: 'userbalance', targettype: 'ky' }, { token: m.token })).data.status).toBe(2);
    // the job leaves transfers younger than two venue time-outs to their own call: run at a
    // moment an hour on (a slot of its own, far from the crons' current one), this one is old enough
    expect(await t.scheduler.runOnce(job('reconcile_transfers'), Date.now() + 3_600_000)).toBe(true);
    expect(await pendingCount(t)).toBe(0);
    expect(await centralFen(t, m.id)).toBe(4_000);
    expect(await venueFen(t, m.id, 'ky')).toBe(6_000);
    expect(await t.scheduler.runOnce(job('pull_bets'), Date.now() + 3_600_000)).toBe(true);
    const run = await t.ctx.db.selectFrom('job_runs').selectAll().where('job', '=', 'pull_bets').orderBy('started_at', 'desc').executeTakeFirstOrThrow();
    expect(run.error).toBeNull();
    await expectLedgerSound(t);
  });
});
