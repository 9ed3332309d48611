import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG, type BetRecordRow } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { credit, drivenClock, newMember, openGame, startVenueApp, venueGame, type Member } from '../transfers/testing.ts';

type Board = { upcoming: { id: number; kickoff_at: number; ends_at: number; odds: Record<string, number | null> }[] };

describe('bet records pulled from the venues', () => {
  let t: TestApp;
  let m: Member;
  let other: Member;
  let matchEnds = 0;
  let matchFixture = 0;
  let openBetId = '';
  const slotBets: string[] = [];
  // the venue's matches run on this clock: the open bet stays open until the test ends its match
  const clock = drivenClock();
  beforeAll(async () => {
    t = await startVenueApp({ sandboxGame: venueGame(clock.now) });
    m = await newMember(t, 'bettor001');
    other = await newMember(t, 'bettor002', 100);
    // 1000 yuan with a 1x wagering requirement
    await credit(t, 'bettor001', 1000, 1);
    await t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: m.token });
    await t.post('/api/transfer', { amount: 500, sourcetype: 'userbalance', targettype: 'obgdy' }, { token: m.token });
    await t.post('/api/transfer', { amount: 100, sourcetype: 'userbalance', targettype: 'sb' }, { token: m.token });

    const slots = await openGame(t, m.token, 'obgdy', 'obgdy_caishen');
    for (let i = 0; i < 5; i++) {
      const r = await slots.act('spin', { stake_fen: 1000 });
      expect(r.status).toBe(200);
      slotBets.push(r.json.bet_id!);
    }
    const sport = await openGame(t, m.token, 'sb', 'sb_lobby');
    const board = (await sport.act<Board>('state')).json;
    // the venue's clock stands still until the test moves it, so any listed fixture takes the bet
    const f = board.upcoming[board.upcoming.length - 1];
    const placed = await sport.act('bet', { fixture_id: f.id, pick: 'home', stake_fen: 2000, odds_x100: f.odds.home });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    openBetId = placed.json.bet_id!;
    matchEnds = f.ends_at;
    matchFixture = f.id;
  });
  afterAll(() => t.stop());

  const records = async (body: Record<string, unknown> = {}, who: Member = m) => {
    const reply = await t.post('/api/betrecord', body, { token: who.token });
    expect(reply.code, reply.message).toBe(200);
    return reply.data as { data: BetRecordRow[]; total: number; last_page: number; current_page: number; per_page: number };
  };
  const owed = async () => (await t.post('/api/getBetAmount', {}, { token: m.token })).data.bet_amount;

  it('answers 401 to guests', async () => {
    expect(await t.post('/api/betrecord', {})).toMatchObject({ code: CODE.unauthorized, message: MSG.authExpired });
    expect(await t.post('/api/getBetAmount', {})).toMatchObject({ code: CODE.unauthorized });
  });

  it('pulls every bet once; settled ones reduce the turnover owed', async () => {
    expect(await owed()).toBe(1000);
    const first = await t.venues.bets.pull();
    expect(first.failed).toEqual([]);
    expect(first.records).toBe(6);
    const page = await records();
    expect(page).toMatchObject({ total: 6, current_page: 1, last_page: 1, per_page: 15 });
    expect(new Set(page.data.map((r) => r.bet_id))).toEqual(new Set([...slotBets, openBetId]));
    const open = page.data.find((r) => r.bet_id === openBetId)!;
    expect(open).toMatchObject({ status: 2, bet_amount: 20, win_loss: 0, valid_amount: 0, Code: '沙巴体育', platform: 'sb', platname: '沙巴体育' });
    const spin = page.data.find((r) => r.bet_id === slotBets[0])!;
    expect(spin).toMatchObject({ status: 1, bet_amount: 10, valid_amount: 10, Code: '财神到', platform: 'obgdy' });
    expect(spin.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // issue 36: the round and side come from the provider's record: the match's fixture and pick; a spin is its own round
    const rounds = await t.ctx.db.selectFrom('bets').select(['bet_id', 'round_id', 'side']).execute();
    expect(rounds.find((r) => r.bet_id === openBetId)).toMatchObject({ round_id: `fx:${matchFixture}`, side: 'home' });
    expect(rounds.find((r) => r.bet_id === slotBets[0])).toMatchObject({ round_id: slotBets[0], side: null });
    // newest first
    const times = page.data.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // five settled spins of 10 yuan
    expect(await owed()).toBe(950);
    // nothing new: nothing changes
    expect((await t.venues.bets.pull()).records).toBe(0);
    expect(await owed()).toBe(950);
  });

  it('a settled result replaces the unsettled one, and counts once', async () => {
    clock.to(matchEnds + 300);
    const pulled = await t.venues.bets.pull();
    expect(pulled.records).toBe(1);
    const page = await records();
    expect(page.total).toBe(6);
    const settled = page.data.find((r) => r.bet_id === openBetId)!;
    expect(settled).toMatchObject({ status: 1, bet_amount: 20, valid_amount: 20 });
    expect([-20, 0].includes(settled.win_loss) || settled.win_loss > 0).toBe(true);
    expect(settled.settled_at).not.toBeNull();
    // the settled version keeps its round and side
    expect(await t.ctx.db.selectFrom('bets').select(['round_id', 'side']).where('bet_id', '=', openBetId).executeTakeFirst()).toEqual({ round_id: `fx:${matchFixture}`, side: 'home' });
    expect(await owed()).toBe(930);
    // read the whole feed again from the start: still six bets, nothing counted twice
    await t.ctx.db.deleteFrom('bet_cursors').execute();
    await t.venues.bets.pull();
    expect((await records()).total).toBe(6);
    expect(await owed()).toBe(930);
  });

  it('never shows another member\'s bets; filters by venue', async () => {
    expect((await records({}, other)).total).toBe(0);
    expect((await records({ api_type: 'obgdy' })).total).toBe(5);
    expect((await records({ api_type: 'sb' })).total).toBe(1);
    expect((await records({ api_type: 'pp' })).total).toBe(0);
  });

  it('pages and filters by Beijing days', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const rows = Array.from({ length: 40 }, (_, i) => ({
      platform: 'pp',
      bet_id: `OLD${i}`,
      member_id: other.id,
      game_code: 'pp_gates',
      game_name: '奥林匹斯之门',
      category_id: 'concise',
      bet_amount: 100,
      valid_amount: 100,
      win_loss: -100,
      status: 1,
      // 10 today-ish, 10 three days ago, 10 ten days ago, 10 twenty days ago
      created_at: [now - 1000, now - 3 * day, now - 10 * day, now - 20 * day][Math.floor(i / 10)] - i,
      settled_at: now,
      pulled_at: now,
    }));
    rows.push({ ...rows[0], bet_id: 'ANCIENT', created_at: now - 40 * day });
    await t.ctx.db.insertInto('bets').values(rows).execute();
    const totals = [];
    for (const date of [1, 2, 3, 4]) totals.push((await records({ date }, other)).total);
    expect(totals).toEqual([10, 20, 30, 40]);
    expect((await records({}, other)).total).toBe(40); // default: 30 days
    const p3 = await records({ page: 3 }, other);
    expect(p3).toMatchObject({ total: 40, last_page: 3, current_page: 3, per_page: 15 });
    expect(p3.data).toHaveLength(10);
    expect((await records({ page: 4 }, other)).data).toHaveLength(0);
    expect((await t.post('/api/betrecord', { date: 9 }, { token: other.token })).code).toBe(CODE.invalid);
    expect((await t.post('/api/betrecord', { page: 0 }, { token: other.token })).code).toBe(CODE.invalid);
  });
});
