import type { Migration } from 'kysely';
import type { Dialect } from './helpers.ts';
import { m001 } from './001_init.ts';
import { m002 } from './002_ledger.ts';
import { m003 } from './003_backoffice.ts';
import { m004 } from './004_jobs.ts';
import { m005 } from './005_venues.ts';
import { m006 } from './006_profile.ts';
import { m007 } from './007_cards_inbox.ts';
import { m008 } from './008_content.ts';
import { m009 } from './009_member_flags.ts';
import { m010 } from './010_reconciliation.ts';
import { m011 } from './011_turnover.ts';
import { m012 } from './012_payments.ts'; // issue 9: deposits
import { m013 } from './013_withdrawals.ts'; // issue 10: withdrawals
import { m014 } from './014_promotions.ts'; // issue 11: promotions
import { m015 } from './015_operators.ts';
import { m016 } from './016_inbox_broadcasts.ts'; // issue 13: inbox broadcasts, ticket replies
import { m022 } from './022_games_admin.ts'; // issue 13: games and venues admin
import { m023 } from './023_rebate_chunks.ts'; // issue 13: rebate settlement in chunks
import { m017 } from './017_report_rollups.ts'; // issue 13: reports
import { m021 } from './021_promotions_admin.ts'; // issue 13: promotions admin
import { m018 } from './018_content_admin.ts'; // issue 13: content
import { m019 } from './019_support_chat.ts'; // issue 13: live customer service
import { m020 } from './020_reconciliation_days.ts'; // issue 13: daily reconciliation
import { m024 } from './024_entry_vip1.ts'; // issue 19: no demo entry address, members start at VIP1
import { m025 } from './025_operator_setup_waivers.ts'; // issue 25
import { m026 } from './026_last_login_backfill.ts'; // issue 25: last login of members signed in by registering
import { m027 } from './027_agents.ts'; // issue 20: agents, links, rollups, flags
import { m028 } from './028_agent_statements.ts'; // issue 20: agent statements and settlement runs
import { m029 } from './029_responsible.ts'; // issue 22: responsible play
import { m030 } from './030_login_devices.ts'; // issue 20: the device of registrations and sign-ins
import { m031 } from './031_payment_channels.ts'; // issue 21: payment channels
import { m032 } from './032_deposits_time.ts'; // issue 24: the deposits list's index
import { m033 } from './033_scale_indexes.ts'; // issue 24: indexes the scale check found missing
import { m034 } from './034_member_cards_member.ts'; // issue 24: a member's cards, deleted ones too
import { m035 } from './035_deposit_refunds.ts'; // issue 33: refunds owed to members past their deposit limits
import { m036 } from './036_channel_key_changes.ts'; // issue 33: channel credential changes wait for a second operator
import { mAdjustments } from './037_member_adjustments.ts'; // issue 33: manual adjustments wait for a second operator
import { m038 } from './038_risk.ts'; // issue 36: risk control
import { m039 } from './039_bet_search.ts'; // issue 36: 注单查询 indexes, risk.view / risk.manage for existing built-in roles
import { m040 } from './040_risk_events.ts'; // issue 36 point 3: risk rules and events
import { m042 } from './042_stream_tickets.ts'; // issue 37: live-update stream tickets
import { m041 } from './041_seamless.ts'; // issue 38: seamless venues
import { m043 } from './043_risk_link_covering.ts'; // issue 36 point 9: links' covering indexes
import { m044 } from './044_report_windows.ts'; // issue 37 point 4: reports' fixed windows
import { m045 } from './045_bet_rounds.ts'; // issue 36: bets.round_id and side
import { m047 } from './047_risk_bets_keyset.ts'; // issue 36 point 9: the risk rules job's bets keyset
import { m048 } from './048_members_referrer_created.ts'; // issue 37 point 4: members (referrer_pid, created_at)
import { m049 } from './049_chat_ticket_session.ts'; // operator streams end with their session
import { m050 } from './050_activity_second_operator.ts'; // activity bonuses obey the adjustment rules
import { m051 } from './051_receiving_second_operator.ts'; // receiving accounts approved by a second operator
import { m052 } from './052_deposit_second_operator.ts'; // large manual deposits credited by a second operator

/** Every migration in order; names are their keys. Never edit one that has shipped: add the next. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_init': m001(dialect),
    '002_ledger': m002(dialect),
    '003_backoffice': m003(dialect),
    '004_jobs': m004(),
    '005_venues': m005(dialect),
    '006_profile': m006(dialect),
    '007_cards_inbox': m007(dialect),
    '008_content': m008(dialect),
    '009_member_flags': m009(dialect),
    '010_reconciliation': m010(dialect),
    '011_turnover': m011(dialect),
    '012_payments': m012(dialect), // issue 9: deposits
    '013_withdrawals': m013(dialect), // issue 10: withdrawals
    '014_promotions': m014(dialect), // issue 11: promotions
    '015_operators': m015(dialect), // issue 12: operators, roles, member notes, append-only audit
    '016_inbox_broadcasts': m016(dialect), // issue 13: inbox broadcasts, ticket replies
    '017_report_rollups': m017(dialect), // issue 13: reports (rollups, CSV download tokens)
    '021_promotions_admin': m021(), // issue 13: promotions admin (rebate re-runs, preview index)
    '018_content_admin': m018(), // issue 13: content (sponsors table)
    '019_support_chat': m019(dialect), // issue 13: live customer service
    '020_reconciliation_days': m020(dialect), // issue 13: daily reconciliation
    '022_games_admin': m022(), // issue 13: games and venues admin (operator overrides kept across syncs)
    '023_rebate_chunks': m023(dialect), // issue 13: rebate settlement in chunks (bets day index, run progress)
    '024_entry_vip1': m024(), // issue 19: demo entry address cleared, VIP0 members to VIP1, online orders' cashier URL
    '025_operator_setup_waivers': m025(dialect), // issue 25: operators' first sign-in, turnover waivers
    '026_last_login_backfill': m026(), // issue 25: members signed in since registering get that as last login
    '027_agents': m027(dialect), // issue 20: agents, plans, downline links, figure rollups, flags
    '028_agent_statements': m028(dialect), // issue 20: agent statements, their adjustments, monthly settlement runs
    '029_responsible': m029(dialect), // issue 22: responsible play (limits, reality checks, breaks)
    '030_login_devices': m030(), // issue 20: the device id of registrations and sign-ins (agents' device check)
    '031_payment_channels': m031(dialect), // issue 21: payment channels, their day caps and failures, notifies seen, deposits.channel_id
    '032_deposits_time': m032(), // issue 24: deposits (created_at, id) for the back-office's unfiltered list
    '033_scale_indexes': m033(), // issue 24: reports' active members, activity applications newest first
    '034_member_cards_member': m034(), // issue 24: member_cards (member_id, id) for the member view
    '035_deposit_refunds': m035(dialect), // issue 33: what an approval could not credit under the member's deposit limits, owed back
    '036_channel_key_changes': m036(dialect), // issue 33: channel credentials (keys, merchant id, URLs, notify allowlist) approved by a second operator
    '037_member_adjustments': mAdjustments(dialect), // issue 33: manual adjustments, a second operator above the threshold or the daily cap
    '038_risk': m038(dialect), // issue 36: registrations in member_logins, link indexes, members.risk_level and its history
    '039_bet_search': m039(), // issue 36: bets by time, venue, game and open state (注单查询); risk permissions for existing roles
    '040_risk_events': m040(dialect), // issue 36 point 3: risk rules (thresholds), risk events (one per evidence), the rules job's marks
    '042_stream_tickets': m042(), // issue 37: single-use tickets of the live-update stream (without Redis)
    '041_seamless': m041(dialect), // issue 38: venues.mode, seamless_txs, seamless_rounds
    '043_risk_link_covering': m043(), // issue 36 point 9: members (realname|mobile|register_ip, id, created_at), member_cards (number_key, member_id, ...): the links index-only
    '044_report_windows': m044(), // issue 37 point 4: per-member and per-referrer sums over the reports' fixed windows (7 days, 30 days, month to date)
    '045_bet_rounds': m045(), // issue 36: bets.round_id and side (the provider's round and the side taken), bets (round_id, created_at, id)
    '047_risk_bets_keyset': m047(), // issue 36 point 9: bets_pulled becomes (pulled_at, id, member_id), the risk rules job's keyset pages
    '048_members_referrer_created': m048(), // issue 37 point 4: members (referrer_pid, created_at) replaces members_referrer_pid: the agents report's new members per referrer index-only
    '049_chat_ticket_session': m049(), // chat stream tickets name the session that asked for them: an operator's stream ends with it
    '050_activity_second_operator': m050(), // an activity bonus above the adjustment threshold or past the operator's daily cap waits for a second operator
    '051_receiving_second_operator': m051(), // a receiving account (new, or its details changed) is handed to members once a second operator approves it
    '052_deposit_second_operator': m052(), // a deposit above deposit_second_approval_over is credited by a second, different operator's approval
  };
}
