import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { HOUSE_ACCOUNTS, LedgerError, houseAccountCode, memberAccountCode, venueClearingCode, wallet, type HouseAccount, type PostResult } from './index.ts';
import type { MemberMovement, VenueMovement } from './operations.ts';
import { prng, registerMembers } from './testing.ts';

/**
 * Random sequences of money movements over 20 members against an in-memory model of every
 * account. After each step verify() must be clean and the step's outcome (posted, replayed,
 * refused for funds, refused for a reused key, refused as malformed) must be the model's; after
 * each sequence every account balance and the number of entries must be the model's.
 * The sequences run one after another on one database, so the state grows as they go.
 * LEDGER_SEED=<n> replays a run; the seed is printed with any failure.
 */
const SEQUENCES = 500;
const MEMBERS = 20;
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PLATFORMS = ['ag', 'pp', 'fgdz', 'obgdy'];

type Outcome = 'posted' | 'replayed' | 'insufficient_funds' | 'idempotency_key_reused' | 'invalid_posting';
type Fn = 'creditFromHouse' | 'debitToHouse' | 'holdForWithdrawal' | 'payOutHold' | 'returnHold' | 'moveToTransit' | 'settleTransit' | 'returnTransit' | 'transferInFromVenue';

interface Spec {
  from: string;
  to: string;
  amount: number;
  kind: string;
  reference: string;
  key: string;
}

interface Op {
  label: string;
  fn: Fn;
  params: MemberMovement & Partial<VenueMovement> & { house?: HouseAccount };
  spec: Spec;
  /** model bookkeeping once the movement is posted (not on a replay) */
  onPosted?: () => void;
}

interface Pending {
  id: string;
  member: number;
  amount: number;
}

describe(`ledger property test: ${SEQUENCES} random sequences (seed ${SEED})`, () => {
  let t: TestApp;
  let members: number[];

  beforeAll(async () => {
    t = await startApp();
    members = (await registerMembers(t, 'prop', MEMBERS)).map((m) => m.id);
  }, 120_000);
  afterAll(() => t.stop());

  it(`keeps every invariant and matches the model (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, { timeout: 300_000 }, async () => {
    const db = t.ctx.db;
    const rnd = prng(SEED);
    const balances = new Map<string, number>();
    const bal = (code: string) => balances.get(code) ?? 0;
    const posted = new Map<string, { op: Op; entryId: number }>();
    const history: Op[] = [];
    const refused: Op[] = [];
    const withdrawals: Pending[] = [];
    const transfers: Pending[] = [];
    const decided: { op: Op; contrary: Op }[] = [];
    let serial = 0;
    let log: string[] = [];
    const tally: Record<Outcome, number> = { posted: 0, replayed: 0, insufficient_funds: 0, idempotency_key_reused: 0, invalid_posting: 0 };

    const central = (m: number) => memberAccountCode(m, 'central');
    const hold = (m: number) => memberAccountCode(m, 'withdraw_hold');
    const transit = (m: number) => memberAccountCode(m, 'transit');

    const make = (fn: Fn, params: Op['params'], from: string, to: string, kind: string, onPosted?: () => void): Op => ({
      label: `${fn}(${JSON.stringify(params)})`,
      fn,
      params,
      spec: { from, to, amount: params.amount, kind, reference: params.reference, key: params.idempotencyKey },
      onPosted,
    });
    const withAmount = (op: Op, amount: number): Op => ({
      ...op,
      label: `${op.label} with amount ${amount}`,
      params: { ...op.params, amount },
      spec: { ...op.spec, amount },
      onPosted: undefined,
    });

    /** an amount the member's account holds, or (sometimes) more than it holds */
    const amountFor = (code: string) => {
      const have = bal(code);
      if (have > 0 && !rnd.chance(0.2)) return rnd.int(1, have);
      return have + rnd.int(1, 5_000);
    };

    const decision = (w: Pending, payOut: boolean): Op => {
      const params = { memberId: w.member, amount: w.amount, reference: w.id, idempotencyKey: `${w.id}:decision` };
      return payOut
        ? make('payOutHold', params, hold(w.member), houseAccountCode('payouts'), 'withdraw_payout')
        : make('returnHold', params, hold(w.member), central(w.member), 'withdraw_return');
    };
    const outcome = (tr: Pending, platform: string | null): Op => {
      const params = { memberId: tr.member, amount: tr.amount, reference: tr.id, idempotencyKey: `${tr.id}:outcome` };
      return platform
        ? make('settleTransit', { ...params, platform }, transit(tr.member), venueClearingCode(platform), 'venue_transfer_out')
        : make('returnTransit', params, transit(tr.member), central(tr.member), 'transit_return');
    };
    const take = <T,>(xs: T[]): T => xs.splice(rnd.int(0, xs.length - 1), 1)[0];

    /** the next step: a movement to run, or a malformed amount to be refused */
    const nextOp = (): { op: Op; malformed?: number } => {
      const m = rnd.pick(members);
      const id = `s${++serial}`;
      const base = { memberId: m, reference: id, idempotencyKey: `op:${id}` };
      const roll = rnd.int(0, 99);
      if (roll < 18) {
        const house = rnd.pick(HOUSE_ACCOUNTS.filter((h) => h !== 'payouts'));
        const kind = { deposits: 'deposit', bonus: 'bonus', rebate: 'rebate', red_packet: 'red_packet', adjustments: 'adjustment', commission: 'commission' }[house as Exclude<HouseAccount, 'payouts'>];
        return { op: make('creditFromHouse', { ...base, house, amount: rnd.int(1, 100_000) }, houseAccountCode(house), central(m), kind) };
      }
      if (roll < 26) {
        return { op: make('debitToHouse', { ...base, amount: amountFor(central(m)) }, central(m), houseAccountCode('adjustments'), 'adjustment') };
      }
      if (roll < 36) {
        const amount = amountFor(central(m));
        return { op: make('holdForWithdrawal', { ...base, amount }, central(m), hold(m), 'withdraw_hold', () => withdrawals.push({ id: `withdraw:${id}`, member: m, amount })) };
      }
      if (roll < 44 && withdrawals.length) {
        const w = take(withdrawals);
        const payOut = rnd.chance(0.5);
        const op = decision(w, payOut);
        op.onPosted = () => decided.push({ op, contrary: decision(w, !payOut) });
        return { op };
      }
      if (roll < 56) {
        const amount = amountFor(central(m));
        return { op: make('moveToTransit', { ...base, amount }, central(m), transit(m), 'transit_hold', () => transfers.push({ id: `transfer:${id}`, member: m, amount })) };
      }
      if (roll < 66 && transfers.length) {
        const tr = take(transfers);
        const platform = rnd.chance(0.6) ? rnd.pick(PLATFORMS) : null;
        const op = outcome(tr, platform);
        op.onPosted = () => decided.push({ op, contrary: outcome(tr, platform ? null : rnd.pick(PLATFORMS)) });
        return { op };
      }
      if (roll < 74) {
        const platform = rnd.pick(PLATFORMS);
        return { op: make('transferInFromVenue', { ...base, platform, amount: rnd.int(1, 60_000) }, venueClearingCode(platform), central(m), 'venue_transfer_in') };
      }
      if (roll < 82 && history.length) return { op: rnd.pick(history) }; // an exact repeat
      if (roll < 86 && decided.length) return { op: rnd.pick(decided).contrary }; // the other outcome, same key
      if (roll < 90 && history.length) {
        const first = rnd.pick(history);
        return { op: withAmount(first, first.spec.amount + rnd.int(1, 100)) }; // same key, other amount
      }
      if (roll < 95 && refused.length) return { op: take(refused) }; // retry of a refused movement
      const malformed = rnd.pick([0, -rnd.int(1, 1_000), rnd.int(1, 1_000) + 0.5, Number.NaN, 2 ** 53]);
      return { op: make('debitToHouse', { ...base, amount: malformed }, central(m), houseAccountCode('adjustments'), 'adjustment'), malformed };
    };

    const predict = (op: Op, malformed?: number): Outcome => {
      if (malformed !== undefined) return 'invalid_posting';
      const first = posted.get(op.spec.key);
      if (first) {
        const s = first.op.spec;
        const same = s.from === op.spec.from && s.to === op.spec.to && s.amount === op.spec.amount && s.kind === op.spec.kind && s.reference === op.spec.reference;
        return same ? 'replayed' : 'idempotency_key_reused';
      }
      if (op.spec.from.startsWith('member:') && bal(op.spec.from) < op.spec.amount) return 'insufficient_funds';
      return 'posted';
    };

    const step = async () => {
      const { op, malformed } = nextOp();
      const expected = predict(op, malformed);
      log.push(`${op.label} -> expect ${expected}`);
      let result: PostResult | undefined;
      let actual: Outcome;
      try {
        result = await (wallet[op.fn] as (db: unknown, p: unknown) => Promise<PostResult>)(db, op.params);
        actual = result.replayed ? 'replayed' : 'posted';
      } catch (e) {
        if (!(e instanceof LedgerError)) throw e;
        actual = e.code as Outcome;
      }
      tally[actual]++;
      expect(actual, op.label).toBe(expected);

      if (expected === 'posted' && result && !result.replayed) {
        const { from, to, amount } = op.spec;
        balances.set(from, bal(from) - amount);
        balances.set(to, bal(to) + amount);
        expect(result.fromBalance).toBe(bal(from));
        expect(result.toBalance).toBe(bal(to));
        expect(result.entry).toMatchObject({ amount, kind: op.spec.kind, reference: op.spec.reference, idempotency_key: op.spec.key });
        posted.set(op.spec.key, { op, entryId: result.entry.id });
        history.push(op);
        op.onPosted?.();
      } else if (expected === 'replayed' && result) {
        expect(result.entry.id).toBe(posted.get(op.spec.key)!.entryId);
      } else if (expected === 'insufficient_funds') {
        refused.push(op);
      }
      expect(await wallet.verify(db)).toEqual([]);
    };

    const compare = async () => {
      const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).execute();
      const actual = Object.fromEntries(rows.map((r) => [r.code, r.balance]));
      const model = Object.fromEntries(rows.map((r) => [r.code, bal(r.code)]));
      for (const code of balances.keys()) if (!(code in actual)) model[code] = bal(code);
      expect(actual).toEqual(model);
      const n = await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(posted.size);
    };

    const started = Date.now();
    let bothHeld = false;
    for (let s = 0; s < SEQUENCES; s++) {
      log = [];
      const length = rnd.int(5, 10);
      try {
        for (let i = 0; i < length; i++) {
          await step();
          // a member holding money for a withdrawal and in transit at once, checked by the invariants
          if (!bothHeld) bothHeld = members.some((m) => bal(hold(m)) > 0 && bal(transit(m)) > 0);
        }
        await compare();
      } catch (e) {
        const err = e as Error;
        err.message = `LEDGER_SEED=${SEED}, sequence ${s + 1} of ${SEQUENCES}, step ${log.length}:\n  ${log.join('\n  ')}\n${err.message}`;
        throw err;
      }
    }

    // every kind of outcome really happened, and at some point a member had money in every kind of
    // account (at the very end is up to the seed: 975935122 settles every hold or transit)
    for (const [outcome, n] of Object.entries(tally)) expect(n, `${outcome} never happened`).toBeGreaterThan(20);
    expect(bothHeld).toBe(true);
    console.log(
      `ledger property test (${onPostgres ? 'PostgreSQL' : 'SQLite'}, seed ${SEED}): ${SEQUENCES} sequences, ${Object.values(tally).reduce((a, b) => a + b)} steps ${JSON.stringify(tally)} in ${Date.now() - started} ms`,
    );
  });
});
