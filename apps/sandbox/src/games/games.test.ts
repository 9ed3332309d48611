import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPlayer, startSandbox, type Sandbox } from '../testing.ts';
import type { BetRecord } from '../provider/types.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

async function playerRecords(username: string): Promise<BetRecord[]> {
  const out: BetRecord[] = [];
  let cursor = '';
  for (;;) {
    const page = await sb.client.bets({ cursor, limit: 100 });
    out.push(...page.records.filter((r) => r.username === username));
    if (!page.has_more) return out;
    cursor = page.next_cursor;
  }
}

/** plays rounds through a game's own HTTP endpoint; checks balance change == sum of win_loss */
async function playAndCheck(platform: string, code: string, action: string, bodies: unknown[]) {
  const start = 1_000_000;
  const user = await fundedPlayer(sb, platform, start);
  const game = await sb.openGame(user, platform, code);
  expect(game.page.status).toBe(200);
  expect(game.page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(game.config.balance_fen).toBe(start);
  const answers = [];
  for (const body of bodies) {
    const r = await game.act(action, body);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    answers.push(r.json);
  }
  const balance = (await sb.client.balance({ username: user, platform })).balance_fen;
  expect(answers[answers.length - 1].balance_fen).toBe(balance);
  const records = await playerRecords(user);
  expect(records).toHaveLength(bodies.length);
  const sum = records.reduce((a, r) => a + r.win_loss_fen, 0);
  expect(balance - start).toBe(sum);
  for (const r of records) {
    expect(r).toMatchObject({ platform, game_code: code, status: 1, username: user });
    expect(r.bet_amount_fen).toBeGreaterThan(0);
    expect(r.valid_amount_fen).toBeLessThanOrEqual(r.bet_amount_fen);
    expect(r.settled_at).not.toBeNull();
    expect(r.detail.length).toBeGreaterThan(4);
  }
  // the stake total of the records is what was bet
  return { user, game, records, answers, balance };
}

describe('game pages', () => {
  it('a launch URL opens the game page; an invalid token does not', async () => {
    const user = await fundedPlayer(sb, 'pp', 0);
    for (const [platform, code] of [['pp', 'pp_gates'], ['ag', 'ag_bac'], ['fgdz', 'fgdz_fish'], ['ky', 'ky_brnn'], ['vr', 'vr_js'], ['sb', 'sb_lobby'], ['imes', 'imes_lol']]) {
      const g = await sb.openGame(user, platform, code);
      expect(g.page.status).toBe(200);
      expect(g.html).toContain('<!doctype html>');
      expect(g.html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing external
    }
    const bad = await fetch(`${sb.providerUrl}/play?token=forged.token`);
    expect(bad.status).toBe(403);
    expect(await bad.text()).toContain('游戏链接已失效');
  });

  it('launch refuses unknown and closed games', async () => {
    const user = await fundedPlayer(sb, 'pp', 0);
    await expect(sb.client.launch({ username: user, platform: 'pp', game_code: 'pp_nothing' })).rejects.toMatchObject({ code: 'unknown_game' });
    await expect(sb.client.launch({ username: user, platform: 'pp', game_code: 'pp_pharaohwrath' })).rejects.toMatchObject({ code: 'game_maintenance' });
    await expect(sb.client.launch({ username: user, platform: 'ag', game_code: 'pp_gates' })).rejects.toMatchObject({ code: 'unknown_game' });
  });

  it('play calls need the session the page was given', async () => {
    const res = await fetch(`${sb.providerUrl}/play/api/spin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stake_fen":100}' });
    expect(res.status).toBe(401);
  });
});

describe('playing moves the venue balance and writes records', () => {
  it('slots', async () => {
    const stakes = [100, 200, 500, 1000, 2000];
    const { records, answers } = await playAndCheck('pp', 'pp_gates', 'spin', Array.from({ length: 40 }, (_, i) => ({ stake_fen: stakes[i % 5] })));
    expect(records.reduce((a, r) => a + r.bet_amount_fen, 0)).toBe(8 * (100 + 200 + 500 + 1000 + 2000));
    for (const a of answers) {
      expect(a.grid).toHaveLength(5);
      expect(a.payout_fen).toBe((a.wins as { pay_fen: number }[]).reduce((s, w) => s + w.pay_fen, 0));
    }
  });

  it('baccarat (pushes on a tie are not valid turnover)', async () => {
    const bodies = Array.from({ length: 30 }, (_, i) => ({ bets: i % 3 === 0 ? { banker: 1000, tie: 100 } : i % 3 === 1 ? { player: 500, player_pair: 100 } : { banker: 200, banker_pair: 100 } }));
    const { answers, records } = await playAndCheck('ag', 'ag_bac', 'deal', bodies);
    answers.forEach((a, i) => {
      const hand = a.hand as { winner: string; player: unknown[]; banker: unknown[] };
      expect(hand.player.length).toBeGreaterThanOrEqual(2);
      expect(hand.banker.length).toBeLessThanOrEqual(3);
      const total = Object.values(bodies[i].bets).reduce((s, v) => s + v, 0);
      expect(a.stake_fen).toBe(total);
      if (hand.winner === 'tie' && i % 3 !== 0) expect(a.valid_fen).toBeLessThan(total);
    });
    expect(records.every((r) => r.detail.includes('庄'))).toBe(true);
  });

  it('niuniu', async () => {
    const { answers } = await playAndCheck('ky', 'ky_brnn', 'deal', Array.from({ length: 20 }, () => ({ bets: { tian: 100, di: 200, xuan: 0, huang: 500 } })));
    for (const a of answers) {
      const round = a.round as { seats: Record<string, { wins: boolean }> };
      const expected = (round.seats.tian.wins ? 195 : 0) + (round.seats.di.wins ? 390 : 0) + (round.seats.huang.wins ? 975 : 0);
      expect(a.payout_fen).toBe(expected);
    }
  });

  it('fishing', async () => {
    const kinds = ['clown', 'tang', 'lantern', 'puffer', 'turtle', 'ray', 'hammer', 'shark', 'dragon', 'whale'];
    const { answers } = await playAndCheck('fgdz', 'fgdz_fish', 'shoot', Array.from({ length: 60 }, (_, i) => ({ fish: kinds[i % 10], bet_fen: 100 })));
    for (const a of answers) expect(a.payout_fen).toBe(a.caught ? 100 * (a.mult as number) : 0);
  });

  it('k3 dice', async () => {
    const { answers } = await playAndCheck('vr', 'vr_js', 'roll', Array.from({ length: 20 }, () => ({ bets: [{ bet: 'big', stake_fen: 1000 }, { bet: 'sum_10', stake_fen: 100 }, { bet: 'triple_any', stake_fen: 100 }] })));
    for (const a of answers) {
      const dice = a.dice as number[];
      const sum = dice[0] + dice[1] + dice[2];
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      const expected = (!triple && sum >= 11 ? 2000 : 0) + (sum === 10 ? 760 : 0) + (triple ? 3420 : 0);
      expect(a.payout_fen).toBe(expected);
    }
  });
});

describe('refusals', () => {
  it('a stake above the venue balance is refused and moves nothing', async () => {
    const user = await fundedPlayer(sb, 'pp', 150);
    const g = await sb.openGame(user, 'pp', 'pp_gates');
    const r = await g.act('spin', { stake_fen: 200 });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ error: 'insufficient_balance', message: '余额不足，请先转入额度' });
    expect((await sb.client.balance({ username: user, platform: 'pp' })).balance_fen).toBe(150);
    expect(await playerRecords(user)).toHaveLength(0);
    // the money at another venue does not count
    await sb.client.deposit({ username: user, platform: 'ae', transfer_id: `x-${user}`, amount_fen: 100_000 });
    expect((await g.act('spin', { stake_fen: 200 })).status).toBe(400);
  });

  it('malformed bets are refused', async () => {
    const user = await fundedPlayer(sb, 'ag', 100_000);
    const bac = await sb.openGame(user, 'ag', 'ag_bac');
    for (const bets of [{}, { banker: 150 }, { banker: -100 }, { dragon: 100 }, { banker: 1e9 }]) {
      expect((await bac.act('deal', { bets })).status).toBe(400);
    }
    const slot = await sb.openGame(await fundedPlayer(sb, 'pp', 100_000), 'pp', 'pp_gates');
    expect((await slot.act('spin', { stake_fen: 123 })).status).toBe(400);
    expect((await slot.act('nothing', {})).status).toBe(404);
  });
});
