import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PayFaults } from './faults.ts';
import { DEFAULT_RETRY_DELAYS_MS } from './notifier.ts';
import { sifangAmountText, sifangSigned, type SifangMerchant } from './sifang-dialect.ts';
import type { SifangOrder, SifangStore } from './sifang-store.ts';

const DELIVERY_TIMEOUT_MS = 10_000;
/** the status a failed payment is reported with (anything but the merchant's paid status) */
export const SIFANG_FAILED_STATUS = 'fail';

/** the notify (and query answer) of an order in the merchant's dialect, unsigned */
export function sifangNoticeFields(m: SifangMerchant, o: SifangOrder): Record<string, string> {
  const f = m.fields;
  const out: Record<string, string> = {
    [f.merchant_id]: m.merchant_id,
    [f.order_no]: o.merchant_order_no,
    [f.gateway_order_no]: o.trade_no,
    // without a paid-amount field of its own, the amount of a paid order is what was paid (as most gateways report it)
    [f.amount]: sifangAmountText(m, !f.paid_amount && o.state === 'paid' && o.paid_fen !== null ? o.paid_fen : o.amount_fen),
    [f.status]: o.state === 'paid' ? m.success_status : o.state === 'failed' ? SIFANG_FAILED_STATUS : '0',
  };
  if (f.paid_amount && o.paid_fen !== null) out[f.paid_amount] = sifangAmountText(m, o.paid_fen);
  if (f.notify_id && o.notify_id) out[f.notify_id] = o.notify_id;
  return out;
}

/**
 * Sends settled 四方 orders' notifies, form-encoded and signed with the merchant's key, until the
 * merchant answers its literal acknowledgement: at once, then on the back-off schedule. The same
 * fault modes as the signed-JSON mode (lost, late, duplicate, bad_signature).
 */
export class SifangNotifier {
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private store: SifangStore,
    private log: FastifyBaseLogger,
    private faults: PayFaults | null,
    private retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  start(tradeNo: string) {
    this.after(0, () => this.attempt(tradeNo, 0));
  }

  /** one more delivery now (补发通知); answers whether the merchant acknowledged it */
  resend(tradeNo: string): Promise<boolean> {
    return this.deliver(tradeNo);
  }

  resume() {
    for (const o of this.store.unacknowledged()) this.start(o.trade_no);
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private after(ms: number, fn: () => Promise<unknown>) {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn().catch((err) => this.log.warn({ err }, 'sandbox sifang: notify failed'));
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private async attempt(tradeNo: string, round: number) {
    const acked = await this.deliver(tradeNo);
    if (!acked && round < this.retryDelaysMs.length) this.after(this.retryDelaysMs[round], () => this.attempt(tradeNo, round + 1));
  }

  private async deliver(tradeNo: string): Promise<boolean> {
    const order = this.store.get(tradeNo);
    if (!order || order.state === 'pending') return false;
    const merchant = this.store.merchant(order.merchant_id);
    if (!merchant) return false;
    const fault = this.faults?.take() ?? null;
    this.store.countAttempt(tradeNo);
    if (fault === 'lost') return false;
    if (fault === 'late') await new Promise((r) => setTimeout(r, this.faults!.lateMs));
    if (this.closed) return false;
    const key = fault === 'bad_signature' ? randomBytes(16).toString('hex') : merchant.key;
    const body = new URLSearchParams(sifangSigned(merchant, sifangNoticeFields(merchant, order), key)).toString();
    const copies = fault === 'duplicate' ? this.faults!.copies : 1;
    const answers = await Promise.all(Array.from({ length: copies }, () => this.post(order.notify_url, body)));
    const acked = answers.some((a) => a === merchant.ack);
    if (acked) this.store.acked(tradeNo, Date.now());
    return acked;
  }

  private async post(url: string, body: string): Promise<string> {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
      return (await res.text()).trim();
    } catch (err) {
      this.log.warn({ err: String(err), url }, 'sandbox sifang: notify not delivered');
      return '';
    }
  }
}
