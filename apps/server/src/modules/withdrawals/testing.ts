import { expect } from 'vitest';
import type { Envelope } from '@casino/contract';
import type { TestApp } from '../../../test/harness.ts';
import { credit, newMember, type Member } from '../transfers/testing.ts';
import { wallet } from '../wallet/index.ts';

/** Test helpers of the withdrawals module (used by its *.test.ts only). */

export const PAY = '654321';
export { credit, newMember, type Member };

/** A back-office operator of `role` (seeded roles: super, finance, auditor, ...), made by the first operator and signed in. */
export async function operator(t: TestApp, username: string, role = 'finance'): Promise<string> {
  const owner = await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' });
  expect(owner.code, owner.message).toBe(200);
  const made = await t.post('/admin/api/operators/create', { username, password: 'operator-pass-1', role }, { token: owner.data.token });
  expect(made.code, made.message).toBe(200);
  const login = await t.post('/admin/api/login', { username, password: 'operator-pass-1' });
  expect(login.code, login.message).toBe(200);
  return login.data.token as string;
}

let cardSeq = 0;
/** Binds a bank card (a fresh number unless given) and answers its id. */
export async function bindBank(t: TestApp, token: string, number?: string): Promise<number> {
  const no = number ?? `62220210${String(++cardSeq).padStart(8, '0')}`;
  const r = await t.post('/api/bindcard', { bank_owner: '张三', bank: '招商银行', bank_no: no, bank_address: '深圳市福田支行', pay_pass: PAY }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data.id as number;
}

/** Binds a USDT address: TRC20 'T' + 33 base58, ERC20 '0x' + 40 hex. */
export async function bindUsdt(t: TestApp, token: string, chain: 'TRC20' | 'ERC20'): Promise<number> {
  const seq = ++cardSeq;
  // 4 base58 characters from the sequence number, so every address is new
  const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const tail = Array.from({ length: 4 }, (_, i) => B58[Math.floor(seq / 58 ** i) % 58]).join('');
  const address = chain === 'TRC20' ? `TQn9Y2khEsLJW1ChVWFMSMeRDow5Kc${tail}` : `0x52908400098527886E0F7030069857D2E4${seq.toString(16).padStart(6, '0')}`;
  const r = await t.post('/api/bindcard', { bank: 'USDT', bank_owner: chain, bank_no: address, pay_pass: PAY }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data.id as number;
}

export function withdraw(t: TestApp, token: string, body: Record<string, unknown>): Promise<Envelope<any>> {
  return t.post('/api/withdraw', body, { token });
}

export async function balances(t: TestApp, memberId: number) {
  return wallet.memberBalances(t.ctx.db, memberId);
}

export async function expectLedgerSound(t: TestApp) {
  expect(await wallet.verify(t.ctx.db)).toEqual([]);
}

export async function withdrawalCount(t: TestApp, memberId: number): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The member's own type 2 records (POST /api/gettransrecord). */
export async function records(t: TestApp, token: string) {
  const r = await t.post('/api/gettransrecord', { type: 2 }, { token });
  expect(r.code, r.message).toBe(200);
  return r.data as { data: { out_trade_no: string; amount: number; state: number; pay_way: string; usdt: any; reason: string }[]; total: number };
}

export function admin(t: TestApp, token: string, path: string, body: Record<string, unknown>): Promise<Envelope<any>> {
  return t.post(`/admin/api/withdrawals/${path}`, body, { token });
}
