import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { houseAccountCode, memberAccountCode, venueClearingCode, type EntryKind, type HouseAccount } from './accounts.ts';
import { post, type PostResult } from './ledger.ts';

/**
 * The movements later code needs, each one `post` with its accounts and kind fixed. Every one
 * takes the caller's idempotency key (a repeat answers the first entry and moves nothing) and
 * runs in its own transaction, or inside the caller's when given one.
 *
 * Outcomes that exclude each other must share one key, so that only the first can happen and
 * the second is refused with IdempotencyKeyReused: `payOutHold` / `returnHold` of one
 * withdrawal (e.g. `withdraw:{id}:decision`), `settleTransit` / `returnTransit` of one transfer
 * (e.g. `transfer:{id}:outcome`).
 */
export interface MemberMovement {
  memberId: number;
  /** fen, a positive safe integer */
  amount: number;
  /** the order, withdrawal or transfer id */
  reference: string;
  idempotencyKey: string;
  memo?: string;
  /** 'system' (default) or the operator, e.g. admin:3 */
  createdBy?: string;
  now?: number;
}

export interface VenueMovement extends MemberMovement {
  /** venue platform code, e.g. pp */
  platform: string;
}

type CreditKind = Extract<EntryKind, 'deposit' | 'bonus' | 'rebate' | 'red_packet' | 'adjustment' | 'commission'>;

const CREDIT_KIND: Record<HouseAccount, EntryKind> = {
  deposits: 'deposit',
  payouts: 'adjustment',
  bonus: 'bonus',
  rebate: 'rebate',
  red_packet: 'red_packet',
  adjustments: 'adjustment',
  commission: 'commission', // issue 20
};

function move(db: Kysely<DB>, m: MemberMovement, from: string, to: string, kind: EntryKind): Promise<PostResult> {
  return post(db, {
    from,
    to,
    kind,
    amount: m.amount,
    reference: m.reference,
    idempotencyKey: m.idempotencyKey,
    memo: m.memo,
    createdBy: m.createdBy,
    now: m.now,
  });
}

const central = (m: MemberMovement) => memberAccountCode(m.memberId, 'central');
const hold = (m: MemberMovement) => memberAccountCode(m.memberId, 'withdraw_hold');
const transit = (m: MemberMovement) => memberAccountCode(m.memberId, 'transit');

/** House account -> member's central wallet: a deposit (house:deposits), bonus, rebate, red packet or manual credit (house:adjustments). */
export async function creditFromHouse(db: Kysely<DB>, m: MemberMovement & { house: HouseAccount; kind?: CreditKind }): Promise<PostResult> {
  return move(db, m, houseAccountCode(m.house), central(m), m.kind ?? CREDIT_KIND[m.house]);
}

/** Member's central wallet -> house account (a manual debit by default); refused when the wallet is short. */
export async function debitToHouse(db: Kysely<DB>, m: MemberMovement & { house?: HouseAccount; kind?: EntryKind }): Promise<PostResult> {
  return move(db, m, central(m), houseAccountCode(m.house ?? 'adjustments'), m.kind ?? 'adjustment');
}

/** Central -> withdrawal hold when a withdrawal is submitted; refused when the wallet is short. */
export async function holdForWithdrawal(db: Kysely<DB>, m: MemberMovement): Promise<PostResult> {
  return move(db, m, central(m), hold(m), 'withdraw_hold');
}

/** Withdrawal hold -> house:payouts when the withdrawal is approved and paid. */
export async function payOutHold(db: Kysely<DB>, m: MemberMovement): Promise<PostResult> {
  return move(db, m, hold(m), houseAccountCode('payouts'), 'withdraw_payout');
}

/** Withdrawal hold -> central when the withdrawal is rejected. */
export async function returnHold(db: Kysely<DB>, m: MemberMovement): Promise<PostResult> {
  return move(db, m, hold(m), central(m), 'withdraw_return');
}

/** Central -> transit before calling a venue's deposit; refused when the wallet is short. */
export async function moveToTransit(db: Kysely<DB>, m: MemberMovement): Promise<PostResult> {
  return move(db, m, central(m), transit(m), 'transit_hold');
}

/** Transit -> venue:{platform}:clearing once the venue confirmed the deposit. */
export async function settleTransit(db: Kysely<DB>, m: VenueMovement): Promise<PostResult> {
  return move(db, m, transit(m), venueClearingCode(m.platform), 'venue_transfer_out');
}

/** Transit -> central when the venue definitely refused the deposit. */
export async function returnTransit(db: Kysely<DB>, m: MemberMovement): Promise<PostResult> {
  return move(db, m, transit(m), central(m), 'transit_return');
}

/** venue:{platform}:clearing -> central once the venue confirmed a withdrawal from it. */
export async function transferInFromVenue(db: Kysely<DB>, m: VenueMovement): Promise<PostResult> {
  return move(db, m, venueClearingCode(m.platform), central(m), 'venue_transfer_in');
}
