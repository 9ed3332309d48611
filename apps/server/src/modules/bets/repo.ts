import { sql, type Kysely } from 'kysely';
import type { Bet, BetsTable, DB } from '../../db/schema.ts';
import type { Insertable } from 'kysely';

export async function cursorOf(db: Kysely<DB>, feed: string): Promise<string> {
  const row = await db.selectFrom('bet_cursors').select('cursor').where('feed', '=', feed).executeTakeFirst();
  return row?.cursor ?? '';
}

export async function saveCursor(db: Kysely<DB>, feed: string, cursor: string, now: number) {
  await db
    .insertInto('bet_cursors')
    .values({ feed, cursor, updated_at: now })
    .onConflict((oc) => oc.column('feed').doUpdateSet({ cursor, updated_at: now }))
    .execute();
}

/**
 * Inserts bets, de-duplicated by (platform, bet_id). A known bet is replaced only while it is
 * unsettled (status 2): a settled or void result replaces the open one, never the reverse.
 * Give each bet once per call (PostgreSQL refuses to update one row twice in a statement).
 */
export async function upsertBets(db: Kysely<DB>, rows: Insertable<BetsTable>[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('bets')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc
          .columns(['platform', 'bet_id'])
          .doUpdateSet((eb) => ({
            game_code: eb.ref('excluded.game_code'),
            game_name: eb.ref('excluded.game_name'),
            bet_amount: eb.ref('excluded.bet_amount'),
            valid_amount: eb.ref('excluded.valid_amount'),
            win_loss: eb.ref('excluded.win_loss'),
            status: eb.ref('excluded.status'),
            detail: eb.ref('excluded.detail'),
            round_id: eb.ref('excluded.round_id'),
            side: eb.ref('excluded.side'),
            settled_at: eb.ref('excluded.settled_at'),
            pulled_at: eb.ref('excluded.pulled_at'),
          }))
          .where('bets.status', '=', 2),
      )
      .execute();
  }
}

/**
 * Marks the settled bets among `betIds` whose turnover has not been counted yet, and answers
 * them: each bet is answered once, ever (the conditional update is the guard).
 */
export async function takeUncountedTurnover(db: Kysely<DB>, platform: string, betIds: string[]): Promise<{ member_id: number; valid_amount: number }[]> {
  if (!betIds.length) return [];
  return db
    .updateTable('bets')
    .set({ turnover_counted: 1 })
    .where('platform', '=', platform)
    .where('bet_id', 'in', betIds)
    .where('status', '=', 1)
    .where('turnover_counted', '=', 0)
    .where('valid_amount', '>', 0)
    .returning(['member_id', 'valid_amount'])
    .execute();
}

/** One member's bets in [since, until), newest first, from the member's index. */
export async function memberBets(
  db: Kysely<DB>,
  q: { memberId: number; platform: string | null; since: number; until: number; limit: number; offset: number },
): Promise<{ rows: Bet[]; total: number }> {
  let base = db.selectFrom('bets').where('member_id', '=', q.memberId).where('created_at', '>=', q.since).where('created_at', '<', q.until);
  if (q.platform) base = base.where('platform', '=', q.platform);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** one page of a member's bets for the back-office member view, newest first, with the total */
export async function memberDeskPage(db: Kysely<DB>, memberId: number, limit: number, offset: number) {
  const q = db.selectFrom('bets').where('member_id', '=', memberId);
  const [rows, total] = await Promise.all([
    q.select(['platform', 'bet_id', 'game_name', 'category_id', 'bet_amount', 'valid_amount', 'win_loss', 'status', 'created_at', 'settled_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** issue 22: the member's bets placed in [from, to), oldest first, in keyset batches over bets_member_time */
export async function* memberBetsBetween(db: Kysely<DB>, memberId: number, from: number, to: number, batch = 500): AsyncGenerator<Bet> {
  let after = { at: from - 1, id: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('bets')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where((eb) => eb.or([eb('created_at', '>', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)])]))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { at: Number(last.created_at), id: Number(last.id) };
  }
}
