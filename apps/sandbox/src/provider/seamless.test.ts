import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TEST_SECRET, type Sandbox } from '../testing.ts';
import { checkWalletCall, walletKey, WALLET_SIGN_HEADER, WALLET_TS_HEADER } from './seamless-signing.ts';
import type { SeamlessRoundsResponse } from './seamless-types.ts';

/**
 * The provider's seamless mode (issue 38) against a stand-in for the site's wallet API that
 * speaks SEAMLESS.md: it checks each call's signature with the venue's derived key, keeps one
 * effect per txId (a repeat answers the first answer) and records every call as it came.
 */
interface Seen {
  op: string;
  venue: string;
  body: string;
  fields: Record<string, string>;
  signedBy: 'venue' | 'other';
  sig: { ts: string | undefined; sign: string | undefined; path: string; rawBody: string };
}
class TestWallet {
  app: FastifyInstance = Fastify({ logger: false });
  origin = '';
  balances = new Map<string, number>();
  seen: Seen[] = [];
  done = new Map<string, { body: string; answer: object }>();
  /** a script for the next calls: answer this code (no effect) instead of the protocol's own */
  forced: { op: string; code: number }[] = [];
  /** hold the first call of this op (applied) until its retry arrives: a real time-out */
  holdFirst: string | null = null;
  private held: (() => void) | null = null;

  async start() {
    this.app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    this.app.post('/wallet/api/:venue/:op', async (request, reply) => {
      const { venue, op } = request.params as { venue: string; op: string };
      const raw = request.body as string;
      const h = (n: string) => request.headers[n] as string | undefined;
      const sig = { ts: h(WALLET_TS_HEADER), sign: h(WALLET_SIGN_HEADER), path: request.url.split('?')[0], rawBody: raw };
      const fields = JSON.parse(raw) as Record<string, string>;
      this.seen.push({ op, venue, body: raw, fields, signedBy: checkWalletCall(walletKey(TEST_SECRET, venue), sig) === null ? 'venue' : 'other', sig });
      if (checkWalletCall(walletKey(TEST_SECRET, venue), sig) !== null) return reply.code(401).send({ code: 2001, message: 'bad signature' });
      const forced = this.forced.findIndex((f) => f.op === op);
      if (forced >= 0) {
        const { code } = this.forced.splice(forced, 1)[0];
        return { code, message: 'forced', balance: this.yuan(fields.player) };
      }
      if (op === 'balance') return { code: 0, message: 'OK', balance: this.yuan(fields.player) };
      const known = this.done.get(fields.txId);
      if (known) return known.body === raw ? known.answer : { code: 2003, message: 'txId reused' };
      const have = this.balances.get(fields.player) ?? 0;
      const fen = Math.round(Number(fields.amount ?? '0') * 100);
      let answer: object;
      if (op === 'debit' && have < fen) answer = { code: 1001, message: 'insufficient', balance: this.yuan(fields.player) };
      else {
        if (op === 'debit') this.balances.set(fields.player, have - fen);
        if (op === 'credit') this.balances.set(fields.player, have + fen);
        if (op === 'rollback') {
          const debit = [...this.done.entries()].find(([tx]) => tx === fields.debitTxId);
          if (!debit) answer = { code: 3001, message: 'unknown debit', balance: this.yuan(fields.player) };
        }
        answer ??= { code: 0, message: 'OK', balance: this.yuan(fields.player) };
      }
      if ((answer as { code: number }).code === 0 && op === 'rollback') {
        const d = JSON.parse(this.done.get(fields.debitTxId)!.body) as Record<string, string>;
        this.balances.set(fields.player, (this.balances.get(fields.player) ?? 0) + Math.round(Number(d.amount) * 100));
      }
      this.done.set(fields.txId, { body: raw, answer });
      if (this.holdFirst === op) {
        // applied; the answer waits until the provider, having timed out, sends the retry
        this.holdFirst = null;
        await new Promise<void>((resolve) => (this.held = resolve));
        return answer;
      }
      if (this.held && this.seen.filter((s) => s.fields.txId === fields.txId).length > 1) {
        this.held();
        this.held = null;
      }
      return answer;
    });
    await this.app.listen({ host: '127.0.0.1', port: 0 });
    const a = this.app.server.address() as { port: number };
    this.origin = `http://127.0.0.1:${a.port}`;
  }

  yuan(player: string) {
    const f = this.balances.get(player) ?? 0;
    return `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
  }

  calls(player: string, op?: string) {
    return this.seen.filter((s) => s.fields.player === player && (!op || s.op === op));
  }
}

const VENUE = 'fgdz';
const SLOT = 'fgdz_facaishu';
let wallet: TestWallet;
let sb: Sandbox;
let n = 0;

beforeAll(async () => {
  wallet = new TestWallet();
  await wallet.start();
  sb = await startSandbox({ faults: true, game: { walletBaseUrl: wallet.origin, walletTimeoutMs: 500, walletAttempts: 3, walletBackoffMs: 20, seamlessLateMs: 1500 } });
  const r = await sb.post('/api/venue-mode', { platform: VENUE, mode: 'seamless' });
  expect(r.json).toEqual({ platform: VENUE, mode: 'seamless', previous: 'transfer' });
});
afterAll(async () => {
  await sb?.close();
  await wallet?.app.close();
});
beforeEach(async () => {
  wallet.forced = [];
  await arm('none');
});

/** a fresh player holding `fen` at the stand-in wallet */
async function player(fen = 100_000) {
  const name = `sp${++n}${Date.now().toString(36)}`;
  await sb.client.createPlayer({ username: name });
  wallet.balances.set(name, fen);
  return name;
}
async function arm(mode: string, count = 1, op?: string) {
  const res = await fetch(`${sb.providerUrl}/test/seamless-faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, count, op }) });
  expect(res.status).toBe(200);
}
/** waits for the event (no wallet call under way or held), never for a guessed time */
async function settled() {
  const end = Date.now() + 10_000;
  for (;;) {
    const { pending } = (await (await fetch(`${sb.providerUrl}/test/seamless-faults`)).json()) as { pending: number };
    if (pending === 0) return;
    if (Date.now() > end) throw new Error('wallet calls still pending');
    await new Promise((r) => setTimeout(r, 25));
  }
}
async function rounds(platform = VENUE, from = 0, to = Date.now() + 60_000, extra: object = {}) {
  const r = await sb.post('/api/seamless-rounds', { platform, from, to, ...extra });
  expect(r.status).toBe(200);
  return r.json as unknown as SeamlessRoundsResponse;
}
const roundOf = async (betId: string) => (await rounds()).rounds.find((r) => r.bet_id === betId)!;
async function spin(name: string, stake = 1000) {
  const g = await sb.openGame(name, VENUE, SLOT);
  return g.act<{ bet_id: string; payout_fen: number }>('spin', { stake_fen: stake });
}

describe('venue-mode', () => {
  it('is a signed merchant call: unsigned, wrongly signed or malformed changes nothing', async () => {
    const plain = await fetch(`${sb.providerUrl}/api/venue-mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'ky', mode: 'seamless' }) });
    expect(plain.status).toBe(401);
    expect((await sb.post('/api/venue-mode', { platform: 'ky', mode: 'seamless' }, { secret: 'x'.repeat(64) })).status).toBe(401);
    expect((await sb.post('/api/venue-mode', { platform: 'ky', mode: 'free' })).status).toBe(400);
    expect((await sb.post('/api/venue-mode', { platform: 'nope', mode: 'seamless' })).status).toBe(400);
    // ky is still transfer: setting it answers previous transfer
    expect((await sb.post('/api/venue-mode', { platform: 'ky', mode: 'transfer' })).json.previous).toBe('transfer');
  });

  it('a seamless venue takes no deposits, and its rounds stay out of the bet feed', async () => {
    const name = await player();
    const dep = await sb.post('/api/deposit', { username: name, platform: VENUE, transfer_id: `dep-${name}`, amount_fen: 100 });
    expect(dep.status).toBe(400);
    expect(dep.json.error).toBe('venue_seamless');
    const s = await spin(name);
    expect(s.status).toBe(200);
    const feed = await sb.client.bets({ platform: VENUE, limit: 1000 });
    expect(feed.records.some((r) => r.bet_id === s.json.bet_id)).toBe(false);
  });
});

describe('a seamless round', () => {
  it('debits the stake and credits the payout at the wallet API, signed with the venue key, and the game shows the central balance', async () => {
    const name = await player(50_000);
    const g = await sb.openGame(name, VENUE, SLOT);
    expect(g.config.balance_fen).toBe(50_000);
    expect(g.html).toContain('中心钱包余额');
    const s = await g.act<{ bet_id: string; payout_fen: number }>('spin', { stake_fen: 1000 });
    expect(s.status).toBe(200);
    const { bet_id, payout_fen } = s.json;
    expect(wallet.balances.get(name)).toBe(50_000 - 1000 + payout_fen);
    expect(s.json.balance_fen).toBe(50_000 - 1000 + payout_fen);
    const calls = wallet.calls(name).filter((c) => c.op !== 'balance');
    expect(calls.map((c) => c.op)).toEqual(['debit', 'credit']);
    expect(calls.every((c) => c.signedBy === 'venue' && c.venue === VENUE)).toBe(true);
    expect(calls[0].fields).toEqual({ player: name, txId: `${bet_id}-D`, roundId: bet_id, gameCode: SLOT, amount: '10.00' });
    expect(calls[1].fields).toEqual({ player: name, txId: `${bet_id}-C`, roundId: bet_id, debitTxId: `${bet_id}-D`, gameCode: SLOT, amount: (payout_fen / 100).toFixed(2) });
    // the key is the venue's: the same call does not verify under another venue's key or the bare secret
    const sig = calls[0].sig;
    expect(sig.path).toBe(`/wallet/api/${VENUE}/debit`);
    expect(checkWalletCall(walletKey(TEST_SECRET, VENUE), sig)).toBeNull();
    expect(checkWalletCall(walletKey(TEST_SECRET, 'ky'), sig)).toBe('bad_signature');
    expect(checkWalletCall(TEST_SECRET, sig)).toBe('bad_signature');
    // the signature covers the body: a changed amount does not verify
    expect(checkWalletCall(walletKey(TEST_SECRET, VENUE), { ...sig, rawBody: sig.rawBody.replace('"10.00"', '"1.00"') })).toBe('bad_signature');
    const r = await roundOf(bet_id);
    expect(r).toMatchObject({ status: 'settled', stake_fen: 1000, payout_fen, username: name, game_code: SLOT });
    expect(r.debit).toMatchObject({ tx_id: `${bet_id}-D`, amount_fen: 1000, state: 'ok', code: 0, attempts: 1 });
    expect(r.credit).toMatchObject({ tx_id: `${bet_id}-C`, amount_fen: payout_fen, state: 'ok', code: 0, attempts: 1 });
    expect(r.rollback).toBeNull();
  });

  it('a refused debit (insufficient funds) is the player answer; no credit, nothing moved', async () => {
    const name = await player(500);
    const s = await spin(name, 1000);
    expect(s.status).toBe(400);
    expect(s.json.error).toBe('insufficient_balance');
    expect(s.json.message).toBe('余额不足，请先充值');
    expect(wallet.balances.get(name)).toBe(500);
    expect(wallet.calls(name, 'credit')).toHaveLength(0);
    const report = (await rounds()).rounds.filter((r) => r.username === name);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ status: 'refused', debit: { state: 'refused', code: 1001 }, credit: null });
  });

  it('a blocked member (1002) is told so', async () => {
    const name = await player();
    wallet.forced.push({ op: 'debit', code: 1002 });
    const s = await spin(name);
    expect(s.status).toBe(400);
    expect(s.json.error).toBe('blocked');
  });
});

describe('retries', () => {
  it('code 5000 is retried with the same txId and body, and counts once', async () => {
    const name = await player(10_000);
    wallet.forced.push({ op: 'debit', code: 5000 }, { op: 'credit', code: 5000 });
    const s = await spin(name);
    expect(s.status).toBe(200);
    const debits = wallet.calls(name, 'debit');
    expect(debits).toHaveLength(2);
    expect(debits[1].body).toBe(debits[0].body);
    expect(wallet.calls(name, 'credit')).toHaveLength(2);
    expect(wallet.balances.get(name)).toBe(10_000 - 1000 + s.json.payout_fen);
    expect((await roundOf(s.json.bet_id)).debit.attempts).toBe(2);
  });

  it('a real time-out (the debit applied, its answer too slow) is retried and answered once', async () => {
    const name = await player(10_000);
    wallet.holdFirst = 'debit';
    const s = await spin(name);
    expect(s.status).toBe(200);
    const debits = wallet.calls(name, 'debit');
    expect(debits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(debits.map((d) => d.body)).size).toBe(1);
    expect(wallet.balances.get(name)).toBe(10_000 - 1000 + s.json.payout_fen);
  });

  it('are bounded: a debit never answered is given up and the round rolled back; the player is told', async () => {
    const name = await player(10_000);
    wallet.forced.push({ op: 'debit', code: 5000 }, { op: 'debit', code: 5000 }, { op: 'debit', code: 5000 });
    const s = await spin(name);
    expect(s.status).toBe(400);
    expect(s.json.error).toBe('wallet_unavailable');
    expect(wallet.calls(name, 'debit')).toHaveLength(3);
    const [rb] = wallet.calls(name, 'rollback');
    const r = (await rounds()).rounds.find((x) => x.username === name)!;
    expect(rb.fields).toEqual({ player: name, txId: `${r.round_id}-R`, roundId: r.round_id, debitTxId: `${r.round_id}-D` });
    // the debit never took effect, so the wallet answers 3001 (unknown debit): the round is cancelled
    expect(r).toMatchObject({ status: 'rolled_back', debit: { state: 'unanswered', attempts: 3 }, rollback: { state: 'refused', code: 3001 }, credit: null });
    expect(wallet.balances.get(name)).toBe(10_000);
  });
});

describe('fault switches', () => {
  it('timeout: the answer is lost, the call retried with the same body; one effect', async () => {
    const name = await player(10_000);
    await arm('timeout', 1, 'credit');
    const s = await spin(name);
    expect(s.status).toBe(200);
    const credits = wallet.calls(name, 'credit');
    expect(credits).toHaveLength(2);
    expect(credits[1].body).toBe(credits[0].body);
    expect(wallet.balances.get(name)).toBe(10_000 - 1000 + s.json.payout_fen);
  });

  it('duplicate: the call arrives twice at once', async () => {
    const name = await player(10_000);
    await arm('duplicate', 1, 'debit');
    const s = await spin(name);
    expect(s.status).toBe(200);
    const debits = wallet.calls(name, 'debit');
    expect(debits).toHaveLength(2);
    expect(debits[1].body).toBe(debits[0].body);
    expect(wallet.balances.get(name)).toBe(10_000 - 1000 + s.json.payout_fen);
  });

  it('out_of_order: the credit reaches the wallet before its debit', async () => {
    const name = await player(10_000);
    await arm('out_of_order');
    const s = await spin(name);
    expect(s.status).toBe(200);
    expect(wallet.calls(name).filter((c) => c.op !== 'balance').map((c) => c.op)).toEqual(['credit', 'debit']);
    expect((await roundOf(s.json.bet_id)).status).toBe('settled');
  });

  it('late: the round answers first and its credit arrives afterwards', async () => {
    const name = await player(10_000);
    await arm('late', 1, 'credit');
    const s = await spin(name);
    expect(s.status).toBe(200);
    expect(wallet.calls(name, 'credit')).toHaveLength(0);
    expect((await roundOf(s.json.bet_id)).credit?.state).toBe('pending');
    await settled();
    expect(wallet.calls(name, 'credit')).toHaveLength(1);
    expect(wallet.balances.get(name)).toBe(10_000 - 1000 + s.json.payout_fen);
    expect((await roundOf(s.json.bet_id)).status).toBe('settled');
  });

  it('are absent unless the plugin runs with faults: true', async () => {
    const plain = await startSandbox();
    try {
      const res = await fetch(`${plain.providerUrl}/test/seamless-faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"late"}' });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('round report', () => {
  it('answers the window [from, to) page by page, signed callers only', async () => {
    const name = await player(10_000);
    const from = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await spin(name, 100)).json.bet_id);
    const to = Date.now() + 1;
    const all: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await rounds(VENUE, from, to, { cursor, limit: 2 });
      all.push(...page.rounds.filter((r) => r.username === name).map((r) => r.bet_id));
      if (!page.has_more) break;
      cursor = page.next_cursor;
    }
    expect(all).toEqual(ids);
    expect((await rounds(VENUE, to, to + 60_000)).rounds.filter((r) => r.username === name)).toHaveLength(0);
    expect((await rounds('ky', from, to)).rounds).toHaveLength(0);
    const unsigned = await fetch(`${sb.providerUrl}/api/seamless-rounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: VENUE, from, to }) });
    expect(unsigned.status).toBe(401);
    for (const bad of [{ platform: VENUE, from: 'x', to }, { platform: VENUE, from: to, to: from }, { platform: VENUE, from, to, limit: 10_000 }, { platform: VENUE, from, to, cursor: 'abc' }]) {
      expect((await sb.post('/api/seamless-rounds', bad)).status).toBe(400);
    }
  });
});
