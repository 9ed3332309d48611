import type { LedgerEntry } from '../../db/schema.ts';

/** Every refusal of the ledger; `code` tells them apart without instanceof. */
export class LedgerError extends Error {
  constructor(
    readonly code: 'insufficient_funds' | 'idempotency_key_reused' | 'unknown_account' | 'invalid_posting',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A member account held less than the amount; nothing was written. */
export class InsufficientFunds extends LedgerError {
  constructor(
    readonly account: string,
    readonly amount: number,
    /** the account's balance when the debit was refused */
    readonly balance: number,
  ) {
    super('insufficient_funds', `insufficient funds in ${account}: ${balance} < ${amount}`);
  }
}

/**
 * The idempotency key already belongs to an entry for a different movement (other accounts,
 * amount, kind or reference); nothing was written. Two outcomes that exclude each other (pay out
 * or return a withdrawal hold; settle or return a transfer) share one key, so the second decision
 * ends here and `entry` tells what was decided first.
 */
export class IdempotencyKeyReused extends LedgerError {
  constructor(readonly entry: LedgerEntry) {
    super('idempotency_key_reused', `idempotency key ${entry.idempotency_key} already used by entry ${entry.id} (${entry.kind})`);
  }
}

export class UnknownAccount extends LedgerError {
  constructor(readonly account: string) {
    super('unknown_account', `no ledger account ${account}`);
  }
}

/** A malformed posting (amount not a positive safe integer, same account twice, bad key...). */
export class InvalidPosting extends LedgerError {
  constructor(message: string) {
    super('invalid_posting', message);
  }
}

export function isInsufficientFunds(e: unknown): e is InsufficientFunds {
  return e instanceof LedgerError && e.code === 'insufficient_funds';
}
