import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TURNOVER_WAIVE_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { credit, newMember, operator, type Member } from '../withdrawals/testing.ts';

/**
 * The attacker's view of a turnover waiver: above turnover_waive_review_threshold a second
 * operator approves, but the threshold was judged per call, so one operator cleared any amount
 * alone in slices just under it (a bonus with a 10x requirement freed for withdrawal without a
 * bet). Now what one operator waived for one member at once in the Beijing day counts with the new
 * waiver against the threshold: past it, the waiver waits for a second operator.
 */
describe('a turnover waiver cut in slices', () => {
  let t: TestApp;
  let riskA: string;
  let riskB: string;

  beforeAll(async () => {
    t = await startApp();
    riskA = await operator(t, 'split_a', 'risk');
    riskB = await operator(t, 'split_b', 'risk');
    await t.site.set('turnover_waive_review_threshold', 500);
  });
  afterAll(() => t.stop());

  const waive = (token: string, body: Record<string, unknown>) => t.post('/admin/api/members/turnover-waive', body, { token });
  const owed = async (m: Member) => (await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount;

  it('slices under the threshold by one operator for one member wait once their day passes it', async () => {
    const m = await newMember(t, 'split01');
    await credit(t, m.name, 200, 10); // 2,000 yuan owed
    const states: string[] = [];
    for (let i = 0; i < 4; i++) states.push((await waive(riskA, { username: m.name, amount: 400, reason: `分拆${i}` })).data.waiver.state);
    expect(states).toEqual(['applied', 'pending', 'pending', 'pending']);
    expect(await owed(m)).toBe(1600);
    // another operator's own slice is judged on its own day
    expect((await waive(riskB, { username: m.name, amount: 400, reason: '另一位' })).data.waiver.state).toBe('applied');
    // many at once: still at most the threshold immediately
    const n = await newMember(t, 'split02');
    await credit(t, n.name, 200, 10);
    const raced = await Promise.all(Array.from({ length: 8 }, (_, i) => waive(riskA, { username: n.name, amount: 100, reason: `并发${i}` })));
    expect(raced.filter((r) => r.data.waiver.state === 'applied')).toHaveLength(5);
    expect(raced.filter((r) => r.data.waiver.state === 'pending').map((r) => r.message)).toEqual(Array(3).fill(TURNOVER_WAIVE_MSG.pending('500.00')));
    expect(await owed(n)).toBe(1500);
  });
});
