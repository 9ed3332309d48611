import {
  fenToYuan,
  RECON_CHECK_TITLES,
  RECON_CHECKS,
  RECON_DAILY_MSG,
  RECON_ITEM_KINDS,
  RECON_MAX_DAYS_BACK,
  BUSINESS_TZ,
  reconCheckFailed,
  type ReconRunState,
  type ReconCheck,
  type ReconCheckResult,
  type ReconDayResult,
  type ReconDayRow,
  type ReconFigure,
  type ReconItemKind,
  type ReconItemRow,
  type ReconItemsInput,
} from '@casino/contract';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { paged } from '../../lib/paging.ts';
import { audit } from '../audit/index.ts';
import * as repo from './daily-repo.ts';
import { createDailyChecks, type CheckOutcome, type DailyDeps } from './daily-checks.ts';

export type { DailyDeps } from './daily-checks.ts';

const DAY_MS = 86_400_000;
/**
 * A day's run holds the day this long (the daily job's own lease is the same): a run that started
 * longer ago is taken as dead (its process stopped) and another request or the job may take the
 * day over; a result the dead run stores later is dropped (finishDay checks the holder).
 */
export const DAY_LEASE_MS = 30 * 60_000;
/** a queued day is started at once by the process that accepted it; one still queued after this was left behind */
const QUEUED_GRACE_MS = 60_000;

/** one check could not be computed (its error is logged; the day's run fails with a Chinese message) */
class CheckFailure extends Error {
  constructor(
    readonly check: ReconCheck,
    readonly cause: unknown,
  ) {
    super(reconCheckFailed(RECON_CHECK_TITLES[check]));
  }
}

/** 'YYYY-MM-DD' of the Beijing day containing ms */
export function beijingDay(ms: number): string {
  return dayjs(ms).tz(BUSINESS_TZ).format('YYYY-MM-DD');
}

/** [since, until) of a Beijing day */
export function dayWindow(day: string): { since: number; until: number } {
  const start = dayjs.tz(day, BUSINESS_TZ).startOf('day');
  return { since: start.valueOf(), until: start.add(1, 'day').valueOf() };
}

type Operator = { adminId: number; username: string; ip: string };

/**
 * The daily reconciliation (issue 13; DESIGN.md section 4 "Reconciliation"): for one Beijing day,
 * every ledger movement of the day against the row that caused it (and back), the venues' own
 * balances against our books, the gateway's records against our online orders, and verify().
 * Each side is read through a per-day window on an indexed time column and joined by unique key,
 * so a day costs what the day holds, never the whole history. The result is stored per day; the
 * job computes yesterday once, an operator may compute any day again.
 */
export function createDailyReconciliation(ctx: AppContext, deps: DailyDeps) {
  const { db } = ctx;
  const checks = createDailyChecks(ctx, deps);

  /** one check; a failure names the check */
  async function step(check: ReconCheck, fn: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
    try {
      return await fn();
    } catch (err) {
      throw new CheckFailure(check, err);
    }
  }

  /** computes a day (the checks one after another: they share the database with the site) */
  async function compute(day: string, now: number) {
    const { since, until } = dayWindow(day);
    const outcomes: CheckOutcome[] = [];
    outcomes.push(await step('deposits', () => checks.deposits(since, until)));
    outcomes.push(await step('withdrawals', () => checks.withdrawals(since, until)));
    outcomes.push(await step('transfers', () => checks.transfers(since, until)));
    outcomes.push(await step('venues', () => checks.venues(since, until, now)));
    const seamless = deps.seamless; // issue 38
    if (seamless) outcomes.push(await step('seamless', () => seamless(since, until)));
    outcomes.push(await step('gateway', () => checks.gateway(since, until)));
    outcomes.push(await step('ledger', () => checks.ledger()));
    return outcomes;
  }

  function checkResult(o: { check: ReconCheck; differences: number; truncated: boolean; figures: ReconFigure[]; note: string }, wire: boolean): ReconCheckResult {
    return {
      check: o.check,
      title: RECON_CHECK_TITLES[o.check],
      ok: o.differences === 0,
      differences: o.differences,
      truncated: o.truncated,
      figures: wire ? o.figures.map((f) => (f.unit === 'yuan' ? { ...f, ours: fenToYuan(f.ours), theirs: fenToYuan(f.theirs) } : f)) : o.figures,
      note: o.note,
    };
  }

  const time = (ms: number | null) => (ms === null ? null : toWireTime(Number(ms)));
  const resultStatus = (v: string | null) => (v === 'clean' ? 'clean' : v === 'differences' ? 'differences' : null);

  function dayResult(row: NonNullable<Awaited<ReturnType<typeof repo.dayRow>>>): ReconDayResult {
    const checks = row.checks ? (JSON.parse(row.checks) as ReconCheckResult[]).map((c) => checkResult(c, true)) : [];
    return {
      day: row.day,
      state: row.state as ReconRunState,
      requested_at: toWireTime(Number(row.requested_at)),
      requested_by: row.requested_by,
      started_at: time(row.started_at),
      error: row.state === 'failed' ? row.error : null,
      status: resultStatus(row.status),
      differences: Number(row.differences ?? 0),
      checks: RECON_CHECKS.map((k) => checks.find((c) => c.check === k)).filter((c): c is ReconCheckResult => Boolean(c)),
      computed_at: time(row.computed_at),
      computed_by: row.computed_by,
      duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    };
  }

  /** a day an operator may ask for: not in the future, not too far back */
  function checkDay(day: string, now: number) {
    const today = beijingDay(now);
    if (day > today) refuse(RECON_DAILY_MSG.future);
    if (dayWindow(day).since < dayWindow(today).since - RECON_MAX_DAYS_BACK * DAY_MS) refuse(RECON_DAILY_MSG.tooOld);
  }

  /** this process, as the holder of the days it runs */
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 64);
  const lease = (now: number): repo.Lease => ({ runningBefore: now - DAY_LEASE_MS, queuedBefore: now - QUEUED_GRACE_MS });
  /** runs of this process still computing, by day (stop() waits for them) */
  const inFlight = new Map<string, Promise<void>>();
  let stopping = false;

  /**
   * Runs a queued day: takes it (running, this holder), computes it and stores the result in place
   * of the previous one, or marks it failed with a Chinese message (the previous result stays).
   * Another process that took the day first leaves this one nothing to do.
   */
  async function execute(day: string, computedBy: string): Promise<void> {
    const started = Date.now();
    if (!(await repo.claimDay(db, day, holder, started))) return;
    try {
      const outcomes = await compute(day, started);
      const items = outcomes.flatMap((o) => o.items);
      const checks = outcomes.map((o) => checkResult({ ...o, differences: o.items.length }, false));
      const record = {
        day,
        holder,
        status: items.length ? 'differences' : 'clean',
        differences: items.length,
        checks: JSON.stringify(checks),
        computedAt: started,
        computedBy,
        durationMs: Date.now() - started,
      };
      const stored = await db.transaction().execute((trx) => repo.finishDay(trx, record, items));
      if (!stored) return void ctx.log.warn({ day }, 'daily reconciliation: the day was taken over by another run; this result is dropped');
      if (items.length) ctx.log.error({ day, differences: items.length, checks: checks.filter((c) => !c.ok).map((c) => c.check) }, 'daily reconciliation: differences found');
    } catch (err) {
      const failure = err instanceof CheckFailure ? err : null;
      ctx.log.error({ err: failure ? failure.cause : err, day, check: failure?.check }, 'daily reconciliation: the run failed');
      await repo.failDay(db, day, holder, failure ? failure.message : RECON_DAILY_MSG.storeFailed).catch((e) => ctx.log.error({ err: e, day }, 'daily reconciliation: marking the run failed failed'));
    }
  }

  /** starts a queued day in the background of this process */
  function launch(day: string, computedBy: string): Promise<void> {
    const running = inFlight.get(day);
    if (running) return running;
    const p = execute(day, computedBy)
      .catch((err) => ctx.log.error({ err, day }, 'daily reconciliation: the run failed'))
      .finally(() => inFlight.delete(day));
    inFlight.set(day, p);
    return p;
  }

  /** asks for a day's run and runs it (awaited: the job), answering whether this call ran it */
  async function runNow(day: string, now: number): Promise<boolean> {
    if (!(await repo.requestDay(db, day, 'job', now, lease(now)))) return false;
    await launch(day, 'job');
    return true;
  }

  function itemRow(r: Awaited<ReturnType<typeof repo.listItems>>['rows'][number]): ReconItemRow {
    const kind = r.kind as ReconItemKind;
    return {
      id: Number(r.id),
      check: r.check_name as ReconCheck,
      kind,
      kind_text: RECON_ITEM_KINDS[kind] ?? r.kind,
      reference: r.reference,
      refs: JSON.parse(r.refs) as Record<string, string | number>,
      expected: r.expected === null ? null : fenToYuan(Number(r.expected)),
      actual: r.actual === null ? null : fenToYuan(Number(r.actual)),
      note: r.note,
    };
  }

  return {
    compute,

    /**
     * The job (every 10 minutes): yesterday, once; a day already stored (or asked for) is left
     * alone, so each day is computed once however many processes run. Otherwise a day whose run
     * was left behind by a stopped process (queued or running past its lease) is run again.
     */
    async runDue(now = Date.now()): Promise<string | null> {
      const day = beijingDay(now - DAY_MS);
      if (!(await repo.dayRow(db, day)) && (await runNow(day, now))) return day;
      for (const stale of await repo.staleDays(db, lease(now), 1)) {
        if (await runNow(stale, now)) return stale;
      }
      return null;
    },

    /** POST /admin/api/reconciliation/daily: the stored result and run state, null when the day was never asked for */
    async day(day: string, now = Date.now()): Promise<ReconDayResult | null> {
      checkDay(day, now);
      const row = await repo.dayRow(db, day);
      return row ? dayResult(row) : null;
    },

    /**
     * POST /admin/api/reconciliation/run: asks for the day again and answers at once (queued or
     * running); the run computes in the background of this process. Accepted, the request is
     * audited (before: the stored result; after: queued) in the same transaction; while a run of
     * the day is queued or running (in any process) the same state is answered, nothing audited.
     */
    async rerun(day: string, operator: Operator, now = Date.now()): Promise<{ accepted: boolean; day: ReconDayResult }> {
      checkDay(day, now);
      const accepted =
        !stopping &&
        (await db.transaction().execute(async (trx) => {
          const before = await repo.dayRow(trx, day);
          if (!(await repo.requestDay(trx, day, operator.username, now, lease(now)))) return false;
          await audit(trx, {
            adminId: operator.adminId,
            action: 'reconciliation.rerun',
            target: `reconciliation-day:${day}`,
            detail: {
              before: before
                ? { state: before.state, status: before.status, differences: before.differences === null ? null : Number(before.differences), computed_at: time(before.computed_at), computed_by: before.computed_by }
                : null,
              after: { state: 'queued', requested_by: operator.username },
            },
            ip: operator.ip,
            now,
          });
          return true;
        }));
      if (accepted) void launch(day, operator.username);
      const row = await repo.dayRow(db, day);
      if (!row) refuse(RECON_DAILY_MSG.storeFailed);
      return { accepted, day: dayResult(row!) };
    },

    /** the runs this process has in flight (tests wait on them) */
    settled(): Promise<unknown> {
      return Promise.allSettled([...inFlight.values()]);
    },

    /** no new runs; waits for those in flight (before the database closes) */
    async stop() {
      stopping = true;
      await Promise.allSettled([...inFlight.values()]);
    },

    /** POST /admin/api/reconciliation/daily-items: the day's differences, page by page */
    async items(input: ReconItemsInput) {
      const { rows, total } = await repo.listItems(db, { day: input.day, check: input.check, limit: input.per_page, offset: (input.page - 1) * input.per_page });
      return paged(rows.map(itemRow), total, input.page, input.per_page);
    },

    /** POST /admin/api/reconciliation/days: the days run, newest first */
    async days(page: number, perPage: number) {
      const { rows, total } = await repo.listDays(db, perPage, (page - 1) * perPage);
      const out: ReconDayRow[] = rows.map((r) => ({
        day: r.day,
        state: r.state as ReconRunState,
        status: resultStatus(r.status),
        differences: Number(r.differences ?? 0),
        computed_at: time(r.computed_at),
        computed_by: r.computed_by,
        requested_by: r.requested_by,
      }));
      return paged(out, total, page, perPage);
    },
  };
}
export type DailyReconciliation = ReturnType<typeof createDailyReconciliation>;
