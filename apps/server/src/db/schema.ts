import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables as Kysely sees them. Times are epoch milliseconds; money is integer fen. */
export interface DB {
  settings: { key: string; value: string };
  members: MembersTable;
  sessions: SessionsTable;
  captchas: { key: string; answer: string; expires_at: number };
  admins: AdminsTable;
  ledger_accounts: LedgerAccountsTable;
  admin_audit: AdminAuditTable;
  job_runs: JobRunsTable;
  ledger_entries: LedgerEntriesTable;
  venues: VenuesTable;
  games: GamesTable;
  venue_players: VenuePlayersTable;
  venue_transfers: VenueTransfersTable;
  venue_balances: VenueBalancesTable;
  bets: BetsTable;
  bet_cursors: BetCursorsTable;
  agent_applications: AgentApplicationsTable;
  member_cards: MemberCardsTable;
  banks: BanksTable;
  member_messages: MemberMessagesTable;
  banners: BannersTable;
  notices: NoticesTable;
  activity_types: ActivityTypesTable;
  activities: ActivitiesTable;
  articles: ArticlesTable;
  vip_levels: VipLevelsTable;
  support_tickets: SupportTicketsTable;
}

export interface MembersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  pay_password_hash: string;
  realname: string;
  mobile: Generated<string>;
  email: Generated<string>;
  birthday: Generated<string>;
  avatar: Generated<string>;
  vip: Generated<number>;
  paysum: Generated<number>;
  transferstatus: Generated<number>;
  referrer_pid: string | null;
  /** 1 active, 0 frozen by an operator */
  status: Generated<number>;
  register_ip: string;
  created_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
  /** fen of valid bets still owed before a withdrawal */
  turnover_required: Generated<number>;
}
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;

export type SessionKind = 'member' | 'admin';

export interface SessionsTable {
  token_hash: string;
  subject_kind: SessionKind;
  /** members.id or admins.id */
  subject_id: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: string;
  created_at: number;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** e.g. member:12:central, house:deposits */
  code: string;
  member_id: number | null;
  kind: string;
  balance: Generated<number>;
  created_at: number;
}

/** One immutable movement of money (DESIGN.md section 4); never updated or deleted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  from_account_id: number;
  to_account_id: number;
  /** fen, > 0 */
  amount: number;
  /** deposit, withdraw_hold, transit_hold, venue_transfer_out, ... (wallet/accounts.ts ENTRY_KINDS) */
  kind: string;
  /** the order, withdrawal or transfer id the entry belongs to */
  reference: string;
  /** unique: a second posting with the same key has no effect */
  idempotency_key: string;
  memo: Generated<string>;
  /** 'system' or the operator, e.g. admin:3 */
  created_by: string;
  created_at: number;
}
export type LedgerEntry = Selectable<LedgerEntriesTable>;

export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number;
  action: string;
  target: string;
  /** JSON */
  detail: string;
  ip: string;
  created_at: number;
}

export interface JobRunsTable {
  job: string;
  /** which period of the job's schedule, e.g. floor(epoch s / 30) */
  slot: number;
  /** the server process that claimed it */
  holder: string;
  started_at: number;
  finished_at: number | null;
  error: string | null;
}

/** A venue (a provider's platform, e.g. pp), synced from its provider's catalogue. */
export interface VenuesTable {
  platform: string;
  /** the adapter that serves it */
  provider: string;
  name: string;
  /** JSON array of category ids */
  categories: string;
  logo_img: Generated<string>;
  sort: Generated<number>;
  /** 1 open, 0 closed by an operator */
  state: Generated<number>;
  /** 1: launch URLs forced to http */
  http_only: Generated<number>;
  /** 1 while its provider lists it */
  listed: Generated<number>;
  synced_at: number;
}
export type Venue = Selectable<VenuesTable>;

export interface GamesTable {
  id: Generated<number>;
  platform: string;
  game_code: string;
  name: string;
  category_id: string;
  is_hot: Generated<number>;
  is_new: Generated<number>;
  /** 1 shown, 0 under maintenance or no longer listed */
  app_state: Generated<number>;
  api_logo_img: Generated<string>;
  mobile_img: Generated<string>;
  sort: Generated<number>;
  synced_at: number;
}
export type Game = Selectable<GamesTable>;

/** A member known as a player at a provider. */
export interface VenuePlayersTable {
  provider: string;
  member_id: number;
  player: string;
  created_at: number;
}

export type TransferDirection = 'to_venue' | 'from_venue';

/** A transfer between a member's central wallet and a venue (DESIGN.md section 4, venue wallets). */
export interface VenueTransfersTable {
  id: Generated<number>;
  /** our id, sent to the venue */
  transfer_id: string;
  member_id: number;
  platform: string;
  direction: TransferDirection;
  /** fen */
  amount: number;
  /** 0 failed, 1 success, 2 pending */
  status: number;
  created_at: number;
  settled_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}
export type VenueTransfer = Selectable<VenueTransfersTable>;

/** The last balance a venue reported for a member, fen. */
export interface VenueBalancesTable {
  member_id: number;
  platform: string;
  balance: number;
  updated_at: number;
}

/** A bet record pulled from a venue; one row per (platform, bet_id). */
export interface BetsTable {
  id: Generated<number>;
  platform: string;
  bet_id: string;
  member_id: number;
  game_code: string;
  game_name: string;
  category_id: string;
  bet_amount: number;
  valid_amount: number;
  win_loss: number;
  /** 0 invalid, 1 settled, 2 unsettled */
  status: number;
  detail: Generated<string>;
  created_at: number;
  settled_at: number | null;
  pulled_at: number;
  turnover_counted: Generated<number>;
}
export type Bet = Selectable<BetsTable>;

export interface BetCursorsTable {
  feed: string;
  cursor: string;
  updated_at: number;
}

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
}

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
