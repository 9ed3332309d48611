import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startApp, type TestApp } from '../../../test/harness.ts';
import {
  IdempotencyKeyReused,
  InsufficientFunds,
  InvalidPosting,
  UnknownAccount,
  memberAccountCode,
  wallet,
} from './index.ts';
import { registerMembers, snapshot } from './testing.ts';

describe('ledger operations', () => {
  let t: TestApp;
  let members: { id: number; name: string; token: string }[];
  let seq = 0;
  const key = (label: string) => `test:${label}:${++seq}`;
  const db = () => t.ctx.db;

  beforeAll(async () => {
    t = await startApp();
    members = await registerMembers(t, 'ledger', 8);
  });
  afterAll(() => t.stop());

  const clean = async () => expect(await wallet.verify(db())).toEqual([]);
  const balances = (memberId: number) => wallet.memberBalances(db(), memberId);

  it('a new member has three empty accounts and the ledger verifies clean', async () => {
    expect(await balances(members[0].id)).toEqual({ central: 0, withdraw_hold: 0, transit: 0 });
    await clean();
  });

  it('a deposit credits the central wallet from house:deposits, created on first use, and /api/balance shows it', async () => {
    const m = members[0];
    expect(await wallet.accountBalance(db(), 'house:deposits')).toBeUndefined();
    const r = await wallet.creditFromHouse(db(), {
      memberId: m.id,
      house: 'deposits',
      amount: 12_345,
      reference: 'order-1',
      idempotencyKey: 'deposit:order-1',
      now: 1_700_000_000_000,
    });
    expect(r.replayed).toBe(false);
    if (r.replayed) throw new Error('unreachable');
    expect(r.fromBalance).toBe(-12_345);
    expect(r.toBalance).toBe(12_345);
    expect(r.entry).toMatchObject({
      amount: 12_345,
      kind: 'deposit',
      reference: 'order-1',
      idempotency_key: 'deposit:order-1',
      memo: '',
      created_by: 'system',
      created_at: 1_700_000_000_000,
    });
    const accounts = await db().selectFrom('ledger_accounts').selectAll().where('code', 'in', ['house:deposits', memberAccountCode(m.id, 'central')]).execute();
    const house = accounts.find((a) => a.code === 'house:deposits')!;
    const central = accounts.find((a) => a.code !== 'house:deposits')!;
    expect(house).toMatchObject({ kind: 'house', member_id: null, balance: -12_345 });
    expect(r.entry.from_account_id).toBe(house.id);
    expect(r.entry.to_account_id).toBe(central.id);
    expect(await wallet.centralBalance(db(), m.id)).toBe(12_345);
    const reply = await t.post('/api/balance', {}, { token: m.token });
    expect(reply).toMatchObject({ code: 200, data: { balance: 123.45 } });
    await clean();
  });

  it('a repeated key answers the first entry and moves nothing', async () => {
    const m = members[0];
    const before = await snapshot(db());
    const first = await wallet.entryByKey(db(), 'deposit:order-1');
    const again = await wallet.creditFromHouse(db(), {
      memberId: m.id,
      house: 'deposits',
      amount: 12_345,
      reference: 'order-1',
      idempotencyKey: 'deposit:order-1',
    });
    expect(again.replayed).toBe(true);
    expect(again.entry).toEqual(first);
    expect(await snapshot(db())).toEqual(before);
    await clean();
  });

  it('the same key for another movement is refused and moves nothing', async () => {
    const m = members[0];
    const before = await snapshot(db());
    const attempt = wallet.creditFromHouse(db(), {
      memberId: m.id,
      house: 'deposits',
      amount: 99,
      reference: 'order-1',
      idempotencyKey: 'deposit:order-1',
    });
    await expect(attempt).rejects.toBeInstanceOf(IdempotencyKeyReused);
    await expect(attempt).rejects.toMatchObject({ code: 'idempotency_key_reused', entry: { amount: 12_345 } });
    // a different member under the same key, too
    await expect(
      wallet.creditFromHouse(db(), { memberId: members[1].id, house: 'deposits', amount: 12_345, reference: 'order-1', idempotencyKey: 'deposit:order-1' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect(await snapshot(db())).toEqual(before);
    await clean();
  });

  it('bonus, rebate, red packet and manual credits come from their house accounts with their kinds', async () => {
    const m = members[1];
    const cases = [
      ['bonus', 'bonus', 100],
      ['rebate', 'rebate', 200],
      ['red_packet', 'red_packet', 300],
      ['adjustments', 'adjustment', 400],
    ] as const;
    for (const [house, kind, amount] of cases) {
      const r = await wallet.creditFromHouse(db(), {
        memberId: m.id,
        house,
        amount,
        reference: `ref-${house}`,
        idempotencyKey: key(house),
        memo: house === 'adjustments' ? 'goodwill credit' : undefined,
        createdBy: house === 'adjustments' ? 'admin:1' : undefined,
      });
      expect(r.entry.kind).toBe(kind);
      expect(await wallet.accountBalance(db(), `house:${house}`)).toBe(-amount);
    }
    const adj = await wallet.listEntries(db(), { account: memberAccountCode(m.id, 'central'), kinds: ['adjustment'], limit: 10 });
    expect(adj).toHaveLength(1);
    expect(adj[0]).toMatchObject({ memo: 'goodwill credit', created_by: 'admin:1', direction: 'in', amount: 400 });
    expect(await balances(m.id)).toEqual({ central: 1_000, withdraw_hold: 0, transit: 0 });
    await clean();
  });

  it('a manual debit takes from the central wallet; more than it holds is refused, changes nothing and leaves the key free', async () => {
    const m = members[1];
    const r = await wallet.debitToHouse(db(), { memberId: m.id, amount: 250, reference: 'adj-1', idempotencyKey: 'adj:1', createdBy: 'admin:1', memo: 'correction' });
    expect(r).toMatchObject({ replayed: false, fromBalance: 750, toBalance: -400 + 250 });
    expect(r.entry.kind).toBe('adjustment');

    const before = await snapshot(db());
    const refused = wallet.debitToHouse(db(), { memberId: m.id, amount: 751, reference: 'adj-2', idempotencyKey: 'adj:2' });
    await expect(refused).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(refused).rejects.toMatchObject({ code: 'insufficient_funds', account: memberAccountCode(m.id, 'central'), amount: 751, balance: 750 });
    expect(await snapshot(db())).toEqual(before);
    expect(await wallet.entryByKey(db(), 'adj:2')).toBeUndefined();
    await clean();

    // the refused key was not spent: once the wallet holds enough, the same posting goes through
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 1, reference: 'o', idempotencyKey: key('top-up') });
    const retried = await wallet.debitToHouse(db(), { memberId: m.id, amount: 751, reference: 'adj-2', idempotencyKey: 'adj:2' });
    expect(retried).toMatchObject({ replayed: false, fromBalance: 0 });
    await clean();
  });

  it('a withdrawal is held, then paid out or returned, exactly once', async () => {
    const m = members[2];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 10_000, reference: 'o', idempotencyKey: key('dep') });

    await wallet.holdForWithdrawal(db(), { memberId: m.id, amount: 3_000, reference: 'w1', idempotencyKey: 'withdraw:w1:hold' });
    expect(await balances(m.id)).toEqual({ central: 7_000, withdraw_hold: 3_000, transit: 0 });
    const paid = await wallet.payOutHold(db(), { memberId: m.id, amount: 3_000, reference: 'w1', idempotencyKey: 'withdraw:w1:decision', createdBy: 'admin:1' });
    expect(paid.entry.kind).toBe('withdraw_payout');
    expect(await balances(m.id)).toEqual({ central: 7_000, withdraw_hold: 0, transit: 0 });
    expect(await wallet.accountBalance(db(), 'house:payouts')).toBe(3_000);
    // a second, contrary decision on the same withdrawal is refused
    const before = await snapshot(db());
    await expect(
      wallet.returnHold(db(), { memberId: m.id, amount: 3_000, reference: 'w1', idempotencyKey: 'withdraw:w1:decision' }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused', entry: { kind: 'withdraw_payout' } });
    expect((await wallet.payOutHold(db(), { memberId: m.id, amount: 3_000, reference: 'w1', idempotencyKey: 'withdraw:w1:decision' })).replayed).toBe(true);
    expect(await snapshot(db())).toEqual(before);

    await wallet.holdForWithdrawal(db(), { memberId: m.id, amount: 2_000, reference: 'w2', idempotencyKey: 'withdraw:w2:hold' });
    const returned = await wallet.returnHold(db(), { memberId: m.id, amount: 2_000, reference: 'w2', idempotencyKey: 'withdraw:w2:decision' });
    expect(returned.entry.kind).toBe('withdraw_return');
    expect(await balances(m.id)).toEqual({ central: 7_000, withdraw_hold: 0, transit: 0 });

    // holding more than the wallet holds, or paying out more than is held, is refused
    const snap = await snapshot(db());
    await expect(wallet.holdForWithdrawal(db(), { memberId: m.id, amount: 7_001, reference: 'w3', idempotencyKey: 'withdraw:w3:hold' })).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(wallet.payOutHold(db(), { memberId: m.id, amount: 1, reference: 'w3', idempotencyKey: 'withdraw:w3:decision' })).rejects.toMatchObject({
      account: memberAccountCode(m.id, 'withdraw_hold'),
    });
    expect(await snapshot(db())).toEqual(snap);
    await clean();
  });

  it('a venue transfer goes through transit to the venue clearing account, or back; money comes back in from the venue', async () => {
    const m = members[3];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 50_000, reference: 'o', idempotencyKey: key('dep') });

    const out = await wallet.moveToTransit(db(), { memberId: m.id, amount: 10_000, reference: 't1', idempotencyKey: 'transfer:t1:hold' });
    expect(out.entry.kind).toBe('transit_hold');
    expect(await balances(m.id)).toEqual({ central: 40_000, withdraw_hold: 0, transit: 10_000 });
    expect(await wallet.accountBalance(db(), 'venue:pp:clearing')).toBeUndefined();
    const settled = await wallet.settleTransit(db(), { memberId: m.id, platform: 'pp', amount: 10_000, reference: 't1', idempotencyKey: 'transfer:t1:outcome' });
    expect(settled.entry.kind).toBe('venue_transfer_out');
    expect(await balances(m.id)).toEqual({ central: 40_000, withdraw_hold: 0, transit: 0 });
    expect(await wallet.accountBalance(db(), 'venue:pp:clearing')).toBe(10_000);
    const clearing = await db().selectFrom('ledger_accounts').selectAll().where('code', '=', 'venue:pp:clearing').executeTakeFirstOrThrow();
    expect(clearing).toMatchObject({ kind: 'venue_clearing', member_id: null });
    // the contrary outcome of the same transfer is refused
    await expect(wallet.returnTransit(db(), { memberId: m.id, amount: 10_000, reference: 't1', idempotencyKey: 'transfer:t1:outcome' })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );

    await wallet.moveToTransit(db(), { memberId: m.id, amount: 5_000, reference: 't2', idempotencyKey: 'transfer:t2:hold' });
    const back = await wallet.returnTransit(db(), { memberId: m.id, amount: 5_000, reference: 't2', idempotencyKey: 'transfer:t2:outcome' });
    expect(back.entry.kind).toBe('transit_return');
    expect(await balances(m.id)).toEqual({ central: 40_000, withdraw_hold: 0, transit: 0 });

    // the member won at the venue: more comes back than went in, the clearing account goes negative
    const win = await wallet.transferInFromVenue(db(), { memberId: m.id, platform: 'pp', amount: 13_000, reference: 't3', idempotencyKey: 'transfer:t3:outcome' });
    expect(win.entry.kind).toBe('venue_transfer_in');
    expect(await balances(m.id)).toEqual({ central: 53_000, withdraw_hold: 0, transit: 0 });
    expect(await wallet.accountBalance(db(), 'venue:pp:clearing')).toBe(-3_000);

    const snap = await snapshot(db());
    await expect(wallet.moveToTransit(db(), { memberId: m.id, amount: 53_001, reference: 't4', idempotencyKey: 'transfer:t4:hold' })).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(wallet.settleTransit(db(), { memberId: m.id, platform: 'pp', amount: 1, reference: 't4', idempotencyKey: 'transfer:t4:outcome' })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    expect(await snapshot(db())).toEqual(snap);

    const listed = await wallet.listEntries(db(), { account: memberAccountCode(m.id, 'central'), limit: 3 });
    expect(listed.map((e) => [e.kind, e.direction, e.amount])).toEqual([
      ['venue_transfer_in', 'in', 13_000],
      ['transit_return', 'in', 5_000],
      ['transit_hold', 'out', 5_000],
    ]);
    await clean();
  });

  it('malformed postings are refused before anything is written', async () => {
    const m = members[4];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 1_000, reference: 'o', idempotencyKey: key('dep') });
    const before = await snapshot(db());
    const central = memberAccountCode(m.id, 'central');
    const base = { from: central, to: 'house:adjustments', amount: 100, kind: 'adjustment' as const, reference: 'r', idempotencyKey: 'bad:1' };
    for (const amount of [0, -100, 1.5, Number.NaN, Infinity, 2 ** 53, '100' as unknown as number]) {
      await expect(wallet.post(db(), { ...base, amount })).rejects.toBeInstanceOf(InvalidPosting);
    }
    await expect(wallet.post(db(), { ...base, to: central })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(wallet.post(db(), { ...base, idempotencyKey: '' })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(wallet.post(db(), { ...base, idempotencyKey: 'k'.repeat(129) })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(wallet.post(db(), { ...base, kind: 'gift' as never })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(wallet.post(db(), { ...base, to: 'house:casino' })).rejects.toBeInstanceOf(UnknownAccount);
    await expect(wallet.post(db(), { ...base, to: memberAccountCode(999_999, 'central') })).rejects.toMatchObject({
      code: 'unknown_account',
      account: 'member:999999:central',
    });
    await expect(wallet.settleTransit(db(), { memberId: m.id, platform: 'a b', amount: 1, reference: 'r', idempotencyKey: 'bad:2' })).rejects.toThrow(RangeError);
    expect(await snapshot(db())).toEqual(before);
    await clean();
  });

  it('entries cannot be changed or deleted, even by hand in SQL', async () => {
    const before = await snapshot(db());
    await expect(sql`update ledger_entries set amount = amount + 1`.execute(db())).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_entries`.execute(db())).rejects.toThrow(/immutable/);
    expect(await snapshot(db())).toEqual(before);
  });

  it('inside a caller transaction: a refusal undoes only that posting, a rollback undoes everything', async () => {
    const m = members[5];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 1_000, reference: 'o', idempotencyKey: key('dep') });
    await db()
      .transaction()
      .execute(async (trx) => {
        await wallet.moveToTransit(trx, { memberId: m.id, amount: 600, reference: 'n1', idempotencyKey: 'nested:1' });
        await expect(wallet.moveToTransit(trx, { memberId: m.id, amount: 600, reference: 'n2', idempotencyKey: 'nested:2' })).rejects.toBeInstanceOf(
          InsufficientFunds,
        );
        await wallet.returnTransit(trx, { memberId: m.id, amount: 100, reference: 'n1', idempotencyKey: 'nested:3' });
      });
    expect(await balances(m.id)).toEqual({ central: 500, withdraw_hold: 0, transit: 500 });
    expect(await wallet.entryByKey(db(), 'nested:2')).toBeUndefined();
    await clean();

    const before = await snapshot(db());
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await wallet.moveToTransit(trx, { memberId: m.id, amount: 500, reference: 'n4', idempotencyKey: 'nested:4' });
          throw new Error('the order update failed');
        }),
    ).rejects.toThrow('the order update failed');
    expect(await snapshot(db())).toEqual(before);
    expect(await wallet.entryByKey(db(), 'nested:4')).toBeUndefined();
    await clean();
  });

  it('inside a caller transaction (no savepoint, issue 37): a refusal whose credit came first, a replay and a reused key each move nothing and the caller commits the rest', async () => {
    const m = members[7];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 1_000, reference: 'o', idempotencyKey: key('dep') });
    await wallet.moveToTransit(db(), { memberId: m.id, amount: 300, reference: 't1', idempotencyKey: 'inside:hold' });
    // transit -> central: the central account (the lower id) is credited first, then transit's debit finds 300 < 400
    const ids = await db().selectFrom('ledger_accounts').select(['code', 'id']).where('member_id', '=', m.id).execute();
    const id = (kind: string) => ids.find((a) => a.code === memberAccountCode(m.id, kind as 'central'))!.id;
    expect(id('central')).toBeLessThan(id('transit'));
    await db()
      .transaction()
      .execute(async (trx) => {
        await expect(wallet.returnTransit(trx, { memberId: m.id, amount: 400, reference: 't1', idempotencyKey: 'inside:short' })).rejects.toBeInstanceOf(InsufficientFunds);
        // the same movement again under its key: answered as a replay, nothing moves
        const again = await wallet.moveToTransit(trx, { memberId: m.id, amount: 300, reference: 't1', idempotencyKey: 'inside:hold' });
        expect(again.replayed).toBe(true);
        // another movement under a used key
        await expect(wallet.moveToTransit(trx, { memberId: m.id, amount: 200, reference: 't1', idempotencyKey: 'inside:hold' })).rejects.toBeInstanceOf(IdempotencyKeyReused);
        // a replay whose debit would now find the funds short (the first posting took them) is still a replay
        await wallet.moveToTransit(trx, { memberId: m.id, amount: 700, reference: 't2', idempotencyKey: 'inside:all' });
        expect((await wallet.moveToTransit(trx, { memberId: m.id, amount: 700, reference: 't2', idempotencyKey: 'inside:all' })).replayed).toBe(true);
        await wallet.returnTransit(trx, { memberId: m.id, amount: 1_000, reference: 't1', idempotencyKey: 'inside:back' });
      });
    expect(await balances(m.id)).toEqual({ central: 1_000, withdraw_hold: 0, transit: 0 });
    expect(await wallet.entryByKey(db(), 'inside:short')).toBeUndefined();
    await clean();
  });

  it('verify() reports a balance changed behind the ledger, a negative member and a sum that is not zero', async () => {
    const m = members[6];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 500, reference: 'o', idempotencyKey: key('dep') });
    await clean();
    const code = memberAccountCode(m.id, 'central');
    try {
      await db().updateTable('ledger_accounts').set({ balance: 700 }).where('code', '=', code).execute();
      const found = await wallet.verify(db());
      expect(found.map((v) => v.check).sort()).toEqual(['balance_mismatch', 'sum_not_zero']);
      expect(found.find((v) => v.check === 'balance_mismatch')).toMatchObject({ account: code, message: `${code} holds 700 but its entries come to 500` });

      // moved between two accounts behind the ledger's back: the sum still holds, the rest does not
      await db().updateTable('ledger_accounts').set({ balance: -100 }).where('code', '=', code).execute();
      await db().updateTable('ledger_accounts').set((eb) => ({ balance: eb('balance', '+', 600) })).where('code', '=', 'house:adjustments').execute();
      const again = await wallet.verify(db());
      expect(again.map((v) => v.check).sort()).toEqual(['balance_mismatch', 'balance_mismatch', 'negative_member_balance']);
    } finally {
      await db().updateTable('ledger_accounts').set((eb) => ({ balance: eb('balance', '-', 600) })).where('code', '=', 'house:adjustments').execute();
      await db().updateTable('ledger_accounts').set({ balance: 500 }).where('code', '=', code).execute();
    }
    await clean();
  });
});
