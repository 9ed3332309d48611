import type { FastifyBaseLogger } from 'fastify';
import type { PayFaults } from './faults.ts';

/** retry after 15 s, 1 min, 5 min, 30 min, as real gateways back off */
export const DEFAULT_RETRY_DELAYS_MS = [15_000, 60_000, 300_000, 1_800_000];
const DELIVERY_TIMEOUT_MS = 10_000;

/** a settled order's notify, ready to sign: where it goes and what the merchant answers to acknowledge */
export interface Deliverable {
  url: string;
  ack: string;
  /** the request, signed with the right secret or (the bad_signature fault) with a random one */
  request(badSignature: boolean): { body: string; headers: Record<string, string> };
}

/** the order book a schedule reads: each gateway mode keeps its own */
export interface NotifyBook {
  countAttempt(id: string): void;
  acked(id: string, now: number): void;
}

/**
 * Sends settled orders' notifies until the merchant answers its acknowledgement: the first at
 * once, then on the back-off schedule, with the gateway's fault modes (lost, late, duplicate,
 * bad_signature). Timers live in this process; after a restart every unacknowledged notify is
 * sent again (`resume`). Each gateway mode says how its notify is made (`deliverable`).
 */
export abstract class NotifySchedule {
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private book: NotifyBook,
    private log: FastifyBaseLogger,
    /** names the mode in the log */
    private what: string,
    private faults: PayFaults | null,
    private retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  /** the notify of a settled order, or null (unknown, still pending, no merchant) */
  protected abstract deliverable(id: string): Deliverable | null;
  /** the orders whose notify was never acknowledged */
  protected abstract unacknowledged(): string[];

  /** starts the delivery schedule of a freshly settled order */
  start(id: string) {
    this.after(0, () => this.attempt(id, 0));
  }

  /** one more delivery now, outside the schedule (补发通知); answers whether it was acknowledged */
  resend(id: string): Promise<boolean> {
    return this.deliver(id);
  }

  resume() {
    for (const id of this.unacknowledged()) this.start(id);
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
      fn().catch((err) => this.log.warn({ err }, `${this.what}: notify failed`));
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private async attempt(id: string, round: number) {
    const acked = await this.deliver(id);
    if (!acked && round < this.retryDelaysMs.length) this.after(this.retryDelaysMs[round], () => this.attempt(id, round + 1));
  }

  private async deliver(id: string): Promise<boolean> {
    const d = this.deliverable(id);
    if (!d) return false;
    const fault = this.faults?.take() ?? null;
    this.book.countAttempt(id);
    if (fault === 'lost') return false;
    if (fault === 'late') await new Promise((r) => setTimeout(r, this.faults!.lateMs));
    if (this.closed) return false;
    const req = d.request(fault === 'bad_signature');
    const copies = fault === 'duplicate' ? this.faults!.copies : 1;
    const answers = await Promise.all(Array.from({ length: copies }, () => this.post(d.url, req)));
    const acked = answers.some((a) => a === d.ack);
    if (acked) this.book.acked(id, Date.now());
    return acked;
  }

  private async post(url: string, req: { body: string; headers: Record<string, string> }): Promise<string> {
    try {
      const res = await fetch(url, { method: 'POST', headers: req.headers, body: req.body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
      return (await res.text()).trim();
    } catch (err) {
      this.log.warn({ err: String(err), url }, `${this.what}: notify not delivered`);
      return '';
    }
  }
}
