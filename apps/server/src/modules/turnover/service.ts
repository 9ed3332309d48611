import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './repo.ts';

/** Where a wagering requirement comes from (DESIGN.md section 4, Turnover). */
export const TURNOVER_SOURCES = ['deposit', 'deposit_bonus', 'rebate', 'red_packet', 'adjustment', 'activity', 'commission' /* issue 20 */] as const;
export type TurnoverSource = (typeof TURNOVER_SOURCES)[number];

export interface NewRequirement {
  memberId: number;
  source: TurnoverSource;
  /** the credit's own reference (order number, claim id, adjustment request id): one row per credit */
  reference: string;
  /** fen the credit brought, shown beside the requirement */
  credited: number;
  /** fen of valid bets asked; 0 or less adds nothing */
  required: number;
  now?: number;
}

/**
 * Adds the requirement of one credit, in the caller's transaction (the one that posts the
 * credit). A repeat of the same source and reference adds nothing; answers whether it added.
 */
export async function addRequirement(db: Kysely<DB>, r: NewRequirement): Promise<boolean> {
  if (!Number.isSafeInteger(r.required) || !Number.isSafeInteger(r.credited)) throw new RangeError('turnover figures must be integer fen');
  if (r.required <= 0) return false;
  return repo.insertIgnoringRepeat(db, {
    member_id: r.memberId,
    source: r.source,
    reference: r.reference,
    credited: r.credited,
    required: r.required,
    created_at: r.now ?? Date.now(),
  });
}

/** rounds of re-reading when another pull filled the same rows meanwhile */
const MAX_ROUNDS = 20;

/**
 * Settled valid bets of `fen` fill the member's open requirements, oldest first; what exceeds
 * them all is not kept (turnover done before a credit does not count toward it). Runs in the
 * caller's transaction (the bet pull's page); safe beside another pull filling the same rows.
 */
export async function fillFromBets(db: Kysely<DB>, memberId: number, fen: number, now = Date.now()): Promise<void> {
  let left = fen;
  for (let round = 0; left > 0 && round < MAX_ROUNDS; round++) {
    const rows = await repo.openRows(db, memberId);
    if (rows.length === 0) return;
    let raced = false;
    for (const row of rows) {
      if (left <= 0) break;
      const take = Math.min(left, row.required - row.done - row.waived);
      if (take <= 0) continue;
      if (await repo.advance(db, row.id, row, take, row.required, now)) left -= take;
      else {
        raced = true;
        break;
      }
    }
    if (!raced) return;
  }
}

/** Fen of valid bets still owed before a withdrawal. */
export const remaining = (db: Kysely<DB>, memberId: number) => repo.remaining(db, memberId);

/** A member's requirement rows, newest first (for the member's and the operator's view). */
export async function list(db: Kysely<DB>, memberId: number, page: number, perPage: number) {
  const { rows, total } = await repo.page(db, memberId, (page - 1) * perPage, perPage);
  return { rows, total };
}

/** An operator clears everything a member still owes (the caller audits it). */
export const waiveAll = (db: Kysely<DB>, memberId: number, now = Date.now()) => repo.waiveAll(db, memberId, now);

/** issue 25: what an operator's waiver did to each row it touched (fen) */
export interface WaivedRow {
  id: number;
  /** fen that remained before and after */
  before: number;
  after: number;
}

/**
 * issue 25: an operator waives up to `fen` (null: all that remains) of a member's open
 * requirements: the one row `requirementId`, or every open row oldest first (as bets fill them).
 * Runs in the caller's transaction; safe beside a bet pull filling the same rows (each row is a
 * conditional update on what was read, re-read when a pull changed it). Answers the fen waived
 * and the rows touched; never waives more than remains.
 */
export async function waive(db: Kysely<DB>, w: { memberId: number; requirementId?: number; fen: number | null; now?: number }): Promise<{ waived: number; rows: WaivedRow[] }> {
  const now = w.now ?? Date.now();
  let left = w.fen ?? Number.MAX_SAFE_INTEGER;
  const touched = new Map<number, WaivedRow>();
  for (let round = 0; left > 0 && round < MAX_ROUNDS; round++) {
    const rows = await repo.openRows(db, w.memberId, w.requirementId);
    let raced = false;
    for (const row of rows) {
      if (left <= 0) break;
      const open = row.required - row.done - row.waived;
      const take = Math.min(left, open);
      if (take <= 0) continue;
      if (await repo.addWaived(db, row.id, row, take, row.required, now)) {
        left -= take;
        const seen = touched.get(row.id);
        touched.set(row.id, { id: row.id, before: seen?.before ?? open, after: open - take });
      } else {
        raced = true;
        break;
      }
    }
    if (!raced) break;
  }
  const rows = [...touched.values()];
  return { waived: rows.reduce((n, r) => n + (r.before - r.after), 0), rows };
}

/** issue 25: fen that remains of open rows (one row, or all of the member's). */
export async function openLeft(db: Kysely<DB>, memberId: number, requirementId?: number): Promise<number> {
  const rows = await repo.openRows(db, memberId, requirementId);
  return rows.reduce((n, r) => n + (r.required - r.done - r.waived), 0);
}

/** issue 25: one requirement row of the member (any state), or undefined. */
export const requirementOf = (db: Kysely<DB>, memberId: number, id: number) => repo.rowOf(db, memberId, id);
