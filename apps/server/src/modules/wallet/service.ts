import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { post } from './ledger.ts';
import * as ops from './operations.ts';
import * as repo from './repo.ts';
import { verify } from './verify.ts';

/**
 * The wallet module is the only writer of money (DESIGN.md section 4). Every function takes the
 * Kysely instance to work on: the app's `db`, or a transaction to take part in it.
 */
export const wallet = {
  /** Opens the member's accounts; call inside the transaction that creates the member. */
  openMemberAccounts: (trx: Kysely<DB>, memberId: number, now = Date.now()) =>
    repo.insertMemberAccounts(trx, memberId, now),

  /** Central wallet in fen. */
  centralBalance: (db: Kysely<DB>, memberId: number) => repo.centralBalance(db, memberId),

  /** The member's three accounts in fen. */
  memberBalances: (db: Kysely<DB>, memberId: number) => repo.memberBalances(db, memberId),

  /** Any account's balance by code; undefined when it does not exist (yet). */
  accountBalance: (db: Kysely<DB>, code: string) => repo.accountBalance(db, code),

  /**
   * Game wallet in fen: the sum of the member's last known venue balances (what the venues
   * reported at the last balance read or transfer; DESIGN.md section 4, venue wallets).
   */
  gameBalance: (db: Kysely<DB>, memberId: number) => repo.gameBalance(db, memberId),

  post,
  verify,
  entryByKey: repo.entryByKey,
  listEntries: repo.listEntries,

  creditFromHouse: ops.creditFromHouse,
  debitToHouse: ops.debitToHouse,
  holdForWithdrawal: ops.holdForWithdrawal,
  payOutHold: ops.payOutHold,
  returnHold: ops.returnHold,
  moveToTransit: ops.moveToTransit,
  settleTransit: ops.settleTransit,
  returnTransit: ops.returnTransit,
  transferInFromVenue: ops.transferInFromVenue,
};
