import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../../test/harness.ts';
import { VenueError } from '../types.ts';
import { createSandboxAdapter } from './adapter.ts';

/** The adapter against the real sandbox over HTTP: what counts as refused and what as unknown. */
/**
 * Calls that must succeed get a generous time-out (a loaded 2-core machine can take over a second);
 * the one that must time out meets a venue holding the call far longer than its own 300 ms, so
 * "gave up at its own time-out" never races the venue's answer (issue 14).
 */
const CALL_TIMEOUT_MS = 10_000;
const HANG_MS = 30_000;

describe('sandbox adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ listen: true, sandboxGame: { faultTimings: { hangMs: HANG_MS, lateMs: 200 } } });
  });
  afterAll(() => t.stop());

  const adapter = (over: { secret?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createSandboxAdapter({ baseUrl: over.baseUrl ?? `${t.origin}/sandbox`, secret: over.secret ?? t.ctx.config.sandboxSecret, timeoutMs: over.timeoutMs ?? CALL_TIMEOUT_MS });
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as VenueError);
  const arm = (mode: string) =>
    fetch(`${t.origin}/sandbox/provider/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
  const move = (transferId: string) => ({ player: 'cs9001', platform: 'pp', transferId, amountFen: 500 });

  it('moves money and reads it back', async () => {
    const a = adapter();
    await a.ensurePlayer('cs9001');
    await a.ensurePlayer('cs9001');
    expect(await a.balances('cs9999')).toEqual(new Map());
    expect(await a.deposit(move('A1'))).toEqual({ status: 'success', reason: null, balanceFen: 500 });
    expect(await a.deposit(move('A1'))).toEqual({ status: 'success', reason: null, balanceFen: 500 });
    expect(await a.withdraw({ ...move('A2'), amountFen: 900 })).toMatchObject({ status: 'failed', reason: 'insufficient_balance' });
    expect(await a.balance('cs9001', 'pp')).toBe(500);
    expect((await a.balances('cs9001')).get('pp')).toBe(500);
    expect(await a.transferStatus('A1')).toEqual({ status: 'success', amountFen: 500, type: 'deposit' });
    expect(await a.transferStatus('NOPE')).toMatchObject({ status: 'not_found' });
    expect(await a.launchUrl({ player: 'cs9001', platform: 'pp', gameCode: 'pp_gates', mobile: true })).toMatch(/^\/sandbox\/provider\/play\?token=/);
    const cat = await a.catalogue();
    expect(cat.venues.length).toBeGreaterThanOrEqual(14);
  });

  it('a refusal (HTTP 4xx) is definite', async () => {
    const bad = await failure(adapter({ secret: 'wrong' }).deposit(move('B1')));
    expect(bad).toBeInstanceOf(VenueError);
    expect(bad).toMatchObject({ kind: 'refused', status: 401, code: 'unauthorized' });
    expect(await failure(adapter().deposit({ ...move('B2'), platform: 'nowhere' }))).toMatchObject({ kind: 'refused', code: 'unknown_platform' });
    expect(await failure(adapter().launchUrl({ player: 'cs9001', platform: 'pp', gameCode: 'pp_pharaohwrath', mobile: true }))).toMatchObject({
      kind: 'refused',
      code: 'game_maintenance',
    });
  });

  it('5xx, a time-out, a dropped connection and no server at all are unknown', async () => {
    await arm('error');
    expect(await failure(adapter().deposit(move('C1')))).toMatchObject({ kind: 'unknown', status: 500 });
    await arm('late');
    expect(await failure(adapter().deposit(move('C2')))).toMatchObject({ kind: 'unknown', status: 504 });
    await arm('lost_reply');
    expect(await failure(adapter().deposit(move('C3')))).toMatchObject({ kind: 'unknown', status: undefined });
    await arm('timeout');
    const started = Date.now();
    const slow = await failure(adapter({ timeoutMs: 300 }).deposit(move('C4')));
    expect(slow).toMatchObject({ kind: 'unknown' });
    expect(slow!.message).toMatch(/no answer within 300 ms/);
    // it gave up by itself: the venue would have held the call for HANG_MS
    expect(Date.now() - started).toBeLessThan(HANG_MS / 3);
    expect(await failure(adapter({ baseUrl: 'http://127.0.0.1:9/sandbox' }).balance('cs9001', 'pp'))).toMatchObject({ kind: 'unknown' });
  });
});
