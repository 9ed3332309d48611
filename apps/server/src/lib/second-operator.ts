import type { AdminPaged } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/index.ts';
import { beijingDayStart } from './time.ts';

/**
 * The queues where an operator's request waits for a second, different operator (DESIGN 4:
 * manual adjustments, turnover waivers). Their rows share one shape: state pending -> applied or
 * rejected, requested_by, decided_by, decided_at, reject_reason, member_id.
 */
export type SecondOperatorTable = 'member_adjustments' | 'turnover_waivers';
type Decision = 'applied' | 'rejected';

/**
 * One decision on a waiting row, exactly once. The claim is a conditional update (still pending,
 * and for an approval not the proposer's own): of two concurrent deciders one finds the row
 * pending and acts, the other reads what was decided. A repeat of the same decision answers it
 * again (`repeat`); any other decided state is refused (`decided`). `act` runs in the same
 * transaction as the claim, so the money moves with the decision or not at all.
 */
export async function decideOnce<R>(
  trx: Kysely<DB>,
  o: {
    table: SecondOperatorTable;
    row: { id: number; state: string; requested_by: number };
    to: Decision;
    adminId: number;
    /** approvals: the proposer may not approve their own request (refused by this) */
    notProposer?: () => never;
    rejectReason?: string;
    decided: () => never;
    repeat: () => Promise<R>;
    act: (now: number) => Promise<R>;
  },
): Promise<R> {
  // one table type for both: their decision columns are the same
  const table = o.table as 'turnover_waivers';
  if (o.row.state === o.to) return o.repeat();
  if (o.row.state !== 'pending') return o.decided();
  if (o.notProposer && o.row.requested_by === o.adminId) return o.notProposer();
  const now = Date.now();
  let claim = trx
    .updateTable(table)
    .set({ state: o.to, decided_by: o.adminId, decided_at: now, ...(o.to === 'rejected' ? { reject_reason: o.rejectReason ?? '' } : {}) })
    .where('id', '=', o.row.id)
    .where('state', '=', 'pending');
  if (o.notProposer) claim = claim.where('requested_by', '!=', o.adminId);
  const taken = await claim.executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) {
    const now2 = await trx.selectFrom(table).select('state').where('id', '=', o.row.id).executeTakeFirstOrThrow();
    return now2.state === o.to ? o.repeat() : o.decided();
  }
  return o.act(now);
}

/**
 * A queue's page, newest first, by state and member (the review screens and member 360).
 * `rows` is the queue's joined select under `alias`; `wire` turns a joined row into the reply's.
 */
export async function queuePage<Row>(
  db: Kysely<DB>,
  o: { table: SecondOperatorTable; alias: string; rows: (db: Kysely<DB>) => any; wire: (joined: any) => Row },
  f: { state?: string; username?: string; page: number; per_page: number },
): Promise<AdminPaged<Row>> {
  const empty = { data: [], total: 0, last_page: 1, current_page: f.page, per_page: f.per_page };
  let member: number | undefined;
  if (f.username) {
    const m = await db.selectFrom('members').select('id').where('username', '=', f.username.toLowerCase()).executeTakeFirst();
    if (!m) return empty;
    member = m.id;
  }
  const filtered = <Q extends { where: (...a: any[]) => any }>(q: Q): Q => {
    let out = q;
    if (f.state) out = out.where(`${o.alias}.state`, '=', f.state);
    if (member !== undefined) out = out.where(`${o.alias}.member_id`, '=', member);
    return out;
  };
  const [rows, count] = await Promise.all([
    filtered(o.rows(db))
      .orderBy(`${o.alias}.id`, 'desc')
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page)
      .execute() as Promise<unknown[]>,
    filtered(db.selectFrom(`${o.table} as ${o.alias}` as 'turnover_waivers').select((eb) => eb.fn.countAll<string | number>().as('n'))).executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  return { data: rows.map(o.wire), total, last_page: Math.max(1, Math.ceil(total / f.per_page)), current_page: f.page, per_page: f.per_page };
}

/** How many rows of a queue are in a state (the dashboard and the bell count the pending ones). */
export async function queueCount(db: Kysely<DB>, table: SecondOperatorTable, state: Decision | 'pending'): Promise<number> {
  const r = await db
    .selectFrom(table as 'turnover_waivers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Takes the operator's own row lock until the transaction commits (a write that changes nothing),
 * so one operator's calls that count their day against a cap are judged one after another: two at
 * once cannot both read the day before either is recorded.
 */
export async function lockOperator(trx: Kysely<DB>, adminId: number): Promise<void> {
  await trx.updateTable('admins').set((eb) => ({ status: eb.ref('status') })).where('id', '=', adminId).execute();
}

/**
 * What one operator credited or debited by hand today (Beijing day of `now`) without a second
 * operator, fen, both ways: immediate manual adjustments and immediate activity bonuses. Both
 * count against adjust_daily_immediate_max, so one door cannot be used to go round the other.
 * Read after the caller locked the operator's own row, so one operator's calls are judged one
 * after another.
 */
export async function immediateCreditsToday(trx: Kysely<DB>, adminId: number, now: number): Promise<number> {
  const since = beijingDayStart(now);
  // one after the other: both run on the caller's transaction connection
  const adjusted = await trx
    .selectFrom('member_adjustments')
    .select(sql<string | number | null>`sum(abs(amount))`.as('fen'))
    .where('requested_by', '=', adminId)
    .where('requested_at', '>=', since)
    .where('needs_two', '=', 0)
    .where('state', '=', 'applied')
    .executeTakeFirst();
  const bonuses = await trx
    .selectFrom('activity_applications')
    .select(sql<string | number | null>`sum(bonus)`.as('fen'))
    .where('reviewed_by', '=', `admin:${adminId}`)
    .where('reviewed_at', '>=', since)
    .where('state', '=', 2)
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return Number(adjusted?.fen ?? 0) + Number(bonuses?.fen ?? 0);
}
