import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE, RECONCILIATION_MSG, TRANSFER_MSG, type ReconciliationRow } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait.ts';
import { playerName } from '../../adapters/venues/index.ts';
import {
  arm,
  centralFen,
  drivenClock,
  expectLedgerSound,
  newMember,
  openGame,
  pendingCount,
  sandboxClient,
  startVenueApp,
  venueFen,
  venueGame,
  type Member,
} from '../transfers/testing.ts';

type Board = { upcoming: { id: number; kickoff_at: number; ends_at: number; odds: Record<string, number | null> }[] };
const DAY = 86_400_000;

/**
 * The venue reconciliation against the real sandbox over HTTP: money put into a venue wallet
 * behind our back is found in one run and its transfers out held; a normal day of play is clean.
 */
describe('venue reconciliation', () => {
  let t: TestApp;
  let admin = '';
  // the venue's matches run on this clock, so the football bet is placed and read while open
  const clock = drivenClock();
  beforeAll(async () => {
    t = await startVenueApp({ sandboxGame: venueGame(clock.now) });
    admin = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
  });
  afterAll(() => t.stop());

  const rec = () => t.venues.reconciliation;
  const transfer = (m: Member, amount: number, sourcetype: string, targettype: string) => t.post('/api/transfer', { amount, sourcetype, targettype }, { token: m.token });
  const list = async (body: Record<string, unknown>) => {
    const reply = await t.post('/admin/api/reconciliation/list', body, { token: admin });
    expect(reply.code, reply.message).toBe(200);
    return reply.data as { data: ReconciliationRow[]; total: number; last_page: number; current_page: number; per_page: number };
  };

  it('a normal day of play (transfers, bets, wins, pending transfers, recover-all) shows no difference', async () => {
    const m = await newMember(t, 'normal001', 1000);
    const other = await newMember(t, 'normal002', 300);
    // auto-transfer off: the test moves the money itself
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    for (const [amount, venue] of [[300, 'obgdy'], [100, 'sb'], [50, 'pp']] as const) {
      expect((await transfer(m, amount, 'userbalance', venue)).data.status).toBe(1);
    }
    expect((await transfer(other, 120, 'userbalance', 'pp')).data.status).toBe(1);

    // spins settle at once (wins and losses); a football bet stays open until its match ends
    const slots = await openGame(t, m.token, 'obgdy', 'obgdy_caishen');
    for (let i = 0; i < 8; i++) expect((await slots.act('spin', { stake_fen: 1000 })).status).toBe(200);
    const sport = await openGame(t, m.token, 'sb', 'sb_lobby');
    const board = (await sport.act<Board>('state')).json;
    const f = board.upcoming[board.upcoming.length - 1];
    const placed = await sport.act('bet', { fixture_id: f.id, pick: 'home', stake_fen: 2000, odds_x100: f.odds.home });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);

    // part of a venue's money comes back; another transfer in is left pending by the venue
    expect((await transfer(m, 50, 'obgdy', 'userbalance')).data.status).toBe(1);
    await arm(t, 'late', 1, 'deposit');
    expect((await transfer(m, 40, 'userbalance', 'ag')).data.status).toBe(2);

    // the bets are not pulled yet: the run pulls them itself; the pending pair is left alone
    const first = await rec().run(Date.now());
    expect(first).toMatchObject({ found: 0, open: 0 });
    expect(first.checked).toBeGreaterThanOrEqual(2);

    // the late deposit lands at the venue, the transfer reconciler settles it, and it adds up
    await waitFor(async () => (await venueFen(t, m.id, 'ag')) === 4_000, { what: 'the late deposit at the venue' });
    expect(await t.venues.transfers.reconcile({ minAgeMs: 0 })).toMatchObject({ settled: 1 });
    expect(await pendingCount(t)).toBe(0);
    expect(await venueFen(t, m.id, 'ag')).toBe(4_000);
    expect(await rec().run(Date.now())).toMatchObject({ found: 0, open: 0 });

    // the match ends and pays (or not); then every venue's money comes home
    clock.to(f.ends_at + 300);
    const back = await t.post('/api/transall', {}, { token: m.token });
    expect(back.code, back.message).toBe(200);
    for (const p of ['obgdy', 'sb', 'pp', 'ag']) expect(await venueFen(t, m.id, p)).toBe(0);
    expect(await rec().run(Date.now())).toMatchObject({ found: 0, open: 0 });

    // tomorrow's sweep of everyone finds nothing either
    const tomorrow = await rec().run(Date.now() + DAY);
    expect(tomorrow.checked).toBeGreaterThanOrEqual(2);
    expect(tomorrow).toMatchObject({ found: 0, open: 0 });
    expect((await list({ page: 1 })).total).toBe(0);
    expect(await rec().openCount()).toBe(0);
    await expectLedgerSound(t);
  });

  it('money deposited at the provider behind our back is found in one run, and transfers out of that venue are held', async () => {
    const m = await newMember(t, 'sneaky001', 100);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    expect((await transfer(m, 50, 'userbalance', 'pp')).data.status).toBe(1);
    expect((await transfer(m, 20, 'userbalance', 'ag')).data.status).toBe(1);
    // a call signed with the provider secret, not made by us: 1000 yuan appear in the pp wallet
    await sandboxClient(t).deposit({ username: playerName(t.ctx.config.venuePlayerPrefix, m.id), platform: 'pp', transfer_id: 'outside-0001', amount_fen: 100_000 });
    // the ledger cannot see it: it checks itself, not the venues
    await expectLedgerSound(t);

    const logged = vi.spyOn(t.ctx.log, 'error');
    const report = await rec().run(Date.now());
    expect(report).toMatchObject({ found: 1, open: 1 });
    // raised to the log at error level, with its figures
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ memberId: m.id, platform: 'pp', expected: 5_000, reported: 105_000, difference: 100_000 }),
      'venue reconciliation: the venue balance differs from our records',
    );
    logged.mockRestore();
    expect(await rec().openCount()).toBe(1);
    const open = await list({ state: 'open', page: 1 });
    expect(open).toMatchObject({ total: 1, current_page: 1, last_page: 1, per_page: 20 });
    expect(open.data[0]).toMatchObject({
      username: 'sneaky001',
      member_id: m.id,
      platform: 'pp',
      state: 'open',
      sent_in: 50,
      taken_out: 0,
      game_result: 0,
      expected: 50,
      reported: 1050,
      difference: 1000,
      resolved_at: null,
    });
    expect(open.data[0].found_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // the member cannot take it out: held for review, said plainly; nothing moves
    const out = await transfer(m, 10, 'pp', 'userbalance');
    expect(out).toMatchObject({ code: CODE.invalid, message: TRANSFER_MSG.heldForReview });
    const all = await t.post('/api/transall', {}, { token: m.token });
    expect(all).toMatchObject({ code: 200, message: `${TRANSFER_MSG.recovered(1, '20.00')}，${TRANSFER_MSG.recoverHeld(1)}` });
    expect(await venueFen(t, m.id, 'pp')).toBe(105_000);
    expect(await centralFen(t, m.id)).toBe(5_000);
    // no more of the member's money goes in there meanwhile; other venues work as before
    expect(await transfer(m, 5, 'userbalance', 'pp')).toMatchObject({ code: CODE.invalid, message: TRANSFER_MSG.heldForReview });
    expect((await transfer(m, 5, 'userbalance', 'ag')).data.status).toBe(1);
    // opening a game there with auto-transfer on moves nothing in
    await t.post('/api/uptransferstatus', { transferstatus: 1 }, { token: m.token });
    expect((await t.post('/api/getGameUrl', { plat_name: 'pp', game_code: 'pp_gates', is_mobile_url: 1 }, { token: m.token })).code).toBe(200);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    expect(await venueFen(t, m.id, 'pp')).toBe(105_000);

    // the next run refreshes the same difference rather than adding another
    expect(await rec().run(Date.now())).toMatchObject({ found: 0, open: 1 });
    expect((await list({ page: 1 })).total).toBe(1);

    // an operator resolves it once, with the reason in the audit log
    const id = open.data[0].id;
    expect(await t.post('/admin/api/reconciliation/resolve', { id, note: '' }, { token: admin })).toMatchObject({ code: CODE.invalid, message: RECONCILIATION_MSG.note });
    expect(await t.post('/admin/api/reconciliation/resolve', { id: 999_999, note: '查无此项' }, { token: admin })).toMatchObject({ code: CODE.invalid, message: RECONCILIATION_MSG.notFound });
    expect(await t.post('/admin/api/reconciliation/resolve', { id, note: '已在场馆扣回' }, { token: admin })).toMatchObject({ code: 200, message: RECONCILIATION_MSG.resolved });
    expect(await t.post('/admin/api/reconciliation/resolve', { id, note: '再次处理' }, { token: admin })).toMatchObject({ code: CODE.invalid, message: RECONCILIATION_MSG.alreadyResolved });
    const resolved = await list({ state: 'resolved', page: 1 });
    expect(resolved.data[0]).toMatchObject({ id, state: 'resolved', resolved_by: 'admin', note: '已在场馆扣回' });
    expect((await list({ state: 'open', page: 1 })).total).toBe(0);
    const audit = await t.ctx.db.selectFrom('admin_audit').selectAll().where('action', '=', 'reconciliation.resolve').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].target).toBe(`difference:${id}`);
    expect(await rec().isHeld(m.id, 'pp')).toBe(false);
    await expectLedgerSound(t);
  });

  it('the back-office list: operator token only, and bad bodies answer a message', async () => {
    const m = await newMember(t, 'listing01', 0);
    expect(await t.post('/admin/api/reconciliation/list', { page: 1 }, { token: m.token })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/admin/api/reconciliation/list', { page: 1 })).toMatchObject({ code: CODE.unauthorized });
    expect(await t.post('/admin/api/reconciliation/list', { state: 'gone', page: 1 }, { token: admin })).toMatchObject({ code: CODE.invalid, message: RECONCILIATION_MSG.state });
    expect((await t.post('/admin/api/reconciliation/list', { page: 0 }, { token: admin })).code).toBe(CODE.invalid);
    expect((await t.post('/admin/api/reconciliation/list', '[1,2]', { token: admin })).code).toBe(CODE.invalid);
    expect((await t.post('/admin/api/reconciliation/list', {}, { token: admin })).code).toBe(200);
  });
});
