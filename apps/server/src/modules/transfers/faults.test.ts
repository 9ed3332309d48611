import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, TRANSFER_MSG } from '@casino/contract';
import type { FaultMode } from '@casino/sandbox';
import type { TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait.ts';
import { wallet } from '../wallet/index.ts';
import {
  arm,
  centralFen,
  expectLedgerSound,
  newMember,
  openGame,
  pendingCount,
  startVenueApp,
  venueFen,
  type Member,
} from './testing.ts';

/**
 * DESIGN.md section 4, venue wallets: whatever goes wrong between us and the venue, once the
 * reconciler has run, the member's central wallet plus what the venue holds equals what the
 * member put in plus what they won; nothing is created or lost and nothing stays pending.
 */
describe('transfers when the venue misbehaves', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp();
  });
  afterAll(() => t.stop());

  const transfer = (m: Member, amount: number, source: string, target: string) =>
    t.post('/api/transfer', { amount, sourcetype: source, targettype: target }, { token: m.token });
  const reconcile = () => t.venues.transfers.reconcile({ minAgeMs: 0 });
  const clearing = async (platform: string) => (await wallet.accountBalance(t.ctx.db, `venue:${platform}:clearing`)) ?? 0;
  const transit = async (m: Member) => (await wallet.memberBalances(t.ctx.db, m.id)).transit;
  /** the venue has carried out every late movement it still held */
  const venueCaughtUp = () =>
    waitFor(async () => ((await (await fetch(`${t.origin}/sandbox/provider/test/faults`)).json()) as { pending: number }).pending === 0, { what: 'the late movement at the venue' });

  /** the books agree: member side, venue side, ledger */
  async function expectSettled(m: Member, platform: string, putIn: number, won: number) {
    expect(await pendingCount(t)).toBe(0);
    expect(await transit(m)).toBe(0);
    const central = await centralFen(t, m.id);
    const venue = await venueFen(t, m.id, platform);
    expect(central + venue).toBe(putIn + won);
    // what we moved into the venue, net, is what it holds less what was won there
    expect(await clearing(platform)).toBe(venue - won);
    await expectLedgerSound(t);
  }

  const modes: FaultMode[] = ['timeout', 'error', 'lost_reply', 'late'];
  let n = 0;
  for (const mode of modes) {
    it(`${mode}: into a venue, then out of it after a few spins`, async () => {
      // a venue of its own per mode keeps the clearing accounts apart
      const platform = ['pp', 'ae', 'obgdy', 'fgdz'][n];
      const game = { pp: 'pp_gates', ae: 'ae_jinhou', obgdy: 'obgdy_caishen', fgdz: 'fgdz_facaishu' }[platform]!;
      const m = await newMember(t, `faulty${String(++n).padStart(3, '0')}`, 1000);
      await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });

      // into the venue: no clear answer, the money waits in transit, never back in the wallet
      await arm(t, mode, 1, 'deposit');
      const into = await transfer(m, 300, 'userbalance', platform);
      expect(into).toMatchObject({ code: 200, message: TRANSFER_MSG.transferPending, data: { status: 2 } });
      expect(await centralFen(t, m.id)).toBe(70_000);
      expect(await transit(m)).toBe(30_000);
      const record = (await t.post('/api/gettransrecord', { type: 4 }, { token: m.token })).data.data[0];
      expect(record).toMatchObject({ amount: 300, state: 2 });

      expect(await reconcile()).toMatchObject({ settled: 1, stillPending: 0 });
      if (mode === 'late') await venueCaughtUp(); // the late application finds it done
      expect(await venueFen(t, m.id, platform)).toBe(30_000);
      await expectSettled(m, platform, 100_000, 0);
      expect((await t.post('/api/gettransrecord', { type: 4 }, { token: m.token })).data.data[0]).toMatchObject({ state: 1 });

      // play: the venue balance moves by what was won or lost
      const g = await openGame(t, m.token, platform, game);
      for (let i = 0; i < 5; i++) expect((await g.act('spin', { stake_fen: 1000 })).status).toBe(200);
      const won = (await venueFen(t, m.id, platform)) - 30_000;

      // out of the venue: the same
      await arm(t, mode, 1, 'withdraw');
      const out = await transfer(m, 100, platform, 'userbalance');
      expect(out).toMatchObject({ code: 200, data: { status: 2 } });
      expect(await centralFen(t, m.id)).toBe(70_000);
      // late, this time reconciled after the venue applied it: its status says success
      if (mode === 'late') await waitFor(async () => (await venueFen(t, m.id, platform)) === 30_000 + won - 10_000, { what: 'the late withdrawal at the venue' });
      expect(await centralFen(t, m.id)).toBe(70_000);
      expect(await reconcile()).toMatchObject({ settled: 1 });
      expect(await centralFen(t, m.id)).toBe(80_000);
      await expectSettled(m, platform, 100_000, won);
      const inRecord = (await t.post('/api/gettransrecord', { type: 3 }, { token: m.token })).data.data[0];
      expect(inRecord).toMatchObject({ amount: 100, state: 1 });
    });
  }

  it('a venue still failing keeps the transfer pending until it answers; the outcome posts once', async () => {
    const m = await newMember(t, 'faulty100', 200);
    await arm(t, 'error', 3, 'deposit');
    expect((await transfer(m, 50, 'userbalance', 'jdb')).data.status).toBe(2);
    // the status says "not applied"; sending it again meets the fault again: still pending
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 0, stillPending: 1 });
    expect(await reconcile()).toMatchObject({ settled: 0, stillPending: 1 });
    expect(await centralFen(t, m.id)).toBe(15_000);
    const row = await t.ctx.db.selectFrom('venue_transfers').selectAll().where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, attempts: 3 });
    expect(row.last_error).toMatch(/500/);
    // two reconcilers at once (two server processes): one settlement
    const [x, y] = await Promise.all([reconcile(), reconcile()]);
    expect(x.settled + y.settled).toBeGreaterThanOrEqual(1);
    expect(await venueFen(t, m.id, 'jdb')).toBe(5_000);
    await expectSettled(m, 'jdb', 20_000, 0);
    // a contrary outcome cannot follow: the settled row stays, the ledger refuses the key
    const settled = await t.ctx.db.selectFrom('venue_transfers').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(await t.venues.transfers.moves.settle({ ...settled, status: 2 }, 0, 'late refusal', null)).toBe(false);
    const entries = await t.ctx.db.selectFrom('ledger_entries').select('kind').where('reference', '=', `transfer:${row.transfer_id}`).execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['transit_hold', 'venue_transfer_out']);
    await expectLedgerSound(t);
  });

  it('a definite refusal returns the money at once', async () => {
    const m = await newMember(t, 'faulty101', 100);
    // a venue we list that the provider does not know: it refuses the deposit (HTTP 400)
    await t.ctx.db
      .insertInto('venues')
      .values({ platform: 'ghost', provider: 'sandbox', name: '幽灵电子', categories: '["concise"]', synced_at: Date.now() + 60_000 })
      .execute();
    t.venues.catalogue.invalidate();
    const reply = await transfer(m, 40, 'userbalance', 'ghost');
    expect(reply).toMatchObject({ code: CODE.invalid, message: TRANSFER_MSG.transferFailed });
    expect(await centralFen(t, m.id)).toBe(10_000);
    expect(await transit(m)).toBe(0);
    expect((await t.post('/api/gettransrecord', { type: 4 }, { token: m.token })).data.data[0]).toMatchObject({ amount: 40, state: 0 });
    await expectLedgerSound(t);
  });
});
