import { signPayBody } from '@casino/sandbox';
import fc from 'fast-check';
import { expect } from 'vitest';
import { PAY_MSG } from '@casino/contract';
import { checkStep, tally, type Real } from './checks.ts';
import { memberWithCard, noticeFor, PAY_PASS } from '../../src/modules/payments/testing.ts';
import { SETTING_DEFAULTS } from '../../src/modules/site/defaults.ts';
import { credit as creditDeposit, depositRefusal, playRefusal, houseMoves, newMember, pick, settle, VENUES, yuan, type Model, type Venue } from './model.ts';

/**
 * The model test's commands (issue 35 point 1). Each one calls the real server in-process over
 * its HTTP API (the member's and the operator's calls, the gateway's signed notify), applies to
 * the model what should have happened, and then checks every invariant against the server.
 */
type Cmd = fc.AsyncCommand<Model, Real>;

export class Register implements Cmd {
  check = (m: Readonly<Model>) => m.members.length < 3;
  async run(m: Model, r: Real) {
    const made = await memberWithCard(r.t, 'mdl');
    const card = await r.t.ctx.db.selectFrom('member_cards').select('id').where('member_id', '=', made.id).executeTakeFirstOrThrow();
    r.members.set(made.name, { token: made.token, id: made.id, cardId: Number(card.id) });
    // transfers by hand: a game's launch then moves no money by itself (the model's game rounds)
    expect((await r.t.post('/api/uptransferstatus', { transferstatus: 0 }, { token: made.token })).code).toBe(200);
    m.members.push(newMember(made.name));
    await checkStep(m, r, this.toString());
  }
  toString = () => 'register';
}

/** an online order paid through the sandbox gateway; its notify arrives `copies` times, at once or in turn */
export class OnlineDeposit implements Cmd {
  constructor(
    readonly who: number,
    readonly fen: number,
    readonly copies: number,
    readonly together: boolean,
    readonly short: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const order = await r.t.post('/api/recharge', { paytype: 'alipay', amount: yuan(this.fen) }, { token: real.token });
    const why = depositRefusal(mm, this.fen);
    if (why !== null) {
      expect(order.code, `${this}: refused, ${why}`).not.toBe(200);
      return checkStep(m, r, this.toString());
    }
    if (order.code !== 200 && order.message === PAY_MSG.gatewayBusy) {
      // the gateway did not take the order (a time-out of its own under load): the member is told
      // to try again, the order is failed, and no money moves
      const last = await r.t.ctx.db.selectFrom('deposits').select('status').where('member_id', '=', real.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(last.status, `${this}: the order the gateway refused`).toBe('failed');
      return checkStep(m, r, this.toString());
    }
    expect(order.code, order.message).toBe(200);
    mm.depositUsed += this.fen;
    const no = order.data.deposit_no as string;
    const paid = this.short ? this.fen - 100 : this.fen;
    // each copy is the gateway's signed message of the same payment (a new nonce each time, as its retries)
    const send = async () => {
      const s = signPayBody(r.t.ctx.config.paymentSecret, await noticeFor(r.t, no, paid));
      return (await r.t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: s.headers, payload: s.body })).statusCode;
    };
    const sent = Date.now();
    const statuses = this.together ? await Promise.all(Array.from({ length: this.copies }, send)) : await Array.from({ length: this.copies }).reduce<Promise<number[]>>(async (acc) => [...(await acc), await send()], Promise.resolve([]));
    expect(statuses.every((s) => s === 200), `${this}: every copy acknowledged`).toBe(true);
    if (this.short) settle(mm, `deposit:${no}`, 'review');
    else {
      creditDeposit(mm, this.fen, sent);
      houseMoves(m, 'house:deposits', -this.fen);
      settle(mm, `deposit:${no}`, 'credited');
    }
    const row = await r.t.ctx.db.selectFrom('deposits').select('status').where('deposit_no', '=', no).executeTakeFirstOrThrow();
    expect(row.status).toBe(this.short ? 'review' : 'credited');
    await checkStep(m, r, this.toString());
  }
  toString = () => `deposit(#${this.who}, ${this.fen}, x${this.copies}${this.together ? ' at once' : ''}${this.short ? ', paid 1 yuan short' : ''})`;
}

/** money between the central wallet and a venue; refused, changing nothing, when the side it leaves holds less */
export class Transfer implements Cmd {
  constructor(
    readonly way: 'in' | 'out',
    readonly who: number,
    readonly venue: Venue,
    readonly fen: number,
    /** when set, the amount is this share of the side it leaves (the fen drawn is then unused) */
    readonly percent = 0,
  ) {}
  amount = 0;
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const into = this.way === 'in';
    const [source, target] = into ? ['userbalance', this.venue] : [this.venue, 'userbalance'];
    const from = into ? mm.central : mm.venues[this.venue];
    const fen = (this.amount = this.percent ? Math.max(1, Math.floor((from * this.percent) / 100)) : this.fen);
    const reply = await r.t.post('/api/transfer', { amount: yuan(fen), sourcetype: source, targettype: target }, { token: real.token });
    if (fen <= from && !(into && playRefusal(mm) !== null)) {
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      const moved = into ? fen : -fen;
      mm.central -= moved;
      mm.venues[this.venue] += moved;
      houseMoves(m, `venue:${this.venue}:clearing`, moved);
    } else {
      expect(reply.code, `${this}: refused`).not.toBe(200);
      if (into && playRefusal(mm)?.startsWith('lost')) tally('transfer in refused (loss limit)');
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `transfer ${this.way}(#${this.who}, ${this.venue}, ${this.percent ? `${this.percent}%${this.amount ? ` = ${this.amount}` : ''}` : this.fen})`;
}

export class RecoverAll implements Cmd {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    const real = r.members.get(mm.name)!;
    const reply = await r.t.post('/api/transall', {}, { token: real.token });
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    for (const v of VENUES) {
      mm.central += mm.venues[v];
      houseMoves(m, `venue:${v}:clearing`, -mm.venues[v]);
      mm.venues[v] = 0;
    }
    await checkStep(m, r, this.toString());
  }
  toString = () => `recover all(#${this.who})`;
}

export class Withdraw implements Cmd {
  fen = 0;
  constructor(
    readonly who: number,
    /** percent of the central wallet, whole yuan, at least 100 yuan (the minimum) */
    readonly percent: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.length > 0;
  async run(m: Model, r: Real) {
    const mm = pick(m.members, this.who);
    this.fen = Math.max(100_00, Math.floor((mm.central * this.percent) / 100 / 100) * 100);
    const real = r.members.get(mm.name)!;
    const reply = await r.t.post('/api/withdraw', { amount: yuan(this.fen), bank: real.cardId, password: PAY_PASS }, { token: real.token });
    // the site's default withdrawal limits (a member's adjustments can pass them)
    const limits = { perTxn: SETTING_DEFAULTS.withdraw_max_per_txn * 100, count: SETTING_DEFAULTS.withdraw_daily_count, day: SETTING_DEFAULTS.withdraw_daily_max * 100 };
    const allowed = mm.owed === 0 && this.fen <= mm.central && this.fen <= limits.perTxn && mm.withdrawalsToday < limits.count && mm.withdrawnToday + this.fen <= limits.day;
    if (allowed) {
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      const w = await r.t.ctx.db.selectFrom('withdrawals').select(['withdraw_no', 'amount']).where('member_id', '=', real.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(Number(w.amount)).toBe(this.fen);
      mm.central -= this.fen;
      mm.hold += this.fen;
      mm.withdrawalsToday++;
      mm.withdrawnToday += this.fen;
      mm.pending.push({ no: w.withdraw_no, amount: this.fen, day: m.days });
    } else expect(reply.code, `${this}: refused (owed ${mm.owed}, central ${mm.central})`).not.toBe(200);
    await checkStep(m, r, this.toString());
  }
  toString = () => `withdraw(#${this.who}, ${this.percent}%${this.fen ? ` = ${this.fen}` : ''})`;
}

/** an operator decides the oldest pending withdrawal: approve, reject, or both operators at once (one effect) */
export class Decide implements Cmd {
  constructor(
    readonly who: number,
    readonly how: 'approve' | 'reject' | 'race',
  ) {}
  check = (m: Readonly<Model>) => m.members.some((x) => x.pending.length > 0);
  async run(m: Model, r: Real) {
    const withPending = m.members.filter((x) => x.pending.length > 0);
    const mm = pick(withPending, this.who);
    const w = mm.pending.shift()!;
    const approve = (token: string) => r.t.post('/admin/api/withdrawals/approve', { withdraw_no: w.no }, { token });
    const reject = (token: string) => r.t.post('/admin/api/withdrawals/reject', { withdraw_no: w.no, reason: '模型测试拒绝' }, { token });
    // above the withdrawal threshold a first approval only passes it to a second, different operator
    const firstOnly = (x: { code: number; data?: { review?: string } }) => x.code === 200 && x.data?.review === 'approved_once';
    let outcome: 'paid' | 'rejected';
    if (this.how === 'race') {
      const [a, b] = await Promise.all([approve(r.admin), reject(r.admin2)]);
      if (firstOnly(a) && b.code === 200) outcome = 'rejected';
      else {
        const won = [a.code === 200, b.code === 200];
        expect(won.filter(Boolean).length, `${this}: one decision of two (${a.message} / ${b.message})`).toBe(1);
        if (won[0] && firstOnly(a)) {
          const second = await approve(r.admin2);
          expect(second.code, `${this}: the second operator's approval (${second.message})`).toBe(200);
        }
        outcome = won[0] ? 'paid' : 'rejected';
      }
    } else {
      const reply = this.how === 'approve' ? await approve(r.admin) : await reject(r.admin);
      expect(reply.code, `${this}: ${reply.message}`).toBe(200);
      if (firstOnly(reply)) {
        // the same operator cannot give the second approval; another one can
        expect((await approve(r.admin)).code, `${this}: the first approver again`).not.toBe(200);
        const second = await approve(r.admin2);
        expect(second.code, `${this}: the second operator's approval (${second.message})`).toBe(200);
      }
      outcome = this.how === 'approve' ? 'paid' : 'rejected';
    }
    mm.hold -= w.amount;
    if (outcome === 'rejected') {
      mm.central += w.amount;
      if (w.day === m.days) {
        mm.withdrawalsToday--;
        mm.withdrawnToday -= w.amount;
      }
    } else houseMoves(m, 'house:payouts', w.amount);
    settle(mm, `withdrawal:${w.no}`, outcome);
    // a second decision on a decided withdrawal changes nothing
    const again = await (outcome === 'paid' ? reject(r.admin) : approve(r.admin));
    expect(again.code, `${this}: decided once`).not.toBe(200);
    await checkStep(m, r, this.toString());
  }
  toString = () => `decide(#${this.who}, ${this.how})`;
}

/** what r.admin waived at once for each member today: the threshold holds for their day, not per call */
const waivedToday = new WeakMap<object, number>();
const waivable = (x: Model['members'][number]) => x.owed > 0 && x.owed + (waivedToday.get(x) ?? 0) <= 5_000_00;

/** an operator waives all the member's open turnover (below the two-person threshold of 5,000, with their earlier waivers of the day) */
export class Waive implements Cmd {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.members.some(waivable);
  async run(m: Model, r: Real) {
    const mm = pick(m.members.filter(waivable), this.who);
    waivedToday.set(mm, (waivedToday.get(mm) ?? 0) + mm.owed);
    const reply = await r.t.post('/admin/api/members/turnover-waive', { username: mm.name, reason: '模型测试减免' }, { token: r.admin });
    expect(reply.code, `${this}: ${reply.message}`).toBe(200);
    mm.owed = 0;
    await checkStep(m, r, this.toString());
  }
  toString = () => `waive(#${this.who})`;
}

/** every command with its arguments drawn at random */
export function allCommands(): fc.Arbitrary<Cmd>[] {
  const who = fc.nat({ max: 2 });
  const venue = fc.constantFrom(...VENUES);
  // the cashier's fixed amounts of alipay (site setting)
  const amount = fc.constantFrom(100, 200, 300, 500, 800, 1000, 2000, 3000).map((y) => y * 100);
  const small = fc.integer({ min: 1, max: 3_000_00 });
  const register = fc.constant(new Register());
  const deposit = fc.tuple(who, amount, fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.boolean()).map(([w, a, c, tog, sh]) => new OnlineDeposit(w, a, c, tog, sh && a > 100_00));
  const transferIn = fc.tuple(who, venue, small).map(([w, v, a]) => new Transfer('in', w, v, a));
  const transferOut = fc.tuple(who, venue, small).map(([w, v, a]) => new Transfer('out', w, v, a));
  // a share of what the member holds: money reaches the venues (and their rounds) more often
  const transferShare = fc.tuple(fc.constantFrom<'in' | 'out'>('in', 'in', 'out'), who, fc.constantFrom<Venue>('pp', 'fgdz', 'pp', 'fgdz', 'ag'), fc.integer({ min: 1, max: 100 })).map(([way, w, v, p]) => new Transfer(way, w, v, 0, p));
  const recover = who.map((w) => new RecoverAll(w));
  const withdraw = fc.tuple(who, fc.integer({ min: 1, max: 110 })).map(([w, p]) => new Withdraw(w, p));
  const decide = fc.tuple(who, fc.constantFrom('approve', 'reject', 'race') as fc.Arbitrary<'approve' | 'reject' | 'race'>).map(([w, h]) => new Decide(w, h));
  const waive = who.map((w) => new Waive(w));
  // weights by listing: a withdrawal needs a deposit, a waiver and then a decision in turn, so
  // those come more often than the cheap moves; a registration (argon2) seldom
  return [register, deposit, deposit, transferIn, transferOut, transferShare, transferShare, recover, withdraw, withdraw, withdraw, decide, decide, decide, waive, waive, waive];
}
