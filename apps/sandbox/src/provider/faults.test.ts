import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TEST_SECRET, type Sandbox } from '../testing.ts';
import { ProviderClient, ProviderCallError } from './client.ts';

/**
 * Long enough that "not yet applied" and "the 300 ms caller gave up first" hold on a loaded
 * 2-core machine too (issue 14): each is checked well inside the held time, never at its edge.
 * The plain client (5 s time-out) still outwaits every hold.
 */
const HANG_MS = 3000;
const LATE_MS = 2000;
const SLOW_MS = 2500;

let sb: Sandbox;
let quick: ProviderClient; // a caller with a short time-out, like the server's adapter
beforeAll(async () => {
  sb = await startSandbox({ faults: true, game: { faultTimings: { hangMs: HANG_MS, lateMs: LATE_MS, slowMs: SLOW_MS } } });
  quick = new ProviderClient({ baseUrl: sb.providerUrl, secret: TEST_SECRET, timeoutMs: 300 });
  await sb.client.createPlayer({ username: 'faulty01' });
  await sb.client.deposit({ username: 'faulty01', platform: 'fgdz', transfer_id: 'f-seed', amount_fen: 50_000 });
});
afterAll(() => sb.close());

async function arm(mode: string, count = 1, type?: string) {
  const res = await fetch(`${sb.providerUrl}/test/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, count, type }),
  });
  expect(res.status).toBe(200);
  return res.json();
}
/** held calls and late movements the sandbox has not carried out yet */
const pending = async () => ((await (await fetch(`${sb.providerUrl}/test/faults`)).json()) as { pending: number }).pending;
/** waits for the event (the condition holding), never for a guessed time */
async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const balance = async () => (await sb.client.balance({ username: 'faulty01', platform: 'fgdz' })).balance_fen;
const status = async (id: string) => (await sb.client.transferStatus({ transfer_id: id })).status;
const failure = (p: Promise<unknown>) => p.then(() => null, (e: ProviderCallError) => e);
const move = (transfer_id: string, amount_fen = 1_000) => ({ username: 'faulty01', platform: 'fgdz', transfer_id, amount_fen });

describe('fault modes', () => {
  it('are absent unless the plugin is started with faults: true', async () => {
    const plain = await startSandbox();
    try {
      const res = await fetch(`${plain.providerUrl}/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"error"}' });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('timeout: no answer within the time-out, nothing applied', async () => {
    const before = await balance();
    await arm('timeout');
    const started = Date.now();
    const e = await failure(quick.deposit(move('t-timeout')));
    expect(e).toBeInstanceOf(ProviderCallError);
    expect(e!.kind).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(HANG_MS);
    expect(await status('t-timeout')).toBe('not_found');
    // the held call is over (dropped when the caller went away, or after hangMs): still nothing
    await until('the held call to end', async () => (await pending()) === 0);
    expect(await status('t-timeout')).toBe('not_found');
    expect(await balance()).toBe(before);
    // a retry with the same id is a normal call and applies once
    expect((await sb.client.deposit(move('t-timeout'))).status).toBe('success');
    expect(await balance()).toBe(before + 1_000);
  });

  it('a held call that the caller keeps waiting on is dropped after hangMs', async () => {
    await arm('timeout');
    const started = Date.now();
    const e = await failure(sb.client.withdraw(move('t-hang')));
    expect(e!.kind).toBe('unknown');
    expect(Date.now() - started).toBeGreaterThanOrEqual(HANG_MS - 50);
    expect(await status('t-hang')).toBe('not_found');
  });

  it('error: answers HTTP 500, nothing applied', async () => {
    const before = await balance();
    await arm('error');
    const e = await failure(sb.client.withdraw(move('t-error')));
    expect(e!.kind).toBe('unknown');
    expect(e!.status).toBe(500);
    expect(e!.code).toBe('internal_error');
    expect(await status('t-error')).toBe('not_found');
    expect(await balance()).toBe(before);
  });

  it('lost_reply: applied, then the connection is dropped; a retry answers the recorded result', async () => {
    const before = await balance();
    await arm('lost_reply');
    const e = await failure(sb.client.withdraw(move('t-lost', 2_000)));
    expect(e!.kind).toBe('unknown');
    expect(e!.status).toBeUndefined(); // no HTTP answer at all
    expect(await status('t-lost')).toBe('success');
    expect(await balance()).toBe(before - 2_000);
    const again = await sb.client.withdraw(move('t-lost', 2_000));
    expect(again.status).toBe('success');
    expect(await balance()).toBe(before - 2_000);
  });

  it('late: answers 504 at once, applies a few seconds later', async () => {
    const before = await balance();
    await arm('late');
    const e = await failure(sb.client.deposit(move('t-late', 3_000)));
    expect(e!.status).toBe(504);
    expect(e!.code).toBe('gateway_timeout');
    expect(await status('t-late')).toBe('not_found');
    expect(await balance()).toBe(before);
    await until('the late movement', async () => (await status('t-late')) === 'success');
    expect(await pending()).toBe(0);
    expect(await balance()).toBe(before + 3_000);
  });

  it('late then retried: the movement still happens once', async () => {
    const before = await balance();
    await arm('late');
    expect((await failure(sb.client.deposit(move('t-late2', 500))))!.status).toBe(504);
    expect((await sb.client.deposit(move('t-late2', 500))).status).toBe('success');
    expect(await pending()).toBe(1);
    // the late movement has run and found the transfer id applied already
    await until('the late movement', async () => (await pending()) === 0);
    expect(await balance()).toBe(before + 500);
  });

  it('count and type pick which calls are hit', async () => {
    const before = await balance();
    await arm('error', 2, 'withdraw');
    expect((await sb.client.deposit(move('t-c1'))).status).toBe('success');
    expect((await failure(sb.client.withdraw(move('t-c2'))))!.status).toBe(500);
    expect((await failure(sb.client.withdraw(move('t-c3'))))!.status).toBe(500);
    expect((await sb.client.withdraw(move('t-c4'))).status).toBe('success');
    expect(await balance()).toBe(before);
    await arm('error', 5);
    const cleared = await fetch(`${sb.providerUrl}/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"none"}' });
    expect(await cleared.json()).toEqual({ armed: [], pending: 0 });
    expect((await sb.client.deposit(move('t-c5'))).status).toBe('success');
  });

  it('slow balance reads: a caller with a short time-out gives up; the read answers after slowMs', async () => {
    const before = await balance();
    await arm('slow', 1, 'balance');
    // a deposit is not a balance read: it does not use the fault up
    expect((await sb.client.deposit(move('t-s0', 100))).status).toBe('success');
    const e = await failure(quick.balances({ username: 'faulty01' }));
    expect(e!.kind).toBe('unknown');
    // the fault is used up: the next read is prompt and right
    expect(await balance()).toBe(before + 100);
    await arm('slow', 1, 'balance');
    const started = Date.now();
    expect((await sb.client.balance({ username: 'faulty01', platform: 'fgdz' })).balance_fen).toBe(before + 100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50);
  });

  it('slow transfers: held slowMs, then applied and answered as usual', async () => {
    const before = await balance();
    await arm('slow', 1, 'withdraw');
    const started = Date.now();
    const pending = sb.client.withdraw(move('t-slow', 700));
    // not yet carried out (whenever this status call lands within the held second)
    expect(await status('t-slow')).toBe('not_found');
    expect((await pending).status).toBe('success');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50);
    expect(await balance()).toBe(before - 700);
  });

  it('refuses balance as the type of any mode but slow', async () => {
    const res = await fetch(`${sb.providerUrl}/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"error","type":"balance"}' });
    expect(res.status).toBe(400);
  });

  it('refuses an unknown mode', async () => {
    const res = await fetch(`${sb.providerUrl}/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"chaos"}' });
    expect(res.status).toBe(400);
  });
});
