import { BUSINESS_TZ } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { dayjs } from '../../lib/time.ts';
import type { TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';

/** Test helpers of the promotions module (its *.test.ts only). */

/** Epoch ms of a Beijing wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
export const bj = (s: string) => dayjs.tz(s, BUSINESS_TZ).valueOf();

let betSeq = 0;

/** A bet as the bet pull stores it (the venue's record), settled at `settledAt` unless status says otherwise. */
export async function addBet(db: Kysely<DB>, b: { memberId: number; platform: string; category: string; valid: number; settledAt: number; status?: number }) {
  await db
    .insertInto('bets')
    .values({
      platform: b.platform,
      bet_id: `T${++betSeq}-${Math.random().toString(36).slice(2, 8)}`,
      member_id: b.memberId,
      game_code: 'g1',
      game_name: '测试游戏',
      category_id: b.category,
      bet_amount: b.valid,
      valid_amount: b.valid,
      win_loss: 0,
      status: b.status ?? 1,
      created_at: b.settledAt - 60_000,
      settled_at: b.status === 2 ? null : b.settledAt,
      pulled_at: b.settledAt,
    })
    .execute();
}

/** A deposit credited through the ledger at `at`, counted in paysum as the payments module does. */
export async function deposit(db: Kysely<DB>, memberId: number, fen: number, at: number) {
  const ref = `TD${memberId}-${at}-${fen}-${Math.random().toString(36).slice(2, 8)}`;
  await db.transaction().execute(async (trx) => {
    await wallet.creditFromHouse(trx, { memberId, amount: fen, reference: ref, idempotencyKey: `deposit:${ref}`, house: 'deposits', now: at });
    await trx
      .updateTable('members')
      .set((eb) => ({ paysum: eb('paysum', '+', fen) }))
      .where('id', '=', memberId)
      .execute();
  });
}

export async function memberId(t: TestApp, name: string): Promise<number> {
  return Number((await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id);
}

export async function adminToken(t: TestApp): Promise<string> {
  const r = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
  if (r.code !== 200) throw new Error(`admin login: ${r.message}`);
  return r.data.token;
}

export async function central(t: TestApp, id: number): Promise<number> {
  return wallet.centralBalance(t.ctx.db, id);
}

export async function expectClean(t: TestApp) {
  const v = await wallet.verify(t.ctx.db);
  if (v.length) throw new Error(`ledger violations: ${JSON.stringify(v)}`);
}
