import type { Generated } from 'kysely';
import type { AgentFlagsTable, AgentLinksTable, AgentMemberDaysTable, AgentMovesTable, AgentPlansTable, AgentSettlementRunsTable, AgentStatementAdjustmentsTable, AgentStatementsTable, AgentsTable } from './schema/agents.ts';
import type { ActivitiesTable, ActivityTypesTable, ArticlesTable, BannersTable, InboxBroadcastsTable, NoticesTable, SponsorsTable, SupportTicketRepliesTable, SupportTicketsTable, VipLevelsTable } from './schema/content.ts';
import type { AdminAuditTable, AdminsTable, JobRunsTable, LedgerAccountsTable, LedgerEntriesTable, MembersTable, SessionsTable } from './schema/core.ts';
import type { AgentApplicationsTable, BanksTable, MemberCardsTable, MemberMessagesTable } from './schema/member-records.ts';
import type { AdminRolesTable, MemberLoginsTable, MemberNotesTable } from './schema/operators.ts';
import type { DepositAccountsTable, DepositBonusDaysTable, DepositRefundsTable, DepositsTable, PaymentChannelsTable, WithdrawalsTable } from './schema/payments.ts';
import type { ActivityApplicationsTable, MemberVipTable, PromoDayRunsTable, RebateDayMembersTable, RebatesTable, RedPacketGrabsTable, RedPacketRulesTable, VipHistoryTable } from './schema/promotions.ts';
import type { ReconciliationDayItemsTable, ReconciliationDaysTable, VenueDifferencesTable } from './schema/reconciliation.ts';
import type { ReportBetDaysTable, ReportDaysTable, ReportDownloadsTable, ReportFirstDepositsTable, ReportMemberDaysTable, ReportMoneyDaysTable, ReportWindowMembersTable, ReportWindowReferrersTable, ReportWindowsTable } from './schema/reports.ts';
import type { ResponsibleChangesTable } from './schema/responsible.ts';
import type { ChatConversationsTable, ChatMessagesTable, ChatTermsTable, ChatTicketsTable } from './schema/support-chat.ts';
import type { MemberAdjustmentsTable, TurnoverRequirementsTable, TurnoverWaiversTable } from './schema/turnover.ts';
import type { BetCursorsTable, BetsTable, GamesTable, VenueBalancesTable, VenuePlayersTable, VenueTransfersTable, VenuesTable } from './schema/venues.ts';

// the tables, one file per domain (db/schema/); every type is re-exported here
export type * from './schema/core.ts';
export type * from './schema/venues.ts';
export type * from './schema/content.ts';
export type * from './schema/member-records.ts';
export type * from './schema/turnover.ts';
export type * from './schema/reconciliation.ts';
export type * from './schema/promotions.ts';
export type * from './schema/payments.ts';
export type * from './schema/operators.ts';
export type * from './schema/support-chat.ts';
export type * from './schema/reports.ts';
export type * from './schema/agents.ts';
export type * from './schema/responsible.ts';
export type * from './schema/risk.ts';

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
  member_adjustments: MemberAdjustmentsTable; // issue 33: manual adjustments, two operators above the threshold
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
  // issue 37: the reports' fixed windows (migration 044)
  report_windows: ReportWindowsTable;
  report_window_members: ReportWindowMembersTable;
  report_window_referrers: ReportWindowReferrersTable;
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
  // issue 33: channel credential changes awaiting a second operator (migration 036)
  payment_channel_key_changes: import('./schema/payments.ts').PaymentChannelKeyChangesTable;
  // issue 33: refunds owed to members past their deposit limits (migration 035)
  deposit_refunds: DepositRefundsTable;
  // issue 36: risk levels' history, promotions withheld by jobs (migration 038)
  risk_level_changes: import('./schema/risk.ts').RiskLevelChangesTable;
  risk_promo_skips: import('./schema/risk.ts').RiskPromoSkipsTable;
  // issue 36 point 3: risk rules, events, the rules job's marks and bet sides (migration 040)
  risk_rules: import('./schema/risk.ts').RiskRulesTable;
  risk_events: import('./schema/risk.ts').RiskEventsTable;
  risk_marks: { name: string; value: number };
  risk_bet_sides: import('./schema/risk.ts').RiskBetSidesTable;
  // issue 38: seamless venues (migration 041)
  seamless_txs: import('./schema/seamless.ts').SeamlessTxsTable;
  seamless_rounds: import('./schema/seamless.ts').SeamlessRoundsTable;
  // issue 37: live-update stream tickets (migration 042)
  stream_tickets: import('./schema/live-stream.ts').StreamTicketsTable;
}

