import { signPayBody, sifangSigned, type SifangMerchant } from '@casino/sandbox';
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

// ---- issue 21: the deposit tests run against both adapters ---------------------------------------

/** How a test drives one kind of gateway: its cashier, and notifies as that gateway sends them. */
export interface PayDriver {
  readonly name: 'sandbox' | 'sifang';
  /** the cashier URL an order answers */
  readonly cashier: RegExp;
  /** opens what the gateway needs (the 四方 mode: a merchant at the sandbox and a channel here) */
  setup(t: TestApp): Promise<void>;
  /** POSTs a notify as the gateway would; `secret` signs it with another key */
  send(t: TestApp, body: NoticeBody | string, opts?: { secret?: string; ts?: number; nonce?: string }): Promise<{ status: number; body: string }>;
  /** a notify saying the payment failed fails the order (the generic adapter leaves it to expire) */
  readonly failedNotifyFails: boolean;
  /** notifies carry a signed time the server checks (the 四方 convention has none) */
  readonly signedTime: boolean;
}

export const sandboxDriver = (): PayDriver => ({
  name: 'sandbox',
  cashier: /^\/sandbox\/pay\/cashier\/SP[0-9A-F]{20}$/,
  setup: async () => {},
  send: (t, body, opts) => sendNotice(t, body, opts),
  failedNotifyFails: true,
  signedTime: true,
});

export const adminToken = async (t: TestApp) => (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token as string;

/** a second super admin's token, once per app (issue 33: a channel's settings need a second operator's approval) */
const approvers = new WeakMap<TestApp, Promise<string>>();
export function secondAdminToken(t: TestApp): Promise<string> {
  let p = approvers.get(t);
  if (!p) {
    p = (async () => {
      const r = await t.post('/admin/api/operators/create', { username: 'approver2', password: 'approver-pass-2', role: 'super' }, { token: await adminToken(t) });
      if (r.code !== 200) throw new Error(`second operator: ${r.message}`);
      return (await t.post('/admin/api/login', { username: 'approver2', password: 'approver-pass-2' })).data.token as string;
    })();
    approvers.set(t, p);
  }
  return p;
}

/** approves, as a second operator, the channel's credential change waiting (a new channel's settings) */
export async function approveChannel(t: TestApp, channelId: number): Promise<void> {
  const token = await secondAdminToken(t);
  const list = await t.post('/admin/api/payment-channels/key-changes', { channel_id: channelId, page: 1 }, { token });
  const change = (list.data?.data as { id: number }[] | undefined)?.[0];
  if (!change) throw new Error(`no pending change of channel ${channelId}: ${list.message}`);
  const r = await t.post('/admin/api/payment-channels/key-change-approve', { id: change.id }, { token });
  if (r.code !== 200) throw new Error(`approve channel ${channelId}: ${r.message}`);
}

/** opens a merchant account at the sandbox's 四方 mode (its key chosen by the caller or made there) */
export async function sifangMerchant(t: TestApp, spec: Record<string, unknown> = {}): Promise<SifangMerchant> {
  const res = await fetch(`${t.origin}/sandbox/pay/sifang/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  if (res.status !== 201) throw new Error(`sifang merchant: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as SifangMerchant;
}

/** a channel of the generic adapter for a sandbox merchant, serving every online method at the site's ranges */
export async function sifangChannel(t: TestApp, m: SifangMerchant, extra: Record<string, unknown> = {}): Promise<number> {
  const fields = Object.fromEntries(Object.entries(m.fields).filter(([k]) => k !== 'notify_id' || m.fields.notify_id));
  const r = await t.post(
    '/admin/api/payment-channels/create',
    {
      name: `四方${m.merchant_id}`,
      gateway_type: 'sifang',
      merchant_id: m.merchant_id,
      keys: { sign_key: m.key },
      methods: ['wxpay', 'alipay', 'ecny', 'qqpay', 'unionpay'].map((paytype) => ({ paytype })),
      sifang: { order_url: `${t.origin}/sandbox/pay/sifang/order`, query_url: `${t.origin}/sandbox/pay/sifang/query`, sign_type: m.sign_type, amount_unit: m.amount_unit, ack: m.ack, success_status: m.success_status, fields },
      ...extra,
    },
    { token: await adminToken(t) },
  );
  if (r.code !== 200) throw new Error(`channel: ${r.message}`);
  await approveChannel(t, r.data.id as number);
  return r.data.id as number;
}

/** the notify the sandbox's 四方 mode would send for a NoticeBody */
export function sifangNoticeText(m: SifangMerchant, body: NoticeBody, key = m.key): string {
  const f = m.fields;
  const fen = body.state === 'paid' && body.paid_fen !== null ? body.paid_fen : body.amount_fen;
  const amount = m.amount_unit === 'fen' ? String(fen) : (fen / 100).toFixed(2);
  const fields: Record<string, string> = { [f.merchant_id]: m.merchant_id, [f.order_no]: body.merchant_order_no, [f.gateway_order_no]: body.order_no, [f.amount]: amount, [f.status]: body.state === 'paid' ? m.success_status : 'fail' };
  return new URLSearchParams(sifangSigned(m, fields, key)).toString();
}

export function sifangDriver(): PayDriver & { channelId: number; merchant: SifangMerchant } {
  const d = {
    name: 'sifang' as const,
    cashier: /^\/sandbox\/pay\/sifang\/cashier\/SF[0-9A-F]{20}$/,
    channelId: 0,
    merchant: undefined as unknown as SifangMerchant,
    failedNotifyFails: false,
    signedTime: false,
    async setup(t: TestApp) {
      d.merchant = await sifangMerchant(t, { merchant_id: `T${Math.random().toString(36).slice(2, 10)}` });
      d.channelId = await sifangChannel(t, d.merchant);
    },
    async send(t: TestApp, body: NoticeBody | string, opts: { secret?: string } = {}) {
      const text = typeof body === 'string' ? body : sifangNoticeText(d.merchant, body, opts.secret);
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      // a 四方 notify carries no payment time: its arrival is taken as the time paid, so one paid
      // "at" another moment (after the deadline, say) is handed to the service at that moment
      if (typeof body !== 'string' && body.paid_at !== null && Math.abs(body.paid_at - Date.now()) > 60_000) {
        const a = await t.payments.service.notifyChannel(d.channelId, text, headers, '127.0.0.1', body.paid_at);
        return a.ack ? { status: 200, body: a.body } : { status: a.status, body: a.body };
      }
      const res = await t.http.inject({ method: 'POST', url: `/pay/notify/ch/${d.channelId}`, headers, payload: text });
      return { status: res.statusCode, body: res.body };
    },
  };
  return d;
}
