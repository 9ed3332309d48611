import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { newMember } from '../transfers/testing.ts';
import { wallet } from '../wallet/index.ts';
import { centralOf, player, seamlessAccountOf, seamlessVenue, walletCall } from './testing.ts';

/**
 * The seamless wallet API under attack (issue 38; SEAMLESS.md): the venue's calls raced,
 * repeated, reordered, forged and malformed, on the real app and database. After each scenario
 * the ledger is sound and the member's money is what the accepted calls say.
 */
describe('seamless wallet API', () => {
  let t: TestApp;
  const V = 'SBSLOT';
  beforeAll(async () => {
    t = await startApp();
    await seamlessVenue(t, V);
    await seamlessVenue(t, 'SBLIVE');
  });
  afterAll(() => t.stop());

  const sound = async () => expect(await wallet.verify(t.ctx.db)).toEqual([]);
  let n = 0;
  const member = async (yuan: number) => newMember(t, `sl${String(++n).padStart(5, '0')}`, yuan);
  const debit = (p: string, txId: string, amount: string, roundId = `r-${txId}`) => walletCall(t, V, 'debit', { player: p, txId, roundId, gameCode: 'slot1', amount });
  const credit = (p: string, txId: string, debitTxId: string, amount: string) => walletCall(t, V, 'credit', { player: p, txId, roundId: `r-${debitTxId}`, debitTxId, gameCode: 'slot1', amount });
  const rollback = (p: string, txId: string, debitTxId: string) => walletCall(t, V, 'rollback', { player: p, txId, roundId: `r-${debitTxId}`, debitTxId });
  const betOf = (debitTxId: string) => t.ctx.db.selectFrom('bets').selectAll().where('platform', '=', V).where('bet_id', '=', debitTxId).executeTakeFirst();

  it('50 concurrent debits of 10 yuan with 100 yuan: exactly 10 accepted, the rest 1001, nothing lost', async () => {
    const m = await member(100);
    const p = player(t, m.id);
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => debit(p, `race-${m.id}-${i}`, '10.00')));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
    expect(replies.filter((r) => r.code === 1001)).toHaveLength(40);
    expect(await centralOf(t, m.id)).toBe(0);
    // a repeat of a refused txId answers its refusal again, even with money back
    await credit(p, `race-win-${m.id}`, replies.findIndex((r) => r.code === 0) >= 0 ? `race-${m.id}-${replies.findIndex((r) => r.code === 0)}` : '', '50.00');
    const refusedAt = replies.findIndex((r) => r.code === 1001);
    expect((await debit(p, `race-${m.id}-${refusedAt}`, '10.00')).code).toBe(1001);
    expect(await centralOf(t, m.id)).toBe(5000);
    await sound();
  });

  it('a debit and its credit make one settled bet; repeats answer the first answer and move nothing', async () => {
    const m = await member(100);
    const p = player(t, m.id);
    expect(await walletCall(t, V, 'balance', { player: p })).toMatchObject({ status: 200, code: 0, balance: '100.00' });
    expect(await debit(p, 'd1', '30.50')).toMatchObject({ code: 0, balance: '69.50' });
    // a time-out then the retry of the same txId and body: one effect, the same answer
    expect(await debit(p, 'd1', '30.50')).toMatchObject({ code: 0, balance: '69.50' });
    expect(await credit(p, 'c1', 'd1', '61.00')).toMatchObject({ code: 0, balance: '130.50' });
    expect(await credit(p, 'c1', 'd1', '61.00')).toMatchObject({ code: 0, balance: '130.50' });
    // txId reused with another body
    expect(await credit(p, 'c1', 'd1', '99.00')).toMatchObject({ code: 2003 });
    expect(await debit(p, 'd1', '1.00')).toMatchObject({ code: 2003 });
    // a second credit of the same debit, a rollback after the credit
    expect(await credit(p, 'c1b', 'd1', '61.00')).toMatchObject({ code: 3002 });
    expect(await rollback(p, 'rb1', 'd1')).toMatchObject({ code: 3002, balance: '130.50' });
    expect(await centralOf(t, m.id)).toBe(13_050);
    expect(await betOf('d1')).toMatchObject({ member_id: m.id, bet_amount: 3050, valid_amount: 3050, win_loss: 3050, status: 1, game_name: '测试老虎机', round_id: 'r-d1', side: null });
    await sound();
  });

  it('a rollback returns the stake once and voids the bet; a credit after it is refused', async () => {
    const m = await member(50);
    const p = player(t, m.id);
    expect((await debit(p, 'd2', '20')).code).toBe(0);
    expect(await rollback(p, 'rb2', 'd2')).toMatchObject({ code: 0, balance: '50.00' });
    expect(await rollback(p, 'rb2', 'd2')).toMatchObject({ code: 0, balance: '50.00' });
    expect(await credit(p, 'c2', 'd2', '40')).toMatchObject({ code: 3002, balance: '50.00' });
    expect(await betOf('d2')).toMatchObject({ status: 0, win_loss: 0, valid_amount: 0, round_id: 'r-d2' });
    await sound();
  });

  it('a rollback racing a credit of the same debit: exactly one wins, money agrees', async () => {
    for (let i = 0; i < 8; i++) {
      const m = await member(10);
      const p = player(t, m.id);
      expect((await debit(p, `d3-${i}`, '10')).code).toBe(0);
      const [c, r] = await Promise.all([credit(p, `c3-${i}`, `d3-${i}`, '25'), rollback(p, `rb3-${i}`, `d3-${i}`)]);
      expect([c.code, r.code].sort()).toEqual([0, 3002]);
      expect(await centralOf(t, m.id)).toBe(c.code === 0 ? 2500 : 1000);
    }
    await sound();
  });

  it('a credit without a debit is paid once and flagged; its late debit then takes the stake', async () => {
    const m = await member(10);
    const p = player(t, m.id);
    expect(await credit(p, 'c4', 'd4', '5.00')).toMatchObject({ code: 0, balance: '15.00' });
    expect(await credit(p, 'c4', 'd4', '5.00')).toMatchObject({ code: 0, balance: '15.00' });
    const tx = await t.ctx.db.selectFrom('seamless_txs').selectAll().where('venue', '=', V).where('tx_id', '=', 'c4').executeTakeFirstOrThrow();
    expect(tx.flagged).toBe(1);
    expect(await debit(p, 'd4', '2.00')).toMatchObject({ code: 0, balance: '13.00' });
    expect(await rollback(p, 'rb4', 'd4')).toMatchObject({ code: 3002 });
    expect(await betOf('d4')).toMatchObject({ bet_amount: 200, win_loss: 300, status: 1 });
    await sound();
  });

  it('a rollback before its debit (the debit timed out at the venue): 3001, and the late debit takes nothing', async () => {
    const m = await member(10);
    const p = player(t, m.id);
    expect(await rollback(p, 'rb5', 'd5')).toMatchObject({ code: 3001, balance: '10.00' });
    expect(await debit(p, 'd5', '4.00')).toMatchObject({ code: 3002, balance: '10.00' });
    expect(await centralOf(t, m.id)).toBe(1000);
    await sound();
  });

  it('a loss limit is checked per bet (open stakes count) and a break mid-session blocks the next bet', async () => {
    const m = await member(100);
    const p = player(t, m.id);
    expect((await t.post('/api/responsible/limit', { kind: 'loss', period: 'day', amount: 30 }, { token: m.token })).code).toBe(200);
    expect((await debit(p, 'd6a', '20')).code).toBe(0);
    // 20 open + 15 > 30
    expect(await debit(p, 'd6b', '15')).toMatchObject({ code: 1002, balance: '80.00' });
    expect((await debit(p, 'd6c', '10')).code).toBe(0);
    // the first round lost: 20 lost + 10 open; nothing more fits
    expect((await credit(p, 'c6a', 'd6a', '0')).code).toBe(0);
    expect((await debit(p, 'd6d', '0.01')).code).toBe(1002);
    // a winning credit still pays
    expect(await credit(p, 'c6c', 'd6c', '10')).toMatchObject({ code: 0, balance: '80.00' });

    const b = await member(100);
    const bp = player(t, b.id);
    expect((await debit(bp, 'd7a', '5')).code).toBe(0);
    expect((await t.post('/api/responsible/break', { kind: 'timeout', duration: '24h' }, { token: b.token })).code).toBe(200);
    expect((await debit(bp, 'd7b', '5')).code).toBe(1002);
    // the round in play still settles
    expect(await credit(bp, 'c7a', 'd7a', '9')).toMatchObject({ code: 0, balance: '104.00' });
    await sound();
  });

  it('a frozen member is blocked; an unknown player, a transfer venue and another member’s debit are refused', async () => {
    const m = await member(100);
    const p = player(t, m.id);
    expect((await debit(p, 'd8', '5')).code).toBe(0);
    await t.ctx.db.updateTable('members').set({ status: 0 }).where('id', '=', m.id).execute();
    expect((await debit(p, 'd8b', '5')).code).toBe(1002);
    expect(await walletCall(t, V, 'debit', { player: `${t.ctx.config.venuePlayerPrefix}999999`, txId: 'x1', roundId: 'r', gameCode: 'slot1', amount: '1' })).toMatchObject({ code: 2002 });
    expect((await walletCall(t, V, 'debit', { player: 'stranger', txId: 'x2', roundId: 'r', gameCode: 'slot1', amount: '1' })).code).toBe(2002);
    await t.ctx.db.updateTable('venues').set({ mode: 'transfer' }).where('platform', '=', 'SBLIVE').execute();
    expect((await walletCall(t, 'SBLIVE', 'balance', { player: p })).code).toBe(2002);
    await t.ctx.db.updateTable('venues').set({ mode: 'seamless' }).where('platform', '=', 'SBLIVE').execute();
    const o = await member(10);
    expect((await credit(player(t, o.id), 'c8', 'd8', '50')).code).toBe(2003);
    expect(await centralOf(t, o.id)).toBe(1000);
    await sound();
  });

  it('forged and malformed calls are refused and change nothing', async () => {
    const m = await member(100);
    const p = player(t, m.id);
    const body = { player: p, txId: 'f1', roundId: 'r', gameCode: 'slot1', amount: '1.00' };
    expect(await walletCall(t, V, 'debit', body, { key: 'not-the-key' })).toMatchObject({ status: 401, code: 2001 });
    expect(await walletCall(t, V, 'debit', body, { ts: Date.now() - 6 * 60_000 })).toMatchObject({ status: 401, code: 2001 });
    // another venue's key
    const { derivedVenueKey } = await import('./protocol.ts');
    expect((await walletCall(t, V, 'debit', body, { key: derivedVenueKey(t.ctx.config.sandboxSecret, 'SBLIVE') })).code).toBe(2001);
    // a signature over other bytes
    const res = await t.http.inject({ method: 'POST', url: `/wallet/api/${V}/debit`, payload: JSON.stringify({ ...body, amount: '99.00' }), headers: (await import('./protocol.ts')).signWalletCall(derivedVenueKey(t.ctx.config.sandboxSecret, V), `/wallet/api/${V}/debit`, JSON.stringify(body)) });
    expect(res.json()).toMatchObject({ code: 2001 });
    // duplicate keys, bad amounts, wrong types
    expect((await walletCall(t, V, 'debit', `{"player":"${p}","txId":"f2","roundId":"r","gameCode":"slot1","amount":"1.00","amount":"0.01"}`)).code).toBe(2003);
    for (const amount of ['1.001', '-1', '-0.01', '0', '10000000.01', '1e3', '99999999999', ' 1', '']) {
      expect((await walletCall(t, V, 'debit', { ...body, txId: `f3${amount.length}`, amount })).code, amount).toBe(2003);
    }
    expect((await walletCall(t, V, 'debit', { ...body, amount: 1 })).code).toBe(2003);
    expect((await walletCall(t, V, 'debit', { ...body, txId: 'bad id' })).code).toBe(2003);
    expect((await walletCall(t, V, 'debit', '{"player": "x",}')).code).toBe(2003);
    expect((await walletCall(t, V, 'debit', '[]')).code).toBe(2003);
    expect((await walletCall(t, V, 'steal', body)).status).toBe(404);
    expect(await centralOf(t, m.id)).toBe(10_000);
    expect(await t.ctx.db.selectFrom('seamless_txs').select('id').where('player', '=', p).execute()).toHaveLength(0);
    await sound();
  });

  it('the seamless account holds open stakes plus the house result: the ledger stays closed', async () => {
    const total = await seamlessAccountOf(t, V);
    const open = await t.ctx.db.selectFrom('seamless_rounds').select((eb) => eb.fn.sum<number>('stake').as('s')).where('venue', '=', V).where('state', '=', 'open').executeTakeFirstOrThrow();
    const settled = await t.ctx.db.selectFrom('bets').select((eb) => eb.fn.sum<number>('win_loss').as('s')).where('platform', '=', V).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(total).toBe(Number(open.s ?? 0) - Number(settled.s ?? 0));
  });
});
