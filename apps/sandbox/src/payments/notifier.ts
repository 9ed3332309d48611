import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PayFaults } from './faults.ts';
import { NotifySchedule, type Deliverable } from './notify-schedule.ts';
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

export { DEFAULT_RETRY_DELAYS_MS } from './notify-schedule.ts';

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

/** the signed-JSON mode's notifies: JSON of noticeOf, signed with the merchant secret (signPayBody) */
export class Notifier extends NotifySchedule {
  constructor(
    private store: PayStore,
    private secret: string,
    log: FastifyBaseLogger,
    faults: PayFaults | null,
    retryDelaysMs?: number[],
  ) {
    super(store, log, 'sandbox pay', faults, retryDelaysMs);
  }

  protected deliverable(orderNo: string): Deliverable | null {
    const order = this.store.get(orderNo);
    if (!order || order.state === 'pending') return null;
    return {
      url: order.notify_url,
      ack: PAY_NOTIFY_ACK,
      request: (bad) => signPayBody(bad ? randomBytes(32).toString('hex') : this.secret, noticeOf(order)),
    };
  }

  protected unacknowledged(): string[] {
    return this.store.unacknowledged().map((o) => o.order_no);
  }
}
