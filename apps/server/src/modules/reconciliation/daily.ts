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
import type { GatewayOrder } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { paged } from '../../lib/paging.ts';
import { audit } from '../audit/index.ts';
import { verifyLedger } from '../wallet/index.ts';
import * as repo from './daily-repo.ts';
import type { ItemRow } from './daily-repo.ts';
import type { Reconciliation } from './service.ts';

export interface DailyDeps {
  /** the venue reconciliation (its look at one member, and its recording of a stable difference) */
  venues: Pick<Reconciliation, 'measure' | 'checkMember'>;
  /** pulls the venues' bet feeds up to now */
  pullBets: () => Promise<unknown>;
  /** what the payment gateway says of one of our orders (payments.service.gatewayOrder) */
  gatewayOrder: (depositNo: string) => Promise<GatewayOrder | undefined>;
}

/** differences listed per query (a check lists at most a few of these) */
const LIST_LIMIT = 200;
/** members whose venue balances are asked for per day (the minute job's sweep covers everyone) */
const ACTIVE_LIMIT = 1000;
/** online orders asked of the gateway per day and kind (paid; expired or failed) */
const GATEWAY_LIMIT = 500;
const CONCURRENCY = 4;
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

/** runs fn over items, a few at a time */
async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

interface CheckOutcome {
  check: ReconCheck;
  items: ItemRow[];
  truncated: boolean;
  /** money figures in fen (converted on the wire) */
  figures: ReconFigure[];
  note: string;
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
  const item = (check: ReconCheck, kind: ReconItemKind, reference: string, refs: ItemRow['refs'], expected: number | null, actual: number | null, note = ''): ItemRow => ({
    check_name: check,
    kind,
    reference,
    refs,
    expected,
    actual,
    note,
  });
  const yuan = (label: string, ours: number, theirs: number): ReconFigure => ({ label, ours, theirs, unit: 'yuan' });
  const count = (label: string, ours: number, theirs: number): ReconFigure => ({ label, ours, theirs, unit: 'count' });

  async function deposits(since: number, until: number): Promise<CheckOutcome> {
    const [credited, entries, missing, bonuses, orphans] = await Promise.all([
      repo.depositsCredited(db, since, until),
      repo.entriesOfKind(db, 'deposit', since, until),
      repo.depositsWithoutEntry(db, since, until, LIST_LIMIT),
      repo.bonusesWithoutEntry(db, since, until, LIST_LIMIT),
      repo.depositEntriesWithoutDeposit(db, since, until, LIST_LIMIT),
    ]);
    const items: ItemRow[] = [];
    for (const d of missing) {
      const refs = { deposit_no: d.deposit_no, member_id: Number(d.member_id), ...(d.entry_id !== null ? { entry_id: Number(d.entry_id) } : {}) };
      items.push(
        d.entry_id === null
          ? item('deposits', 'deposit_without_entry', d.deposit_no, refs, Number(d.credited_amount ?? 0), null, '存款单状态为已入账，账本无 deposit 分录')
          : item('deposits', 'deposit_amount_mismatch', d.deposit_no, refs, Number(d.credited_amount ?? 0), Number(d.entry_amount)),
      );
    }
    for (const d of bonuses) {
      items.push(item('deposits', 'deposit_bonus_without_entry', d.deposit_no, { deposit_no: d.deposit_no, member_id: Number(d.member_id) }, Number(d.bonus_amount), null));
    }
    for (const e of orphans) {
      const refs = { entry_id: Number(e.id), reference: e.reference, idempotency_key: e.idempotency_key, ...(e.member_id !== null ? { member_id: Number(e.member_id) } : {}) };
      items.push(item('deposits', 'entry_without_deposit', `entry:${e.id}`, refs, null, Number(e.amount), e.status ? `存款单状态为 ${e.status}` : '无此存款单'));
    }
    return {
      check: 'deposits',
      items,
      truncated: [missing, bonuses, orphans].some((l) => l.length >= LIST_LIMIT),
      figures: [count('入账笔数（存款单 / 账本分录）', credited.count, entries.count), yuan('入账金额（存款单 / 账本分录）', credited.sum, entries.sum)],
      note: '按存款单入账时间与分录记账时间取当日；双方按存款单号逐笔对应',
    };
  }

  async function withdrawals(since: number, until: number): Promise<CheckOutcome> {
    const [created, approved, rejected, holds, payouts, returns] = await Promise.all([
      repo.withdrawalsCreated(db, since, until),
      repo.withdrawalsDecided(db, 2, since, until),
      repo.withdrawalsDecided(db, 3, since, until),
      repo.entriesOfKind(db, 'withdraw_hold', since, until),
      repo.entriesOfKind(db, 'withdraw_payout', since, until),
      repo.entriesOfKind(db, 'withdraw_return', since, until),
    ]);
    const [noHold, noPayout, noReturn, orphans] = await Promise.all([
      repo.withdrawalsWithoutEntry(db, { by: 'created_at', kind: 'withdraw_hold', since, until, limit: LIST_LIMIT }),
      repo.withdrawalsWithoutEntry(db, { by: 'decided_at', state: 2, kind: 'withdraw_payout', since, until, limit: LIST_LIMIT }),
      repo.withdrawalsWithoutEntry(db, { by: 'decided_at', state: 3, kind: 'withdraw_return', since, until, limit: LIST_LIMIT }),
      repo.withdrawalEntriesWithoutWithdrawal(db, since, until, LIST_LIMIT),
    ]);
    const items: ItemRow[] = [];
    const missing = (list: typeof noHold, kind: ReconItemKind) => {
      for (const w of list) {
        const refs = { withdraw_no: w.withdraw_no, member_id: Number(w.member_id), ...(w.entry_id !== null ? { entry_id: Number(w.entry_id) } : {}) };
        items.push(
          w.entry_id === null
            ? item('withdrawals', kind, w.withdraw_no, refs, Number(w.amount), null)
            : item('withdrawals', 'withdrawal_amount_mismatch', w.withdraw_no, refs, Number(w.amount), Number(w.entry_amount)),
        );
      }
    };
    missing(noHold, 'withdrawal_hold_missing');
    missing(noPayout, 'withdrawal_payout_missing');
    missing(noReturn, 'withdrawal_return_missing');
    for (const e of orphans) {
      const refs = { entry_id: Number(e.id), entry_kind: e.kind, reference: e.reference, ...(e.member_id !== null ? { member_id: Number(e.member_id) } : {}) };
      items.push(item('withdrawals', 'entry_without_withdrawal', `entry:${e.id}`, refs, null, Number(e.amount), e.state === null ? '无此取款单' : `取款单状态为 ${e.state}`));
    }
    return {
      check: 'withdrawals',
      items,
      truncated: [noHold, noPayout, noReturn, orphans].some((l) => l.length >= LIST_LIMIT),
      figures: [
        yuan('提交冻结（取款单 / 分录）', created.sum, holds.sum),
        count('出款笔数（已通过 / 分录）', approved.count, payouts.count),
        yuan('出款金额（已通过 / 分录）', approved.sum, payouts.sum),
        yuan('拒绝退回（已拒绝 / 分录）', rejected.sum, returns.sum),
      ],
      note: '提交按创建时间、出款与退回按审核时间取当日；按取款单号逐笔对应',
    };
  }

  async function transfers(since: number, until: number): Promise<CheckOutcome> {
    const [settled, moved, missing, orphans] = await Promise.all([
      repo.transfersSettled(db, since, until),
      repo.clearingMovements(db, since, until),
      repo.transfersWithoutEntry(db, since, until, LIST_LIMIT),
      repo.transferEntriesWithoutTransfer(db, since, until, LIST_LIMIT),
    ]);
    const items: ItemRow[] = [];
    for (const t of missing) {
      const refs = { transfer_id: t.transfer_id, member_id: Number(t.member_id), platform: t.platform, direction: t.direction, ...(t.entry_id !== null ? { entry_id: Number(t.entry_id) } : {}) };
      const kind = repo.outcomeKind(t.direction, Number(t.status));
      items.push(
        t.entry_id === null
          ? item('transfers', 'transfer_without_entry', t.transfer_id, refs, Number(t.amount), null, `缺少 ${kind} 分录`)
          : item('transfers', 'transfer_amount_mismatch', t.transfer_id, refs, Number(t.amount), Number(t.entry_amount)),
      );
    }
    for (const e of orphans) {
      const refs = { entry_id: Number(e.id), entry_kind: e.kind, reference: e.reference, ...(e.platform ? { platform: e.platform } : {}), ...(e.member_id !== null ? { member_id: Number(e.member_id) } : {}) };
      items.push(item('transfers', 'entry_without_transfer', `entry:${e.id}`, refs, null, Number(e.amount), e.status === null ? '无此转账' : `转账状态为 ${e.status}`));
    }
    // per venue: transfers settled into / out of it against the entries to / from its clearing account
    const platforms = [...new Set([...settled.map((s) => s.platform), ...moved.out.map((m) => m.platform), ...moved.in.map((m) => m.platform)])].sort();
    const figures: ReconFigure[] = [];
    for (const p of platforms) {
      const sum = (direction: string) => settled.filter((s) => s.platform === p && s.direction === direction && s.status === 1).reduce((a, s) => a + s.sum, 0);
      figures.push(yuan(`${p} 转入场馆（转账 / 清算分录）`, sum('to_venue'), moved.out.find((m) => m.platform === p)?.sum ?? 0));
      figures.push(yuan(`${p} 转出场馆（转账 / 清算分录）`, sum('from_venue'), moved.in.find((m) => m.platform === p)?.sum ?? 0));
    }
    return {
      check: 'transfers',
      items,
      truncated: missing.length >= LIST_LIMIT || orphans.length >= LIST_LIMIT,
      figures,
      note: '按转账完成时间取当日，逐笔对应清算分录（转账号 transfer:<id>）；各场馆合计为当日发生额',
    };
  }

  async function venues(since: number, until: number, now: number): Promise<CheckOutcome> {
    const { members, more } = await repo.activeMembers(db, since, until, ACTIVE_LIMIT);
    const expected = new Map<string, number>();
    const reported = new Map<string, number>();
    const unanswered = new Set<string>();
    const differing: number[] = [];
    if (members.length) await deps.pullBets();
    await eachLimited(members, async (memberId) => {
      try {
        const figures = await deps.venues.measure(memberId, { all: true, unanswered });
        let differs = false;
        for (const [platform, f] of figures) {
          expected.set(platform, (expected.get(platform) ?? 0) + f.expected);
          reported.set(platform, (reported.get(platform) ?? 0) + f.reported);
          if (f.difference !== 0) differs = true;
        }
        if (differs) differing.push(memberId);
      } catch (err) {
        ctx.log.error({ err, memberId }, 'daily reconciliation: measuring a member failed');
      }
    });
    // a difference counts once it is seen twice alike (the venue reconciliation's own rule), and is recorded there
    await eachLimited(differing, async (memberId) => {
      try {
        await deps.venues.checkMember(memberId, now);
      } catch (err) {
        ctx.log.error({ err, memberId }, 'daily reconciliation: checking a member failed');
      }
    });
    const found = await repo.venueDifferences(db, since, until, now, LIST_LIMIT);
    const items: ItemRow[] = found.map((d) =>
      item(
        'venues',
        'venue_balance_mismatch',
        `difference:${d.id}`,
        { difference_id: Number(d.id), member_id: Number(d.member_id), username: d.username, platform: d.platform },
        Number(d.expected),
        Number(d.reported),
        `转入 ${fenToYuan(Number(d.sent_in)).toFixed(2)} − 转出 ${fenToYuan(Number(d.taken_out)).toFixed(2)} + 输赢 ${fenToYuan(Number(d.game_result)).toFixed(2)}；` +
          (d.state === 'open' ? '待处理（该场馆转出已暂停）' : `已处理：${d.note ?? ''}`),
      ),
    );
    for (const provider of unanswered) items.push(item('venues', 'venue_no_answer', provider, { provider }, null, null, '该供应商的场馆本次未核对'));
    const clearing = await repo.clearingBalances(db);
    const figures: ReconFigure[] = [];
    // venues where the day's members hold (or should hold) something; all-zero venues say nothing
    for (const p of [...expected.keys()].sort()) {
      if (expected.get(p) || reported.get(p)) figures.push(yuan(`${p} 会员余额（账面应有 / 场馆报告）`, expected.get(p) ?? 0, reported.get(p) ?? 0));
    }
    const held = [...clearing].filter(([, fen]) => fen !== 0).sort(([a], [b]) => a.localeCompare(b));
    const clearingText = held.length ? held.map(([p, fen]) => `${p} ${fenToYuan(fen).toFixed(2)}`).join('，') : '均为 0';
    return {
      check: 'venues',
      items,
      truncated: more || found.length >= LIST_LIMIT,
      figures: [count('核对会员数（当日有转账或投注）', members.length, members.length), ...figures],
      note: `逐一向场馆查询当日活跃会员的余额（最多 ${ACTIVE_LIMIT} 人，其余由每分钟的巡检覆盖）：转入 − 转出 + 注单输赢 = 场馆余额，差额两次一致才记为差异。运算时各场馆清算账户余额（账本）：${clearingText}`,
    };
  }

  async function gateway(since: number, until: number): Promise<CheckOutcome> {
    const [paid, unpaid] = await Promise.all([repo.onlinePaid(db, since, until, GATEWAY_LIMIT), repo.onlineUnpaid(db, since, until, GATEWAY_LIMIT)]);
    const items: ItemRow[] = [];
    let confirmed = 0;
    let ourSum = 0;
    let theirSum = 0;
    const ask = async (no: string) => {
      try {
        return (await deps.gatewayOrder(no)) ?? null;
      } catch (err) {
        ctx.log.warn({ err: String(err), deposit: no }, 'daily reconciliation: the gateway did not answer');
        return null;
      }
    };
    await eachLimited(paid, async (d) => {
      const refs = { deposit_no: d.deposit_no, member_id: Number(d.member_id), ...(d.gateway ? { gateway: d.gateway } : {}) };
      const ours = Number(d.paid_amount ?? 0);
      ourSum += ours;
      const n = await ask(d.deposit_no);
      if (!n) return void items.push(item('gateway', 'gateway_no_answer', d.deposit_no, refs, ours, null));
      const withOrder = { ...refs, gateway_order_no: n.gatewayOrderNo };
      if (n.state !== 'paid') return void items.push(item('gateway', 'gateway_not_paid', d.deposit_no, withOrder, ours, null, `通道状态 ${n.state}`));
      theirSum += n.paidAmount ?? 0;
      if (n.paidAmount !== ours) return void items.push(item('gateway', 'gateway_amount_mismatch', d.deposit_no, withOrder, ours, n.paidAmount));
      confirmed++;
    });
    let paidElsewhere = 0;
    await eachLimited(unpaid, async (d) => {
      const refs = { deposit_no: d.deposit_no, member_id: Number(d.member_id), status: d.status };
      const n = await ask(d.deposit_no);
      if (!n) return void items.push(item('gateway', 'gateway_no_answer', d.deposit_no, refs, null, null));
      if (n.state === 'paid') {
        paidElsewhere++;
        items.push(item('gateway', 'gateway_paid_not_credited', d.deposit_no, { ...refs, gateway_order_no: n.gatewayOrderNo }, null, n.paidAmount, `我方状态 ${d.status}`));
      }
    });
    items.sort((a, b) => a.reference.localeCompare(b.reference));
    return {
      check: 'gateway',
      items,
      truncated: paid.length >= GATEWAY_LIMIT || unpaid.length >= GATEWAY_LIMIT,
      figures: [
        count('当日已支付订单（我方 / 通道确认）', paid.length, confirmed),
        yuan('已支付金额（我方 / 通道）', ourSum, theirSum),
        count('过期或失败订单（查询 / 通道已支付）', unpaid.length, paidElsewhere),
      ],
      note: `当日支付的在线订单与当日创建后过期或失败的在线订单逐笔向通道查询（各最多 ${GATEWAY_LIMIT} 笔）`,
    };
  }

  async function ledger(): Promise<CheckOutcome> {
    const violations = await verifyLedger(ctx);
    return {
      check: 'ledger',
      items: violations.map((v) => item('ledger', 'ledger_violation', v.account ?? v.check, { check: v.check, ...(v.account ? { account: v.account } : {}) }, null, null, v.message)),
      truncated: false,
      figures: [count('不通过项', 0, violations.length)],
      note: '全部账户余额之和为零、每个余额等于其分录、会员余额不为负、幂等键唯一、分录金额为正（运算时的整个账本）',
    };
  }

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
    outcomes.push(await step('deposits', () => deposits(since, until)));
    outcomes.push(await step('withdrawals', () => withdrawals(since, until)));
    outcomes.push(await step('transfers', () => transfers(since, until)));
    outcomes.push(await step('venues', () => venues(since, until, now)));
    outcomes.push(await step('gateway', () => gateway(since, until)));
    outcomes.push(await step('ledger', () => ledger()));
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
