import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { player, walletCall } from '../seamless/testing.ts';
import { newMember, startVenueApp } from '../transfers/testing.ts';
import { createSeamlessCheck } from './daily-seamless.ts';

/**
 * issue 38: the daily check of seamless rounds against the sandbox provider's round report. Calls
 * signed with the venue's key but never made by the provider's games (a leaked key, a replaying
 * middleman) are rounds the provider does not know: they must be listed, as must a credit whose
 * debit never came.
 */
describe('daily reconciliation of seamless rounds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp();
  });
  afterAll(() => t.stop());

  it('lists our rounds the provider does not report, and credits without a debit; a transfer-only site has nothing to check', async () => {
    const check = createSeamlessCheck(t.ctx, { registry: t.venues.registry, venues: () => t.venues.catalogue.venues() });
    const day = { since: Date.now() - 3_600_000, until: Date.now() + 3_600_000 };
    expect(await check(day.since, day.until)).toMatchObject({ check: 'seamless', items: [], truncated: false });

    const owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    expect((await t.post('/admin/api/venues/mode', { platform: 'pp', mode: 'seamless' }, { token: owner })).code).toBe(200);
    const m = await newMember(t, 'slrecon1', 50);
    const p = player(t, m.id);
    expect((await walletCall(t, 'pp', 'debit', { player: p, txId: 'rc-d1', roundId: 'rc-r1', gameCode: 'pp_gates', amount: '7' })).code).toBe(0);
    expect((await walletCall(t, 'pp', 'credit', { player: p, txId: 'rc-c2', roundId: 'rc-r2', debitTxId: 'rc-d2', gameCode: 'pp_gates', amount: '3' })).code).toBe(0);

    const out = await check(day.since, day.until);
    expect(out.items.map((i) => [i.kind, i.reference, i.expected, i.actual])).toEqual([
      ['seamless_missing_theirs', 'rc-d1', null, 700],
      ['seamless_flagged', 'rc-d2', null, 300],
    ]);
    expect(out.figures[0]).toMatchObject({ ours: 1, theirs: 0 });
  });
});
