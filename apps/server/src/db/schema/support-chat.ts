import type { Generated } from 'kysely';

/** Live customer service: conversations, messages, terms and tickets. Times are epoch milliseconds; money is integer fen. */

// ---- issue 13: live customer service ----

/** A member's chat with customer service: queued until an operator takes it, then open, then closed. */
export interface ChatConversationsTable {
  id: Generated<number>;
  member_id: number;
  /** the operator holding it; null while queued */
  admin_id: number | null;
  state: 'queued' | 'open' | 'closed';
  /** messages from customer service the member has not read */
  member_unread: Generated<number>;
  /** messages from the member the operator has not read */
  admin_unread: Generated<number>;
  /** the last message id each side has read */
  member_read_id: Generated<number>;
  admin_read_id: Generated<number>;
  last_message: Generated<string>;
  last_message_at: number | null;
  /** when it (last) entered the queue */
  queued_at: number;
  created_at: number;
  closed_at: number | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  member_id: number;
  sender: 'member' | 'operator' | 'system';
  admin_id: number | null;
  text: string | null;
  /** the stored picture's file name (random) or null */
  picture: string | null;
  created_at: number;
}

/** The search index of message text: each distinct lower-cased character pair (bigram) of a message. */
export interface ChatTermsTable {
  term: string;
  message_id: number;
}

/** Single-use stream tickets (SHA-256 of the ticket), shared by every server process. */
export interface ChatTicketsTable {
  hash: string;
  kind: 'member' | 'admin';
  subject_id: number;
  expires_at: number;
  /** the session that asked for the ticket (operators' streams end with it); migration 049 */
  token_hash: string | null;
}
