/**
 * Ledger account kinds (DESIGN.md section 4). A member owns a central wallet, a
 * withdrawal hold and a transfer-in-transit account; the house owns the rest.
 */
export const MEMBER_ACCOUNT_KINDS = ['central', 'withdraw_hold', 'transit'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export function memberAccountCode(memberId: number, kind: MemberAccountKind): string {
  return `member:${memberId}:${kind}`;
}
