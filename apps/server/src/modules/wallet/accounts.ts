/**
 * Ledger account kinds (DESIGN.md section 4). A member owns a central wallet, a
 * withdrawal hold and a transfer-in-transit account; the house owns the rest.
 *
 * Accounts are named by a code: `member:{id}:{kind}`, `house:{name}` and
 * `venue:{platform}:clearing`. Member accounts are opened at registration and never go
 * below zero; house and venue accounts are the platform's side, are created on first use
 * and may go negative.
 */
export const MEMBER_ACCOUNT_KINDS = ['central', 'withdraw_hold', 'transit'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export function memberAccountCode(memberId: number, kind: MemberAccountKind): string {
  return `member:${memberId}:${kind}`;
}

/** The house's accounts: money received, paid out, given away and corrected by hand. */
// issue 20: commission, what agents are paid (their own commission and their uplines' override)
export const HOUSE_ACCOUNTS = ['deposits', 'payouts', 'bonus', 'rebate', 'red_packet', 'adjustments', 'commission'] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export function houseAccountCode(name: HouseAccount): string {
  return `house:${name}`;
}

const PLATFORM = /^[A-Za-z0-9_-]{1,40}$/;

/** The clearing account of a venue (game provider): what the platform has moved into it, net. */
export function venueClearingCode(platform: string): string {
  if (!PLATFORM.test(platform)) throw new RangeError(`bad venue platform code: ${JSON.stringify(platform)}`);
  return `venue:${platform}:clearing`;
}

/**
 * issue 38: a seamless venue's account: members' stakes go in (debits), payouts and refunds come
 * out (credits, rollbacks). Its balance is the open stakes plus the house's net result at that
 * venue, so the ledger stays closed and each round is one or two entries.
 */
export function venueSeamlessCode(platform: string): string {
  if (!PLATFORM.test(platform)) throw new RangeError(`bad venue platform code: ${JSON.stringify(platform)}`);
  return `venue:${platform}:seamless`;
}

/** ledger_accounts.kind of a house or venue account created on first use; null for any other code. */
export function platformAccountKind(code: string): 'house' | 'venue_clearing' | 'venue_seamless' | null {
  if (code.startsWith('house:') && (HOUSE_ACCOUNTS as readonly string[]).includes(code.slice(6))) return 'house';
  const m = /^venue:(.+):clearing$/.exec(code);
  if (m && PLATFORM.test(m[1])) return 'venue_clearing';
  const s = /^venue:(.+):seamless$/.exec(code); // issue 38
  if (s && PLATFORM.test(s[1])) return 'venue_seamless';
  return null;
}

/**
 * What an entry is. The venue-transfer path: central -> transit (`transit_hold`), then
 * transit -> venue clearing (`venue_transfer_out`) on success or transit -> central
 * (`transit_return`) on a definite failure; venue clearing -> central is `venue_transfer_in`.
 */
export const ENTRY_KINDS = [
  'deposit',
  'withdraw_hold',
  'withdraw_payout',
  'withdraw_return',
  'transit_hold',
  'venue_transfer_out',
  'transit_return',
  'venue_transfer_in',
  'adjustment',
  'bonus',
  'rebate',
  'red_packet',
  'commission', // issue 20: an agent's commission or override credited
  // issue 38: seamless venues: central -> venue:P:seamless (a bet), back for a payout or a rollback
  'seamless_debit',
  'seamless_credit',
  'seamless_rollback',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
