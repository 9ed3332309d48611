import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TestApp } from '../../../test/harness.ts';

/** Test helpers of the wallet module (used by its *.test.ts only). */

/** Registers members through the real API and answers their ids and tokens. */
export async function registerMembers(t: TestApp, prefix: string, n: number): Promise<{ id: number; name: string; token: string }[]> {
  const out: { id: number; name: string; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix}${String(i).padStart(3, '0')}`;
    const token = await t.register(name);
    const row = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
    out.push({ id: row.id, name, token });
  }
  return out;
}

/** Every account's balance by code, and the number of entries. */
export async function snapshot(db: Kysely<DB>): Promise<{ balances: Record<string, number>; entries: number }> {
  const rows = await db.selectFrom('ledger_accounts').select(['code', 'balance']).orderBy('code').execute();
  const n = await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { balances: Object.fromEntries(rows.map((r) => [r.code, r.balance])), entries: Number(n.n) };
}

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** integer in [lo, hi] */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
