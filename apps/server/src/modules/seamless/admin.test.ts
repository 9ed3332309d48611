import { SEAMLESS_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { newMember, startVenueApp } from '../transfers/testing.ts';
import { wallet } from '../wallet/index.ts';
import { player, walletCall } from './testing.ts';

/** A venue's mode and a member's rounds in the back-office (issue 38), with the sandbox provider over HTTP. */
describe('seamless venues in the back-office', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startVenueApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());
  const op = (path: string, body: unknown) => t.post(path, body, { token: owner });

  it('switches a venue only when no member holds money there, and back only when no round is open', async () => {
    const m = await newMember(t, 'slmode01', 100);
    expect((await t.post('/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'pp' }, { token: m.token })).code).toBe(200);
    expect(await op('/admin/api/venues/mode', { platform: 'pp', mode: 'seamless' })).toMatchObject({ code: 400, message: SEAMLESS_MSG.membersHoldMoney(1, '10.00') });
    expect((await t.post('/api/transall', {}, { token: m.token })).code).toBe(200);
    expect(await op('/admin/api/venues/mode', { platform: 'pp', mode: 'seamless' })).toMatchObject({ code: 200, data: { platform: 'pp', mode: 'seamless' } });
    const listed = await op('/admin/api/venues/list', { per_page: 100 });
    expect(listed.data.data.find((v: { platform: string }) => v.platform === 'pp').mode).toBe('seamless');

    const p = player(t, m.id);
    expect(await walletCall(t, 'pp', 'debit', { player: p, txId: 'm-d1', roundId: 'm-r1', gameCode: 'pp_gates', amount: '5' })).toMatchObject({ code: 0, balance: '95.00' });
    expect(await op('/admin/api/venues/mode', { platform: 'pp', mode: 'transfer' })).toMatchObject({ code: 400, message: SEAMLESS_MSG.openRounds(1) });
    expect((await walletCall(t, 'pp', 'credit', { player: p, txId: 'm-c1', roundId: 'm-r1', debitTxId: 'm-d1', gameCode: 'pp_gates', amount: '12.5' })).code).toBe(0);

    const rounds = await op('/admin/api/seamless/rounds', { username: 'slmode01' });
    expect(rounds.data).toMatchObject({ total: 1, data: [{ venue: 'pp', debit_tx_id: 'm-d1', round_id: 'm-r1', state: 'credited', stake: 5, payout: 12.5, flagged: 0 }] });
    expect(rounds.data.data[0].txs.map((x: { kind: string; tx_id: string; code: number }) => [x.kind, x.tx_id, x.code])).toEqual([
      ['debit', 'm-d1', 0],
      ['credit', 'm-c1', 0],
    ]);
    // the bet is in the member's records like any other
    const records = await t.post('/api/betrecord', { page: 1 }, { token: m.token });
    expect(JSON.stringify(records)).toContain('pp');

    expect(await op('/admin/api/venues/mode', { platform: 'pp', mode: 'transfer' })).toMatchObject({ code: 200, data: { mode: 'transfer' } });
    // a transfer venue's wallet calls are refused again
    expect((await walletCall(t, 'pp', 'balance', { player: p })).code).toBe(2002);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'venue.mode').execute();
    expect(audit).toHaveLength(2);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });

  it('answers bad input with a Chinese message and changes nothing', async () => {
    expect(await op('/admin/api/venues/mode', { platform: 'pp', mode: 'both' })).toMatchObject({ code: 400, message: SEAMLESS_MSG.mode });
    expect(await op('/admin/api/venues/mode', { platform: 'nowhere', mode: 'seamless' })).toMatchObject({ message: SEAMLESS_MSG.venueNotFound });
    expect(await op('/admin/api/seamless/rounds', { username: 'nobody99' })).toMatchObject({ message: SEAMLESS_MSG.memberNotFound });
    expect(await op('/admin/api/seamless/rounds', { username: 'slmode01', state: 'won' })).toMatchObject({ code: 400, message: SEAMLESS_MSG.state });
  });
});
