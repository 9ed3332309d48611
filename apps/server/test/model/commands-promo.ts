import fc from 'fast-check';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { monthOf, shiftMonth } from '../../src/modules/agents/settlement-month.ts';
import { dayKey } from '../../src/modules/promotions/index.ts';
import { checkStep, tally, type Real } from './checks.ts';
import { houseMoves, pick, playRefusal, refreshLimits, settle, VENUES, yuan, type Model, type ModelMember } from './model.ts';

/**
 * The model test's promotions, agents, responsible play and clocks (issue 35 point 1): the rebate
 * run (the daily job at a given day) and the member's claim, a red-packet grab (on the promotions
 * clock, set to the grab window), an activity application and the operator's reward, an agent's
 * month settled (the job at a given month), the statement adjusted and paid or rejected, a daily
 * loss limit, and a day passing for the sequence's members. Each applies to the model what should
 * happen and checks the server against it (checks.ts).
 */
type Cmd = fc.AsyncCommand<Model, Real>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** rounds settled after this are today's (a rebate run or a day passing moves them before it) */
const REAL_TIMES = Date.UTC(2020, 0, 1);
/** the rebate runs' days: one fresh Beijing day each, from 2000-01-01 (noon Beijing) */
const FIRST_REBATE_NOON = Date.UTC(2000, 0, 1, 4);
/** agent statements: far in the future once settled, so a later month lists only its own agent */
const HIDDEN = Date.UTC(9000, 0, 1);

const ids = (m: Model, r: Real) => m.members.map((mm) => r.members.get(mm.name)!.id);

/**
 * The rebate job's run of a day: the sequence's rounds not yet rebated are put in a fresh day
 * (their rows' settle time set back: the job's clock moved on past it), and the job's tick the
 * next morning settles it: each member and venue earns floor(valid x rate) of the slots'
 * (electronic) rate at VIP level 0; a second tick settles nothing again. Then the day's rows.
 */
export class RebateRun implements Cmd {
  day = '';
  // a run with nothing to settle only when the rounds earned nothing yet (their stakes below a fen of rebate)
  check = (m: Readonly<Model>) => m.members.some((x) => VENUES.some((v) => x.unrebated[v] > 0));
  async run(m: Model, r: Real) {
    const { t } = r;
    const p = r.shared.promo;
    const noon = FIRST_REBATE_NOON + p.nextDay++ * DAY;
    this.day = dayKey(noon);
    await t.ctx.db.updateTable('bets').set({ settled_at: noon }).where('member_id', 'in', ids(m, r)).where('settled_at', '>=', REAL_TIMES).execute();
    // the job's tick at 06:00 the next morning settles the day before
    const first = await t.promotions.rebateTick(noon + 18 * HOUR);
    expect(first, `${this}: the job settled the day`).toMatchObject({ day: this.day, settled: true });
    expect(await t.promotions.rebateTick(noon + 19 * HOUR), `${this}: once`).toMatchObject({ day: this.day, settled: false });
    const want: { member_id: number; platform: string; amount: number; state: number }[] = [];
    for (const mm of m.members) {
      for (const v of VENUES) {
        const amount = Math.floor((mm.unrebated[v] * p.rebateBp) / 10_000);
        if (amount > 0) want.push({ member_id: r.members.get(mm.name)!.id, platform: v, amount, state: 0 });
        mm.rebateOwed += amount;
        mm.unrebated[v] = 0;
      }
      // today's rounds are now the rebate day's: today's result starts again
      mm.resultToday = 0;
    }
    const rows = await t.ctx.db.selectFrom('rebates').select(['member_id', 'platform', 'amount', 'state']).where('day', '=', this.day).orderBy('member_id').orderBy('platform').execute();
    const sort = (a: { member_id: number; platform: string }, b: { member_id: number; platform: string }) => a.member_id - b.member_id || (a.platform < b.platform ? -1 : 1);
    expect(
      rows.map((x) => ({ member_id: Number(x.member_id), platform: x.platform, amount: Number(x.amount), state: Number(x.state) })).sort(sort),
      `${this}: the day's rebate rows`,
    ).toEqual(want.sort(sort));
    if (want.length) tally('rebate settled');
    await checkStep(m, r, this.toString());
  }
  toString = () => `rebate run${this.day ? `(${this.day})` : ''}`;
}

/** the member claims every settled rebate (twice at once: one claim); nothing to claim is refused */
export class ClaimRebate implements Cmd {
  constructor(
    readonly who: number,
    readonly twice: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const claim = () => r.t.post('/api/dofanshui', {}, { token: real.token });
    const replies = this.twice ? await Promise.all([claim(), claim()]) : [await claim()];
    const won = replies.filter((x) => x.code === 200);
    if (mm.rebateOwed === 0) expect(won, `${this}: nothing to claim`).toEqual([]);
    else {
      expect(
        won.map((x) => x.data.money),
        `${this}: claimed once (${replies.map((x) => x.message).join(' / ')})`,
      ).toEqual([yuan(mm.rebateOwed)]);
      mm.central += mm.rebateOwed;
      mm.owed += mm.rebateOwed * r.shared.promo.rebateMultiple;
      houseMoves(m, 'house:rebate', -mm.rebateOwed);
      mm.rebateOwed = 0;
      tally('rebate claimed');
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `claim rebate(#${this.who}${this.twice ? ', twice at once' : ''})`;
}

/** the Beijing 10:30 after `now` (inside the grab window of 10:00 to 12:00) */
export function nextGrabTime(now: number): number {
  const dayStart = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  const at = dayStart + 10.5 * HOUR;
  return at > now ? at : at + DAY;
}

/**
 * A red-packet grab (twice at once: the allowance holds) with the promotions clock set to the
 * next grab window: the deposits credited from 12:00 the day before to 10:00 count against the
 * model test's rule (deposits of 100 yuan or more, two grabs a day, a fixed 1 to 20 yuan with
 * twice its turnover); refused on a break, without the deposits, or past the day's grabs.
 */
export class GrabRedPacket implements Cmd {
  constructor(
    readonly who: number,
    readonly twice: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const rule = r.shared.promo.redPacket;
    const at = nextGrabTime(Date.now()) + m.days * DAY;
    const [from, to] = [at - 22.5 * HOUR, at - 0.5 * HOUR];
    // a deposit credited across a window's edge may count or not: the grab is then only held to the rule
    const unsure = mm.credits.some((c) => (c.from < from && c.to >= from) || (c.from < to && c.to >= to));
    const deposits = mm.credits.filter((c) => c.from >= from && c.to < to).reduce((a, c) => a + c.fen, 0);
    const day = dayKey(at);
    const done = mm.grabs.get(day) ?? 0;
    const left = mm.onBreak || deposits < rule.depositMin ? 0 : Math.max(0, rule.grabs - done);
    const grab = () => r.t.post('/api/douserredpacket', {}, { token: real.token });
    r.shared.promo.clock.offset = at - Date.now();
    let replies;
    try {
      replies = this.twice ? await Promise.all([grab(), grab()]) : [await grab()];
    } finally {
      r.shared.promo.clock.offset = null;
    }
    const won = replies.filter((x) => x.code === 200);
    if (!unsure) expect(won.length, `${this}: ${left} left (deposits ${deposits}, ${done} grabbed; ${replies.map((x) => x.message).join(' / ')})`).toBe(Math.min(left, replies.length));
    for (const x of won) {
      const fen = Math.round(x.data.redpacketmoney * 100);
      expect(fen, `${this}: within the rule`).toBeGreaterThanOrEqual(rule.amountMin);
      expect(fen, `${this}: within the rule`).toBeLessThanOrEqual(rule.amountMax);
      mm.central += fen;
      mm.owed += fen * rule.multiple;
      houseMoves(m, 'house:red_packet', -fen);
      tally('red packet won');
    }
    mm.grabs.set(day, done + won.length);
    await checkStep(m, r, this.toString());
  }
  toString = () => `red packet(#${this.who}${this.twice ? ', twice at once' : ''})`;
}

/** the member applies for one of the shown activities: one pending application each; refused on a break */
export class ApplyActivity implements Cmd {
  constructor(
    readonly who: number,
    readonly which: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const id = pick(r.shared.promo.activities, this.which);
    const reply = await r.t.post('/api/activityApply', { id }, { token: real.token });
    if (mm.onBreak || mm.applying.has(id)) expect(reply.code, `${this}: refused (${mm.onBreak ? 'on a break' : 'one pending'})`).not.toBe(200);
    else {
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      mm.applying.set(id, reply.data.apply_no);
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `apply for activity(#${this.who}, ${this.which})`;
}

/**
 * An operator decides the member's oldest application: approved with a reward (credited from the
 * bonus account with its turnover), rejected, or both operators at once (one decision). The same
 * decision again answers it without moving anything; the other one is refused.
 */
export class DecideActivity implements Cmd {
  constructor(
    readonly who: number,
    readonly how: 'approve' | 'reject' | 'race',
    readonly bonus: number,
    readonly multiple: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.applying.size > 0);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.applying.size > 0),
      this.who,
    );
    const [id, no] = [...mm.applying][0]!;
    mm.applying.delete(id);
    const approve = (token: string) => r.t.post('/admin/api/activity-applications/approve', { apply_no: no, bonus: yuan(this.bonus), turnover_multiple: this.multiple }, { token });
    const reject = (token: string) => r.t.post('/admin/api/activity-applications/reject', { apply_no: no, reason: '模型测试：不符合活动条件' }, { token });
    // a bonus obeys the adjustment rules: above the threshold or past r.admin's immediate credits of
    // the day (adjustments and bonuses together) the first approval only records it, a second credits it
    const { threshold, cap } = r.shared.adjustRules;
    const today = r.shared.adjustedToday.get(r.admin) ?? 0;
    const waits = this.bonus > 0 && this.how !== 'reject' && ((threshold > 0 && this.bonus > threshold) || (cap > 0 && today + this.bonus > cap));
    if (waits) {
      const first = await approve(r.admin);
      expect({ code: first.code, state: first.data?.state }, `${this}: first of two approvals (${first.message})`).toEqual({ code: 200, state: 1 });
    }
    const approver = waits ? r.admin2 : r.admin;
    let approved: boolean;
    if (this.how === 'race') {
      const [a, b] = await Promise.all([approve(approver), reject(waits ? r.admin : r.admin2)]);
      expect([a.code, b.code].filter((c) => c === 200).length, `${this}: one decision of two (${a.message} / ${b.message})`).toBe(1);
      approved = a.code === 200;
    } else {
      approved = this.how === 'approve';
      const reply = await (approved ? approve(approver) : reject(r.admin));
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    }
    if (approved && this.bonus > 0 && !waits) r.shared.adjustedToday.set(r.admin, today + this.bonus);
    if (approved && this.bonus > 0) {
      mm.central += this.bonus;
      mm.owed += this.bonus * this.multiple;
      houseMoves(m, 'house:bonus', -this.bonus);
      tally('activity reward paid');
    }
    settle(mm, `activity:${no}`, approved ? 'approved' : 'rejected');
    // the same decision again: answered, nothing moves; the other one: refused
    expect((await (approved ? approve(r.admin2) : reject(r.admin2))).code, `${this}: the same decision again`).toBe(200);
    expect((await (approved ? reject(r.admin) : approve(r.admin))).code, `${this}: the other decision`).not.toBe(200);
    await checkStep(m, r, this.toString());
  }
  toString = () => `decide activity(#${this.who}, ${this.how}${this.how !== 'reject' ? `, ${this.bonus} x${this.multiple}` : ''})`;
}

/**
 * An agent's month settled by the job (settleMonth at a given month, twice: one statement), then
 * the operator sets its total (the agent's own members play nowhere in the model, so its figures
 * earn nothing). The member becomes an agent on its first settlement. Each settlement takes a
 * fresh future month; the agent is listed (created now) only while its month settles.
 */
export class AgentSettle implements Cmd {
  month = '';
  constructor(
    readonly who: number,
    readonly total: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { t } = r;
    const mm = pick(m.members, this.who);
    if (mm.agentId === null) {
      const made = await t.post('/admin/api/agents/create', { username: mm.name }, { token: r.admin });
      expect(made.code, `${this}: made an agent (${made.message})`).toBe(200);
      mm.agentId = Number(made.data.id);
    }
    this.month = shiftMonth(monthOf(Date.now()), 1 + r.shared.promo.nextMonth++);
    await t.ctx.db.updateTable('agents').set({ created_at: Date.now() }).where('id', '=', mm.agentId).execute();
    try {
      expect(await t.agentSettlement.settleMonth(this.month, Date.now()), `${this}: settled`).toMatchObject({ settled: true, counts: { created: 1 } });
      expect(await t.agentSettlement.settleMonth(this.month, Date.now()), `${this}: once`).toMatchObject({ settled: false });
    } finally {
      await t.ctx.db.updateTable('agents').set({ created_at: HIDDEN }).where('id', '=', mm.agentId).execute();
    }
    const rows = await t.ctx.db.selectFrom('agent_statements').select(['id', 'statement_no', 'payable', 'state']).where('agent_id', '=', mm.agentId).where('month', '=', this.month).execute();
    expect(
      rows.map((x) => ({ payable: Number(x.payable), state: Number(x.state) })),
      `${this}: one statement, nothing earned`,
    ).toEqual([{ payable: 0, state: 1 }]);
    const s = rows[0]!;
    const adjusted = await t.post('/admin/api/agent-statements/adjust', { id: Number(s.id), amount: yuan(this.total), reason: '模型测试调整佣金' }, { token: r.admin3 });
    expect(adjusted.code, `${this}: adjusted (${adjusted.message})`).toBe(200);
    mm.statements.push({ id: Number(s.id), no: s.statement_no, total: this.total });
    await checkStep(m, r, this.toString());
  }
  toString = () => `agent settlement(#${this.who}${this.month ? `, ${this.month}` : ''}, ${this.total})`;
}

/**
 * An operator decides the agent's oldest statement: paid (above the review threshold only by a
 * second, different operator), rejected, or approval and rejection at once (one outcome). Paid:
 * the total credited from the commission account with its turnover, once.
 */
export class DecideStatement implements Cmd {
  constructor(
    readonly who: number,
    readonly how: 'approve' | 'reject' | 'race',
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.statements.length > 0);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.statements.length > 0),
      this.who,
    );
    const s = mm.statements.shift()!;
    const approve = (token: string) => r.t.post('/admin/api/agent-statements/approve', { id: s.id }, { token });
    const reject = (token: string) => r.t.post('/admin/api/agent-statements/reject', { id: s.id, reason: '模型测试驳回' }, { token });
    const firstOnly = (x: { code: number; data?: { state?: number } }) => x.code === 200 && x.data?.state === 2;
    let outcome: 'paid' | 'rejected';
    if (this.how === 'race') {
      const [a, b] = await Promise.all([approve(r.admin), reject(r.admin2)]);
      if (b.code === 200) {
        // the rejection won, or came after a first approval only
        expect(a.code !== 200 || firstOnly(a), `${this}: one decision (${a.message} / ${b.message})`).toBe(true);
        outcome = 'rejected';
      } else {
        expect(a.code, `${this}: one of two decided (${a.message} / ${b.message})`).toBe(200);
        if (firstOnly(a)) expect((await approve(r.admin2)).code, `${this}: the second operator's approval`).toBe(200);
        outcome = 'paid';
      }
    } else if (this.how === 'approve') {
      const reply = await approve(r.admin);
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      expect(firstOnly(reply), `${this}: a second approval needed above the threshold`).toBe(s.total > r.shared.promo.statementThreshold);
      if (firstOnly(reply)) {
        expect((await approve(r.admin)).code, `${this}: the first approver again`).not.toBe(200);
        expect((await approve(r.admin2)).code, `${this}: the second operator's approval`).toBe(200);
      }
      outcome = 'paid';
    } else {
      const reply = await reject(r.admin2);
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      outcome = 'rejected';
    }
    if (outcome === 'paid') {
      mm.central += s.total;
      mm.owed += s.total * r.shared.promo.commissionMultiple;
      houseMoves(m, 'house:commission', -s.total);
      tally('commission paid');
    }
    settle(mm, `statement:${s.no}`, outcome);
    // decided: paid again answers without paying; the other decision is refused
    expect((await (outcome === 'paid' ? reject(r.admin) : approve(r.admin))).code, `${this}: decided once`).not.toBe(200);
    if (outcome === 'paid') expect((await approve(r.admin2)).code, `${this}: approved again, paid once`).toBe(200);
    await checkStep(m, r, this.toString());
  }
  toString = () => `decide statement(#${this.who}, ${this.how})`;
}

/** the member sets a daily loss limit (lower or first at once, higher after 24 hours); transfers in and game launches are refused once today's loss reaches it */
export class LossLimit implements Cmd {
  constructor(
    readonly who: number,
    readonly fen: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const reply = await r.t.post('/api/responsible/limit', { kind: 'loss', period: 'day', amount: yuan(this.fen) }, { token: real.token });
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    setLimit(m, mm, 'loss', this.fen);
    await checkStep(m, r, this.toString());
  }
  toString = () => `loss limit(#${this.who}, ${this.fen ? `${this.fen} a day` : 'removed'})`;
}

/** a limit change: lower (or first) in force at once, higher or removed (an amount of 0) a day later (the cooling-off) */
export function setLimit(m: Model, mm: ModelMember, kind: 'deposit' | 'loss', fen: number) {
  const current = kind === 'deposit' ? mm.depositLimit : mm.lossLimit;
  const amount = fen === 0 ? null : fen;
  mm.limitChanges.push({ kind, amount, day: amount !== null && (current === null || amount <= current) ? m.days : m.days + 1 });
  refreshLimits(m, mm);
}

/**
 * A day passes for the sequence's members: their orders, withdrawals, settled rounds and
 * responsible-play changes are set back a day (the server reads the real clock for these).
 * Today's deposits, withdrawals and result start again; a 24-hour break has ended (a
 * self-exclusion has not); a raised limit has cooled off; the next red-packet window is a day on
 * (the grabs' day is the promotions clock's) and the deposits credited before it a day further back.
 */
export class DayPasses implements Cmd {
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const db = r.t.ctx.db;
    const who = ids(m, r);
    const back = (col: string) => sql`${sql.ref(col)} - ${DAY}`;
    // the deposit limit counts waiting orders by their making and credited ones by their crediting
    await db.updateTable('deposits').set({ created_at: back('created_at') as never, credited_at: back('credited_at') as never }).where('member_id', 'in', who).execute();
    await db.updateTable('withdrawals').set({ created_at: back('created_at') as never }).where('member_id', 'in', who).execute();
    await db.updateTable('bets').set({ settled_at: back('settled_at') as never }).where('member_id', 'in', who).where('settled_at', '>=', REAL_TIMES).execute();
    await db
      .updateTable('responsible_changes')
      .set({ requested_at: back('requested_at') as never, effective_at: back('effective_at') as never, ends_at: back('ends_at') as never })
      .where('member_id', 'in', who)
      .execute();
    m.days++;
    for (const mm of m.members) {
      // credited a day earlier, as the rows now say (the red packets' window reads them so)
      for (const c of mm.credits) [c.from, c.to] = [c.from - DAY, c.to - DAY];
      mm.depositUsed = 0;
      mm.withdrawalsToday = 0;
      mm.withdrawnToday = 0;
      mm.resultToday = 0;
      if (mm.breakKind === 'timeout') {
        mm.onBreak = false;
        mm.breakKind = null;
      }
      refreshLimits(m, mm);
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => 'a day passes';
}

/** the commands of this file with their arguments drawn at random */
export function promoCommands(): fc.Arbitrary<Cmd>[] {
  const who = fc.nat({ max: 2 });
  const rebate = fc.constant(null).map(() => new RebateRun());
  const claim = fc.tuple(who, fc.boolean()).map(([w, x]) => new ClaimRebate(w, x));
  const grab = fc.tuple(who, fc.boolean()).map(([w, x]) => new GrabRedPacket(w, x));
  const apply = fc.tuple(who, fc.nat({ max: 2 })).map(([w, a]) => new ApplyActivity(w, a));
  const decideActivity = fc
    .tuple(who, fc.constantFrom<'approve' | 'reject' | 'race'>('approve', 'reject', 'race'), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_00 })), fc.constantFrom(0, 1, 3))
    .map(([w, h, b, x]) => new DecideActivity(w, h, b, x));
  // mostly below the review threshold (10,000 yuan by default), now and then above it
  const total = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 3_000_00 }) }, { weight: 1, arbitrary: fc.integer({ min: 10_000_01, max: 12_000_00 }) });
  const settleAgent = fc.tuple(who, total).map(([w, s]) => new AgentSettle(w, s));
  const decideStatement = fc.tuple(who, fc.constantFrom<'approve' | 'reject' | 'race'>('approve', 'reject', 'race')).map(([w, h]) => new DecideStatement(w, h));
  const loss = fc.tuple(who, fc.integer({ min: 0, max: 2_000 }).map((y) => y * 100)).map(([w, f]) => new LossLimit(w, f));
  const day = fc.constant(null).map(() => new DayPasses());
  return [rebate, rebate, claim, claim, grab, grab, apply, decideActivity, settleAgent, decideStatement, decideStatement, loss, day];
}
