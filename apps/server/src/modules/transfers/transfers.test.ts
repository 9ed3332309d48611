import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG, TRANSFER_MSG, WALLET_MSG } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { arm, centralFen, expectLedgerSound, newMember, SLOW_MS, startVenueApp, venueFen, type Member } from './testing.ts';

describe('venue wallets: balances, transfers, recover-all', () => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await startVenueApp();
    a = await newMember(t, 'wallet001', 500);
    b = await newMember(t, 'wallet002', 50);
  });
  afterAll(() => t.stop());

  const transfer = (m: Member, body: Record<string, unknown>) => t.post('/api/transfer', body, { token: m.token });
  const list = async (m: Member) => (await t.post('/api/balancelist', {}, { token: m.token })).data as { name: string; platname: string; balance: number }[];

  it('answers 401 to guests on every call', async () => {
    for (const path of ['/api/balancelist', '/api/transfer', '/api/transall', '/api/gettransrecord', '/api/uptransferstatus']) {
      expect(await t.post(path, {}), path).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
    }
  });

  it('lists every venue with its balance, and only venues: the site puts the central wallet in front itself', async () => {
    const entries = await list(a);
    expect(entries.find((e) => e.platname === 'userbalance' || e.name === '平台钱包')).toBeUndefined();
    expect(entries[0]).toEqual({ name: expect.any(String), platname: expect.stringMatching(/^[a-z0-9]+$/), balance: 0 });
    expect(entries.length).toBeGreaterThanOrEqual(14);
    expect(entries.find((e) => e.platname === 'pp')).toEqual({ name: 'PP电子', platname: 'pp', balance: 0 });
    expect(new Set(entries.map((e) => e.platname)).size).toBe(entries.length);
  });

  it('refuses bad transfers with the spec messages in order, moving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, WALLET_MSG.amountRequired],
      [{ amount: '', sourcetype: 'pp', targettype: 'ag' }, WALLET_MSG.amountRequired],
      [{ amount: '  ', sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountRequired],
      [{ amount: 10, sourcetype: 'pp', targettype: 'ag' }, WALLET_MSG.venueToVenue],
      [{ amount: 0, sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountInvalid],
      [{ amount: -5, sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountInvalid],
      [{ amount: 1.234, sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountInvalid],
      [{ amount: 'ten', sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountInvalid],
      [{ amount: 1e21, sourcetype: 'userbalance', targettype: 'pp' }, WALLET_MSG.amountInvalid],
      [{ amount: 10 }, WALLET_MSG.sourceRequired],
      [{ amount: 10, sourcetype: 'userbalance', targettype: 'userbalance' }, WALLET_MSG.sameWallet],
      [{ amount: 10, sourcetype: 'userbalance', targettype: 'nowhere' }, TRANSFER_MSG.unknownVenue],
      [{ amount: 500.01, sourcetype: 'userbalance', targettype: 'pp' }, TRANSFER_MSG.centralShort('500.00')],
    ];
    for (const [body, message] of cases) {
      const reply = await transfer(a, body);
      expect({ body, code: reply.code, message: reply.message }).toEqual({ body, code: CODE.invalid, message });
    }
    expect(await centralFen(t, a.id)).toBe(50_000);
    expect(await t.ctx.db.selectFrom('venue_transfers').select('id').execute()).toHaveLength(0);
  });

  it('moves money into a venue and back, the venue agreeing at every step', async () => {
    const into = await transfer(a, { amount: '120.50', sourcetype: 'userbalance', targettype: 'pp' });
    expect(into).toMatchObject({ code: 200, message: TRANSFER_MSG.transferOk, data: { status: 1 } });
    expect(await centralFen(t, a.id)).toBe(50_000 - 12_050);
    expect(await venueFen(t, a.id, 'pp')).toBe(12_050);
    expect((await list(a)).find((e) => e.platname === 'pp')!.balance).toBe(120.5);
    // the game wallet of userInfo is the sum of the venue balances
    expect((await t.post('/api/user', {}, { token: a.token })).data).toMatchObject({ balance: 379.5, gameblance: 120.5 });

    const back = await transfer(a, { amount: 20.5, sourcetype: 'pp', targettype: 'userbalance' });
    expect(back).toMatchObject({ code: 200, message: TRANSFER_MSG.transferOk, data: { status: 1 } });
    expect(await centralFen(t, a.id)).toBe(50_000 - 10_000);
    expect(await venueFen(t, a.id, 'pp')).toBe(10_000);

    // more than the venue holds: refused by the venue, with what it holds
    const tooMuch = await transfer(a, { amount: 100.01, sourcetype: 'pp', targettype: 'userbalance' });
    expect(tooMuch).toMatchObject({ code: CODE.invalid, message: TRANSFER_MSG.venueShort('PP电子', '100.00') });
    expect(await centralFen(t, a.id)).toBe(40_000);
    expect(await venueFen(t, a.id, 'pp')).toBe(10_000);
    await expectLedgerSound(t);
  });

  it('recovers every venue holding money and says what it recovered', async () => {
    await transfer(a, { amount: 30, sourcetype: 'userbalance', targettype: 'ag' });
    await transfer(a, { amount: 5.55, sourcetype: 'userbalance', targettype: 'fgdz' });
    const reply = await t.post('/api/transall', {}, { token: a.token });
    expect(reply).toMatchObject({ code: 200, message: TRANSFER_MSG.recovered(3, '135.55'), data: { recovered: 3, amount: 135.55, pending: 0 } });
    expect(await centralFen(t, a.id)).toBe(50_000);
    for (const p of ['pp', 'ag', 'fgdz']) expect(await venueFen(t, a.id, p)).toBe(0);
    expect((await list(a)).slice(1).every((e) => e.balance === 0)).toBe(true);
    expect((await t.post('/api/transall', {}, { token: a.token })).message).toBe(TRANSFER_MSG.nothingToRecover);
    expect((await t.post('/api/user', {}, { token: a.token })).data).toMatchObject({ balance: 500, gameblance: 0 });
    await expectLedgerSound(t);
  });

  it('never shows or moves another member\'s money', async () => {
    await transfer(b, { amount: 50, sourcetype: 'userbalance', targettype: 'pp' });
    expect((await list(a)).find((e) => e.platname === 'pp')!.balance).toBe(0);
    expect((await list(b)).find((e) => e.platname === 'pp')!.balance).toBe(50);
    expect((await transfer(a, { amount: 1, sourcetype: 'pp', targettype: 'userbalance' })).code).toBe(CODE.invalid);
    expect((await t.post('/api/transall', {}, { token: a.token })).message).toBe(TRANSFER_MSG.nothingToRecover);
    expect(await venueFen(t, b.id, 'pp')).toBe(5_000);
  });

  it('money may leave a venue an operator closed, but not enter it', async () => {
    await t.ctx.db.updateTable('venues').set({ state: 0 }).where('platform', '=', 'pp').execute();
    t.venues.catalogue.invalidate();
    try {
      expect(await transfer(b, { amount: 1, sourcetype: 'userbalance', targettype: 'pp' })).toMatchObject({ message: TRANSFER_MSG.venueMaintenance });
      expect(await transfer(b, { amount: 50, sourcetype: 'pp', targettype: 'userbalance' })).toMatchObject({ code: 200 });
    } finally {
      await t.ctx.db.updateTable('venues').set({ state: 1 }).where('platform', '=', 'pp').execute();
      t.venues.catalogue.invalidate();
    }
  });

  it('toggles auto-transfer', async () => {
    expect((await t.post('/api/user', {}, { token: a.token })).data.transferstatus).toBe(1);
    expect(await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: a.token })).toMatchObject({ code: 200, message: MSG.okToggle });
    expect((await t.post('/api/user', {}, { token: a.token })).data.transferstatus).toBe(0);
    expect((await t.post('/api/user', {}, { token: b.token })).data.transferstatus).toBe(1);
    expect((await t.post('/api/uptransferstatus', { transferstatus: 2 }, { token: a.token })).code).toBe(CODE.invalid);
    expect((await t.post('/api/uptransferstatus', { transferstatus: '1' }, { token: a.token })).code).toBe(200);
    expect((await t.post('/api/user', {}, { token: a.token })).data.transferstatus).toBe(1);
  });

  it('answers the last known venue figure when a venue is slow', async () => {
    await transfer(b, { amount: 10, sourcetype: 'userbalance', targettype: 'ag' });
    expect((await list(b)).find((e) => e.platname === 'ag')!.balance).toBe(10);
    // a figure we remember that the venue would contradict, and a venue that answers too late
    await t.ctx.db.updateTable('venue_balances').set({ balance: 777 }).where('member_id', '=', b.id).where('platform', '=', 'ag').execute();
    // the venue really is slow (it answers after SLOW_MS), so the verdict does not depend on how
    // fast this machine runs the in-process venue: with a zero time-out it raced the venue's answer
    await arm(t, 'slow', 1, 'balance');
    const started = Date.now();
    const entries = await list(b);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect(entries.find((e) => e.platname === 'ag')!.balance).toBe(7.77);
    // in time again: the venue's own figure, remembered
    expect((await list(b)).find((e) => e.platname === 'ag')!.balance).toBe(10);
    expect((await t.post('/api/user', {}, { token: b.token })).data.gameblance).toBe(10);
  });

  it('the header\'s refresh asks the venues; the plain user call answers the last known game wallet', async () => {
    await t.ctx.db.updateTable('venue_balances').set({ balance: 123 }).where('member_id', '=', b.id).where('platform', '=', 'ag').execute();
    expect((await t.post('/api/user', {}, { token: b.token })).data.gameblance).toBe(1.23);
    expect((await t.post('/api/refreshusermoney', {}, { token: b.token })).data).toMatchObject({ username: 'wallet002', gameblance: 10 });
  });
});
