import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { InsufficientFunds, memberAccountCode, wallet, type PostResult } from './index.ts';
import { registerMembers, snapshot } from './testing.ts';

describe('ledger under concurrency', () => {
  let t: TestApp;
  let members: { id: number; name: string; token: string }[];
  const db = () => t.ctx.db;

  beforeAll(async () => {
    t = await startApp();
    members = await registerMembers(t, 'racer', 4);
  });
  afterAll(() => t.stop());

  it(`runs on ${onPostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    expect(t.ctx.dialect).toBe(onPostgres ? 'postgres' : 'sqlite');
  });

  it('1,000 concurrent 1-yuan debits against 100 yuan: exactly 100 succeed, 900 are refused, the wallet ends at 0', async () => {
    const m = members[0];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 10_000, reference: 'o', idempotencyKey: 'race:deposit' });

    const results = await Promise.allSettled(
      Array.from({ length: 1_000 }, (_, i) =>
        wallet.debitToHouse(db(), { memberId: m.id, amount: 100, reference: `d${i}`, idempotencyKey: `race:debit:${i}` }),
      ),
    );
    const ok = results.filter((r): r is PromiseFulfilledResult<PostResult> => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(900);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientFunds);
    expect(ok.every((r) => !r.value.replayed)).toBe(true);
    // each success saw its own balance: 9,900 down to 0, each once
    const after = ok.map((r) => (r.value.replayed ? -1 : r.value.fromBalance)).sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: 100 }, (_, i) => i * 100));

    expect(await wallet.centralBalance(db(), m.id)).toBe(0);
    const entries = await wallet.listEntries(db(), { account: memberAccountCode(m.id, 'central'), kinds: ['adjustment'], limit: 2_000 });
    expect(entries).toHaveLength(100);
    expect(await wallet.accountBalance(db(), 'house:adjustments')).toBe(10_000);
    expect(await wallet.verify(db())).toEqual([]);
  });

  it('50 concurrent posts with the same idempotency key have one effect and all answer the same entry', async () => {
    const m = members[1];
    const before = await snapshot(db());
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        wallet.creditFromHouse(db(), { memberId: m.id, house: 'bonus', amount: 888, reference: 'promo-1', idempotencyKey: 'race:same-key' }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => r.replayed)).toHaveLength(49);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await wallet.centralBalance(db(), m.id)).toBe(888);
    const after = await snapshot(db());
    expect(after.entries).toBe(before.entries + 1);
    expect(await wallet.verify(db())).toEqual([]);
  });

  it('50 concurrent debits with the same key against a wallet holding enough for one: one effect', async () => {
    const m = members[2];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 500, reference: 'o', idempotencyKey: 'race:deposit:2' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        wallet.holdForWithdrawal(db(), { memberId: m.id, amount: 500, reference: 'w', idempotencyKey: 'race:hold:w' }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.memberBalances(db(), m.id)).toEqual({ central: 0, withdraw_hold: 500, transit: 0 });
    // two contrary decisions at once: one wins, the other is refused
    const decisions = await Promise.allSettled([
      wallet.payOutHold(db(), { memberId: m.id, amount: 500, reference: 'w', idempotencyKey: 'race:decision:w' }),
      wallet.returnHold(db(), { memberId: m.id, amount: 500, reference: 'w', idempotencyKey: 'race:decision:w' }),
    ]);
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    expect(decisions.filter((d) => d.status === 'rejected' && d.reason.code === 'idempotency_key_reused')).toHaveLength(1);
    const b = await wallet.memberBalances(db(), m.id);
    expect(b.withdraw_hold).toBe(0);
    expect(b.central === 500 || (await wallet.accountBalance(db(), 'house:payouts')) === 500).toBe(true);
    expect(await wallet.verify(db())).toEqual([]);
  });

  it('opposite movements between the same accounts at once neither deadlock nor lose money', async () => {
    const m = members[3];
    await wallet.creditFromHouse(db(), { memberId: m.id, house: 'deposits', amount: 100_000, reference: 'o', idempotencyKey: 'race:deposit:3' });
    await wallet.moveToTransit(db(), { memberId: m.id, amount: 50_000, reference: 't', idempotencyKey: 'race:transit:seed' });
    const ops: Promise<PostResult>[] = [];
    for (let i = 0; i < 200; i++) {
      ops.push(wallet.moveToTransit(db(), { memberId: m.id, amount: 100, reference: `a${i}`, idempotencyKey: `race:out:${i}` }));
      ops.push(wallet.returnTransit(db(), { memberId: m.id, amount: 100, reference: `b${i}`, idempotencyKey: `race:back:${i}` }));
      // house rows are touched too, in both directions
      ops.push(wallet.transferInFromVenue(db(), { memberId: m.id, platform: 'ag', amount: 7, reference: `c${i}`, idempotencyKey: `race:in:${i}` }));
      ops.push(wallet.debitToHouse(db(), { memberId: m.id, amount: 7, reference: `d${i}`, idempotencyKey: `race:adj:${i}` }));
    }
    const settled = await Promise.allSettled(ops);
    const failures = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(failures.map((f) => String(f.reason))).toEqual([]);
    expect(await wallet.memberBalances(db(), m.id)).toEqual({ central: 50_000, withdraw_hold: 0, transit: 50_000 });
    expect(await wallet.verify(db())).toEqual([]);
  });
});
