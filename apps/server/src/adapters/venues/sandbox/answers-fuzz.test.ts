import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonMutants, type Json, type JsonMutant } from '../../../../test/fuzz/json-mutants.ts';
import { strictJsonObject } from '../../verified-fields.ts';
import { VenueError, type VenueAdapter } from '../types.ts';
import { createSandboxAdapter } from './adapter.ts';

/**
 * The provider's answers under attack (issue 35 point 2, DESIGN 4 "Signed fields only ... venue
 * calls"): a local provider answers each call of the adapter with a mutant of a genuine answer.
 * The answers are not signed, so what the adapter can hold them to is that they are one plain
 * JSON object and that they speak of what was asked: our transfer id, our type and amount, our
 * player, sane fen. A mutant is either refused (never as 'refused', which would return money the
 * venue may hold: as 'unknown' or an error, so the transfer stays pending for the reconciler) or
 * read as exactly the genuine answer says. FUZZ_SEED replays a run; FUZZ_RUNS makes it longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 60);
const SEED = Number(process.env.FUZZ_SEED || 20261202);

const created = '2026-12-01T00:00:00.000Z';
const bet = {
  cursor: '7', bet_id: 'PPB1', username: 'cs12', platform: 'pp', game_code: 'pp_gates', game_name: '奥林匹斯之门', category_id: 'concise',
  bet_amount_fen: 1000, valid_amount_fen: 1000, win_loss_fen: -1000, status: 1, created_at: created, settled_at: created, detail: '投注 10',
  round_id: 'fx:12', side: 'home',
};

interface Case {
  name: string;
  genuine: { [k: string]: Json };
  wish: Record<string, Json>;
  numberFields: string[];
  stringFields: string[];
  call: (a: VenueAdapter) => Promise<unknown>;
  /** what the adapter reads from the genuine answer */
  expected: unknown;
  /** holds when a mutant the adapter read says what was asked (the parsed text, strictly) */
  speaksOfAsked: (o: Record<string, any>) => boolean;
  /** what the adapter must read from such a mutant (an unsigned value may be changed to another sane one) */
  readOf?: (o: Record<string, any>) => unknown;
}
const isFen = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const move = { player: 'cs12', platform: 'pp', transferId: 'T100', amountFen: 500 };
const cases: Case[] = [
  {
    name: 'deposit answer',
    genuine: { transfer_id: 'T100', type: 'deposit', status: 'success', reason: null, amount_fen: 500, balance_fen: 500, created_at: created },
    wish: { transfer_id: 'T999', amount_fen: 50000, type: 'withdraw', username: 'cs13' },
    numberFields: ['amount_fen', 'balance_fen'],
    stringFields: ['transfer_id', 'status', 'type'],
    call: (a) => a.deposit(move),
    expected: { status: 'success', reason: null, balanceFen: 500 },
    speaksOfAsked: (o) => o.transfer_id === 'T100' && o.type === 'deposit' && o.amount_fen === 500 && o.status === 'success' && isFen(o.balance_fen),
    readOf: (o) => ({ status: 'success', reason: null, balanceFen: o.balance_fen }),
  },
  {
    name: 'withdraw answer',
    genuine: { transfer_id: 'T100', type: 'withdraw', status: 'success', reason: null, amount_fen: 500, balance_fen: 0, created_at: created },
    wish: { transfer_id: 'T999', amount_fen: 50000, type: 'deposit' },
    numberFields: ['amount_fen', 'balance_fen'],
    stringFields: ['transfer_id', 'status', 'type'],
    call: (a) => a.withdraw(move),
    expected: { status: 'success', reason: null, balanceFen: 0 },
    speaksOfAsked: (o) => o.transfer_id === 'T100' && o.type === 'withdraw' && o.amount_fen === 500 && o.status === 'success' && isFen(o.balance_fen),
    readOf: (o) => ({ status: 'success', reason: null, balanceFen: o.balance_fen }),
  },
  {
    name: 'transfer status',
    genuine: { transfer_id: 'T100', status: 'success', amount_fen: 500, type: 'deposit', username: 'cs12', platform: 'pp', created_at: created },
    wish: { transfer_id: 'T999', amount_fen: null, type: null, username: 'cs13' },
    numberFields: ['amount_fen'],
    stringFields: ['transfer_id', 'status', 'type'],
    call: (a) => a.transferStatus('T100'),
    expected: { status: 'success', amountFen: 500, type: 'deposit' },
    // the adapter does not know the amount asked of a status: the reconciler compares it (reconcile.ts)
    speaksOfAsked: (o) => o.transfer_id === 'T100' && o.status === 'success' && isFen(o.amount_fen) && o.amount_fen > 0 && (o.type === 'deposit' || o.type === 'withdraw'),
    readOf: (o) => ({ status: o.status, amountFen: o.amount_fen, type: o.type }),
  },
  {
    name: 'balance',
    genuine: { username: 'cs12', platform: 'pp', balance_fen: 500 },
    wish: { username: 'cs13', platform: 'ag', balance_fen: 9_999_999 },
    numberFields: ['balance_fen'],
    stringFields: ['username', 'platform'],
    call: (a) => a.balance('cs12', 'pp', { timeoutMs: 5000 }),
    expected: 500,
    speaksOfAsked: (o) => o.username === 'cs12' && o.platform === 'pp' && isFen(o.balance_fen),
    readOf: (o) => o.balance_fen,
  },
  {
    name: 'balances',
    genuine: { username: 'cs12', balances: [{ platform: 'pp', balance_fen: 500 }, { platform: 'ag', balance_fen: 0 }] },
    wish: { username: 'cs13', balance_fen: -500, platform: 'pp' },
    numberFields: ['balance_fen'],
    stringFields: ['username', 'platform'],
    call: async (a) => [...(await a.balances('cs12', { timeoutMs: 5000 }))],
    expected: [['pp', 500], ['ag', 0]],
    speaksOfAsked: (o) => o.username === 'cs12' && Array.isArray(o.balances) && o.balances.every((b: any) => isFen(b?.balance_fen)) && new Set(o.balances.map((b: any) => b.platform)).size === o.balances.length,
    readOf: (o) => o.balances.map((b: any) => [b.platform, b.balance_fen]),
  },
  {
    name: 'bet feed',
    genuine: { records: [bet], next_cursor: '7', has_more: false },
    wish: { bet_amount_fen: -1000, valid_amount_fen: 99_999_999, win_loss_fen: 99_999_999, platform: 'ag', round_id: '', side: 'banker' },
    numberFields: ['bet_amount_fen', 'valid_amount_fen', 'win_loss_fen', 'status'],
    stringFields: ['bet_id', 'username', 'platform', 'next_cursor', 'round_id', 'side'],
    call: (a) => a.betsSince('pp', '', 500),
    expected: { bets: [{ platform: 'pp', betId: 'PPB1', player: 'cs12', gameCode: 'pp_gates', gameName: '奥林匹斯之门', categoryId: 'concise', betAmountFen: 1000, validAmountFen: 1000, winLossFen: -1000, status: 1, createdAt: Date.parse(created), settledAt: Date.parse(created), detail: '投注 10', roundId: 'fx:12', side: 'home' }], nextCursor: '7', hasMore: false },
    speaksOfAsked: (o) => {
      // a bet record must be sane money: a stake of 0 or more, valid turnover between 0 and the stake
      const r = o.records?.[0];
      return o.records?.length === 1 && r.platform === 'pp' && typeof r.bet_id === 'string' && isFen(r.bet_amount_fen) && isFen(r.valid_amount_fen) && r.valid_amount_fen <= r.bet_amount_fen && typeof o.next_cursor === 'string' &&
        // issue 36: a round id of visible characters, a side of a match or none
        typeof r.round_id === 'string' && /^[\x21-\x7e]{1,64}$/.test(r.round_id) && (r.side === null || ['home', 'draw', 'away'].includes(r.side));
    },
    readOf: (o) => {
      const r = o.records[0];
      return { bets: [{ platform: 'pp', betId: r.bet_id, player: r.username, gameCode: r.game_code, gameName: r.game_name, categoryId: r.category_id, betAmountFen: r.bet_amount_fen, validAmountFen: r.valid_amount_fen, winLossFen: r.win_loss_fen, status: r.status, createdAt: Date.parse(r.created_at), settledAt: r.settled_at ? Date.parse(r.settled_at) : null, detail: String(r.detail ?? '').slice(0, 500), roundId: r.round_id, side: r.side }], nextCursor: o.next_cursor, hasMore: o.has_more };
    },
  },
];

describe('sandbox provider answers fuzz: a mutant answer is refused as unclear or read as exactly the genuine one', () => {
  let answer = '';
  let server: http.Server;
  let adapter: VenueAdapter;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    adapter = createSandboxAdapter({ baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/sandbox`, secret: 'fuzz-secret', timeoutMs: 5000 });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const c of cases) {
    it(c.name, async () => {
      answer = JSON.stringify(c.genuine);
      expect(await c.call(adapter)).toEqual(c.expected);
      let read = 0;
      await fc.assert(
        fc.asyncProperty(jsonMutants(c.genuine, c.wish, { numberFields: c.numberFields, stringFields: c.stringFields }), async (m: JsonMutant) => {
          answer = m.text;
          const got = await c.call(adapter).then(
            (v) => ({ ok: true as const, v }),
            (e: unknown) => ({ ok: false as const, e }),
          );
          if (!got.ok) {
            // an unclear answer is never a definite refusal: that would give back money the venue may hold
            expect({ mutant: m.name, kind: got.e instanceof VenueError ? got.e.kind : 'error' }).toEqual({ mutant: m.name, kind: got.e instanceof VenueError ? 'unknown' : 'error' });
            return;
          }
          read++;
          const parsed = strictJsonObject(m.text);
          expect({ mutant: m.name, plainJson: parsed !== null }).toEqual({ mutant: m.name, plainJson: true });
          expect({ mutant: m.name, speaksOfAsked: c.speaksOfAsked(parsed!) }).toEqual({ mutant: m.name, speaksOfAsked: true });
          expect({ mutant: m.name, read: got.v }).toEqual({ mutant: m.name, read: c.readOf ? c.readOf(parsed!) : c.expected });
        }),
        { numRuns: RUNS, seed: SEED + c.name.length },
      );
      // the genuine answer reordered or spaced out is still read: the test does not pass by refusing everything
      expect(read).toBeGreaterThan(0);
    });
  }
});
