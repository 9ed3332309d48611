import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { AddressFilter } from './addresses.ts';
import { loadRules } from './rules.ts';
import { checkBets, checkClaim, checkWithdrawal, signalContext, type BetRow, type SignalContext } from './rules-signals.ts';

/**
 * The rules job (issue 36 point 3): every 15 s, the rows written since its saved watermark (never
 * the whole table) go through the signals of rules-signals.ts:
 * - bets by pulled_at (the pull stamps a row each time it is written, so a bet settled later is
 *   seen again when it settles), in (pulled_at, id) keyset pages: the (pulled_at, id, member_id)
 *   index (migration 047), so a page is one ordered index range, never a re-read of the window;
 * - withdrawals by created_at (submission): the (created_at) index;
 * - red-packet grabs by id, activity applications by id within created_at.
 * Each source is read from OVERLAP_MS before its mark (a row committed late, after a later one was
 * read, is still seen) up to the run's `now`, in keyset pages; events are keyed by their evidence,
 * so reading a row twice opens nothing twice. A first run starts FIRST_LOOKBACK_MS back.
 *
 * Issue 36 point 9 (a day of 10 million bets): the scheduled job keeps, in memory, which rows it
 * checked within the overlap (a bet by row id and pulled_at, so one a later pull rewrote is checked
 * again), and skips them when it reads them again (at 116 bets a second the 2-minute overlap is
 * 14,000 bets a run beside 1,700 new ones; the last 200 grabs were checked again every run); a
 * restart or another process only checks them again, which opens nothing twice. A run checks bets for at most
 * BUDGET_MS (well inside the scheduler's 5-minute lease) and then marks how far it got, so a
 * backlog (the job stopped for hours) is caught up over several runs instead of one run the
 * scheduler would take as dead and start again beside it.
 */

const OVERLAP_MS = 2 * 60_000;
const FIRST_LOOKBACK_MS = 60 * 60_000;
const PAGE = 1000;
/** how long one run checks bets before it marks how far it got */
const BUDGET_MS = 60_000;
/** match sides kept this long (a match is bet on for days at most) */
const SIDES_KEPT_MS = 14 * 86_400_000;
const n = (v: unknown) => Number(v ?? 0);

/**
 * What the scheduled job remembers between its runs: the rows it checked that the next run's
 * overlap reads again. Bets: row id -> pulled_at (a bet written again by a later pull is checked
 * again); withdrawals, applications and grabs: `w:id`, `a:id`, `g:id` -> created_at (grabs: id).
 */
export interface RulesMemory {
  bets: Map<number, number>;
  rows: Map<string, number>;
}
export const rulesMemory = (): RulesMemory => ({ bets: new Map(), rows: new Map() });

/** checks a row unless an earlier run did; remembered once its check has ended without an error */
async function once(memory: RulesMemory | undefined, key: string, at: number, check: () => Promise<void>) {
  if (memory?.rows.has(key)) return;
  await check();
  memory?.rows.set(key, at);
}

export interface RunOptions {
  memory?: RulesMemory;
  /** ms of checking bets before the run stops and marks how far it got (default BUDGET_MS) */
  budgetMs?: number;
}

/** what a run did (the bench, the job's log) */
export interface RunSummary {
  /** bets read (the overlap included) and checked (those not already checked by this process) */
  betsRead: number;
  betsChecked: number;
  /** false: the budget ran out before `now`; the next run goes on from the mark */
  caughtUp: boolean;
}

async function markOf(db: Kysely<DB>, name: string): Promise<number | null> {
  const r = await db.selectFrom('risk_marks').select('value').where('name', '=', name).executeTakeFirst();
  return r ? n(r.value) : null;
}
async function setMark(db: Kysely<DB>, name: string, value: number) {
  await db.insertInto('risk_marks').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

/** from (mark - overlap) to now: the window a source is read in */
async function windowOf(db: Kysely<DB>, name: string, now: number) {
  const mark = (await markOf(db, name)) ?? now - FIRST_LOOKBACK_MS;
  return { from: mark - OVERLAP_MS, to: now, mark };
}

/**
 * The bets of [from, to) in (pulled_at, id) order; answers the pulled_at it checked up to, or null
 * when it reached `to`. It stops for the budget only past `mark` (the previous run's), so each run
 * gets beyond the overlap it read again.
 */
async function bets(s: SignalContext, from: number, to: number, mark: number, memory: RulesMemory | undefined, budgetMs: number, sum: RunSummary): Promise<number | null> {
  const began = performance.now();
  let after = { t: from, id: 0 };
  for (;;) {
    const rows = await s.db
      .selectFrom('bets')
      .select(['id', 'platform', 'bet_id', 'member_id', 'game_code', 'game_name', 'bet_amount', 'win_loss', 'status', 'detail', 'created_at', 'settled_at', 'pulled_at', 'round_id', 'side'])
      .where(({ eb, refTuple, tuple }) => eb(refTuple('pulled_at', 'id'), '>=', tuple(after.t, after.id)))
      .where('pulled_at', '<', to)
      .orderBy('pulled_at')
      .orderBy('id')
      .limit(PAGE)
      .execute();
    sum.betsRead += rows.length;
    // the page's bets not checked yet, checked together (checkBets: statements per page, not per bet)
    const page: BetRow[] = [];
    for (const r of rows) {
      const id = n(r.id);
      if (memory?.bets.get(id) === n(r.pulled_at)) continue;
      page.push({ ...r, id, member_id: n(r.member_id), bet_amount: n(r.bet_amount), win_loss: n(r.win_loss), status: n(r.status), created_at: n(r.created_at), settled_at: r.settled_at === null ? null : n(r.settled_at) });
    }
    if (page.length) await checkBets(s, page);
    for (const r of rows) memory?.bets.set(n(r.id), n(r.pulled_at));
    sum.betsChecked += page.length;
    if (rows.length < PAGE) return null;
    const last = rows[rows.length - 1];
    after = { t: n(last.pulled_at), id: n(last.id) + 1 };
    if (after.t > mark && performance.now() - began >= budgetMs) return after.t;
  }
}

async function withdrawals(s: SignalContext, from: number, to: number, memory: RulesMemory | undefined) {
  let afterId = 0;
  for (;;) {
    const rows = await s.db
      .selectFrom('withdrawals')
      .select(['id', 'withdraw_no', 'member_id', 'amount', 'created_at'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const w of rows) {
      await once(memory, `w:${w.id}`, n(w.created_at), () => checkWithdrawal(s, { id: n(w.id), withdraw_no: w.withdraw_no, member_id: n(w.member_id), amount: n(w.amount), created_at: n(w.created_at) }));
    }
    if (rows.length < PAGE) return;
    afterId = n(rows[rows.length - 1].id);
  }
}

async function claims(s: SignalContext, from: number, to: number, memory: RulesMemory | undefined) {
  let afterId = 0;
  for (;;) {
    const rows = await s.db
      .selectFrom('activity_applications')
      .select(['id', 'apply_no', 'member_id', 'activity_id', 'activity_name', 'bonus', 'state', 'created_at'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const a of rows) {
      if (n(a.state) === 3) continue;
      await once(memory, `a:${a.id}`, n(a.created_at), () => checkClaim(s, { kind: 'activity', id: n(a.id), no: a.apply_no, member_id: n(a.member_id), of: n(a.activity_id), title: a.activity_name, amount: n(a.bonus), created_at: n(a.created_at) }));
    }
    if (rows.length < PAGE) break;
    afterId = n(rows[rows.length - 1].id);
  }
}

/** grabs by id (their table has no time index of its own): the ids past the mark, less a margin for late commits */
async function grabs(s: SignalContext, now: number, memory: RulesMemory | undefined) {
  const mark = await markOf(s.db, 'red_packet_grabs');
  let afterId = mark === null ? n((await s.db.selectFrom('red_packet_grabs').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m) - PAGE : mark - 200;
  let top = mark ?? 0;
  const names = new Map<number, string>();
  for (;;) {
    const rows = await s.db.selectFrom('red_packet_grabs').select(['id', 'grab_no', 'member_id', 'rule_id', 'amount', 'created_at']).where('id', '>', afterId).where('created_at', '<', now).orderBy('id').limit(PAGE).execute();
    for (const g of rows) {
      top = Math.max(top, n(g.id));
      await once(memory, `g:${g.id}`, n(g.id), async () => {
        const ruleId = n(g.rule_id);
        if (!names.has(ruleId)) names.set(ruleId, (await s.db.selectFrom('red_packet_rules').select('name').where('id', '=', ruleId).executeTakeFirst())?.name ?? `#${ruleId}`);
        await checkClaim(s, { kind: 'red_packet', id: n(g.id), no: g.grab_no, member_id: n(g.member_id), of: ruleId, title: names.get(ruleId)!, amount: n(g.amount), created_at: n(g.created_at) });
      });
    }
    if (rows.length < PAGE) break;
    afterId = n(rows[rows.length - 1].id);
  }
  await setMark(s.db, 'red_packet_grabs', top);
  return top;
}

/** One run at `now` (tests pass their own clock; DESIGN.md section 6). */
export async function runRiskRules(db: Kysely<DB>, filter: AddressFilter, now: number, opts: RunOptions = {}): Promise<RunSummary> {
  const rules = await loadRules(db);
  const s = signalContext(db, filter, rules, now);
  const sum: RunSummary = { betsRead: 0, betsChecked: 0, caughtUp: true };
  let betsMark = now;
  if (rules.big_win.enabled || rules.linked_opposite.enabled) {
    const w = await windowOf(db, 'bets', now);
    const stopped = await bets(s, w.from, w.to, w.mark, opts.memory, opts.budgetMs ?? BUDGET_MS, sum);
    // stopped within a pulled_at: its remaining rows are in the next run's overlap
    if (stopped !== null) [betsMark, sum.caughtUp] = [stopped, false];
  }
  await setMark(db, 'bets', betsMark);
  const memory = opts.memory;
  if (memory) {
    // only the next run's overlap can read a checked bet again
    for (const [id, at] of memory.bets) if (at < betsMark - OVERLAP_MS) memory.bets.delete(id);
  }
  if (rules.bonus_hunt.enabled || rules.low_turnover.enabled) {
    const w = await windowOf(db, 'withdrawals', now);
    await withdrawals(s, w.from, w.to, memory);
  }
  await setMark(db, 'withdrawals', now);
  if (rules.linked_same_promo.enabled) {
    const w = await windowOf(db, 'activity_applications', now);
    await claims(s, w.from, w.to, memory);
    const top = await grabs(s, now, memory);
    // grabs are read again from 200 ids below the mark; withdrawals and applications from the overlap
    if (memory) for (const [key, at] of memory.rows) if (key.startsWith('g:') && at <= top - 200) memory.rows.delete(key);
  } else {
    // re-enabled later: start again from the newest grabs, never from where it stopped
    await db.deleteFrom('risk_marks').where('name', '=', 'red_packet_grabs').execute();
  }
  await setMark(db, 'activity_applications', now);
  if (memory) for (const [key, at] of memory.rows) if (!key.startsWith('g:') && at < now - OVERLAP_MS) memory.rows.delete(key);
  await db.deleteFrom('risk_bet_sides').where('created_at', '<', now - SIDES_KEPT_MS).execute();
  return sum;
}

export function riskJobs(db: Kysely<DB>, filter: AddressFilter): Job[] {
  const memory = rulesMemory();
  return [{ name: 'risk_rules', everySeconds: 15, leaseMs: 5 * 60_000, run: async (_ctx, now) => void (await runRiskRules(db, filter, now, { memory })) }];
}
