import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BET_MSG, ADMIN_COMMON_MSG, BET_CSV_HEADERS, type BetSearchPage } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { FORBIDDEN_MESSAGE } from '../../http/admin-routes.ts';
import { BET_DOWNLOAD_GONE } from './search-routes.ts';

/**
 * 注单查询 (issue 36 point 5) on SQLite and PostgreSQL: every bet of every venue for holders of
 * risk.view, filtered by member, agent, venue, game, bet or settle time, state, stake and result;
 * paged newest first with the last page read from the oldest end; totals for the filter; a detail;
 * the CSV through a single-use audited link. Operators without risk.view are refused.
 */
describe('注单查询: /admin/api/bets/list|get|export', () => {
  let t: TestApp;
  let owner: string;
  let risk: string;
  let support: string;
  let auditor: string;
  const ids: Record<string, number> = {};
  const HOUR = 3_600_000;
  const now = Date.now();
  let agentCode = '';

  const bjDate = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
  const list = (body: Record<string, unknown>, token = risk) => t.post<BetSearchPage>('/admin/api/bets/list', body, { token });
  const betIds = (r: { data: BetSearchPage }) => r.data.data.map((b) => b.bet_id);

  let seq = 0;
  const bet = (member: string, o: { platform?: string; game?: string; stake?: number; result?: number; status?: 0 | 1 | 2; at: number; settledAt?: number | null; name?: string; round?: string; side?: string }) => ({
    platform: o.platform ?? 'pp',
    bet_id: `B${String(++seq).padStart(4, '0')}`,
    member_id: ids[member],
    game_code: o.game ?? 'pp_gates',
    game_name: o.name ?? '奥林匹斯之门',
    category_id: 'concise',
    bet_amount: o.stake ?? 1000,
    valid_amount: (o.status ?? 1) === 1 ? (o.stake ?? 1000) : 0,
    win_loss: (o.status ?? 1) === 1 ? (o.result ?? 0) : 0,
    status: o.status ?? 1,
    detail: (o.status ?? 1) === 1 ? '局号 R-' + seq + ' · 赢' : '',
    created_at: o.at,
    settled_at: o.settledAt === undefined ? ((o.status ?? 1) === 2 ? null : o.at + 60_000) : o.settledAt,
    pulled_at: o.at + 120_000,
    round_id: o.round ?? null,
    side: o.side ?? null,
  });

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    for (const [username, role] of [['riskone', 'risk'], ['helpdesk', 'support'], ['auditone', 'auditor']] as const) {
      expect((await t.post('/admin/api/operators/create', { username, password: 'operator123', role }, { token: owner })).code).toBe(200);
    }
    const signIn = async (username: string) => (await t.post('/admin/api/login', { username, password: 'operator123' })).data.token as string;
    [risk, support, auditor] = [await signIn('riskone'), await signIn('helpdesk'), await signIn('auditone')];

    for (const name of ['alice01', 'bobby01', 'carol01', 'agentx01']) await t.register(name);
    const made = await t.post('/admin/api/agents/create', { username: 'agentx01' }, { token: owner });
    expect(made.code).toBe(200);
    agentCode = made.data.code;
    await t.register('davey01', { pid: agentCode });
    for (const r of await t.ctx.db.selectFrom('members').select(['id', 'username']).execute()) ids[r.username] = Number(r.id);

    const rows = [
      // alice: today, pp
      bet('alice01', { stake: 10000, result: -10000, at: now - 5 * HOUR, round: 'fx:9', side: 'home' }), // B0001 lost 100
      bet('alice01', { stake: 5000, result: 7000, at: now - 4 * HOUR, game: 'pp_sweet', name: '=SUM(A1)' }), // B0002 won 70
      bet('alice01', { stake: 2000, status: 2, at: now - 3 * HOUR }), // B0003 unsettled
      // bobby: ag, one void, one 10 days ago (outside the default week)
      bet('bobby01', { platform: 'ag', game: 'ag_bacc', stake: 30000, result: 29000, at: now - 2 * HOUR, round: 'fx:9', side: 'away' }), // B0004
      bet('bobby01', { platform: 'ag', game: 'ag_bacc', stake: 8000, status: 0, at: now - 1 * HOUR }), // B0005 void
      bet('bobby01', { platform: 'ag', game: 'ag_bacc', stake: 4000, result: -4000, at: now - 10 * 24 * HOUR }), // B0006 old
      // davey (agent x's member)
      bet('davey01', { stake: 500, result: -500, at: now - 30 * 60_000 }), // B0007
      // settled days later than placed: found by settle time, not by bet time
      bet('bobby01', { platform: 'ag', game: 'ag_bacc', stake: 1500, result: 1500, at: now - 9 * 24 * HOUR, settledAt: now - 6 * HOUR }), // B0008
    ];
    // carol: 45 bets over the last 45 minutes, one a minute (paging)
    for (let i = 0; i < 45; i++) rows.push(bet('carol01', { platform: 'pg', game: 'pg_mahjong', stake: 100 + i, result: i % 2 ? 100 : -100 - i, at: now - (45 - i) * 60_000 - 7 * 60 * 60_000 }));
    await t.ctx.db.insertInto('bets').values(rows).execute();
  });
  afterAll(() => t?.stop());

  it('lists the last week by default, newest first, with the totals of the filter', async () => {
    const r = await list({ per_page: 100 });
    expect(r.code).toBe(200);
    // B0006 (10 days ago) and B0008 (placed 9 days ago) are outside the default week
    expect(r.data.total).toBe(51);
    expect(betIds(r).slice(0, 6)).toEqual(['B0007', 'B0005', 'B0004', 'B0003', 'B0002', 'B0001']);
    const first = r.data.data.find((b) => b.bet_id === 'B0004')!;
    expect(first).toMatchObject({ platform: 'ag', username: 'bobby01', bet_amount: 300, valid_amount: 300, win_loss: 290, payout: 590, status: 1 });
    expect(r.data.data.find((b) => b.bet_id === 'B0003')).toMatchObject({ status: 2, payout: 0, settled_at: null });
    expect(r.data.window.by).toBe('bet');
    // stakes: 100 + 50 + 20 + 300 + 80 + 5 + carol's (100..144 fen = 54.90 yuan)
    const carolStake = Array.from({ length: 45 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    const carolResult = Array.from({ length: 45 }, (_, i) => (i % 2 ? 100 : -100 - i)).reduce((a, b) => a + b, 0);
    expect(r.data.totals).toEqual({
      count: 51,
      stake: (10000 + 5000 + 2000 + 30000 + 8000 + 500 + carolStake) / 100,
      // valid: settled only
      valid: (10000 + 5000 + 30000 + 500 + carolStake) / 100,
      // payout of settled bets: stake + result
      payout: (0 + 12000 + 59000 + 0 + carolStake + carolResult) / 100,
      win_loss: (-10000 + 7000 + 29000 - 500 + carolResult) / 100,
    });
    // totals are left out when not asked for
    expect((await list({ totals: false })).data.totals).toBeNull();
  });

  it('filters by member, agent, venue, game, state, stake and result', async () => {
    expect(betIds(await list({ username: 'ALICE01' }))).toEqual(['B0003', 'B0002', 'B0001']);
    expect((await list({ username: 'alice01' })).data.totals).toMatchObject({ count: 3, stake: 170, win_loss: -30 });
    // the agent by its code or its username: its members' bets
    expect(betIds(await list({ agent: agentCode }))).toEqual(['B0007']);
    expect(betIds(await list({ agent: 'AgentX01' }))).toEqual(['B0007']);
    expect(betIds(await list({ platform: 'ag' }))).toEqual(['B0005', 'B0004']);
    expect(betIds(await list({ game: 'pp_sweet' }))).toEqual(['B0002']);
    // issue 36: a round's bets on every side
    expect(betIds(await list({ round_id: 'fx:9' }))).toEqual(['B0004', 'B0001']);
    expect(betIds(await list({ round_id: 'fx:9', username: 'bobby01' }))).toEqual(['B0004']);
    expect((await list({ round_id: 'fx:10' })).data.total).toBe(0);
    expect(betIds(await list({ state: 'unsettled' }))).toEqual(['B0003']);
    expect(betIds(await list({ state: 'void' }))).toEqual(['B0005']);
    expect((await list({ state: 'settled' })).data.total).toBe(49);
    expect(betIds(await list({ stake_min: '50', stake_max: 100 }))).toEqual(['B0005', 'B0002', 'B0001']);
    expect(betIds(await list({ result_min: 50 }))).toEqual(['B0004', 'B0002']);
    expect(betIds(await list({ result_max: '-5', platform: 'pp' }))).toEqual(['B0007', 'B0001']);
    // a member nobody has: an empty page, not an error
    const none = await list({ username: 'nobody99' });
    expect(none.code).toBe(200);
    expect(none.data).toMatchObject({ data: [], total: 0, totals: { count: 0 } });
    // an agent nobody has: said in Chinese
    expect(await list({ agent: 'noagent' })).toMatchObject({ code: 404, message: ADMIN_BET_MSG.agentNotFound });
  });

  it('filters by bet time and by settle time (then ordered by settle time)', async () => {
    const tenDaysAgo = bjDate(now - 10 * 24 * HOUR);
    const r = await list({ username: 'bobby01', bet_from: tenDaysAgo, bet_to: bjDate(now) });
    expect(betIds(r)).toEqual(['B0005', 'B0004', 'B0008', 'B0006']);
    // settled in the last week: B0008 was placed 9 days ago and settled 6 hours ago
    const settled = await list({ username: 'bobby01', settle_from: bjDate(now - 6 * 24 * HOUR), settle_to: bjDate(now) });
    expect(settled.data.window.by).toBe('settle');
    expect(betIds(settled)).toEqual(['B0005', 'B0004', 'B0008']);
    // both: bet time bounds, settle time filters
    expect(betIds(await list({ username: 'bobby01', bet_from: tenDaysAgo, bet_to: bjDate(now), settle_from: bjDate(now - 24 * HOUR) }))).toEqual(['B0005', 'B0004', 'B0008']);
    // times to the second (Beijing)
    const at = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
    expect(betIds(await list({ bet_from: at(now - 3 * HOUR - 1000), bet_to: at(now - 1 * HOUR + 1000) }))).toEqual(['B0005', 'B0004', 'B0003']);
  });

  it('pages newest first; the last page is read from the oldest end and joins the others exactly', async () => {
    const pages: string[][] = [];
    let lastPage = 0;
    for (let page = 1; page <= 3; page++) {
      const r = await list({ platform: 'pg', page, per_page: 20 });
      expect(r.data).toMatchObject({ total: 45, last_page: 3, current_page: page, per_page: 20 });
      lastPage = r.data.last_page;
      pages.push(betIds(r));
    }
    expect(lastPage).toBe(3);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const all = pages.flat();
    const expected = Array.from({ length: 45 }, (_, i) => `B${String(9 + 44 - i).padStart(4, '0')}`);
    expect(all).toEqual(expected);
    // past the end: an empty page
    expect((await list({ platform: 'pg', page: 4, per_page: 20 })).data.data).toEqual([]);
  });

  it('answers one bet with its round, settlement and raw record', async () => {
    const r = await t.post('/admin/api/bets/get', { platform: 'PP', bet_id: 'B0001' }, { token: risk });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ bet_id: 'B0001', round_id: 'fx:9', side: 'home', username: 'alice01', member_id: ids.alice01, bet_amount: 100, win_loss: -100, payout: 0, status: 1, detail: expect.stringContaining('局号'), turnover_counted: false });
    expect(r.data.raw).toMatchObject({ platform: 'pp', bet_id: 'B0001', bet_amount: 10000, win_loss: -10000, status: 1, game_code: 'pp_gates' });
    // a bet pulled before rounds were kept has none
    expect((await t.post('/admin/api/bets/get', { platform: 'pp', bet_id: 'B0002' }, { token: risk })).data).toMatchObject({ round_id: null, side: null });
    expect(await t.post('/admin/api/bets/get', { platform: 'pp', bet_id: 'NOPE' }, { token: risk })).toMatchObject({ code: 404, message: ADMIN_BET_MSG.notFound });
    expect(await t.post('/admin/api/bets/get', { platform: 'pp' }, { token: risk })).toMatchObject({ code: 400, message: ADMIN_BET_MSG.betId });
  });

  it('refuses operators without risk.view (403) and lets the auditor read', async () => {
    for (const [p, body] of [
      ['/admin/api/bets/list', {}],
      ['/admin/api/bets/get', { platform: 'pp', bet_id: 'B0001' }],
      ['/admin/api/bets/export', {}],
    ] as const) {
      expect(await t.post(p, body, { token: support })).toMatchObject({ code: 403, message: FORBIDDEN_MESSAGE });
      expect((await t.post(p, body)).code).toBe(401);
    }
    expect((await list({}, auditor)).code).toBe(200);
    expect((await list({}, owner)).code).toBe(200);
  });

  it('answers bad input with a Chinese message, never a 500', async () => {
    const cases: [Record<string, unknown> | unknown[], string][] = [
      [{ bet_from: 'yesterday' }, ADMIN_COMMON_MSG.date],
      [{ bet_from: '2026-02-30' }, ADMIN_COMMON_MSG.date],
      [{ bet_from: '2026-03-10', bet_to: '2026-03-01' }, ADMIN_COMMON_MSG.dateOrder],
      [{ bet_from: '2026-01-01', bet_to: '2026-03-01' }, ADMIN_BET_MSG.span],
      [{ settle_from: '2026-01-01', settle_to: '2026-02-15' }, ADMIN_BET_MSG.span],
      [{ stake_min: 100, stake_max: 10 }, ADMIN_BET_MSG.stakeOrder],
      [{ result_min: 5, result_max: -5 }, ADMIN_BET_MSG.resultOrder],
      [{ stake_min: '1.234' }, ADMIN_COMMON_MSG.amount],
      [{ result_max: 'lots' }, ADMIN_COMMON_MSG.amount],
      [{ state: 'won' }, ADMIN_BET_MSG.state],
      [{ round_id: 'x'.repeat(65) }, ADMIN_BET_MSG.roundId],
      [{ round_id: 42 }, ADMIN_BET_MSG.roundId],
      [{ per_page: 1000 }, ADMIN_COMMON_MSG.perPage],
      [{ page: -1 }, ADMIN_COMMON_MSG.page],
      [{ username: { $ne: 1 } }, ADMIN_COMMON_MSG.badRequest],
      [{ totals: 'yes' }, ADMIN_COMMON_MSG.badRequest],
      [[1, 2], ADMIN_COMMON_MSG.badRequest],
    ];
    for (const [body, message] of cases) expect(await list(body as Record<string, unknown>), JSON.stringify(body)).toMatchObject({ code: 400, message });
    // one bound only: the window runs 31 days from it, still within the cap
    expect((await list({ bet_to: bjDate(now) })).code).toBe(200);
    expect(await t.post('/admin/api/bets/export', { bet_from: '2026-01-01', bet_to: '2026-03-01' }, { token: risk })).toMatchObject({ code: 400, message: ADMIN_BET_MSG.span });
  });

  it('exports the filter as CSV through a single-use, audited link', async () => {
    const exported = await t.post('/admin/api/bets/export', { platform: 'pp' }, { token: risk });
    expect(exported.code).toBe(200);
    expect(exported.data.url).toMatch(/^\/admin\/download\/bets\?token=[A-Za-z0-9_-]{43}$/);
    const audit = await t.ctx.db.selectFrom('admin_audit').select(['action', 'target', 'detail']).where('action', '=', 'bets.export').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail).after).toMatchObject({ platform: 'pp' });

    const res = await t.http.inject({ method: 'GET', url: exported.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(BET_CSV_HEADERS.join(','));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['B0007', 'B0003', 'B0002', 'B0001']);
    const b2 = lines.find((l) => l.startsWith('B0002'))!.split(',');
    // the game name a spreadsheet would run as a formula is quoted out; codes by their Chinese names
    expect(b2.slice(1, 13)).toEqual(['PP', 'pp', 'alice01', "'=SUM(A1)", 'pp_sweet', '电子游戏', '50.00', '50.00', '120.00', '70.00', '已结算', expect.stringMatching(/^\d{4}-\d{2}-\d{2} /)]);
    expect(lines.find((l) => l.startsWith('B0003'))).toContain('未结算');

    // once only; a made-up token is refused
    expect((await t.http.inject({ method: 'GET', url: exported.data.url })).json()).toMatchObject({ code: 401, message: BET_DOWNLOAD_GONE });
    expect((await t.http.inject({ method: 'GET', url: '/admin/download/bets?token=nope' })).json()).toMatchObject({ code: 401, message: BET_DOWNLOAD_GONE });
    // a reports link is no bets link (and the other way round)
    const report = await t.post('/admin/api/reports/export', { report: 'daily', from: bjDate(now), to: bjDate(now) }, { token: owner });
    expect((await t.http.inject({ method: 'GET', url: report.data.url.replace('/reports?', '/bets?') })).json()).toMatchObject({ code: 400, message: BET_DOWNLOAD_GONE });
  });
});
