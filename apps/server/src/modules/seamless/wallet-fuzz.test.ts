import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { jsonMutants, type Json, type JsonMutant } from '../../../test/fuzz/json-mutants.ts';
import { strictJsonObject } from '../../adapters/verified-fields.ts';
import { newMember } from '../transfers/testing.ts';
import { wallet } from '../wallet/index.ts';
import { derivedVenueKey, signWalletCall } from './protocol.ts';
import { centralOf, player, seamlessAccountOf, seamlessVenue } from './testing.ts';

/**
 * The seamless wallet calls under attack (issue 35 point 2, SEAMLESS.md): mutants of genuine
 * debit, credit and rollback calls, sent with the genuine call's signature (a signature over
 * another body) or signed correctly (a venue holding its key sending hostile bodies). A plain
 * model of the accepted debits says what each answer may move:
 * - a mutant under another body's signature: 2001, nothing moves;
 * - a signed mutant: never HTTP 500 or 5000; code 0 only for a strictly read body whose fields
 *   are the protocol's, and then exactly the named player's money moves by the body's amount
 *   (a debit down, a credit up, a rollback the named open debit's stake back), once per txId;
 *   any other code moves nothing.
 * The members' central wallets and the venue's account always add up, and verify() is clean at
 * the end. FUZZ_SEED replays a run; FUZZ_RUNS makes it longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 60);
const SEED = Number(process.env.FUZZ_SEED || 20261206);
const V = 'SBSLOT';
const KNOWN_CODES = [0, 1001, 1002, 2001, 2002, 2003, 3001, 3002];
const AMOUNT = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const fenOf = (s: string) => Math.round(Number(s) * 100);

describe('seamless wallet fuzz: a mutant call moves exactly what its signed body says, once, or nothing', () => {
  let t: TestApp;
  let key = '';
  const players: Record<string, number> = {};
  beforeAll(async () => {
    t = await startApp();
    await seamlessVenue(t, V);
    key = derivedVenueKey(t.ctx.config.sandboxSecret, V);
    for (const name of ['fzalice1', 'fzbob001']) {
      const m = await newMember(t, name, 200);
      players[player(t, m.id)] = m.id;
    }
  });
  afterAll(() => t.stop());

  const send = async (op: string, text: string, headers: Record<string, string>) => {
    const res = await t.http.inject({ method: 'POST', url: `/wallet/api/${V}/${op}`, payload: text, headers });
    return { status: res.statusCode, body: res.json() as { code: number; balance?: string } };
  };
  const money = async () => {
    const out: Record<string, number> = { venue: Number((await seamlessAccountOf(t, V)) ?? 0) };
    for (const [p, id] of Object.entries(players)) out[p] = Number((await centralOf(t, id)) ?? 0);
    return out;
  };

  it('debit, credit and rollback mutants', async () => {
    const [alice, bob] = Object.keys(players) as [string, string];
    // the model: debits we accepted (txId -> player, stake, state) and every txId that had its effect
    const debits = new Map<string, { player: string; fen: number; state: 'open' | 'credited' | 'rolled_back' }>();
    const done = new Set<string>();
    const path = (op: string) => `/wallet/api/${V}/${op}`;
    // genuine calls: alice's debit of 1.00, its credit of 2.00 and a rollback of it
    const genuine: Record<'debit' | 'credit' | 'rollback', { [k: string]: Json }> = {
      debit: { player: alice, txId: 'D1', roundId: 'R1', gameCode: 'slot1', amount: '1.00' },
      credit: { player: alice, txId: 'C1', roundId: 'R1', debitTxId: 'D1', gameCode: 'slot1', amount: '2.00' },
      rollback: { player: alice, txId: 'B1', roundId: 'R1', debitTxId: 'D1' },
    };
    const wish = { player: bob, txId: 'X2', debitTxId: 'D2', amount: '150.00', roundId: 'R2' };
    const arb = fc.oneof(
      ...(['debit', 'credit', 'rollback'] as const).map((op) =>
        fc.tuple(fc.constant(op), jsonMutants(genuine[op], op === 'rollback' ? { ...wish, amount: undefined as never } : wish, { numberFields: op === 'rollback' ? [] : ['amount'], stringFields: ['player', 'txId', 'debitTxId', 'roundId'] }), fc.boolean()),
      ),
    );
    const total = async () => Object.values(await money()).reduce((a, b) => a + b, 0);
    const sum0 = await total();
    let moved = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(arb, async ([op, m, resign]: ['debit' | 'credit' | 'rollback', JsonMutant, boolean]) => {
        // fresh ids each run (a used txId with another body is only 2003): D1, C1, B1, R1 stand for this run's
        run++;
        const fresh = (text: string) => text.replace(/"([DCBR])1"/g, (_, k: string) => `"${k}${run}"`);
        if (op !== 'debit') {
          // the debit this run's credit or rollback settles, sent genuinely
          const d = JSON.stringify({ player: alice, txId: `D${run}`, roundId: `R${run}`, gameCode: 'slot1', amount: '1.00' });
          expect((await send('debit', d, signWalletCall(key, path('debit'), d))).body.code).toBe(0);
          debits.set(`D${run}`, { player: alice, fen: 100, state: 'open' });
          done.add(`D${run}`);
        }
        const text = fresh(m.text);
        const genuineText = fresh(JSON.stringify(genuine[op]));
        const headers = signWalletCall(key, path(op), resign ? text : genuineText);
        const before = await money();
        const r = await send(op, text, headers);
        const after = await money();
        const delta = Object.fromEntries(Object.keys(after).filter((k) => after[k] !== before[k]).map((k) => [k, after[k]! - before[k]!]));
        const report = { op, mutant: m.name, text, resign, status: r.status, code: r.body.code, delta };
        expect(r.status, JSON.stringify(report)).toBeLessThan(500);
        expect(KNOWN_CODES, JSON.stringify(report)).toContain(r.body.code);
        // the venue's account and the members' wallets add up whatever happened
        expect(Object.values(delta).reduce((a, b) => a + b, 0), JSON.stringify(report)).toBe(0);
        if (!resign && text !== genuineText) {
          expect({ ...report, refused: r.body.code === 2001 || r.body.code === 2003 }).toEqual({ ...report, refused: true, delta: {} });
          return;
        }
        if (r.body.code !== 0) {
          expect(report.delta).toEqual({});
          return;
        }
        // accepted: a strictly read body with the protocol's fields
        const b = strictJsonObject(text) as Record<string, any> | null;
        const wellFormed = b !== null && typeof b.player === 'string' && b.player in players && ID.test(b.txId ?? '') && ID.test(b.roundId ?? '') && (op === 'debit' || ID.test(b.debitTxId ?? '')) && (op === 'rollback' || (typeof b.amount === 'string' && AMOUNT.test(b.amount)));
        expect({ ...report, wellFormed }).toEqual({ ...report, wellFormed: true });
        const p = b!.player as string;
        let want: Record<string, number> = {};
        if (!done.has(b!.txId)) {
          done.add(b!.txId);
          if (op === 'debit') {
            debits.set(b!.txId, { player: p, fen: fenOf(b!.amount), state: 'open' });
            want = { [p]: -fenOf(b!.amount), venue: fenOf(b!.amount) };
          } else if (op === 'credit') {
            const d = debits.get(b!.debitTxId);
            if (d) d.state = 'credited';
            want = fenOf(b!.amount) ? { [p]: fenOf(b!.amount), venue: -fenOf(b!.amount) } : {};
          } else {
            const d = debits.get(b!.debitTxId);
            expect({ ...report, debit: d ? { player: d.player, state: d.state } : null }).toEqual({ ...report, debit: { player: p, state: 'open' } });
            d!.state = 'rolled_back';
            want = { [p]: d!.fen, venue: -d!.fen };
          }
        }
        if (Object.keys(want).length) moved++;
        expect(report.delta).toEqual(want);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(await total()).toBe(sum0);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
    // the genuine calls and signed new txIds moved money: the test does not pass by refusing everything
    expect(moved).toBeGreaterThan(0);
  });

  it('a stale, future, other-venue or other-path signature is 2001 and moves nothing', async () => {
    const [alice] = Object.keys(players) as [string];
    const body = JSON.stringify({ player: alice, txId: 'S1', roundId: 'RS1', gameCode: 'slot1', amount: '1.00' });
    const p = `/wallet/api/${V}/debit`;
    const now = Date.now();
    const good = signWalletCall(key, p, body, now);
    const variants: [string, Record<string, string>][] = [
      ['stale', signWalletCall(key, p, body, now - 6 * 60_000)],
      ['future', signWalletCall(key, p, body, now + 6 * 60_000)],
      ['another venue\'s key', signWalletCall(derivedVenueKey(t.ctx.config.sandboxSecret, 'SBLIVE'), p, body, now)],
      ['the provider secret itself', signWalletCall(t.ctx.config.sandboxSecret, p, body, now)],
      ['signed for credit', signWalletCall(key, `/wallet/api/${V}/credit`, body, now)],
      ['signed with a query string', signWalletCall(key, `${p}?a=1`, body, now)],
      ['another ts', { ...good, 'x-wallet-ts': String(now + 1) }],
      ['ts with a leading zero', { ...good, 'x-wallet-ts': `0${now}` }],
      ['no signature', { 'content-type': 'application/json', 'x-wallet-ts': String(now) }],
      ['signature cut short', { ...good, 'x-wallet-sign': good['x-wallet-sign']!.slice(0, 63) }],
    ];
    for (const [name, headers] of variants) {
      const before = await money();
      const r = await send('debit', body, headers);
      expect({ name, status: r.status, code: r.body.code, moved: await money() }).toEqual({ name, status: 401, code: 2001, moved: before });
    }
  });
});
