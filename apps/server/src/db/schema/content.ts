import type { Generated } from 'kysely';

/** Site content: banners, notices, activities, articles, VIP levels, tickets, sponsors, inbox broadcasts and ticket replies. Times are epoch milliseconds; money is integer fen. */

// ---- content (modules/content, migration 008) -----------------------------------------------

export interface BannersTable {
  id: Generated<number>;
  slug: string | null;
  type: number;
  title: string;
  src: string;
  link: Generated<string>;
  sort: Generated<number>;
  state: Generated<number>;
  created_at: number;
}

export interface NoticesTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  /** plain text */
  content: string;
  on_home: Generated<number>;
  sort: Generated<number>;
  state: Generated<number>;
  created_at: number;
}

export interface ActivityTypesTable {
  id: number;
  name: string;
  sort: Generated<number>;
  state: Generated<number>;
}

export interface ActivitiesTable {
  id: Generated<number>;
  slug: string | null;
  type: number;
  title: string;
  banner: string;
  /** sanitized HTML */
  content: string;
  memo: Generated<string>;
  sort: Generated<number>;
  state: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ArticlesTable {
  type: number;
  title: string;
  /** sanitized HTML */
  content: string;
  updated_at: number;
}

/** thresholds in fen, rebate rates in basis points (80 = 0.80 %) */
export interface VipLevelsTable {
  level: number;
  name: string;
  recharge_fen: number;
  flow_fen: number;
  realperson_bp: number;
  sport_bp: number;
  e_sport_bp: number;
  joker_bp: number;
  electron_bp: number;
  lottery_bp: number;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  name: Generated<string>;
  contact: string;
  content: string;
  ip: string;
  user_agent: Generated<string>;
  /** 0 new, 1 answered, 2 closed */
  state: Generated<number>;
  created_at: number;
  /** issue 13 (migration 016): the member an operator's reply went to */
  member_id: Generated<number | null>;
}

// ---- issue 13: content ----

/** A sponsorship partner (/zhanzhu, /partners/<type>); facts and sections are JSON text. */
export interface SponsorsTable {
  type: number;
  name: string;
  slogan: Generated<string>;
  logo: string;
  since: Generated<string>;
  lead: string;
  facts: string;
  sections: string;
  sort: Generated<number>;
  state: Generated<number>;
  updated_at: number;
}

// ---- issue 13: inbox broadcasts and ticket replies ----

/** One operator send to a member, a VIP level or everyone; delivered in batches (migration 016). */
export interface InboxBroadcastsTable {
  id: Generated<number>;
  target: 'member' | 'vip' | 'all';
  member_id: number | null;
  vip: number | null;
  title: string;
  content: string;
  state: Generated<'sending' | 'done'>;
  /** the last member id handled */
  cursor_id: Generated<number>;
  /** the highest member id when it was sent */
  upto_id: number;
  sent: Generated<number>;
  total: Generated<number>;
  admin_id: number;
  created_at: number;
  finished_at: number | null;
}

/** An operator's answer to a support ticket; member_id the inbox it went to (null: a guest). */
export interface SupportTicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  admin_id: number;
  content: string;
  member_id: number | null;
  message_id: number | null;
  created_at: number;
}
