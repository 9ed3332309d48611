import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import * as repo from './repo.ts';

/**
 * The wallet module is the only writer of money. This first part opens a member's
 * accounts and reads balances; postings, holds and venue transfers build on it.
 */
export const wallet = {
  /** Opens the member's accounts; call inside the transaction that creates the member. */
  openMemberAccounts: (trx: Kysely<DB>, memberId: number, now = Date.now()) =>
    repo.insertMemberAccounts(trx, memberId, now),

  /** Central wallet in fen. */
  centralBalance: (db: Kysely<DB>, memberId: number) => repo.centralBalance(db, memberId),

  /**
   * Game wallet in fen: the sum of the member's venue balances. No venue adapter is
   * registered yet, so no venue holds any of the member's money.
   */
  async gameBalance(_db: Kysely<DB>, _memberId: number): Promise<number> {
    return 0;
  },
};
