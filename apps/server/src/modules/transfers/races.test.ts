import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MSG } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { centralFen, expectLedgerSound, newMember, pendingCount, startVenueApp, venueFen } from './testing.ts';

const VENUES = ['pp', 'ag', 'fgdz', 'obgdy', 'ae'];

/** One member's money calls racing each other through the whole path (server and sandbox over HTTP). */
describe('transfers racing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp();
  });
  afterAll(() => t.stop());

  const totalFen = async (memberId: number) => {
    let sum = await centralFen(t, memberId);
    for (const p of VENUES) sum += await venueFen(t, memberId, p);
    return sum;
  };

  it('20 transfers of 30 yuan at once from 100 yuan: exactly 3 go through, nothing is created or lost', async () => {
    const m = await newMember(t, 'race0001', 100);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.post('/api/transfer', { amount: 30, sourcetype: 'userbalance', targettype: VENUES[i % VENUES.length] }, { token: m.token })),
    );
    const done = replies.filter((r) => r.code === 200 && r.data?.status === 1).length;
    // exactly what the balance allows; every other call refused with the shortfall message
    expect(done).toBe(3);
    for (const r of replies.filter((x) => x.data?.status !== 1)) {
      expect(r).toMatchObject({ code: 400, message: TRANSFER_MSG.centralShort('10.00') });
    }
    expect(await centralFen(t, m.id)).toBe(10_000 - done * 3_000);
    expect(await totalFen(m.id)).toBe(10_000);
    expect(await pendingCount(t)).toBe(0);
    await expectLedgerSound(t);
  });

  it('recover-all racing transfers in and out and a second recover-all: the member ends whole', async () => {
    const m = await newMember(t, 'race0002', 200);
    for (const p of ['pp', 'ag', 'fgdz']) {
      expect((await t.post('/api/transfer', { amount: 40, sourcetype: 'userbalance', targettype: p }, { token: m.token })).code).toBe(200);
    }
    const calls = [
      t.post('/api/transall', {}, { token: m.token }),
      t.post('/api/transall', {}, { token: m.token }),
      t.post('/api/transfer', { amount: 40, sourcetype: 'pp', targettype: 'userbalance' }, { token: m.token }),
      t.post('/api/transfer', { amount: 50, sourcetype: 'userbalance', targettype: 'obgdy' }, { token: m.token }),
      t.post('/api/transfer', { amount: 10, sourcetype: 'ag', targettype: 'userbalance' }, { token: m.token }),
    ];
    const replies = await Promise.all(calls);
    for (const r of replies) expect([200, 400]).toContain(r.code);
    expect(await totalFen(m.id)).toBe(20_000);
    expect(await pendingCount(t)).toBe(0);
    // and one more recover-all brings everything home
    await t.post('/api/transall', {}, { token: m.token });
    expect(await centralFen(t, m.id)).toBe(20_000);
    for (const p of VENUES) expect(await venueFen(t, m.id, p)).toBe(0);
    await expectLedgerSound(t);
  });
});
