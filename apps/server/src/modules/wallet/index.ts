export { wallet } from './service.ts';
export {
  ENTRY_KINDS,
  HOUSE_ACCOUNTS,
  MEMBER_ACCOUNT_KINDS,
  houseAccountCode,
  memberAccountCode,
  venueClearingCode,
  venueSeamlessCode,
  type EntryKind,
  type HouseAccount,
  type MemberAccountKind,
} from './accounts.ts';
export { IdempotencyKeyReused, InsufficientFunds, InvalidPosting, LedgerError, UnknownAccount, isInsufficientFunds } from './errors.ts';
export { post, type PostInput, type PostResult } from './ledger.ts';
/** issue 24: announced once committed with the members whose central wallet a posting moved (the live cache listens) */
export { CENTRAL_CHANGED } from './ledger.ts';
/** issue 23: entries written by this process, by kind (read by /metrics at scrape time) */
export { postingCounts } from './ledger.ts';
export type { MemberMovement, VenueMovement } from './operations.ts';
export type { AccountEntry, EntryQuery } from './repo.ts';
/** the back-office member view's ledger page (reading only) */
export { memberEntriesPage } from './repo.ts';
/** issue 22: the member's own statement (CSV export; reading only) */
export { memberCentralEntries } from './repo.ts';
/** the dashboard's daily sums of entry kinds (reading only) */
export { entriesByDay, type DayRow } from './repo.ts';
/** what the operator's money figures count, shared by the dashboard and the reports */
export { FIGURE_KINDS, addKindSum, ggrOf, ngrOf, noFigures, type MoneyFigures } from './figures.ts';
/** issue 34: the one definition of a member's first deposit (reports and agents) */
export { firstDepositsOf, type FirstDeposit } from './first-deposits.ts';
export { verify, type Violation, type ViolationCheck } from './verify.ts';
/** verify() without stopping the site: an SQLite file is checked on another thread */
export { verifyLedger } from './verify-thread.ts';
