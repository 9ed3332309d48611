import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivenClock, fundedPlayer, startSandbox, type Sandbox } from '../testing.ts';
import type { BetRecord } from './types.ts';

// the match runs on a clock the test drives, so 27 spins on a loaded machine cannot outlast it
const clock = drivenClock();
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ game: { matchMs: 1500, voidRate: 0, now: clock.now } });
});
afterAll(() => sb.close());

describe('bet record feed', () => {
  it('pages through every record once, in cursor order, settled updates after unsettled ones', async () => {
    const a = await fundedPlayer(sb, 'obgdy', 500_000);
    const b = await fundedPlayer(sb, 'sb', 500_000);
    const slot = await sb.openGame(a, 'obgdy', 'obgdy_caishen');
    const sport = await sb.openGame(b, 'sb', 'sb_lobby');
    const board = (await sport.act<{ upcoming: { id: number; ends_at: number }[] }>('state')).json;
    const f = board.upcoming[board.upcoming.length - 1];
    const betIds = new Set<string>();
    for (let i = 0; i < 23; i++) betIds.add((await slot.act<{ bet_id: string }>('spin', { stake_fen: 100 })).json.bet_id);
    const open = (await sport.act<{ bet_id: string }>('bet', { fixture_id: f.id, pick: 'home', stake_fen: 1_000 })).json.bet_id;
    betIds.add(open);
    for (let i = 0; i < 4; i++) betIds.add((await slot.act<{ bet_id: string }>('spin', { stake_fen: 100 })).json.bet_id);

    // a puller that reads up to now, then later once the match has settled
    const seen: BetRecord[] = [];
    let cursor = '';
    const pull = async () => {
      for (;;) {
        const page = await sb.client.bets({ cursor, limit: 5 });
        expect(page.records.length).toBeLessThanOrEqual(5);
        seen.push(...page.records);
        if (page.records.length === 0) expect(page.next_cursor).toBe(cursor || '0');
        cursor = page.next_cursor;
        if (!page.has_more) return;
      }
    };
    await pull();
    expect(seen).toHaveLength(28);
    expect(seen.find((r) => r.bet_id === open)!.status).toBe(2);
    clock.to(f.ends_at + 100);
    await pull();
    expect(seen).toHaveLength(29);
    const cursors = seen.map((r) => Number(r.cursor));
    expect([...cursors].sort((x, y) => x - y)).toEqual(cursors);
    expect(new Set(cursors).size).toBe(cursors.length);
    // every bet once, plus the one settled update of the sports bet, which comes last
    expect(new Set(seen.map((r) => r.bet_id))).toEqual(betIds);
    expect(seen[seen.length - 1]).toMatchObject({ bet_id: open, status: 1 });
    // a puller that keeps the newest version of each bet ends with every bet settled
    const latest = new Map(seen.map((r) => [r.bet_id, r]));
    expect([...latest.values()].every((r) => r.status === 1)).toBe(true);
    // issue 36: a spin is a round of its own with no side; the match bet names its fixture and pick
    for (const r of latest.values()) expect({ round: r.round_id, side: r.side }).toEqual(r.bet_id === open ? { round: `fx:${f.id}`, side: 'home' } : { round: r.bet_id, side: null });
  });

  it('filters by platform and rejects a bad cursor', async () => {
    const page = await sb.client.bets({ platform: 'obgdy', cursor: '0', limit: 1000 });
    expect(page.records.every((r) => r.platform === 'obgdy')).toBe(true);
    await expect(sb.client.bets({ cursor: 'abc' })).rejects.toMatchObject({ status: 400 });
    await expect(sb.client.bets({ limit: 0 })).rejects.toMatchObject({ status: 400 });
    await expect(sb.client.bets({ platform: 'zz' })).rejects.toMatchObject({ code: 'unknown_platform' });
  });
});
