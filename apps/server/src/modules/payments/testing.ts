import { signPayBody } from '@casino/sandbox';
import type { TestApp } from '../../../test/harness.ts';
import { wallet } from '../wallet/index.ts';

/** Helpers the deposit tests (and the bench) share: members with a card, signed notifies, waiting. */
export const PAY_PASS = '654321';

let seq = 0;
/** a fresh member with one bank card bound (deposits need a bound card) */
export async function memberWithCard(t: TestApp, prefix = 'dep'): Promise<{ token: string; id: number; name: string }> {
  const name = `${prefix}${String(++seq).padStart(4, '0')}${Math.random().toString(36).slice(2, 6)}`.slice(0, 16);
  const token = await t.register(name);
  const r = await t.post('/api/bindcard', { bank_owner: '张三', bank_no: `62258812${String(seq).padStart(8, '0')}`, pay_pass: PAY_PASS, bank: '招商银行', bank_address: '深圳市福田支行' }, { token });
  if (r.code !== 200) throw new Error(`bindcard: ${r.message}`);
  const { id } = await t.ctx.db.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow();
  return { token, id, name };
}

export interface NoticeBody {
  order_no: string;
  merchant_order_no: string;
  state: 'paid' | 'failed';
  amount_fen: number;
  paid_fen: number | null;
  paid_at: number | null;
}

/** POSTs a notify to /pay/notify/sandbox as the gateway would (or with a wrong secret / old timestamp) */
export async function sendNotice(t: TestApp, body: NoticeBody | string, opts: { secret?: string; ts?: number; nonce?: string } = {}) {
  const signed = signPayBody(opts.secret ?? t.ctx.config.paymentSecret, body, { ts: opts.ts, nonce: opts.nonce });
  const res = await t.http.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: signed.headers, payload: signed.body });
  return { status: res.statusCode, body: res.body };
}

/** the notify body of one of our orders, by what the gateway knows of it */
export async function noticeFor(t: TestApp, depositNo: string, paidFen: number | null, state: 'paid' | 'failed' = 'paid', paidAt = Date.now()): Promise<NoticeBody> {
  const d = await t.ctx.db.selectFrom('deposits').selectAll().where('deposit_no', '=', depositNo).executeTakeFirstOrThrow();
  return { order_no: d.gateway_order_no ?? 'SPUNKNOWN', merchant_order_no: depositNo, state, amount_fen: Number(d.amount), paid_fen: paidFen, paid_at: state === 'paid' ? paidAt : null };
}

export const central = (t: TestApp, memberId: number) => wallet.centralBalance(t.ctx.db, memberId);

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const depositRow = (t: TestApp, depositNo: string) => t.ctx.db.selectFrom('deposits').selectAll().where('deposit_no', '=', depositNo).executeTakeFirstOrThrow();
