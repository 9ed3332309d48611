import type { FaultMode } from '@casino/sandbox';
import fc from 'fast-check';
import { expect } from 'vitest';
import { waitFor } from '../wait.ts';
import { arm } from '../../src/modules/transfers/testing.ts';
import { wallet } from '../../src/modules/wallet/index.ts';
import { checkStep, type Real } from './checks.ts';
import { setLimit } from './commands-promo.ts';
import { credit as creditDeposit, depositRefusal, playRefusal, houseMoves, pick, settle, VENUES, yuan, type Model, type ModelMember, type Venue } from './model.ts';

/**
 * The model test's further commands (issue 35 point 1): manual deposits and their review,
 * operator adjustments with the second operator, transfers meeting venue faults, and
 * responsible play (a deposit limit, a break). Each applies to the model what should happen and
 * checks the server against it (checks.ts).
 */
type Cmd = fc.AsyncCommand<Model, Real>;

/** the manual (bank) order limit of pending orders a member may hold (payments MAX_PENDING) */
const MAX_PENDING = 5;

const member = (m: Model, r: Real, who: number) => {
  const mm = pick(m.members, who);
  return { mm, real: r.members.get(mm.name)! };
};

/** a bank transfer order, waiting for an operator (refused on a break, past a limit, or with 5 waiting) */
export class ManualDeposit implements Cmd {
  constructor(
    readonly who: number,
    readonly fen: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { mm, real } = member(m, r, this.who);
    const reply = await r.t.post(
      '/api/recharge',
      { paytype: 'bank', amount: yuan(this.fen), bank_owner: '张三', bank: '中国银行', bank_no: '6217 0000 1111 2222', bank_address: '北京市朝阳支行' },
      { token: real.token },
    );
    const why = depositRefusal(mm, this.fen) ?? (mm.manual.length >= MAX_PENDING ? 'five orders waiting' : null);
    if (why === null) {
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      mm.manual.push({ no: reply.data.deposit_no, amount: this.fen, day: m.days });
      mm.depositUsed += this.fen;
    } else expect(reply.code, `${this}: refused, ${why}`).not.toBe(200);
    await checkStep(m, r, this.toString());
  }
  toString = () => `bank deposit(#${this.who}, ${this.fen})`;
}

/** an operator approves or rejects the member's oldest waiting bank order; a second decision changes nothing */
export class DecideDeposit implements Cmd {
  constructor(
    readonly who: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.manual.length > 0);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.manual.length > 0),
      this.who,
    );
    const order = mm.manual.shift()!;
    const approve = () => r.t.post('/admin/api/deposits/approve', { deposit_no: order.no }, { token: r.admin });
    const reject = () => r.t.post('/admin/api/deposits/reject', { deposit_no: order.no, reason: '模型测试：未收到款项' }, { token: r.admin2 });
    const reply = await (this.approve ? approve() : reject());
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    // paid during a break: not credited, the order is rejected and owed back to the member; past
    // a daily deposit limit set after the order: only what the limit leaves is credited, the rest
    // (or all, when it leaves nothing) is owed back
    // the order counts in today's deposits only if made today (a day may have passed since)
    const own = order.day === m.days ? order.amount : 0;
    const from = Date.now();
    const left = mm.depositLimit === null ? order.amount : Math.max(0, mm.depositLimit - (mm.depositUsed - own));
    const credit = this.approve && !mm.onBreak ? Math.min(order.amount, left) : 0;
    const credited = credit > 0;
    expect(reply.data?.status, `${this}: ${reply.message}`).toBe(credited ? 'credited' : 'rejected');
    mm.depositUsed += credit - own;
    if (credited) {
      creditDeposit(mm, credit, from);
      houseMoves(m, 'house:deposits', -credit);
      settle(mm, `deposit:${order.no}`, 'credited');
    } else settle(mm, `deposit:${order.no}`, 'rejected');
    // the contrary decision changes nothing: refused, or answered with the decision taken
    const again = await (credited ? reject() : approve());
    expect(again.code === 200 ? again.data?.status : 'refused', `${this}: decided once (${again.message})`).toBe(again.code === 200 ? (credited ? 'credited' : 'rejected') : 'refused');
    await checkStep(m, r, this.toString());
  }
  toString = () => `decide bank deposit(#${this.who}, ${this.approve ? 'approve' : 'reject'})`;
}

/**
 * An operator's adjustment (members/adjust) of `fen` (either way) with a turnover multiple: at
 * once within the two-person threshold and the operator's daily cap, else waiting for a second
 * operator; a debit past the central wallet is refused and changes nothing.
 */
export class Adjust implements Cmd {
  constructor(
    readonly who: number,
    readonly fen: number,
    readonly multiple: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { mm } = member(m, r, this.who);
    const { threshold, cap } = r.shared.adjustRules;
    const size = Math.abs(this.fen);
    const today = r.shared.adjustedToday.get(r.admin) ?? 0;
    const waits = size > threshold || today + size > cap;
    const reply = await r.t.post('/admin/api/members/adjust', { username: mm.name, amount: yuan(this.fen), reason: '模型测试调整', turnover_multiple: this.multiple }, { token: r.admin });
    if (waits) {
      expect({ code: reply.code, state: reply.data?.state }, `${this}: waits for a second operator (${reply.message})`).toEqual({ code: 200, state: 'pending' });
      mm.adjusting.push({ no: reply.data.adjustment_no, amount: this.fen, multiple: this.fen > 0 ? this.multiple : 0 });
    } else if (this.fen < 0 && size > mm.central) {
      expect(reply.code, `${this}: refused, central ${mm.central}`).not.toBe(200);
    } else {
      expect({ code: reply.code, state: reply.data?.state }, `${this}: applied (${reply.message})`).toEqual({ code: 200, state: 'applied' });
      r.shared.adjustedToday.set(r.admin, today + size);
      applyAdjustment(m, mm, reply.data.adjustment_no, this.fen, this.fen > 0 ? this.multiple : 0);
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `adjust(#${this.who}, ${this.fen}, x${this.multiple})`;
}

function applyAdjustment(m: Model, mm: ModelMember, no: string, fen: number, multiple: number) {
  mm.central += fen;
  mm.owed += fen > 0 ? fen * multiple : 0;
  houseMoves(m, 'house:adjustments', -fen);
  settle(mm, `adjustment:${no}`, 'applied');
}

/** the second operator approves (or rejects) the oldest waiting adjustment; both at once have one effect */
export class DecideAdjust implements Cmd {
  constructor(
    readonly who: number,
    readonly how: 'approve' | 'reject' | 'twice',
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.adjusting.length > 0);
  async run(m: Model, r: Real) {
    const mm = pick(
      m.members.filter((x) => x.adjusting.length > 0),
      this.who,
    );
    const a = mm.adjusting[0]!;
    const approve = () => r.t.post('/admin/api/adjustments/approve', { adjustment_no: a.no }, { token: r.admin2 });
    // the proposer may not approve their own
    expect((await r.t.post('/admin/api/adjustments/approve', { adjustment_no: a.no }, { token: r.admin })).code, `${this}: not by the proposer`).not.toBe(200);
    if (this.how === 'reject') {
      const reply = await r.t.post('/admin/api/adjustments/reject', { adjustment_no: a.no, reason: '模型测试驳回' }, { token: r.admin2 });
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      mm.adjusting.shift();
      settle(mm, `adjustment:${a.no}`, 'rejected');
    } else {
      const replies = this.how === 'twice' ? await Promise.all([approve(), approve()]) : [await approve()];
      if (a.amount < 0 && -a.amount > mm.central) {
        // a debit past the wallet: refused, still waiting
        for (const x of replies) expect(x.code, `${this}: refused, central ${mm.central}`).not.toBe(200);
      } else {
        for (const x of replies) expect(x.code, `${this}: ${x.message}`).toBe(200);
        mm.adjusting.shift();
        applyAdjustment(m, mm, a.no, a.amount, a.multiple);
      }
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `decide adjustment(#${this.who}, ${this.how})`;
}

/** what the venue still owes of late movements */
const venueCaughtUp = (r: Real) =>
  waitFor(async () => ((await (await fetch(`${r.t.origin}/sandbox/provider/test/faults`)).json()) as { pending: number }).pending === 0, { what: 'the late movement at the venue' });

/**
 * A transfer that meets a venue fault: the venue times out, errs, loses its reply or applies
 * the movement late. The member is answered "pending" with the money in transit (in) or still
 * at the venue (out); the reconciler then settles it once, as the venue applied it. 'refusal':
 * a venue the provider does not know refuses a transfer in, which returns at once.
 */
export class FaultyTransfer implements Cmd {
  fen = 0;
  constructor(
    readonly way: 'in' | 'out',
    readonly who: number,
    readonly venue: Venue,
    readonly percent: number,
    readonly mode: FaultMode | 'refusal',
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { mm, real } = member(m, r, this.who);
    const into = this.way === 'in';
    const from = into ? mm.central : mm.venues[this.venue];
    this.fen = Math.max(1, Math.floor((from * this.percent) / 100));
    const venue = this.mode === 'refusal' ? GHOST : this.venue;
    const [source, target] = into ? ['userbalance', venue] : [venue, 'userbalance'];
    const refused = (into && playRefusal(mm) !== null) || this.fen > from || (this.mode === 'refusal' && !into);
    if (this.mode !== 'refusal' && !refused) await arm(r.t, this.mode, 1, into ? 'deposit' : 'withdraw');
    const reply = await r.t.post('/api/transfer', { amount: yuan(this.fen), sourcetype: source, targettype: target }, { token: real.token });
    if (refused) {
      expect(reply.code, `${this}: refused`).not.toBe(200);
    } else if (this.mode === 'refusal') {
      expect(reply.code, `${this}: the venue refused (${reply.message})`).not.toBe(200);
      const row = await r.t.ctx.db.selectFrom('venue_transfers').select(['transfer_id', 'status']).where('member_id', '=', real.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.status, `${this}: failed`).toBe(0);
      settle(mm, `transfer:${row.transfer_id}`, '0');
    } else {
      expect({ code: reply.code, status: reply.data?.status }, `${this}: pending (${reply.message})`).toEqual({ code: 200, status: 2 });
      const row = await r.t.ctx.db.selectFrom('venue_transfers').select(['transfer_id', 'status']).where('member_id', '=', real.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      // in flight: the money is in transit (in) or still the venue's (out), never back in the wallet
      const b = await wallet.memberBalances(r.t.ctx.db, real.id);
      expect({ central: b.central, transit: b.transit }, `${this}: in flight`).toEqual({ central: into ? mm.central - this.fen : mm.central, transit: into ? this.fen : 0 });
      if (this.mode === 'late') await venueCaughtUp(r);
      const report = await r.t.venues.transfers.reconcile({ minAgeMs: 0 });
      expect(report, `${this}: reconciled`).toMatchObject({ stillPending: 0 });
      const moved = into ? this.fen : -this.fen;
      mm.central -= moved;
      mm.venues[this.venue] += moved;
      houseMoves(m, `venue:${this.venue}:clearing`, moved);
      settle(mm, `transfer:${row.transfer_id}`, '1');
      // reconciling again settles nothing twice
      expect(await r.t.venues.transfers.reconcile({ minAgeMs: 0 }), `${this}: nothing left`).toMatchObject({ settled: 0 });
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `transfer ${this.way} meeting ${this.mode}(#${this.who}, ${this.venue}, ${this.percent}%${this.fen ? ` = ${this.fen}` : ''})`;
}

/** a venue the catalogue lists that the provider does not know (model.test.ts inserts it) */
export const GHOST = 'ghost';

/** the member sets a daily deposit limit: lower (or first) at once, higher only after the cooling-off */
export class DepositLimit implements Cmd {
  constructor(
    readonly who: number,
    readonly fen: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { mm, real } = member(m, r, this.who);
    const reply = await r.t.post('/api/responsible/limit', { kind: 'deposit', period: 'day', amount: yuan(this.fen) }, { token: real.token });
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    setLimit(m, mm, 'deposit', this.fen);
    await checkStep(m, r, this.toString());
  }
  toString = () => `deposit limit(#${this.who}, ${this.fen ? `${this.fen} a day` : 'removed'})`;
}

/**
 * The member takes a break: a 24-hour time-out or a 6-month self-exclusion. Venue money comes
 * home; deposits, transfers in, game launches, red packets and activity applications are refused.
 * A time-out during a self-exclusion ends sooner than it: refused, nothing changes.
 */
export class Break implements Cmd {
  constructor(
    readonly who: number,
    readonly kind: 'timeout' | 'exclusion' = 'timeout',
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const { mm, real } = member(m, r, this.who);
    const reply = await r.t.post('/api/responsible/break', { kind: this.kind, duration: this.kind === 'timeout' ? '24h' : '6m' }, { token: real.token });
    if (this.kind === 'timeout' && mm.breakKind === 'exclusion') {
      expect(reply.code, `${this}: shorter than the self-exclusion in force`).not.toBe(200);
      return checkStep(m, r, this.toString());
    }
    // a second one of the same length ends later than the one in force (the clock moved): taken
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    mm.onBreak = true;
    mm.breakKind = this.kind;
    for (const v of VENUES) {
      mm.central += mm.venues[v];
      houseMoves(m, `venue:${v}:clearing`, -mm.venues[v]);
      mm.venues[v] = 0;
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `break(#${this.who}, ${this.kind === 'timeout' ? '24h' : 'self-exclusion 6m'})`;
}

/** the commands of this file with their arguments drawn at random */
export function moreCommands(): fc.Arbitrary<Cmd>[] {
  const who = fc.nat({ max: 2 });
  const venue = fc.constantFrom(...VENUES);
  const bank = fc.integer({ min: 100, max: 10_000 }).map((y) => y * 100);
  const manual = fc.tuple(who, bank).map(([w, a]) => new ManualDeposit(w, a));
  const decideDeposit = fc.tuple(who, fc.boolean()).map(([w, a]) => new DecideDeposit(w, a));
  // mostly small, now and then past the two-person threshold (50,000 yuan by default)
  const adjustFen = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -2_000_00, max: 5_000_00 }) }, { weight: 1, arbitrary: fc.integer({ min: 49_000_00, max: 60_000_00 }) }).filter((f) => f !== 0);
  const adjust = fc.tuple(who, adjustFen, fc.constantFrom(0, 1, 3)).map(([w, f, x]) => new Adjust(w, f, x));
  const decideAdjust = fc.tuple(who, fc.constantFrom('approve', 'reject', 'twice') as fc.Arbitrary<'approve' | 'reject' | 'twice'>).map(([w, h]) => new DecideAdjust(w, h));
  // a time-out holds the call for the venue time-out (5 s): drawn seldom
  const mode = fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom<FaultMode | 'refusal'>('error', 'lost_reply', 'late', 'refusal') },
    { weight: 1, arbitrary: fc.constant<FaultMode | 'refusal'>('timeout') },
  );
  const faulty = fc.tuple(fc.constantFrom<'in' | 'out'>('in', 'out'), who, venue, fc.integer({ min: 1, max: 100 }), mode).map(([way, w, v, p, md]) => new FaultyTransfer(way, w, v, p, md));
  const limit = fc.tuple(who, fc.integer({ min: 0, max: 20_000 }).map((y) => y * 100)).map(([w, f]) => new DepositLimit(w, f));
  const brk = fc.tuple(who, fc.constantFrom<'timeout' | 'exclusion'>('timeout', 'timeout', 'exclusion')).map(([w, k]) => new Break(w, k));
  return [manual, decideDeposit, decideDeposit, adjust, decideAdjust, faulty, limit, brk];
}
