import type { TestApp } from '../../../test/harness.ts';
import { wallet, type HouseAccount } from '../wallet/index.ts';
import { makeAgent } from './records.ts';
import { monthOf, monthStart, shiftMonth } from './settlement-month.ts';

/** Test helpers of the settlement tests (agents/*.test.ts only): real records through the app. */

/** yuan -> fen */
export const y = (yuan: number) => Math.round(yuan * 100);

/**
 * Months after the one the test runs in: members register now (their agent link opens now), so
 * their activity is put in the months after, and the settlement clock (PROMO_TEST_NOW) is set past them.
 */
export function futureMonths(count: number, now = Date.now()): string[] {
  const first = shiftMonth(monthOf(now), 1);
  return Array.from({ length: count }, (_, i) => shiftMonth(first, i));
}

/** Epoch ms of day `day` (1-based) at `hour`:00 Beijing in `month`. */
export const inMonth = (month: string, day = 10, hour = 12) => monthStart(month) + (day - 1) * 86_400_000 + hour * 3_600_000;

let ipSeq = 10;
/** A fresh address per member (members sharing their agent's address are flagged as its own). */
export const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** Registers a member (with a pid when given) from its own address, with a real name of its own (both are links to its agent); answers its id and token. */
export async function registerMember(t: TestApp, name: string, o: { pid?: string; ip?: string } = {}): Promise<{ id: number; token: string; name: string }> {
  const r = await t.post('/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: `张${name}`, paypassword: '654321', ...(o.pid ? { pid: o.pid } : {}) }, { ip: o.ip ?? freshIp() });
  if (r.code !== 200) throw new Error(`register ${name}: ${r.message}`);
  const m = await t.ctx.db.selectFrom('members').select(['id', 'created_at']).where('username', '=', name).executeTakeFirstOrThrow();
  const id = Number(m.id);
  if (o.pid) {
    const link = await t.ctx.db.selectFrom('agent_links').select('id').where('member_id', '=', id).executeTakeFirst();
    if (!link) throw new Error(`register ${name} with pid ${o.pid}: not bound to the agent`);
  }
  return { id, token: r.data.api_token, name };
}

/** Makes a member an agent (as an operator would); its upline is the agent it was registered under. */
export async function agentFor(t: TestApp, name: string, o: { pid?: string } = {}) {
  const m = await registerMember(t, name, o);
  const { agent } = await t.ctx.db.transaction().execute((trx) => makeAgent(trx, { memberId: m.id, source: 'operator', createdBy: 'admin:1', now: Date.now() }));
  return { ...m, agentId: Number(agent.id), code: agent.code };
}

let seq = 0;
/** A credit from a house account to the member at `at` (deposit, bonus, rebate, red packet). */
export async function credit(t: TestApp, memberId: number, house: HouseAccount, fen: number, at: number) {
  const ref = `T${memberId}-${++seq}`;
  await wallet.creditFromHouse(t.ctx.db, { memberId, amount: fen, reference: ref, idempotencyKey: `test:${ref}`, house, now: at });
}

/** A settled bet as the bet pull stores it: valid stake and the member's win (negative: a loss). */
export async function bet(t: TestApp, memberId: number, o: { valid: number; win: number; at: number }) {
  await t.ctx.db
    .insertInto('bets')
    .values({
      platform: 'pp',
      bet_id: `AB${++seq}-${Math.random().toString(36).slice(2, 8)}`,
      member_id: memberId,
      game_code: 'g1',
      game_name: '测试游戏',
      category_id: 'electron',
      bet_amount: o.valid,
      valid_amount: o.valid,
      win_loss: o.win,
      status: 1,
      created_at: o.at - 60_000,
      settled_at: o.at,
      pulled_at: o.at,
    })
    .execute();
}

export async function adminToken(t: TestApp): Promise<string> {
  const r = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
  if (r.code !== 200) throw new Error(`admin login: ${r.message}`);
  return r.data.token;
}

/** A new operator of `role`, signed in. */
export async function operatorToken(t: TestApp, owner: string, username: string, role: string): Promise<string> {
  const made = await t.post('/admin/api/operators/create', { username, password: 'operator-pass-1', role }, { token: owner });
  if (made.code !== 200) throw new Error(`operator ${username}: ${made.message}`);
  const login = await t.post('/admin/api/login', { username, password: 'operator-pass-1' });
  if (login.code !== 200) throw new Error(`login ${username}: ${login.message}`);
  return login.data.token;
}

export async function expectLedgerClean(t: TestApp) {
  const v = await wallet.verify(t.ctx.db);
  if (v.length) throw new Error(`ledger violations: ${JSON.stringify(v)}`);
}

/** the month's statement of an agent, as stored (fen) */
export async function statementOf(t: TestApp, agentId: number, month: string) {
  const s = await t.ctx.db.selectFrom('agent_statements').selectAll().where('agent_id', '=', agentId).where('month', '=', month).executeTakeFirst();
  if (!s) throw new Error(`no statement of agent ${agentId} for ${month}`);
  return s;
}
