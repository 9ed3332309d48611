import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PayFaults } from './faults.ts';
import { PAY_NOTIFY_ACK, signPayBody } from './signing.ts';
import type { PayOrder, PayStore } from './store.ts';

/** what a notify carries (JSON, signed) */
export interface PayNotice {
  order_no: string;
  merchant_order_no: string;
  state: 'paid' | 'failed';
  amount_fen: number;
  paid_fen: number | null;
  paid_at: number | null;
}

/** retry after 15 s, 1 min, 5 min, 30 min, as real gateways back off */
export const DEFAULT_RETRY_DELAYS_MS = [15_000, 60_000, 300_000, 1_800_000];
const DELIVERY_TIMEOUT_MS = 10_000;

export function noticeOf(o: PayOrder): PayNotice {
  return {
    order_no: o.order_no,
    merchant_order_no: o.merchant_order_no,
    state: o.state === 'paid' ? 'paid' : 'failed',
    amount_fen: o.amount_fen,
    paid_fen: o.paid_fen,
    paid_at: o.paid_at,
  };
}

/**
 * Sends settled orders' notifies to the merchant until it answers the literal `success`:
 * the first at once, then on the back-off schedule. Timers live in this process; after a
 * restart every unacknowledged notify is sent again (`resume`).
 */
export class Notifier {
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private store: PayStore,
    private secret: string,
    private log: FastifyBaseLogger,
    private faults: PayFaults | null,
    private retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  /** starts the delivery schedule of a freshly settled order */
  start(orderNo: string) {
    this.after(0, () => this.attempt(orderNo, 0));
  }

  /** one more delivery now, outside the schedule (補发通知); answers whether it was acknowledged */
  async resend(orderNo: string): Promise<boolean> {
    return this.deliver(orderNo);
  }

  resume() {
    for (const o of this.store.unacknowledged()) this.start(o.order_no);
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
      fn().catch((err) => this.log.warn({ err }, 'sandbox pay: notify failed'));
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private async attempt(orderNo: string, round: number) {
    const acked = await this.deliver(orderNo);
    if (!acked && round < this.retryDelaysMs.length) this.after(this.retryDelaysMs[round], () => this.attempt(orderNo, round + 1));
  }

  private async deliver(orderNo: string): Promise<boolean> {
    const order = this.store.get(orderNo);
    if (!order || order.state === 'pending') return false;
    const fault = this.faults?.take() ?? null;
    this.store.countAttempt(orderNo);
    if (fault === 'lost') return false;
    if (fault === 'late') await new Promise((r) => setTimeout(r, this.faults!.lateMs));
    if (this.closed) return false;
    const secret = fault === 'bad_signature' ? randomBytes(32).toString('hex') : this.secret;
    const signed = signPayBody(secret, noticeOf(order));
    const copies = fault === 'duplicate' ? this.faults!.copies : 1;
    const answers = await Promise.all(Array.from({ length: copies }, () => this.post(order.notify_url, signed)));
    const acked = answers.some((a) => a === PAY_NOTIFY_ACK);
    if (acked) this.store.acked(orderNo, Date.now());
    return acked;
  }

  private async post(url: string, signed: { body: string; headers: Record<string, string> }): Promise<string> {
    try {
      const res = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
      return (await res.text()).trim();
    } catch (err) {
      this.log.warn({ err: String(err), url }, 'sandbox pay: notify not delivered');
      return '';
    }
  }
}
