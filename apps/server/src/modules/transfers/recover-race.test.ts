import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MSG } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { arm, centralFen, expectLedgerSound, newMember, pendingCount, startVenueApp, venueFen, sleep, HANG_MS, LATE_MS } from './testing.ts';

/** the first 一键回收's withdraw is held this long at the venue; the second call runs meanwhile */
const SLOW_MS = 2500;

/**
 * Two 一键回收 at once (issue 14): the second withdraw of the same money is refused by the venue
 * for want of funds; the member hears what became of the money, never 场馆繁忙. The order is
 * made certain with the provider's 'slow' fault, not left to the scheduler.
 */
describe('two concurrent recover-all calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp({
      // long enough that the slow withdraw still gets its answer
      venueTimeoutMs: 5000,
      sandboxGame: { faultTimings: { hangMs: HANG_MS, lateMs: LATE_MS, slowMs: SLOW_MS }, matchMs: 1500, voidRate: 0 },
    });
  });
  afterAll(() => t.stop());

  const armed = async () => ((await (await fetch(`${t.origin}/sandbox/provider/test/faults`)).json()) as { armed: { mode: string }[] }).armed.map((a) => a.mode);
  /** waits until the venue has taken the faults up to `left` (the first call's withdraw reached it) */
  const until = async (left: string[]) => {
    for (let i = 0; i < 200 && JSON.stringify(await armed()) !== JSON.stringify(left); i++) await sleep(25);
    expect(await armed()).toEqual(left);
  };

  it('the second finished first: the first answers that the money is already back', async () => {
    const m = await newMember(t, 'racer0001', 100);
    expect((await t.post('/api/transfer', { amount: 60, sourcetype: 'userbalance', targettype: 'pp' }, { token: m.token })).data.status).toBe(1);
    await arm(t, 'slow', 1, 'withdraw');
    const first = t.post('/api/transall', {}, { token: m.token });
    await until([]);
    const second = await t.post('/api/transall', {}, { token: m.token });
    expect(second).toMatchObject({ code: 200, message: TRANSFER_MSG.recovered(1, '60.00') });
    expect(await first).toMatchObject({ code: 200, message: TRANSFER_MSG.alreadyRecovered(1) });
    expect(await centralFen(t, m.id)).toBe(10_000);
    expect(await venueFen(t, m.id, 'pp')).toBe(0);
    await expectLedgerSound(t);
  });

  it('the second is still on its way: the first answers that the money is being recovered', async () => {
    const m = await newMember(t, 'racer0002', 100);
    expect((await t.post('/api/transfer', { amount: 70, sourcetype: 'userbalance', targettype: 'ag' }, { token: m.token })).data.status).toBe(1);
    // the first call's withdraw is held; the second's is applied but its answer is lost (pending)
    await arm(t, 'slow', 1, 'withdraw');
    await arm(t, 'lost_reply', 1, 'withdraw');
    const first = t.post('/api/transall', {}, { token: m.token });
    await until(['lost_reply']);
    const second = await t.post('/api/transall', {}, { token: m.token });
    expect(second).toMatchObject({ code: 200, message: TRANSFER_MSG.recoveredPending(1) });
    const reply = await first;
    expect(reply).toMatchObject({ code: 200, message: TRANSFER_MSG.recoveringElsewhere(1) });
    expect(reply.message).not.toBe(TRANSFER_MSG.venueBusy);
    // the pending one settles as the venue recorded it: the member is whole
    expect(await t.venues.transfers.reconcile({ minAgeMs: 0 })).toMatchObject({ settled: 1 });
    expect(await pendingCount(t)).toBe(0);
    expect(await centralFen(t, m.id)).toBe(10_000);
    expect(await venueFen(t, m.id, 'ag')).toBe(0);
    await expectLedgerSound(t);
  });
});
