import {
  EXCLUSION_DURATIONS,
  fenToYuan,
  formatYuan,
  REALITY_SESSION_MAX_MS,
  RESPONSIBLE_BLOCKED,
  RESPONSIBLE_COOLING_OFF_HOURS,
  RESPONSIBLE_DURATION_NAMES,
  RESPONSIBLE_KIND_NAMES,
  RESPONSIBLE_KINDS,
  RESPONSIBLE_MSG,
  RESPONSIBLE_PERIOD_NAMES,
  RESPONSIBLE_PERIODS,
  type AdminPaged,
  type AdminResponsibleRow,
  type BreakDuration,
  type ResponsibleBlocked,
  type ResponsibleBreakInput,
  type ResponsibleHistoryRow,
  type ResponsibleLimitInput,
  type ResponsibleLimitKind,
  type ResponsibleListState,
  type ResponsiblePeriod,
  type ResponsibleSession,
  type ResponsibleState,
} from '@casino/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { dayjs, fromWireTime, toWireTime } from '../../lib/time.ts';
import { BUSINESS_TZ } from '@casino/contract';
import { audit } from '../audit/index.ts';
import * as repo from './repo.ts';
import type { ResponsibleChange } from './repo.ts';

const HOUR = 3_600_000;
const COOLING_OFF_MS = RESPONSIBLE_COOLING_OFF_HOURS * HOUR;
const yuanText = (fen: number) => formatYuan(fenToYuan(fen), true);

export interface ResponsibleDeps {
  /** the clock (the promotions clock in production) */
  now: () => number;
  /** brings every venue balance back to the central wallet (transfers module's recover-all) */
  recoverVenues: (memberId: number) => Promise<unknown>;
  /** the operator's reality-check interval for members without their own (site setting) */
  realityDefault: () => Promise<number>;
}

/** [start, end) of the Beijing day, week (from Monday) or month holding `now` */
export function periodBounds(period: ResponsiblePeriod, now: number): { start: number; end: number } {
  const d = dayjs(now).tz(BUSINESS_TZ);
  if (period === 'day') {
    const s = d.startOf('day');
    return { start: s.valueOf(), end: s.add(1, 'day').valueOf() };
  }
  if (period === 'week') {
    const s = d.startOf('day').subtract((d.day() + 6) % 7, 'day');
    return { start: s.valueOf(), end: s.add(7, 'day').valueOf() };
  }
  const s = d.startOf('month');
  return { start: s.valueOf(), end: s.add(1, 'month').valueOf() };
}

/** when a break of this duration that starts at `from` ends */
export function breakEndOf(duration: BreakDuration, from: number): number {
  const d = dayjs(from).tz(BUSINESS_TZ);
  switch (duration) {
    case '24h': return from + 24 * HOUR;
    case '7d': return from + 7 * 24 * HOUR;
    case '30d': return from + 30 * 24 * HOUR;
    case '6m': return d.add(6, 'month').valueOf();
    case '1y': return d.add(1, 'year').valueOf();
    case '2y': return d.add(2, 'year').valueOf();
    case '5y': return d.add(5, 'year').valueOf();
  }
}

/** the limit of one kind and period at `now` (the newest row in force) and a newer one still cooling off */
function limitAt(rows: ResponsibleChange[], kind: string, period: string, now: number) {
  const mine = rows.filter((r) => r.kind === kind && r.period === period);
  let current: ResponsibleChange | null = null;
  for (const r of mine) if (Number(r.effective_at) <= now && (!current || r.id > current.id)) current = r;
  let pending: ResponsibleChange | null = null;
  for (const r of mine) if (Number(r.effective_at) > now && (!current || r.id > current.id) && (!pending || r.id > pending.id)) pending = r;
  return { amount: current?.amount == null ? null : Number(current.amount), pending };
}

/**
 * The break in force at `now` among the member's rows, as repo.breakEnd reads it (a time-out or
 * self-exclusion with effective_at <= now < ends_at, the latest end; on a tie the newer row), for
 * callers that already hold the rows.
 */
function breakAt(rows: ResponsibleChange[], now: number): { kind: string; ends_at: number; effective_at: number } | null {
  let best: ResponsibleChange | null = null;
  for (const r of rows) {
    if ((r.kind !== 'timeout' && r.kind !== 'exclusion') || r.ends_at == null) continue;
    if (Number(r.effective_at) > now || Number(r.ends_at) <= now) continue;
    if (!best || Number(r.ends_at) > Number(best.ends_at) || (Number(r.ends_at) === Number(best.ends_at) && Number(r.id) > Number(best.id))) best = r;
  }
  return best ? { kind: best.kind, ends_at: Number(best.ends_at), effective_at: Number(best.effective_at) } : null;
}

function summaryOf(r: ResponsibleChange): string {
  const kind = RESPONSIBLE_KIND_NAMES[r.kind] ?? r.kind;
  if (r.kind === 'deposit' || r.kind === 'loss') {
    const period = RESPONSIBLE_PERIOD_NAMES[r.period ?? ''] ?? '';
    return r.amount == null ? `取消${period}${kind}` : `${period}${kind} ${yuanText(Number(r.amount))}元`;
  }
  if (r.kind === 'reality') return r.minutes ? `${kind}：每${r.minutes}分钟` : `关闭${kind}`;
  const duration = RESPONSIBLE_DURATION_NAMES[r.duration ?? ''] ?? '';
  return r.actor === 'operator' ? `操作员延长${kind}${duration ? `（${duration}）` : ''}` : `${kind} ${duration}`;
}

function historyRow(r: ResponsibleChange): ResponsibleHistoryRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    period: (r.period as ResponsiblePeriod | null) ?? null,
    amount: r.amount == null ? null : fenToYuan(Number(r.amount)),
    minutes: r.minutes == null ? null : Number(r.minutes),
    duration: r.duration,
    actor: r.actor,
    requested_at: toWireTime(Number(r.requested_at)),
    effective_at: toWireTime(Number(r.effective_at)),
    ends_at: r.ends_at == null ? null : toWireTime(Number(r.ends_at)),
    reason: r.reason,
    summary: summaryOf(r),
  };
}

/** one deposit limit in force and what it leaves (fen) */
export interface DepositHeadroom {
  period: ResponsiblePeriod;
  limit: number;
  used: number;
  left: number;
}

/**
 * issue 33: the member's deposit limits in force at `now` with what each leaves, and the lowest
 * (null: no limit), counting as depositedBetween does; `except` leaves the order under review out.
 * Inside a caller's transaction after repo.lockMember, so decisions of one member take turns.
 */
export async function depositHeadroom(q: Kysely<DB> | Transaction<DB>, memberId: number, now: number, except?: string): Promise<{ limits: DepositHeadroom[]; lowest: DepositHeadroom | null }> {
  const rows = await repo.changesOf(q, memberId);
  const limits: DepositHeadroom[] = [];
  for (const period of RESPONSIBLE_PERIODS) {
    const { amount: limit } = limitAt(rows, 'deposit', period, now);
    if (limit === null) continue;
    const { start, end } = periodBounds(period, now);
    const used = await repo.depositedBetween(q, memberId, start, end, except);
    limits.push({ period, limit, used, left: Math.max(0, limit - used) });
  }
  let lowest: DepositHeadroom | null = null;
  for (const l of limits) if (!lowest || l.left < lowest.left) lowest = l;
  return { limits, lowest };
}

/**
 * issue 38: the member's loss limits in force at `now` with the loss each period has seen so far
 * (settled bets' net result, as refuseIntoPlay counts it), for the seamless wallet's per-bet check.
 */
export async function lossLimitsNow(q: Kysely<DB> | Transaction<DB>, memberId: number, now: number): Promise<{ period: ResponsiblePeriod; limit: number; lost: number }[]> {
  const rows = await repo.changesOf(q, memberId);
  const out: { period: ResponsiblePeriod; limit: number; lost: number }[] = [];
  for (const period of RESPONSIBLE_PERIODS) {
    const { amount: limit } = limitAt(rows, 'loss', period, now);
    if (limit === null) continue;
    const { start, end } = periodBounds(period, now);
    out.push({ period, limit, lost: Math.max(0, -(await repo.netResultBetween(q, memberId, start, end))) });
  }
  return out;
}

/**
 * Responsible play (issue 22, DESIGN.md section 13): what members set, what is in force, and the
 * checks the other modules make before money or play moves.
 */
export function createResponsibleService(ctx: AppContext, deps: ResponsibleDeps) {
  const { db } = ctx;

  async function usedIn(memberId: number, kind: ResponsibleLimitKind, period: ResponsiblePeriod, now: number) {
    const { start, end } = periodBounds(period, now);
    if (kind === 'deposit') return repo.depositedBetween(db, memberId, start, end);
    return Math.max(0, -(await repo.netResultBetween(db, memberId, start, end)));
  }

  async function state(memberId: number, now = deps.now()): Promise<ResponsibleState> {
    const rows = await repo.changesOf(db, memberId);
    const limits = [];
    for (const kind of RESPONSIBLE_KINDS) {
      for (const period of RESPONSIBLE_PERIODS) {
        const { amount, pending } = limitAt(rows, kind, period, now);
        const used = amount !== null || pending ? await usedIn(memberId, kind, period, now) : 0;
        limits.push({
          kind,
          period,
          amount: amount === null ? null : fenToYuan(amount),
          used: fenToYuan(used),
          left: amount === null ? null : fenToYuan(Math.max(0, amount - used)),
          pending: pending ? { amount: pending.amount == null ? null : fenToYuan(Number(pending.amount)), effective_at: toWireTime(Number(pending.effective_at)) } : null,
          period_end: toWireTime(periodBounds(period, now).end),
        });
      }
    }
    const reality = [...rows].reverse().find((r) => r.kind === 'reality');
    const br = await repo.breakEnd(db, memberId, now);
    const fallback = await deps.realityDefault();
    return {
      limits,
      reality_minutes: reality ? Number(reality.minutes ?? 0) : fallback,
      reality_default: !reality,
      reality_default_minutes: fallback,
      active_break: br ? { kind: br.kind as 'timeout' | 'exclusion', starts_at: toWireTime(br.effective_at), ends_at: toWireTime(br.ends_at) } : null,
      history: [...rows].reverse().slice(0, 100).map(historyRow),
      now: toWireTime(now),
    };
  }

  /** refuses the call while the member is on a break: the rule and when it ends */
  async function refuseOnBreak(memberId: number, what: ResponsibleBlocked, now: number, q: typeof db | Transaction<DB> = db) {
    const br = await repo.breakEnd(q, memberId, now);
    if (br) refuse(RESPONSIBLE_MSG.onBreak(RESPONSIBLE_KIND_NAMES[br.kind], toWireTime(br.ends_at), RESPONSIBLE_BLOCKED[what]));
  }

  return {
    state,

    async setLimit(memberId: number, input: ResponsibleLimitInput, now = deps.now()): Promise<{ state: ResponsibleState; message: string }> {
      const rows = await repo.changesOf(db, memberId);
      const { amount: current } = limitAt(rows, input.kind, input.period, now);
      // lower (or a first limit) applies at once; higher or removed after the cooling-off
      const lower = input.amount !== null && (current === null || input.amount <= current);
      const effective = lower ? now : now + COOLING_OFF_MS;
      await repo.insertChange(db, { member_id: memberId, kind: input.kind, period: input.period, amount: input.amount, requested_at: now, effective_at: effective, actor: 'member' });
      return { state: await state(memberId, now), message: lower ? RESPONSIBLE_MSG.limitSet : RESPONSIBLE_MSG.limitPending(toWireTime(effective)) };
    },

    async setReality(memberId: number, minutes: number, now = deps.now()): Promise<ResponsibleState> {
      await repo.insertChange(db, { member_id: memberId, kind: 'reality', minutes, requested_at: now, effective_at: now, actor: 'member' });
      return state(memberId, now);
    },

    /** a break starts at once, can only end later than one in force, and brings venue money home */
    async startBreak(memberId: number, input: ResponsibleBreakInput, now = deps.now()): Promise<{ state: ResponsibleState; message: string }> {
      const ends = breakEndOf(input.duration, now);
      const current = await repo.breakEnd(db, memberId, now);
      if (current && current.ends_at >= ends) refuse(RESPONSIBLE_MSG.breakShorter(RESPONSIBLE_KIND_NAMES[current.kind], toWireTime(current.ends_at)));
      await repo.insertChange(db, { member_id: memberId, kind: input.kind, duration: input.duration, requested_at: now, effective_at: now, ends_at: ends, actor: 'member' });
      await recover(memberId);
      return { state: await state(memberId, now), message: RESPONSIBLE_MSG.breakSet(RESPONSIBLE_KIND_NAMES[input.kind], toWireTime(ends)) };
    },

    refuseOnBreak,

    /**
     * The reality check's net result: the member's settled bets placed since the game session
     * started (as the bet feed has pulled them), through the member's bet-time index. A start
     * in the future or unreadable is refused; one more than a day back counts the last day.
     */
    async session(memberId: number, since: string, now = deps.now()): Promise<ResponsibleSession> {
      const start = fromWireTime(since);
      if (start === null || start > now + 60_000) refuse(RESPONSIBLE_MSG.since);
      const from = Math.max(start, now - REALITY_SESSION_MAX_MS);
      const r = await repo.sessionResult(db, memberId, from, now + 1);
      return { since: toWireTime(from), until: toWireTime(now), bet_count: r.count, bet_amount: fenToYuan(r.betAmount), net_result: fenToYuan(r.net) };
    },

    /** game launch and transfers into venues: a break, then a reached loss limit */
    async refuseIntoPlay(memberId: number, what: 'transferIn' | 'launch', now = deps.now()) {
      // one read of the member's rows answers both: the break first, then the loss limits (issue 37 point 3)
      const rows = await repo.changesOf(db, memberId);
      const br = breakAt(rows, now);
      if (br) refuse(RESPONSIBLE_MSG.onBreak(RESPONSIBLE_KIND_NAMES[br.kind], toWireTime(br.ends_at), RESPONSIBLE_BLOCKED[what]));
      for (const period of RESPONSIBLE_PERIODS) {
        const { amount } = limitAt(rows, 'loss', period, now);
        if (amount === null) continue;
        if ((await usedIn(memberId, 'loss', period, now)) >= amount) refuse(RESPONSIBLE_MSG.lossLimit(RESPONSIBLE_PERIOD_NAMES[period], yuanText(amount), RESPONSIBLE_BLOCKED[what]));
      }
    },

    /**
     * A deposit order is created only within the member's limits, counting every order of the
     * period (pending ones too): the check and the insert share one transaction holding the
     * member's lock, so parallel orders cannot pass the limit together.
     */
    async withinDepositLimit<T>(memberId: number, amount: number, now: number, insert: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      await refuseOnBreak(memberId, 'deposit', now);
      return db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, ctx.dialect, memberId);
        const worst = (await depositHeadroom(trx, memberId, now)).lowest;
        if (worst && amount > worst.left) refuse(RESPONSIBLE_MSG.depositLimit(RESPONSIBLE_PERIOD_NAMES[worst.period], yuanText(worst.limit), yuanText(worst.left)));
        return insert(trx);
      });
    },

    /** the back-office list of members with limits or breaks */
    async list(q: { state?: ResponsibleListState; username?: string; page: number; per_page: number }, now = deps.now()): Promise<AdminPaged<AdminResponsibleRow>> {
      const { total, rows } = await repo.listMembers(db, { state: q.state, username: q.username, page: q.page, perPage: q.per_page, now });
      const out: AdminResponsibleRow[] = [];
      for (const m of rows) {
        const changes = await repo.changesOf(db, m.member_id);
        const br = await repo.breakEnd(db, m.member_id, now);
        const limits: string[] = [];
        for (const kind of RESPONSIBLE_KINDS) {
          for (const period of RESPONSIBLE_PERIODS) {
            const { amount } = limitAt(changes, kind, period, now);
            if (amount !== null) limits.push(`${RESPONSIBLE_PERIOD_NAMES[period]}${RESPONSIBLE_KIND_NAMES[kind]} ${yuanText(amount)}元`);
          }
        }
        out.push({
          member_id: m.member_id,
          username: m.username,
          break_kind: (br?.kind as 'timeout' | 'exclusion' | undefined) ?? null,
          break_ends_at: br ? toWireTime(br.ends_at) : null,
          limits: limits.join('；'),
          last_change_at: toWireTime(Number(changes[changes.length - 1]?.requested_at ?? now)),
        });
      }
      return paged(out, total, q.page, q.per_page);
    },

    async stateOf(username: string, now = deps.now()): Promise<ResponsibleState & { member_id: number; username: string }> {
      const m = await repo.memberByUsername(db, username);
      if (!m) refuse(RESPONSIBLE_MSG.memberNotFound, 404);
      return { ...(await state(m.id, now)), member_id: m.id, username: m.username };
    },

    /** an operator extends a self-exclusion in force (a time-out becomes one); never shortens it */
    async extend(admin: SessionAdmin, input: { username: string; duration: (typeof EXCLUSION_DURATIONS)[number]; reason: string }, meta: { ip: string }, now = deps.now()) {
      const m = await repo.memberByUsername(db, input.username);
      if (!m) refuse(RESPONSIBLE_MSG.memberNotFound, 404);
      const current = await repo.breakEnd(db, m.id, now);
      if (!current) refuse(RESPONSIBLE_MSG.extendNotExcluded);
      // the new period runs from the current end
      const ends = breakEndOf(input.duration, current.ends_at);
      await db.transaction().execute(async (trx) => {
        await repo.insertChange(trx, { member_id: m.id, kind: 'exclusion', duration: input.duration, requested_at: now, effective_at: now, ends_at: ends, actor: 'operator', admin_id: admin.adminId, reason: input.reason });
        await audit(trx, {
          adminId: admin.adminId,
          action: 'responsible.extend',
          target: `member:${m.id}`,
          detail: { before: { kind: current.kind, ends_at: toWireTime(current.ends_at) }, after: { kind: 'exclusion', ends_at: toWireTime(ends) }, duration: input.duration, reason: input.reason },
          ip: meta.ip,
          now,
        });
      });
      await recover(m.id);
      return { ...(await state(m.id, now)), member_id: m.id, username: m.username };
    },
  };

  /** venue money comes home when a break starts; a venue that cannot answer is left to the member's 一键回收 */
  async function recover(memberId: number) {
    try {
      await deps.recoverVenues(memberId);
    } catch (err) {
      ctx.log.warn({ err, memberId }, 'responsible: recovering venue balances at a break failed');
    }
  }
}
export type ResponsibleService = ReturnType<typeof createResponsibleService>;
