import { fenToYuan, formatYuan, type ReconCheck, type ReconFigure, type ReconItemKind } from '@casino/contract';
import type { GatewayOrder } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../context.ts';
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
  /** issue 38: seamless rounds against the providers' round reports (daily-seamless.ts) */
  seamless?: (since: number, until: number) => Promise<CheckOutcome>;
}

/** differences listed per query (a check lists at most a few of these) */
const LIST_LIMIT = 200;
/** members whose venue balances are asked for per day (the minute job's sweep covers everyone) */
const ACTIVE_LIMIT = 1000;
/** online orders asked of the gateway per day and kind (paid; expired or failed) */
const GATEWAY_LIMIT = 500;
const CONCURRENCY = 4;

/** runs fn over items, a few at a time */
async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

export interface CheckOutcome {
  check: ReconCheck;
  items: ItemRow[];
  truncated: boolean;
  /** money figures in fen (converted on the wire) */
  figures: ReconFigure[];
  note: string;
}

/**
 * The checks of the daily reconciliation (daily.ts runs them one after another, stores and
 * answers their results): for one Beijing day's window, each side read through an indexed time
 * column and joined by unique key, every difference an item (at most LIST_LIMIT a query), the
 * figures in fen. Deposits, withdrawals and transfers against their ledger entries and back, the
 * venues' own balances against our clearing accounts, the gateway's records against our online
 * orders, and verifyLedger over the whole ledger.
 */
export function createDailyChecks(ctx: AppContext, deps: DailyDeps) {
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
        `转入 ${formatYuan(fenToYuan(Number(d.sent_in)), true)} − 转出 ${formatYuan(fenToYuan(Number(d.taken_out)), true)} + 输赢 ${formatYuan(fenToYuan(Number(d.game_result)), true)}；` +
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
    const clearingText = held.length ? held.map(([p, fen]) => `${p} ${formatYuan(fenToYuan(fen), true)}`).join('，') : '均为 0';
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

  return { deposits, withdrawals, transfers, venues, gateway, ledger };
}
