import { CENTRAL_WALLET, RECORDS_CSV_HEADERS, RECORDS_EXPORT_MSG } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { memberWithCard } from '../payments/testing.ts';
import { credit, startVenueApp } from '../transfers/testing.ts';
import { exportWindow } from './routes.ts';

/** A member's own records as CSV (issue 22): only theirs, the range's, refused ranges in Chinese; SQLite and PostgreSQL. */
describe('member records export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startVenueApp();
  });
  afterAll(() => t.stop());

  const csv = async (token: string | undefined, body: Record<string, unknown>) => {
    const res = await t.http.inject({ method: 'POST', url: '/api/records/export', payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return res;
  };
  const lines = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\n').map((l) => l.split(','));
  const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const bet = (memberId: number, id: string, at: number, winLoss: number) =>
    t.ctx.db.insertInto('bets').values({ platform: 'pp', bet_id: id, member_id: memberId, game_code: 'pp_gates', game_name: '=SUM(A1)', category_id: '3', bet_amount: 1000, valid_amount: 1000, win_loss: winLoss, status: 1, created_at: at, settled_at: at, pulled_at: at }).execute();

  it('answers the member their own central-wallet movements and bets, never another member’s', async () => {
    const a = await memberWithCard(t, 'rxa');
    const b = await memberWithCard(t, 'rxb');
    await credit(t, a.name, 500);
    await credit(t, b.name, 700);
    expect((await t.post('/api/transfer', { sourcetype: CENTRAL_WALLET, targettype: 'pp', amount: 120 }, { token: a.token })).code).toBe(200);
    expect((await t.post('/api/transfer', { sourcetype: 'pp', targettype: CENTRAL_WALLET, amount: 20 }, { token: a.token })).code).toBe(200);
    const now = Date.now();
    await bet(a.id, 'RXA-1', now - 60_000, -500);
    await bet(a.id, 'RXA-2', now - 30_000, 800);
    await bet(b.id, 'RXB-1', now - 30_000, 300);
    // a bet of a's before the range stays out
    await bet(a.id, 'RXA-OLD', now - 100 * 86_400_000, 100);

    const res = await csv(a.token, { kind: 'trans', from: today(), to: today() });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`trans-${today()}_${today()}.csv`);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const trans = lines(res.body);
    expect(trans[0]).toEqual(RECORDS_CSV_HEADERS.trans);
    // exactly the member's central-wallet entries, signed as the ledger says
    const account = await t.ctx.db.selectFrom('ledger_accounts').select('id').where('code', '=', `member:${a.id}:central`).executeTakeFirstOrThrow();
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['reference', 'amount', 'from_account_id'])
      .where((eb) => eb.or([eb('from_account_id', '=', account.id), eb('to_account_id', '=', account.id)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(trans.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual(
      entries.map((e) => {
        const yuan = String(Number(e.amount) / 100);
        return Number(e.from_account_id) === Number(account.id) ? ['', yuan, e.reference] : [yuan, '', e.reference];
      }),
    );
    expect(trans.slice(1).map((r) => r[1])).toEqual(['人工调整', '转入场馆', '场馆转出']);
    expect(trans.slice(1).map((r) => [r[2], r[3]])).toEqual([['500', ''], ['', '120'], ['20', '']]);

    const bets = lines((await csv(a.token, { kind: 'bets', from: today(), to: today() })).body);
    expect(bets[0]).toEqual(RECORDS_CSV_HEADERS.bets);
    expect(bets.slice(1).map((r) => [r[1], r[6], r[7]])).toEqual([['RXA-1', '-5', '已结算'], ['RXA-2', '8', '已结算']]);
    // a formula-looking game name is written as text
    expect(bets[1][3]).toBe("'=SUM(A1)");
    const all = (await csv(a.token, { kind: 'bets', from: today(), to: today() })).body + (await csv(a.token, { kind: 'trans', from: today(), to: today() })).body;
    expect(all).not.toContain('RXB-1');
    expect(all).not.toContain(b.name);
    // b sees only b's
    expect(lines((await csv(b.token, { kind: 'bets', from: today(), to: today() })).body).slice(1).map((r) => r[1])).toEqual(['RXB-1']);
  });

  it('refuses bad ranges and a missing token with Chinese messages', async () => {
    const m = await memberWithCard(t, 'rxbad');
    expect((await csv(undefined, { kind: 'trans', from: today(), to: today() })).json()).toMatchObject({ code: 401 });
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'money', from: '2026-01-01', to: '2026-01-02' }, RECORDS_EXPORT_MSG.kind],
      [{ kind: 'trans', from: '2026-02-30', to: '2026-03-02' }, RECORDS_EXPORT_MSG.from],
      [{ kind: 'trans', from: '2026-01-01', to: 'tomorrow' }, RECORDS_EXPORT_MSG.to],
      [{ kind: 'bets', from: '2026-03-02', to: '2026-03-01' }, RECORDS_EXPORT_MSG.order],
      [{ kind: 'bets', from: '2026-01-01', to: '2026-04-01' }, RECORDS_EXPORT_MSG.tooLong],
    ];
    for (const [body, message] of cases) {
      const res = await csv(m.token, body);
      expect(res.headers['content-type'], JSON.stringify(body)).toContain('application/json');
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 400, message });
    }
    // 90 days, both ends included, is allowed
    expect((await csv(m.token, { kind: 'bets', from: '2026-01-01', to: '2026-03-31' })).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('counts whole Beijing days, both ends included', () => {
    expect(exportWindow({ from: '2026-03-01', to: '2026-03-02' })).toEqual({ start: Date.parse('2026-03-01T00:00:00+08:00'), end: Date.parse('2026-03-03T00:00:00+08:00') });
  });
});
