import { z } from 'zod';
import { adminInt, ADMIN_COMMON_MSG } from './admin-shared.ts';
import type { Yuan } from '../money.ts';

/**
 * POST /admin/api/dashboard/summary {} -> DashboardSummary (yuan; Beijing day and month)
 * POST /admin/api/dashboard/series {days?} -> { days: DashboardDay[] } oldest first, 30 by default
 *
 * GGR = valid bets' stakes minus what they paid back (members' net loss, from settled bets);
 * NGR = GGR - bonuses - rebates - red packets.
 */
export const dashboardSummarySchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
export const dashboardSeriesSchema = z.object({ days: adminInt(1, 90, 30, '天数必须在1到90之间') }, { error: ADMIN_COMMON_MSG.badRequest });

export interface DashboardFigures {
  deposits: Yuan;
  deposit_count: number;
  withdrawals: Yuan;
  withdrawal_count: number;
  bonuses: Yuan;
  rebates: Yuan;
  red_packets: Yuan;
  adjustments_in: Yuan;
  adjustments_out: Yuan;
  bets: Yuan;
  ggr: Yuan;
  ngr: Yuan;
  new_members: number;
}

export interface DashboardPending {
  deposits: number;
  withdrawals: number;
  activity_applications: number;
  agent_applications: number;
  venue_transfers: number;
  reconciliation: number;
  /** issue 21: payment channels that paused themselves after repeated order failures */
  payment_channels_paused: number;
  /** issue 34: turnover waivers waiting for a second operator */
  turnover_waivers: number;
  /** issue 33: manual adjustments waiting for a second operator */
  member_adjustments: number;
  /** issue 33 point 2: payment-channel credential changes (and new channels) waiting for a second operator */
  channel_key_changes: number;
  /** issue 36 point 3: risk events no operator has confirmed or dismissed yet */
  risk_events: number;
}

export interface DashboardSummary {
  today: DashboardFigures;
  month: DashboardFigures;
  /** members with a session used in the last 15 minutes */
  online: number;
  pending: DashboardPending;
  /** when the figures were taken (Beijing) */
  at: string;
}

export interface DashboardDay extends DashboardFigures {
  /** YYYY-MM-DD, Beijing */
  day: string;
}
