import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SeamlessKind, SeamlessRound, SeamlessTx } from '../../db/schema/seamless.ts';
import { memberAccountCode } from '../wallet/index.ts';

/** SQL of the seamless wallet (migration 041). */

export interface Caller {
  /** members.status: 1 active, 0 frozen; null when no such member */
  status: number | null;
  balance: number | null;
  /** the venue's provider and mode; null when no such venue */
  provider: string | null;
  mode: string | null;
  /** 1 when the member has any loss limit or break row (then the per-bet check runs) */
  guarded: number;
}

/**
 * Everything a call needs to know before it acts, in ONE statement (the hot path): the member's
 * state and central balance, the venue's provider and mode, and whether responsible play has
 * anything to check for this member.
 */
export async function callerOf(db: Kysely<DB>, venue: string, memberId: number): Promise<Caller> {
  const central = memberAccountCode(memberId, 'central');
  const { rows } = await sql<Caller>`SELECT
      (SELECT status FROM members WHERE id = ${memberId}) AS status,
      (SELECT balance FROM ledger_accounts WHERE code = ${central}) AS balance,
      (SELECT provider FROM venues WHERE platform = ${venue}) AS provider,
      (SELECT mode FROM venues WHERE platform = ${venue}) AS mode,
      (CASE WHEN EXISTS (SELECT 1 FROM responsible_changes WHERE member_id = ${memberId} AND kind IN ('loss', 'timeout', 'exclusion')) THEN 1 ELSE 0 END) AS guarded`.execute(db);
  const r = rows[0]!;
  return { status: r.status === null ? null : Number(r.status), balance: r.balance === null ? null : Number(r.balance), provider: r.provider, mode: r.mode, guarded: Number(r.guarded) };
}

export interface NewTx {
  venue: string;
  tx_id: string;
  kind: SeamlessKind;
  member_id: number;
  player: string;
  round_id: string;
  debit_tx_id: string | null;
  amount: number;
  body_hash: string;
  code: number;
  flagged?: number;
  created_at: number;
}

/** the txId's row, once per venue: false when the venue sent it before */
export async function claimTx(db: Kysely<DB>, tx: NewTx): Promise<boolean> {
  const r = await db.insertInto('seamless_txs').values(tx).onConflict((oc) => oc.columns(['venue', 'tx_id']).doNothing()).returning('id').executeTakeFirst();
  return r !== undefined;
}

export function txOf(db: Kysely<DB>, venue: string, txId: string): Promise<SeamlessTx | undefined> {
  return db.selectFrom('seamless_txs').selectAll().where('venue', '=', venue).where('tx_id', '=', txId).executeTakeFirst();
}

export function roundOf(db: Kysely<DB>, venue: string, debitTxId: string): Promise<SeamlessRound | undefined> {
  return db.selectFrom('seamless_rounds').selectAll().where('venue', '=', venue).where('debit_tx_id', '=', debitTxId).executeTakeFirst();
}

/**
 * A debit's round: a new open row, or the stake of a row a credit made first (its state stays
 * 'credited'). Nothing when the row is a rollback's (the venue cancelled the bet before it came)
 * or already has a stake, or is another member's.
 */
export async function openRound(
  db: Kysely<DB>,
  r: { venue: string; debit_tx_id: string; member_id: number; round_id: string; game_code: string; stake: number; now: number },
): Promise<SeamlessRound | undefined> {
  return db
    .insertInto('seamless_rounds')
    .values({ venue: r.venue, debit_tx_id: r.debit_tx_id, member_id: r.member_id, round_id: r.round_id, game_code: r.game_code, stake: r.stake, debit_at: r.now, state: 'open', created_at: r.now })
    .onConflict((oc) =>
      oc
        .columns(['venue', 'debit_tx_id'])
        .doUpdateSet({ stake: r.stake, debit_at: r.now })
        .where('seamless_rounds.stake', 'is', null)
        .where('seamless_rounds.state', '=', 'credited')
        .where('seamless_rounds.member_id', '=', r.member_id),
    )
    .returningAll()
    .executeTakeFirst();
}

/** open -> credited or rolled_back, once: the row when this call won, nothing otherwise */
export function settleRound(
  db: Kysely<DB>,
  q: { venue: string; debit_tx_id: string; member_id: number; state: 'credited' | 'rolled_back'; settle_tx_id: string; payout: number | null; now: number },
): Promise<SeamlessRound | undefined> {
  return db
    .updateTable('seamless_rounds')
    .set({ state: q.state, settle_tx_id: q.settle_tx_id, payout: q.payout, settled_at: q.now })
    .where('venue', '=', q.venue)
    .where('debit_tx_id', '=', q.debit_tx_id)
    .where('member_id', '=', q.member_id)
    .where('state', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** a round whose debit we have not seen: a credit's (flagged) or a rollback's tombstone; false when a row exists */
export async function orphanRound(
  db: Kysely<DB>,
  r: { venue: string; debit_tx_id: string; member_id: number; round_id: string; game_code: string; state: 'credited' | 'rolled_back'; settle_tx_id: string; payout: number | null; now: number },
): Promise<boolean> {
  const row = await db
    .insertInto('seamless_rounds')
    .values({
      venue: r.venue,
      debit_tx_id: r.debit_tx_id,
      member_id: r.member_id,
      round_id: r.round_id,
      game_code: r.game_code,
      stake: null,
      debit_at: null,
      state: r.state,
      settle_tx_id: r.settle_tx_id,
      payout: r.payout,
      settled_at: r.now,
      flagged: r.state === 'credited' ? 1 : 0,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(['venue', 'debit_tx_id']).doNothing())
    .returning('venue')
    .executeTakeFirst();
  return row !== undefined;
}

/** the stakes of the member's open rounds (what a loss limit must leave room for) */
export async function openStakes(db: Kysely<DB>, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('seamless_rounds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('stake'), sql<number>`0`).as('n'))
    .where('member_id', '=', memberId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function gameOf(db: Kysely<DB>, venue: string, gameCode: string): Promise<{ name: string; category_id: string } | undefined> {
  return db.selectFrom('games').select(['name', 'category_id']).where('platform', '=', venue).where('game_code', '=', gameCode).executeTakeFirst();
}
