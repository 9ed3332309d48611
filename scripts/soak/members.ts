import { signPayBody } from '@casino/sandbox';
import { call, elapsed, samples, sleep, type Reply, type Sample } from './client.ts';
import { assertLoopback } from './proxies.ts';

/**
 * The simulated members and operators (issue 35 point 3) and the client's own log of what the
 * servers acknowledged. A member signs up and binds a card, then loops: polls balances, deposits
 * online (the sandbox cashier, as a browser posts it) and by bank, moves money to and from venues,
 * plays slot rounds, grabs red packets, claims rebates, withdraws. Operators decide the bank
 * deposits and withdrawals members submitted, and waive turnover when a member asks.
 */
export const PAY_PASS = '654321';
const PASSWORD = 'soak-pass-1';
const VENUES = ['pp', 'ag', 'fgdz'];
const GAME = { plat: 'obgdy', code: 'obgdy_caishen' };
const ALIPAY_YUAN = [100, 200, 300, 500, 800, 1000];

export interface Member {
  name: string;
  token: string;
  cardId: number;
  /** last central balance seen (fen) */
  central: number;
}

/** what the servers acknowledged (code 200), by number */
export const acks = {
  onlineOrders: new Map<string, { member: string; fen: number }>(),
  onlineCredited: new Map<string, { member: string; fen: number }>(),
  bankOrders: new Map<string, { member: string; fen: number }>(),
  bankApproved: new Set<string>(),
  bankRejected: new Set<string>(),
  transfers: new Map<string, { member: string; fen: number; way: 'in' | 'out'; status: number }>(),
  withdrawals: new Map<string, { member: string; fen: number }>(),
  withdrawApproved: new Set<string>(),
  withdrawRejected: new Set<string>(),
  redPackets: [] as { member: string; fen: number }[],
  rebates: [] as { member: string; fen: number; no: string }[],
  waived: 0,
  /** settled online orders whose notify the gateway sent once more */
  renotified: 0,
};

/** work for the operators: numbers to decide, members asking for a waiver */
const queues = { bank: [] as string[], withdraw: [] as string[], waive: new Set<string>() };

const fen = (yuan: unknown) => Math.round(Number(yuan) * 100);
const rnd = (n: number) => Math.floor(Math.random() * n);
const pickOne = <T>(xs: T[]) => xs[rnd(xs.length)]!;

let seq = 0;
let told = 0;
function signUpFailed(step: string, r: Reply): null {
  // the first few refusals are shown: a sign-up that always fails means the soak is misconfigured
  if (told++ < 3) console.error(`[soak] sign-up ${step}: HTTP ${r.http} ${r.text.slice(0, 300)}`);
  return null;
}

export async function signUp(origin: string, run: string): Promise<Member | null> {
  const n = ++seq;
  const name = `sk${run}${String(n).padStart(4, '0')}`;
  const reg = await call(origin, 'register', '/api/register', { body: { name, password: PASSWORD, confirmPass: PASSWORD, realname: '张三', paypassword: PAY_PASS } });
  if (!reg.ok) return signUpFailed('register', reg);
  const token = reg.data.api_token as string;
  const bankNo = `6225881${String(parseInt(run, 36) % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`;
  const bind = await call(origin, 'bindcard', '/api/bindcard', { token, body: { bank_owner: '张三', bank_no: bankNo, pay_pass: PAY_PASS, bank: '招商银行', bank_address: '深圳市福田支行' } });
  if (!bind.ok) return signUpFailed('bindcard', bind);
  const cards = await call(origin, 'getcard', '/api/getcard', { token, body: { type: 1 } });
  const list = (cards.data?.data ?? cards.data) as { id: number }[] | undefined;
  const cardId = Array.isArray(list) && list[0] ? Number(list[0].id) : 0;
  return { name, token, cardId, central: 0 };
}

async function poll(o: string, m: Member) {
  const u = await call(o, 'user', '/api/user', { token: m.token, body: {} });
  if (u.ok && typeof u.data?.balance === 'number') m.central = fen(u.data.balance);
  await call(o, 'balancelist', '/api/balancelist', { token: m.token, body: {} });
}

async function onlineDeposit(o: string, m: Member) {
  const yuan = pickOne(ALIPAY_YUAN);
  const r = await call(o, 'recharge_online', '/api/recharge', { token: m.token, body: { paytype: 'alipay', amount: yuan } });
  if (!r.ok) return;
  const no = r.data.deposit_no as string;
  acks.onlineOrders.set(no, { member: m.name, fen: yuan * 100 });
  const cashier = new URL(r.data.url as string, o).toString();
  await call(new URL(cashier).origin, 'cashier_page', new URL(cashier).pathname);
  // one member in ten leaves the cashier without paying (the order expires)
  if (Math.random() < 0.1) return;
  await call(new URL(cashier).origin, 'cashier_pay', `${new URL(cashier).pathname}/pay`, { form: `paid=${yuan}.00` });
  // the member's page polls the order until it shows as credited (bounded)
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    const q = await call(o, 'order_status', `/pay/api/queryOrderNo?orderNo=${no}`, { token: m.token });
    if (q.ok && q.data?.state === 2) {
      acks.onlineCredited.set(no, { member: m.name, fen: yuan * 100 });
      return;
    }
  }
}

async function bankDeposit(o: string, m: Member) {
  const yuan = 100 + rnd(10) * 50;
  const r = await call(o, 'recharge_bank', '/api/recharge', { token: m.token, body: { paytype: 'bank', amount: yuan, bank_owner: '张三', bank: '招商银行', bank_no: '6225881234567890', bank_address: '深圳市福田支行' } });
  if (!r.ok) return;
  const no = (r.data?.deposit_no ?? r.message) as string;
  acks.bankOrders.set(no, { member: m.name, fen: yuan * 100 });
  queues.bank.push(no);
}

function ackTransfer(m: Member, r: Reply, fenAmount: number, way: 'in' | 'out') {
  if (r.ok && r.data?.transfer_id) acks.transfers.set(String(r.data.transfer_id), { member: m.name, fen: fenAmount, way, status: Number(r.data.status) });
}

async function transferIn(o: string, m: Member) {
  if (m.central < 100) return poll(o, m);
  const amount = Math.max(1, Math.floor((m.central * (0.2 + Math.random() * 0.6)) / 100));
  const r = await call(o, 'transfer_in', '/api/transfer', { token: m.token, body: { amount, sourcetype: 'userbalance', targettype: pickOne(VENUES) } });
  ackTransfer(m, r, amount * 100, 'in');
}

async function transferOut(o: string, m: Member) {
  const list = await call(o, 'balancelist', '/api/balancelist', { token: m.token, body: {} });
  const held = (Array.isArray(list.data) ? list.data : []).filter((v: { platname: string; balance: number }) => v.platname !== 'userbalance' && v.balance >= 1);
  if (held.length === 0) return;
  if (Math.random() < 0.3) {
    await call(o, 'transall', '/api/transall', { token: m.token, body: {} });
    return;
  }
  const v = pickOne(held) as { platname: string; balance: number };
  const amount = Math.max(1, Math.floor(v.balance * (0.5 + Math.random() * 0.5)));
  const r = await call(o, 'transfer_out', '/api/transfer', { token: m.token, body: { amount, sourcetype: v.platname, targettype: 'userbalance' } });
  ackTransfer(m, r, amount * 100, 'out');
}

async function play(o: string, m: Member) {
  const r = await call(o, 'game_url', '/api/getGameUrl', { token: m.token, body: { plat_name: GAME.plat, game_type: 0, game_code: GAME.code, is_mobile_url: 1 } });
  if (!r.ok) return;
  const url = new URL(r.data.url as string, o);
  const page = await call(url.origin, 'game_page', url.pathname + url.search);
  const cfg = /<script id="game-config" type="application\/json">(.*?)<\/script>/s.exec(page.text);
  if (!cfg) return;
  const c = JSON.parse(cfg[1]!) as { api: string; session: string; balance_fen: number };
  let balance = c.balance_fen;
  const spins = 2 + rnd(5);
  for (let i = 0; i < spins && balance >= 500; i++) {
    const stake = balance >= 5000 ? 2000 : 500;
    const res = await fetchGame(url.origin, c, stake);
    if (res === null) return;
    balance = res;
    await sleep(300 + rnd(700));
  }
}

/** one spin on the game's own endpoint (its session header, as the game page sends it) */
async function fetchGame(origin: string, c: { api: string; session: string }, stake: number): Promise<number | null> {
  const t = Date.now();
  const s: Sample = { t: elapsed(), call: 'game_spin', ms: 0, http: 0 };
  try {
    const spinUrl = new URL(`${c.api}/spin`, origin);
    assertLoopback(spinUrl.toString());
    const res = await fetch(spinUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-game-session': c.session }, body: JSON.stringify({ stake_fen: stake }), signal: AbortSignal.timeout(15_000) });
    s.http = res.status;
    const j = (await res.json()) as { balance_fen?: number; message?: string };
    if (res.status !== 200) s.message = j.message;
    return res.status === 200 && typeof j.balance_fen === 'number' ? j.balance_fen : null;
  } catch (e) {
    s.error = (e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message;
    return null;
  } finally {
    s.ms = Date.now() - t;
    samples.push(s);
  }
}

async function redPacket(o: string, m: Member) {
  const info = await call(o, 'redpacket_info', '/api/userredpacket', { token: m.token });
  if (!info.ok) return;
  const r = await call(o, 'redpacket_grab', '/api/douserredpacket', { token: m.token, body: {} });
  const money = r.data?.money ?? r.data?.amount;
  if (r.ok && money !== undefined) acks.redPackets.push({ member: m.name, fen: fen(money) });
}

async function rebate(o: string, m: Member) {
  const r = await call(o, 'rebate_claim', '/api/dofanshui', { token: m.token, body: {} });
  if (r.ok && r.data?.money !== undefined) acks.rebates.push({ member: m.name, fen: fen(r.data.money), no: String(r.data.claim_no) });
}

async function withdraw(o: string, m: Member) {
  await poll(o, m);
  if (m.central < 100_00 || !m.cardId) return;
  const yuan = Math.min(2000, Math.max(100, Math.floor((m.central * (0.3 + Math.random() * 0.5)) / 100)));
  const r = await call(o, 'withdraw', '/api/withdraw', { token: m.token, body: { amount: yuan, bank: m.cardId, password: PAY_PASS } });
  if (r.ok && r.data?.withdraw_no) {
    acks.withdrawals.set(r.data.withdraw_no, { member: m.name, fen: yuan * 100 });
    queues.withdraw.push(r.data.withdraw_no);
  } else if (r.code !== undefined && r.code < 500 && /打码|流水/.test(r.message ?? '') && Math.random() < 0.5) queues.waive.add(m.name);
}

const ACTIONS: [number, (o: string, m: Member) => Promise<void>][] = [
  [30, poll],
  [10, onlineDeposit],
  [5, bankDeposit],
  [12, transferIn],
  [9, transferOut],
  [12, play],
  [4, redPacket],
  [3, rebate],
  [10, withdraw],
];
const TOTAL = ACTIONS.reduce((a, [w]) => a + w, 0);

/** one member's loop: bounded in time (until `stopAt`) and in count (`maxActions`) */
export async function memberLoop(origin: string, m: Member, stopAt: () => number, gate: Gate, maxActions = 5000) {
  for (let i = 0; i < maxActions && Date.now() < stopAt(); i++) {
    await sleep(2000 + rnd(6000));
    if (Date.now() >= stopAt()) break;
    let x = rnd(TOTAL);
    const action = ACTIONS.find(([w]) => (x -= w) < 0)![1];
    await gate.run(() => action(origin, m));
  }
}

/**
 * 补发通知: the gateway sends a settled order's notify once more (an operator asks for it when a
 * member says a payment did not arrive; real gateways also repeat notifies on their own). The
 * site must answer it and credit nothing a second time.
 */
async function renotify(gateway: { origin: string; secret: string }) {
  const credited = [...acks.onlineCredited.keys()];
  if (credited.length === 0) return;
  const s = signPayBody(gateway.secret, { order_no: pickOne(credited) });
  const t = Date.now();
  const sample: Sample = { t: elapsed(), call: 'gateway_renotify', ms: 0, http: 0 };
  try {
    const url = `${gateway.origin}/sandbox/pay/api/renotify`;
    assertLoopback(url);
    const res = await fetch(url, { method: 'POST', headers: s.headers, body: s.body, signal: AbortSignal.timeout(15_000) });
    sample.http = res.status;
    await res.text();
    if (res.status === 200) acks.renotified++;
  } catch (e) {
    sample.error = (e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message;
  } finally {
    sample.ms = Date.now() - t;
    samples.push(sample);
  }
}

/** an operator's loop: decide the oldest bank deposit and withdrawal waiting, waive on request */
export async function operatorLoop(origin: string, token: () => string, other: () => string, stopAt: () => number, gateway: { origin: string; secret: string }, maxSteps = 100_000) {
  for (let i = 0; i < maxSteps && Date.now() < stopAt(); i++) {
    await sleep(500 + rnd(1000));
    if (Math.random() < 0.3) await renotify(gateway);
    const deposit = queues.bank.shift();
    if (deposit) {
      const approve = Math.random() < 0.7;
      const r = approve
        ? await call(origin, 'op_deposit_approve', '/admin/api/deposits/approve', { token: token(), body: { deposit_no: deposit } })
        : await call(origin, 'op_deposit_reject', '/admin/api/deposits/reject', { token: token(), body: { deposit_no: deposit, reason: '未收到款项' } });
      if (r.ok) (approve ? acks.bankApproved : acks.bankRejected).add(deposit);
      else if (r.http === 0 || (r.code ?? 500) >= 500) queues.bank.push(deposit); // no answer: the operator tries again later
    }
    const w = queues.withdraw.shift();
    if (w) {
      const approve = Math.random() < 0.7;
      const r = approve
        ? await call(origin, 'op_withdraw_approve', '/admin/api/withdrawals/approve', { token: token(), body: { withdraw_no: w } })
        : await call(origin, 'op_withdraw_reject', '/admin/api/withdrawals/reject', { token: token(), body: { withdraw_no: w, reason: '资料不符' } });
      if (r.ok && approve && r.data?.review === 'approved_once') {
        // above the two-person threshold: the other operator's approval completes it
        const r2 = await call(origin, 'op_withdraw_approve', '/admin/api/withdrawals/approve', { token: other(), body: { withdraw_no: w } });
        if (r2.ok) acks.withdrawApproved.add(w);
        else queues.withdraw.push(w);
      } else if (r.ok) (approve ? acks.withdrawApproved : acks.withdrawRejected).add(w);
      else if (r.http === 0 || (r.code ?? 500) >= 500) queues.withdraw.push(w);
    }
    const who = queues.waive.values().next().value;
    if (who) {
      queues.waive.delete(who);
      const r = await call(origin, 'op_waive', '/admin/api/members/turnover-waive', { token: token(), body: { username: who, reason: '压测减免' } });
      if (r.ok) acks.waived++;
    }
    if (i % 10 === 0) await call(origin, 'op_withdraw_list', '/admin/api/withdrawals/list', { token: token(), body: { page: 1 } });
  }
}

/** at most `limit` members act at once (the rest think) */
export class Gate {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export const pendingWork = () => ({ bank: queues.bank.length, withdraw: queues.withdraw.length });
