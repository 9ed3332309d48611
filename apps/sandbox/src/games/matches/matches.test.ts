import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivenClock, fundedPlayer, startSandbox, type Sandbox } from '../../testing.ts';
import type { BetRecord } from '../../provider/types.ts';
import type { FixtureView } from './service.ts';

const MATCH_MS = 1200;

// the games run on a clock the test drives: a real 1.2 s match raced the test on a loaded machine
const clock = drivenClock();

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ game: { matchMs: MATCH_MS, voidRate: 0, now: clock.now } });
});
afterAll(() => sb.close());

type Board = { now: number; upcoming: FixtureView[]; live: FixtureView[]; results: FixtureView[]; bets: BetRecord[] };

async function feedFor(user: string, from = '0') {
  const all: BetRecord[] = [];
  let cursor = from;
  for (;;) {
    const page = await sb.client.bets({ cursor, limit: 3 });
    all.push(...page.records.filter((r) => r.username === user));
    if (!page.has_more) return { all, cursor: page.next_cursor };
    cursor = page.next_cursor;
  }
}

async function betAndSettle(platform: string, code: string, pick: 'home' | 'away') {
  const user = await fundedPlayer(sb, platform, 100_000);
  const g = await sb.openGame(user, platform, code);
  const board = (await g.act<Board>('state')).json;
  expect(board.upcoming.length).toBeGreaterThanOrEqual(3);
  // the last listed fixture is far enough from kick-off to bet on
  const f = board.upcoming[board.upcoming.length - 1];
  const odds = f.odds[pick]!;
  const placed = await g.act('bet', { fixture_id: f.id, pick, stake_fen: 10_000, odds_x100: odds });
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  expect(placed.json).toMatchObject({ status: 2, balance_fen: 90_000 });

  const first = await feedFor(user);
  const open = first.all;
  expect(open).toHaveLength(1);
  expect(open[0]).toMatchObject({ status: 2, bet_amount_fen: 10_000, win_loss_fen: 0, valid_amount_fen: 0, settled_at: null });
  // issue 36: the record names the fixture as its round and the side picked, open and settled
  expect(open[0]).toMatchObject({ round_id: `fx:${f.id}`, side: pick });
  expect((await sb.client.balance({ username: user, platform })).balance_fen).toBe(90_000);

  // still open until the simulated match ends
  clock.to(f.kickoff_at + 50);
  const live = (await g.act<Board>('state')).json;
  expect(live.live.map((x) => x.id)).toContain(f.id);
  expect(live.bets[0].status).toBe(2);
  clock.to(f.ends_at - 1);
  expect((await g.act<Board>('state')).json.bets[0].status).toBe(2);
  expect((await feedFor(user, first.cursor)).all).toEqual([]);
  clock.to(f.ends_at + 100);

  // a puller continuing from where it stopped gets the settled version at a later cursor
  const { all } = await feedFor(user, first.cursor);
  expect(all.map((r) => r.status)).toEqual([1]);
  const settled = all[0];
  expect(settled.bet_id).toBe(open[0].bet_id);
  expect(Number(settled.cursor)).toBeGreaterThan(Number(open[0].cursor));
  const final = (await g.act<Board>('state')).json.results.find((r) => r.id === f.id)!;
  expect(final.state).toBe('ended');
  const won = pick === 'home' ? final.home_score! > final.away_score! : final.away_score! > final.home_score!;
  const payout = won ? Math.floor((10_000 * odds) / 100) : 0;
  expect(settled).toMatchObject({ status: 1, valid_amount_fen: 10_000, win_loss_fen: payout - 10_000, round_id: `fx:${f.id}`, side: pick });
  expect(settled.settled_at).not.toBeNull();
  expect((await sb.client.balance({ username: user, platform })).balance_fen).toBe(90_000 + payout);
  return { g, f };
}

describe('simulated matches', () => {
  it('a football bet stays unsettled (status 2) until the match ends, then settles', async () => {
    await betAndSettle('sb', 'sb_lobby', 'home');
  });

  it('an e-sports bet does the same (best of three, no draw)', async () => {
    const { f } = await betAndSettle('imes', 'imes_lol', 'away');
    expect(f.odds.draw).toBeNull();
    expect(f.league).toContain('英雄联盟');
  });

  it('odds carry a margin: 1/odds sums above 1', async () => {
    const user = await fundedPlayer(sb, 'im', 0);
    const g = await sb.openGame(user, 'im', 'im_football');
    for (const f of (await g.act<Board>('state')).json.upcoming) {
      const overround = [f.odds.home, f.odds.draw, f.odds.away].reduce<number>((a, o) => a + (o ? 100 / o : 0), 0);
      expect(overround).toBeGreaterThan(1.05);
    }
  });

  it('no bets once a match has kicked off, nor at stale odds, nor above the balance', async () => {
    const user = await fundedPlayer(sb, 'sb', 5_000);
    const g = await sb.openGame(user, 'sb', 'sb_football');
    const board = (await g.act<Board>('state')).json;
    const f = board.upcoming[board.upcoming.length - 1];
    expect((await g.act('bet', { fixture_id: f.id, pick: 'home', stake_fen: 1_000, odds_x100: f.odds.home! + 1 })).json.error).toBe('odds_changed');
    expect((await g.act('bet', { fixture_id: f.id, pick: 'home', stake_fen: 6_000 })).json.error).toBe('insufficient_balance');
    expect((await g.act('bet', { fixture_id: 999_999, pick: 'home', stake_fen: 100 })).status).toBe(400);
    clock.to(f.kickoff_at + 30);
    const late = await g.act('bet', { fixture_id: f.id, pick: 'home', stake_fen: 1_000 });
    expect(late.json.error).toBe('betting_closed');
    expect((await sb.client.balance({ username: user, platform: 'sb' })).balance_fen).toBe(5_000);
  });

  it('an abandoned match voids its bets (status 0) and returns the stakes', async () => {
    const otherClock = drivenClock();
    const other = await startSandbox({ game: { matchMs: 900, voidRate: 1, now: otherClock.now } });
    try {
      const user = await fundedPlayer(other, 'sb', 20_000);
      const g = await other.openGame(user, 'sb', 'sb_lobby');
      const board = (await g.act<Board>('state')).json;
      const f = board.upcoming[board.upcoming.length - 1];
      expect((await g.act('bet', { fixture_id: f.id, pick: 'draw', stake_fen: 5_000 })).status).toBe(200);
      const before = await other.client.bets({ cursor: '', limit: 10 });
      expect(before.records.map((r) => r.status)).toEqual([2]);
      otherClock.to(f.ends_at - 1);
      expect((await other.client.bets({ cursor: before.next_cursor, limit: 10 })).records).toEqual([]);
      otherClock.to(f.ends_at + 100);
      const after = await other.client.bets({ cursor: before.next_cursor, limit: 10 });
      expect(after.records.map((r) => r.status)).toEqual([0]);
      expect(after.records[0]).toMatchObject({ win_loss_fen: 0, valid_amount_fen: 0, bet_amount_fen: 5_000 });
      expect(after.records[0].detail).toContain('无效');
      expect((await other.client.balance({ username: user, platform: 'sb' })).balance_fen).toBe(20_000);
    } finally {
      await other.close();
    }
  });
});
