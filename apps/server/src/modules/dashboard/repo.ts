import { sql, type Kysely } from 'kysely';
import { BEIJING_OFFSET_MS, beijingDayOf, DAY_MS } from '../../db/beijing-day.ts';
import type { DB } from '../../db/index.ts';
import { depositsAwaitingOperator } from '../payments/index.ts';
import { agentApplicationsInState } from '../profile/index.ts';
import { activityApplicationsInState } from '../promotions/index.ts';
import { differencesInState } from '../reconciliation/index.ts';
import { pausedChannelsCount } from '../payment-channels/index.ts'; // issue 21
import { transfersInStatus } from '../transfers/index.ts';
import { entriesByDay, FIGURE_KINDS } from '../wallet/index.ts';
import { withdrawalsInState } from '../withdrawals/index.ts';

/**
 * SQL of the dashboard. Money comes from the ledger (every movement is an entry of a kind, summed
 * by the wallet module), GGR from settled bets, so the figures do not depend on each cashier
 * module's own tables. Days are Beijing days (db/beijing-day.ts).
 */
const dayOf = beijingDayOf;


/** the figure kinds' entries per Beijing day, summed by the wallet module */
export const ledgerByDay = (db: Kysely<DB>, from: number, to: number) => entriesByDay(db, FIGURE_KINDS, from, to);

/** settled bets by day of settlement: stakes and the members' net result (positive: members won) */
export async function betsByDay(db: Kysely<DB>, from: number, to: number) {
  const rows = await db
    .selectFrom('bets')
    .select([dayOf('settled_at').as('day'), sql<number>`sum(bet_amount)`.as('stake'), sql<number>`sum(win_loss)`.as('result')])
    .where('status', '=', 1)
    .where('settled_at', '>=', from)
    .where('settled_at', '<', to)
    .groupBy(dayOf('settled_at'))
    .execute();
  return rows.map((r) => ({ day: Number(r.day), stake: Number(r.stake), result: Number(r.result) }));
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
  return { deposits, withdrawals, activity_applications: activity, agent_applications: agent, venue_transfers: transfers, reconciliation, payment_channels_paused: pausedChannels };
}

export { DAY_MS, BEIJING_OFFSET_MS };
