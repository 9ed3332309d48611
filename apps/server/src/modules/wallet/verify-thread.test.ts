import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startApp, type TestApp } from '../../../test/harness.ts';
import { memberAccountCode, verifyLedger, wallet } from './index.ts';
import { registerMembers } from './testing.ts';

/**
 * Accounts and entries added straight in SQL, enough that an inline verify() holds the thread
 * for a while: entry i moves 1 fen from account i mod ACCOUNTS to the next one, so every account
 * sends as much as it receives and the ledger stays sound with all balances at 0.
 */
const ACCOUNTS = 80_000;
const BULK = 800_000;

describe('verifyLedger', () => {
  let t: TestApp;
  let dir = '';
  let central = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-thread-'));
    t = await startApp(onPostgres ? {} : { sqliteFile: path.join(dir, 'casino.db') });
    const [m] = await registerMembers(t, 'vthread', 1);
    await wallet.creditFromHouse(t.ctx.db, { memberId: m.id, house: 'deposits', amount: 500, reference: 'vt-1', idempotencyKey: 'deposit:vt-1' });
    central = memberAccountCode(m.id, 'central');
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers what verify() answers: clean, then the account forced out of line', async () => {
    expect(await verifyLedger(t.ctx)).toEqual([]);
    await sql`update ledger_accounts set balance = balance + 7 where code = ${central}`.execute(t.ctx.db);
    try {
      const found = await verifyLedger(t.ctx);
      expect(found).toEqual(await wallet.verify(t.ctx.db));
      expect(found.map((v) => v.check).sort()).toEqual(['balance_mismatch', 'sum_not_zero']);
      expect(found.find((v) => v.check === 'balance_mismatch')?.account).toBe(central);
    } finally {
      await sql`update ledger_accounts set balance = balance - 7 where code = ${central}`.execute(t.ctx.db);
    }
  });

  it.skipIf(onPostgres)('on an SQLite file the site keeps answering while the whole ledger is checked', async () => {
    const db = t.ctx.db;
    const first = Number((await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from ledger_accounts`.execute(db)).rows[0]!.id);
    await sql`
      insert into ledger_accounts (id, code, member_id, kind, balance, created_at)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ACCOUNTS - 1})
      select ${first} + i, 'vt-bulk:' || i, null, 'central', 0, 1 from n`.execute(db);
    await sql`
      insert into ledger_entries (from_account_id, to_account_id, amount, kind, reference, idempotency_key, created_by, created_at)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${BULK - 1})
      select ${first} + i % ${ACCOUNTS}, ${first} + (i + 1) % ${ACCOUNTS}, 1, 'deposit', 'vt-bulk', 'vt-bulk:' || i, 'system', 1 from n`.execute(db);

    // the longest wait of a 5 ms timer while a check runs: how long the thread was not free
    const longestStall = async (check: () => Promise<unknown>) => {
      let last = performance.now();
      let longest = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      const answer = await check();
      const took = performance.now() - started;
      clearInterval(timer);
      longest = Math.max(longest, performance.now() - last);
      return { answer, took, longest };
    };
    const inline = await longestStall(() => wallet.verify(db));
    const threaded = await longestStall(() => verifyLedger(t.ctx));
    console.log(`verify over ${BULK} entries of ${ACCOUNTS} accounts: inline ${inline.took.toFixed(0)} ms (thread held ${inline.longest.toFixed(0)} ms); threaded ${threaded.took.toFixed(0)} ms (longest stall ${threaded.longest.toFixed(0)} ms)`);
    expect(inline.answer).toEqual([]);
    expect(threaded.answer).toEqual([]);
    // the comparison means something only when the inline check held the thread for long
    expect(inline.longest).toBeGreaterThan(300);
    expect(threaded.longest).toBeLessThan(inline.longest / 4);
  }, 120_000);

  it.skipIf(onPostgres)('a thread that cannot open the file fails the check instead of answering clean', async () => {
    await expect(verifyLedger({ ...t.ctx, config: { ...t.ctx.config, sqliteFile: path.join(dir, 'missing.db') } })).rejects.toThrow(/verify\(\) failed/);
  });
});
