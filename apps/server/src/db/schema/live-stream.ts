/** issue 37: tickets opening a member's live-update stream (migration 042) */
export interface StreamTicketsTable {
  /** sha-256 of the ticket */
  hash: string;
  member_id: number;
  /** the session the ticket was issued to */
  token_hash: string;
  expires_at: number;
}
