import type { Generated, Selectable } from 'kysely';

/** What a member keeps: cards, the bank list, messages, the agent application. Times are epoch milliseconds; money is integer fen. */

/** A member's bank card (type 1) or USDT address (type 2); unbinding stamps deleted_at. */
export interface MemberCardsTable {
  id: Generated<number>;
  member_id: number;
  type: number;
  bank: string;
  /** holder's name, or the protocol TRC20 / ERC20 */
  bank_owner: string;
  /** full number or address, sealed by the card vault; never sent to the member */
  bank_no: string;
  bank_no_last4: string;
  /** HMAC fingerprint of the normalized number (duplicates) */
  number_key: string;
  bank_address: Generated<string>;
  ico: Generated<string>;
  /** 1..5 among the member's active cards of the type */
  slot: number;
  created_at: number;
  deleted_at: number | null;
}
export type MemberCard = Selectable<MemberCardsTable>;

/** Bank types offered when binding a card (POST /api/banklist). */
export interface BanksTable {
  id: Generated<number>;
  name: string;
  code: string;
  sort: Generated<number>;
  enabled: Generated<number>;
}

/** A message in a member's inbox (站内信). */
export interface MemberMessagesTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  is_read: Generated<number>;
  created_at: number;
  read_at: number | null;
  dedupe_key: string | null;
}

/** An application to join the agent programme (/applyagent); one pending per member. */
export interface AgentApplicationsTable {
  id: Generated<number>;
  member_id: number;
  mobile: string;
  apply_info: string;
  /** 1 pending review, 2 approved, 3 rejected */
  state: Generated<number>;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  review_note: Generated<string>;
}
export type AgentApplication = Selectable<AgentApplicationsTable>;
