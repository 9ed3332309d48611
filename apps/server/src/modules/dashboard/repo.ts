import { sql, type Kysely } from 'kysely';
import { BEIJING_OFFSET_MS, beijingDayNumber, beijingDayOf, DAY_MS } from '../../db/beijing-day.ts';
import type { DB } from '../../db/index.ts';
import { depositsAwaitingOperator } from '../payments/index.ts';
import { agentApplicationsInState } from '../profile/index.ts';
import { activityApplicationsInState } from '../promotions/index.ts';
import { differencesInState } from '../reconciliation/index.ts';
import { pausedChannelsCount, pendingKeyChangesCount } from '../payment-channels/index.ts'; // issues 21, 33
import { transfersInStatus } from '../transfers/index.ts';
import { entriesByDay, FIGURE_KINDS } from '../wallet/index.ts';
import { ledgerClosedBefore, rolledUpBetsByDay, rolledUpMoneyByDay } from '../reports/index.ts'; // issue 24
import { withdrawalsInState } from '../withdrawals/index.ts';
import { openEventCount } from '../risk/index.ts'; // issue 36 point 3
import { adjustmentsInState } from '../backoffice/adjustments.ts'; // issue 33
import { waiversInState } from '../member-desk/turnover-waivers.ts'; // issue 34

/**
 * SQL of the dashboard. Money comes from the ledger (every movement is an entry of a kind, summed
 * by the wallet module), GGR from settled bets, so the figures do not depend on each cashier
 * module's own tables. Days are Beijing days (db/beijing-day.ts).
 */
const dayOf = beijingDayOf;


/**
 * The figure kinds' entries per Beijing day in [from, to) (whole days). Issue 24: a month of
 * entries summed row by row took over a second at 5M entries, so the days the reports' rollup has
 * closed (before its ledger cursor: recomputed after they ended, final) come from its day rows;
 * the days from the cursor on (today, and yesterday for minutes after midnight) are summed live
 * by the wallet module, as all of them were before.
 */
export async function ledgerByDay(db: Kysely<DB>, from: number, to: number) {
  const closedBefore = Math.min(await ledgerClosedBefore(db), beijingDayNumber(to - 1) + 1);
  const firstDay = beijingDayNumber(from);
  if (closedBefore <= firstDay) return entriesByDay(db, FIGURE_KINDS, from, to);
  const liveFrom = closedBefore * DAY_MS - BEIJING_OFFSET_MS;
  const [closed, live] = await Promise.all([rolledUpMoneyByDay(db, firstDay, closedBefore - 1), liveFrom < to ? entriesByDay(db, FIGURE_KINDS, liveFrom, to) : []]);
  return [...closed, ...live];
}

/**
 * Settled bets by day of settlement in [from, to) (whole days): stakes and the members' net result
 * (positive: members won). Issue 24: a month of bets read row by row took 4 s at 10M bets; the
 * reports' day rollups hold every settled bet the rollup has taken (every 15 s), and the few it
 * has not taken yet (bets_rollup_pending) are added live, so the figures stay those of the bets.
 */
export async function betsByDay(db: Kysely<DB>, from: number, to: number) {
  // one snapshot for both reads: a batch the rollup takes in between is then counted once
  const { rolled, pending } = await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => ({
    rolled: await rolledUpBetsByDay(trx, beijingDayNumber(from), beijingDayNumber(to - 1)),
    pending: await trx
      .selectFrom('bets')
      .select([dayOf('settled_at').as('day'), sql<number>`sum(bet_amount)`.as('stake'), sql<number>`sum(win_loss)`.as('result')])
      // literals: the partial index's own predicate (status = 1 and rolled_up = 0)
      .where('status', '=', sql.lit(1))
      .where('rolled_up', '=', sql.lit(0))
      .where('settled_at', '>=', from)
      .where('settled_at', '<', to)
      .groupBy(dayOf('settled_at'))
      .execute(),
  }));
  const days = new Map<number, { day: number; stake: number; result: number }>();
  const add = (day: number, stake: number, result: number) => {
    const d = days.get(day) ?? { day, stake: 0, result: 0 };
    d.stake += stake;
    d.result += result;
    days.set(day, d);
  };
  for (const r of rolled) add(r.day, r.stake, r.result);
  for (const r of pending) add(Number(r.day), Number(r.stake), Number(r.result));
  return [...days.values()];
}

export async function membersByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db
    .selectFrom('members')
    .select([dayOf('created_at').as('day'), sql<number>`count(*)`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(dayOf('created_at'))
    .execute();
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }));
}

/** members with a session used since `since` */
export async function online(db: Kysely<DB>, since: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select(sql<number>`count(distinct subject_id)`.as('n'))
    .where('subject_kind', '=', 'member')
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What waits for an operator: each review module counts its own table by state (state index). */
export async function pending(db: Kysely<DB>) {
  const [deposits, withdrawals, activity, agent, transfers, reconciliation, pausedChannels] = await Promise.all([
    depositsAwaitingOperator(db),
    withdrawalsInState(db, 1),
    activityApplicationsInState(db, 1),
    agentApplicationsInState(db, 1),
    transfersInStatus(db, 2),
    differencesInState(db, 'open'),
    pausedChannelsCount(db), // issue 21: channels that paused themselves
  ]);
  // issue 34 point 8, issue 33 point 7: what waits for a second operator
  const [waivers, adjustments, keyChanges, riskEvents] = await Promise.all([waiversInState(db, 'pending'), adjustmentsInState(db, 'pending'), pendingKeyChangesCount(db), openEventCount(db) /* issue 36 point 3: open risk events */]);
  return { deposits, withdrawals, activity_applications: activity, agent_applications: agent, venue_transfers: transfers, reconciliation, payment_channels_paused: pausedChannels, turnover_waivers: waivers, member_adjustments: adjustments, channel_key_changes: keyChanges, risk_events: riskEvents };
}

export { DAY_MS, BEIJING_OFFSET_MS };
