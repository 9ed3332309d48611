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
  turnover_requirements: TurnoverRequirementsTable;
  turnover_waivers: TurnoverWaiversTable; // issue 25
  // issue 9: deposits
  deposits: DepositsTable;
  deposit_accounts: DepositAccountsTable;
  deposit_bonus_days: DepositBonusDaysTable;
  venue_differences: VenueDifferencesTable;
  reconciliation_marks: { name: string; value: string };
  // issue 11: promotions (migration 014)
  promo_day_runs: PromoDayRunsTable;
  rebates: RebatesTable;
  red_packet_rules: RedPacketRulesTable;
  red_packet_grabs: RedPacketGrabsTable;
  member_vip: MemberVipTable;
  vip_history: VipHistoryTable;
  activity_applications: ActivityApplicationsTable;
  // issue 10: withdrawals (migration 013)
  withdrawals: WithdrawalsTable;
  // issue 12: operators (migration 015)
  admin_roles: AdminRolesTable;
  member_notes: MemberNotesTable;
  member_logins: MemberLoginsTable;
  // issue 13: reports (migration 017)
  report_bet_days: ReportBetDaysTable;
  report_member_days: ReportMemberDaysTable;
  report_money_days: ReportMoneyDaysTable;
  report_days: ReportDaysTable;
  report_first_deposits: ReportFirstDepositsTable;
  report_marks: { name: string; value: number };
  report_downloads: ReportDownloadsTable;
  // issue 13: live customer service (migration 019)
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_terms: ChatTermsTable;
  chat_tickets: ChatTicketsTable;
  rebate_day_members: RebateDayMembersTable; // issue 13: promotions admin
  // issue 13: content (migration 018)
  sponsors: SponsorsTable;
  // issue 13: inbox broadcasts, ticket replies (migration 016)
  inbox_broadcasts: InboxBroadcastsTable;
  support_ticket_replies: SupportTicketRepliesTable;
  // issue 13: daily reconciliation (migration 020)
  reconciliation_days: ReconciliationDaysTable;
  reconciliation_day_items: ReconciliationDayItemsTable;
  // issue 20: agents, plans, downline links, figure rollups, flags (migration 027)
  agent_plans: AgentPlansTable;
  agents: AgentsTable;
  agent_links: AgentLinksTable;
  agent_moves: AgentMovesTable;
  agent_member_days: AgentMemberDaysTable;
  agent_first_deposits: { member_id: number; at: number; amount: number };
  agent_flags: AgentFlagsTable;
  agent_marks: { name: string; value: number };
  // issue 20: agent settlement (migration 028)
  agent_statements: AgentStatementsTable;
  agent_statement_adjustments: AgentStatementAdjustmentsTable;
  agent_settlement_runs: AgentSettlementRunsTable;
  // issue 22: responsible play (migration 029)
  responsible_changes: ResponsibleChangesTable;
  // issue 21: payment channels (migration 031)
  payment_channels: PaymentChannelsTable;
  payment_channel_days: { channel_id: number; day: string; routed: Generated<number> };
  payment_channel_failures: { id: Generated<number>; channel_id: number; at: number; error: Generated<string> };
  payment_notifies_seen: { scope: string; notify_id: string; seen_at: number };
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
  /** unused since 011_turnover (requirements are rows in turnover_requirements); always 0 */
  turnover_required: Generated<number>;
  /** 1 once an operator verified the real name (the 已实名 badge); 0 until then */
  realname_verified: Generated<number>;
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
  // issue 12 (migration 015)
  /** 1 active, 0 disabled (cannot sign in; sessions ended) */
  status: Generated<number>;
  /** the authenticator secret sealed by the card vault; null: no second factor */
  totp_secret: string | null;
  /** a secret being enrolled, until the operator's first code confirms it */
  totp_pending: string | null;
  /** the last time step a code was accepted for (a code is used once) */
  totp_last_step: number | null;
  /** JSON array of addresses / CIDR ranges allowed to sign in; [] = any */
  ip_allowlist: Generated<string>;
  created_by: number | null;
  last_login_at: number | null;
  last_login_ip: string | null;
  /** issue 25 (migration 025): 1 = must set their own password before any other call */
  must_change_password: Generated<number>;
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
  // issue 13: games admin (migration 022): the operator's choices, kept across syncs
  /** 0: hidden by an operator (members see it only while they hold a balance there) */
  op_listed: Generated<number>;
  op_name: Generated<string | null>;
  op_sort: Generated<number | null>;
  /** last operator edit of the venue or one of its games (catalogue copies compare it) */
  edited_at: Generated<number>;
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
  // issue 13: games admin (migration 022): the operator's choices, kept across syncs
  /** 0: hidden by an operator */
  listed: Generated<number>;
  /** the provider's open flag; app_state is 1 only while this is 1 and op_state is not 0 */
  provider_state: Generated<number>;
  /** 0: under maintenance by an operator; null: follows the provider */
  op_state: Generated<number | null>;
  op_hot: Generated<number | null>;
  op_new: Generated<number | null>;
  op_sort: Generated<number | null>;
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
  /** issue 13: reports: 1 once the settled bet is added to the report rollups (migration 017) */
  rolled_up: Generated<number>;
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
  /** issue 13 (migration 016): the member an operator's reply went to */
  member_id: Generated<number | null>;
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

/** A wagering requirement (打码量) of one credit; settled valid bets fill the oldest open row first. */
export interface TurnoverRequirementsTable {
  id: Generated<number>;
  member_id: number;
  source: string;
  reference: string;
  credited: number;
  required: number;
  done: Generated<number>;
  /** issue 25: fen waived by operators; what remains is required - done - waived */
  waived: Generated<number>;
  created_at: number;
  completed_at: number | null;
}
export type TurnoverRequirement = Selectable<TurnoverRequirementsTable>;

/** issue 25: an operator's turnover waiver (applied, or pending a second operator, or rejected). */
export interface TurnoverWaiversTable {
  id: Generated<number>;
  waiver_no: string;
  member_id: number;
  requirement_id: number | null;
  amount: number | null;
  amount_at_request: number;
  applied_amount: number | null;
  reason: string;
  state: 'pending' | 'applied' | 'rejected';
  needs_two: Generated<number>;
  requested_by: number;
  requested_at: number;
  request_key: string | null;
  decided_by: number | null;
  decided_at: number | null;
  reject_reason: string | null;
}
export type TurnoverWaiver = Selectable<TurnoverWaiversTable>;

// ---- venue reconciliation (010_reconciliation, issue 14) ----------------------------------
export type DifferenceState = 'open' | 'resolved';
export interface VenueDifferencesTable {
  id: Generated<number>;
  member_id: number;
  platform: string;
  state: DifferenceState;
  /** fen; expected = sent_in - taken_out + game_result, difference = reported - expected */
  sent_in: number;
  taken_out: number;
  game_result: number;
  expected: number;
  reported: number;
  difference: number;
  found_at: number;
  checked_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  note: string | null;
}
export type VenueDifference = Selectable<VenueDifferencesTable>;

// ---- promotions (modules/promotions, migration 014; issue 11) ------------------------------

/** One daily task done for one Beijing day (the row commits with the work). */
export interface PromoDayRunsTable {
  task: string;
  /** YYYY-MM-DD, Beijing */
  day: string;
  members: Generated<number>;
  rows: Generated<number>;
  /** fen */
  amount: Generated<number>;
  holder: string;
  created_at: number;
  // issue 13: promotions admin (migration 021): operator re-runs, flow counted per member
  reruns: Generated<number>;
  rerun_at: number | null;
  flow_tracked: Generated<number>;
  // issue 13: rebate settlement in chunks (migration 023): the running or last pass, JSON
  pass: string | null;
}

/** Rebate accrued for one member, venue and Beijing day; 0 claimable, 1 claimed. */
export interface RebatesTable {
  id: Generated<number>;
  member_id: number;
  platform: string;
  day: string;
  valid_amount: number;
  amount: number;
  vip: number;
  state: Generated<number>;
  claim_no: string | null;
  created_at: number;
  claimed_at: number | null;
}
export type Rebate = Selectable<RebatesTable>;

export interface RedPacketRulesTable {
  id: Generated<number>;
  name: string;
  starts_at: number;
  ends_at: number;
  deposit_min: number;
  deposit_max: number | null;
  grabs: number;
  mode: 'fixed' | 'percent';
  amount_min: Generated<number>;
  amount_max: Generated<number>;
  percent_min: Generated<number>;
  percent_max: Generated<number>;
  turnover_multiple: Generated<number>;
  state: Generated<number>;
  created_at: number;
  updated_at: number;
}
export type RedPacketRule = Selectable<RedPacketRulesTable>;

export interface RedPacketGrabsTable {
  id: Generated<number>;
  grab_no: string;
  member_id: number;
  day: string;
  seq: number;
  rule_id: number;
  deposits: number;
  amount: number;
  turnover_multiple: number;
  created_at: number;
}

export interface MemberVipTable {
  member_id: number;
  flow_total: Generated<number>;
  period_flow: Generated<number>;
  period_start: number;
  last_change_day: string | null;
  updated_at: number;
}

export interface VipHistoryTable {
  id: Generated<number>;
  member_id: number;
  day: string;
  from_level: number;
  to_level: number;
  reason: string;
  created_at: number;
}

export interface ActivityApplicationsTable {
  id: Generated<number>;
  apply_no: string;
  member_id: number;
  activity_id: number;
  activity_name: string;
  state: Generated<number>;
  bonus: Generated<number>;
  turnover_multiple: Generated<number>;
  reason: Generated<string>;
  reviewed_by: string | null;
  created_at: number;
  reviewed_at: number | null;
}
export type ActivityApplication = Selectable<ActivityApplicationsTable>;

// ---- issue 9: deposits (modules/payments, migration 012) -------------------------------------

/** A deposit order; amounts in fen. status: pending, review, credited, rejected, expired, failed. */
export interface DepositsTable {
  id: Generated<number>;
  deposit_no: string;
  member_id: number;
  paytype: string;
  kind: string;
  status: string;
  amount: number;
  paid_amount: number | null;
  credited_amount: number | null;
  bonus_percent: Generated<number>;
  bonus_amount: Generated<number>;
  gateway: string | null;
  gateway_order_no: string | null;
  bank_owner: Generated<string>;
  bank: Generated<string>;
  bank_no: Generated<string>;
  bank_address: Generated<string>;
  usdt_protocol: Generated<string>;
  usdt_rate: Generated<string>;
  usdt_cents: number | null;
  receiving_account_id: number | null;
  receiving: Generated<string>;
  /** online orders: the gateway's cashier URL (issue 19: /api/payinfo answers it) */
  cashier_url: string | null;
  review_reason: Generated<string>;
  reject_reason: Generated<string>;
  decided_by: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  credited_at: number | null;
  decided_at: number | null;
  /** issue 21: the payment channel the order was routed to (null: the legacy gateway setting, or manual) */
  channel_id: number | null;
}
export type Deposit = Selectable<DepositsTable>;

/** An operator's receiving bank card or USDT address (type bank | usdt), handed out round-robin. */
export interface DepositAccountsTable {
  id: Generated<number>;
  type: string;
  bank_name: string;
  bank_owner: Generated<string>;
  bank_no: string;
  bank_address: Generated<string>;
  enabled: Generated<number>;
  last_used_at: Generated<number>;
  uses: Generated<number>;
  created_at: number;
}
export type DepositAccount = Selectable<DepositAccountsTable>;

/** Bonus fen a member received on one Beijing day (the daily cap). */
export interface DepositBonusDaysTable {
  member_id: number;
  day: string;
  total: Generated<number>;
}

// ---- issue 10: withdrawals (migration 013) ----
/** A member's withdrawal: the amount sits in the member's withdrawal hold until the one decision. */
export interface WithdrawalsTable {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  card_id: number;
  /** 1 bank card, 2 USDT address */
  card_type: number;
  bank: string;
  bank_owner: string;
  bank_no_last4: string;
  bank_address: Generated<string>;
  number_key: string;
  card_bound_at: number;
  /** fen */
  amount: number;
  usdt_chain: string | null;
  /** RMB per USDT x 10000 */
  usdt_rate_e4: number | null;
  /** hundredths of a USDT */
  usdt_amount: number | null;
  usdt_fee: number | null;
  usdt_received: number | null;
  /** 1 pending, 2 approved, 3 rejected */
  state: Generated<number>;
  needs_two: Generated<number>;
  first_approved_by: number | null;
  first_approved_at: number | null;
  claimed_by: number | null;
  claimed_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  reason: Generated<string>;
  created_at: number;
}
export type Withdrawal = Selectable<WithdrawalsTable>;
// ---- end withdrawals ----

// ---- issue 12: operators (migration 015) ------------------------------------------------------

/** A back-office role: its permission slugs ('*' = all). */
export interface AdminRolesTable {
  code: string;
  name: string;
  /** JSON array of slugs */
  permissions: string;
  /** 1 for the roles every site starts with */
  builtin: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** An operator's internal note on a member (never shown to the member). */
export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  admin_id: number;
  content: string;
  created_at: number;
}

/** One successful member sign-in (address and device), for operators. */
export interface MemberLoginsTable {
  id: Generated<number>;
  member_id: number;
  ip: string;
  user_agent: string;
  /** the member site's device id (X-Device-Id, migration 030); null when none or not valid */
  device: string | null;
  created_at: number;
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

// ---- issue 13: promotions admin ----
/** The valid bets of one member counted toward VIP flow by a day's rebate settlement (migration 021). */
export interface RebateDayMembersTable {
  day: string;
  member_id: number;
  /** fen of valid bets counted */
  valid: number;
  /** the level whose rates the day's rebates were computed with */
  vip: number;
}

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
}

// ---- issue 13: reports ----
// (bets.rolled_up, added by migration 017, is read and set only by modules/reports)

/** settled bets per Beijing day (epoch day number) x venue x category; fen */
export interface ReportBetDaysTable {
  day: number;
  platform: string;
  category_id: string;
  bet_count: number;
  stake: number;
  valid: number;
  /** members' net result (positive: members won) */
  result: number;
}

/** one member's Beijing day: settled bets (rolled up from bets) and ledger money (recomputed per day) */
export interface ReportMemberDaysTable {
  day: number;
  member_id: number;
  /** members.referrer_pid, copied in (set at sign-up, never changed) */
  referrer: string | null;
  bet_count: Generated<number>;
  stake: Generated<number>;
  valid: Generated<number>;
  result: Generated<number>;
  deposits: Generated<number>;
  deposit_count: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal_count: Generated<number>;
  bonuses: Generated<number>;
  rebates: Generated<number>;
  red_packets: Generated<number>;
  adjust_in: Generated<number>;
  adjust_out: Generated<number>;
}

/** per Beijing day: members with a settled bet, members registered, those with a referrer */
export interface ReportDaysTable {
  day: number;
  active_members: Generated<number>;
  new_members: Generated<number>;
  new_referred: Generated<number>;
}

/** the ledger's figure kinds per Beijing day; to_member 1 when the member received the money */
export interface ReportMoneyDaysTable {
  day: number;
  kind: string;
  to_member: number;
  amount: number;
  n: number;
}

export interface ReportFirstDepositsTable {
  member_id: number;
  day: number;
  /** the member's deposits on that day, fen */
  amount: number;
}

/** a single-use CSV download link (the token's SHA-256 only) */
export interface ReportDownloadsTable {
  token_hash: string;
  admin_id: number;
  /** JSON of the export call's parsed input */
  params: string;
  expires_at: number;
  used_at: number | null;
}

// ---- issue 13: daily reconciliation (migration 020) ----
/** One Beijing day's reconciliation: its checks (JSON, money in fen) and how many differences. */
export interface ReconciliationDaysTable {
  day: string;
  /** queued | running | done | failed */
  state: string;
  requested_at: number;
  /** 'job' or the operator's username */
  requested_by: string;
  started_at: number | null;
  /** the process running it (under the lease) */
  holder: string | null;
  /** why the last run failed (Chinese) */
  error: string | null;
  /** the last completed result: clean | differences (null until one completed) */
  status: string | null;
  differences: number | null;
  checks: string | null;
  computed_at: number | null;
  computed_by: string | null;
  duration_ms: number | null;
  runs: Generated<number>;
}

/** A difference found by a day's reconciliation, with its references. */
export interface ReconciliationDayItemsTable {
  id: Generated<number>;
  day: string;
  check_name: string;
  kind: string;
  reference: string;
  /** JSON object */
  refs: string;
  expected: number | null;
  actual: number | null;
  note: string;
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

// ---- agent settlement (modules/agents statements, migration 028; issue 20) -----------------
/** 1 pending, 2 approved once (awaits a second operator), 3 paid, 4 rejected */
export type AgentStatementState = 1 | 2 | 3 | 4;
/** One agent's Beijing month: its figures (fen), the commission and the operators' decision. */
export interface AgentStatementsTable {
  id: Generated<number>;
  statement_no: string;
  agent_id: number;
  member_id: number;
  upline_agent_id: number | null;
  plan_id: number | null;
  month: string;
  registrations: number;
  first_deposits: number;
  first_deposit_amount: number;
  deposits: number;
  withdrawals: number;
  valid_bets: number;
  ggr: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  fees: number;
  net_profit: number;
  active_members: number;
  carry_in: number;
  base: number;
  carry_out: number;
  tier: number;
  rate_bp: number;
  commission: number;
  adjustment: Generated<number>;
  payable: number;
  adjusted: Generated<number>;
  override_bp: number;
  override: number;
  state: AgentStatementState;
  needs_two: Generated<number>;
  first_approved_by: number | null;
  first_approved_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  reject_reason: string | null;
  entry_id: number | null;
  override_entry_id: number | null;
  recomputes: Generated<number>;
  created_at: number;
  computed_at: number;
}
export type AgentStatement = Selectable<AgentStatementsTable>;
export interface AgentStatementAdjustmentsTable {
  id: Generated<number>;
  statement_id: number;
  before_total: number;
  /** the total after (fen) */
  amount: number;
  reason: string;
  admin_id: number;
  created_at: number;
}
export interface AgentSettlementRunsTable {
  month: string;
  holder: string;
  created_at: number;
  pass: string | null;
  agents: Generated<number>;
  statements: Generated<number>;
  commission: Generated<number>;
  reruns: Generated<number>;
  rerun_at: number | null;
}

// ---- agents (modules/agents, migration 027; issue 20) ---------------------------------------
export interface AgentPlansTable {
  id: Generated<number>;
  name: string;
  is_default: Generated<number>;
  /** JSON [{min_active, min_net_profit (fen), rate_bp}] */
  rows: string;
  created_at: number;
  updated_at: number;
}
export interface AgentsTable {
  id: Generated<number>;
  member_id: number;
  code: string;
  plan_id: number;
  upline_agent_id: number | null;
  /** 1 active, 2 suspended */
  state: Generated<number>;
  note: Generated<string>;
  source: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}
export type AgentRecord = Selectable<AgentsTable>;
export interface AgentLinksTable {
  id: Generated<number>;
  member_id: number;
  agent_id: number;
  from_ms: number;
  to_ms: number | null;
}
export interface AgentMovesTable {
  id: Generated<number>;
  member_id: number;
  from_agent_id: number | null;
  to_agent_id: number | null;
  reason: string;
  admin_id: number;
  created_at: number;
}
export interface AgentMemberDaysTable {
  agent_id: number;
  day: number;
  member_id: number;
  registered: Generated<number>;
  first_deposit: Generated<number>;
  first_deposit_amount: Generated<number>;
  deposits: Generated<number>;
  deposit_count: Generated<number>;
  withdrawals: Generated<number>;
  bet_count: Generated<number>;
  stake: Generated<number>;
  valid: Generated<number>;
  result: Generated<number>;
  bonuses: Generated<number>;
  rebates: Generated<number>;
  red_packets: Generated<number>;
}
export interface AgentFlagsTable {
  id: Generated<number>;
  member_id: number;
  agent_id: number;
  kind: string;
  match_key: string;
  detail: string;
  other_member_id: number | null;
  state: Generated<number>;
  cleared_by: number | null;
  cleared_at: number | null;
  clear_reason: Generated<string>;
  created_at: number;
}

/** issue 22: one change to a member's limits, reality check or breaks (migration 029) */
export interface ResponsibleChangesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  period: string | null;
  amount: number | null;
  minutes: number | null;
  duration: string | null;
  requested_at: number;
  effective_at: number;
  ends_at: number | null;
  actor: string;
  admin_id: number | null;
  reason: string | null;
}

/** issue 21: a gateway merchant account (migration 031); keys sealed with the card vault, JSON columns as text */
export interface PaymentChannelsTable {
  id: Generated<number>;
  name: string;
  gateway_type: string;
  merchant_id: string;
  sign_key: string;
  notify_key: Generated<string>;
  sign_key_hint: Generated<string>;
  notify_key_hint: Generated<string>;
  methods: string;
  daily_cap: Generated<number>;
  weight: Generated<number>;
  notify_ips: Generated<string>;
  state: string;
  paused_reason: string | null;
  paused_at: number | null;
  state_changed_at: number;
  sifang: Generated<string>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
export type PaymentChannelRecord = Selectable<PaymentChannelsTable>;
