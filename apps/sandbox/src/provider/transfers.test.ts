import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../testing.ts';
import { ProviderCallError } from './client.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox();
  await sb.client.createPlayer({ username: 'alice01' });
});
afterAll(() => sb.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: ProviderCallError) => e,
  );

describe('players', () => {
  it('create is idempotent', async () => {
    expect(await sb.client.createPlayer({ username: 'bob0001' })).toEqual({ username: 'bob0001', created: true });
    expect(await sb.client.createPlayer({ username: 'bob0001' })).toEqual({ username: 'bob0001', created: false });
  });

  it('an unknown player is refused (404) and a bad name is a 400', async () => {
    const e = await refusal(sb.client.balance({ username: 'ghost001', platform: 'pp' }));
    expect(e.status).toBe(404);
    expect(e.code).toBe('player_not_found');
    const bad = await refusal(sb.client.createPlayer({ username: 'has space' }));
    expect(bad.status).toBe(400);
  });
});

describe('deposit and withdraw', () => {
  it('the same transfer id moves money once and answers the same result', async () => {
    const t = { username: 'alice01', platform: 'pp', transfer_id: 'dep-1', amount_fen: 10_000 };
    const first = await sb.client.deposit(t);
    const again = await sb.client.deposit(t);
    expect(first).toMatchObject({ status: 'success', type: 'deposit', amount_fen: 10_000, balance_fen: 10_000, reason: null });
    expect(again).toEqual(first);
    expect((await sb.client.balance({ username: 'alice01', platform: 'pp' })).balance_fen).toBe(10_000);

    const w = { username: 'alice01', platform: 'pp', transfer_id: 'wd-1', amount_fen: 2_500 };
    const w1 = await sb.client.withdraw(w);
    const w2 = await sb.client.withdraw(w);
    expect(w1).toMatchObject({ status: 'success', type: 'withdraw', balance_fen: 7_500 });
    expect(w2).toEqual(w1);
    expect((await sb.client.balance({ username: 'alice01', platform: 'pp' })).balance_fen).toBe(7_500);
  });

  it('concurrent repeats of one transfer id still move money once', async () => {
    const t = { username: 'alice01', platform: 'ae', transfer_id: 'dep-burst', amount_fen: 300 };
    const all = await Promise.all(Array.from({ length: 20 }, () => sb.client.deposit(t)));
    expect(new Set(all.map((r) => JSON.stringify(r))).size).toBe(1);
    expect((await sb.client.balance({ username: 'alice01', platform: 'ae' })).balance_fen).toBe(300);
  });

  it('a withdraw above the venue balance is refused, recorded as failed, moves nothing', async () => {
    const before = (await sb.client.balance({ username: 'alice01', platform: 'pp' })).balance_fen;
    const t = { username: 'alice01', platform: 'pp', transfer_id: 'wd-over', amount_fen: before + 1 };
    const r = await sb.client.withdraw(t);
    expect(r).toMatchObject({ status: 'failed', reason: 'insufficient_balance', balance_fen: before });
    expect((await sb.client.balance({ username: 'alice01', platform: 'pp' })).balance_fen).toBe(before);
    // the same id stays failed even once the money would be there
    await sb.client.deposit({ username: 'alice01', platform: 'pp', transfer_id: 'dep-topup', amount_fen: 100_000 });
    expect(await sb.client.withdraw(t)).toEqual(r);
    expect((await sb.client.transferStatus({ transfer_id: 'wd-over' })).status).toBe('failed');
  });

  it('a transfer id reused for a different transfer is refused with 409', async () => {
    const e = await refusal(sb.client.deposit({ username: 'alice01', platform: 'pp', transfer_id: 'dep-1', amount_fen: 999 }));
    expect(e.status).toBe(409);
    expect(e.code).toBe('transfer_conflict');
    const e2 = await refusal(sb.client.withdraw({ username: 'alice01', platform: 'pp', transfer_id: 'dep-1', amount_fen: 10_000 }));
    expect(e2.code).toBe('transfer_conflict');
  });

  it('bad amounts, unknown venues and unknown players are refused with 4xx and nothing recorded', async () => {
    for (const amount_fen of [0, -5, 1.5, '100', 1e15]) {
      const e = await refusal(sb.client.deposit({ username: 'alice01', platform: 'pp', transfer_id: 'bad-amt', amount_fen: amount_fen as number }));
      expect(e.status).toBe(400);
    }
    const v = await refusal(sb.client.deposit({ username: 'alice01', platform: 'nope', transfer_id: 'bad-ven', amount_fen: 100 }));
    expect(v.code).toBe('unknown_platform');
    const p = await refusal(sb.client.deposit({ username: 'ghost002', platform: 'pp', transfer_id: 'bad-ply', amount_fen: 100 }));
    expect(p.code).toBe('player_not_found');
    for (const id of ['bad-amt', 'bad-ven', 'bad-ply']) expect((await sb.client.transferStatus({ transfer_id: id })).status).toBe('not_found');
  });

  it('transfer status reports each transfer', async () => {
    expect(await sb.client.transferStatus({ transfer_id: 'dep-1' })).toMatchObject({
      status: 'success', type: 'deposit', amount_fen: 10_000, username: 'alice01', platform: 'pp',
    });
    expect(await sb.client.transferStatus({ transfer_id: 'wd-1' })).toMatchObject({ status: 'success', type: 'withdraw', amount_fen: 2_500 });
    expect(await sb.client.transferStatus({ transfer_id: 'never-sent' })).toEqual({
      transfer_id: 'never-sent', status: 'not_found', amount_fen: null, type: null, username: null, platform: null, created_at: null,
    });
  });

  it('each venue is a separate wallet', async () => {
    await sb.client.createPlayer({ username: 'carol01' });
    await sb.client.deposit({ username: 'carol01', platform: 'ag', transfer_id: 'c-ag', amount_fen: 5_000 });
    await sb.client.deposit({ username: 'carol01', platform: 'ky', transfer_id: 'c-ky', amount_fen: 700 });
    const ky = await sb.client.withdraw({ username: 'carol01', platform: 'ky', transfer_id: 'c-ky-out', amount_fen: 701 });
    expect(ky.status).toBe('failed'); // the AG money cannot be drawn at KY
    expect((await sb.client.balance({ username: 'carol01', platform: 'ag' })).balance_fen).toBe(5_000);
    expect((await sb.client.balance({ username: 'carol01', platform: 'ky' })).balance_fen).toBe(700);
    expect((await sb.client.balance({ username: 'carol01', platform: 'pp' })).balance_fen).toBe(0);
    const all = await sb.client.balances({ username: 'carol01' });
    expect(all.balances.length).toBeGreaterThanOrEqual(14);
    expect(all.balances.filter((b) => b.balance_fen > 0)).toEqual([
      { platform: 'ag', balance_fen: 5_000 },
      { platform: 'ky', balance_fen: 700 },
    ]);
  });
});
