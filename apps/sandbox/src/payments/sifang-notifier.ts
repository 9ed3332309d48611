import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PayFaults } from './faults.ts';
import { NotifySchedule, type Deliverable } from './notify-schedule.ts';
import { sifangAmountText, sifangSigned, type SifangMerchant } from './sifang-dialect.ts';
import type { SifangOrder, SifangStore } from './sifang-store.ts';

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
 * Settled 四方 orders' notifies: form-encoded, signed with the merchant's key in its dialect,
 * acknowledged with the merchant's literal answer.
 */
export class SifangNotifier extends NotifySchedule {
  constructor(
    private store: SifangStore,
    log: FastifyBaseLogger,
    faults: PayFaults | null,
    retryDelaysMs?: number[],
  ) {
    super(store, log, 'sandbox sifang', faults, retryDelaysMs);
  }

  protected deliverable(tradeNo: string): Deliverable | null {
    const order = this.store.get(tradeNo);
    if (!order || order.state === 'pending') return null;
    const merchant = this.store.merchant(order.merchant_id);
    if (!merchant) return null;
    return {
      url: order.notify_url,
      ack: merchant.ack,
      request: (bad) => ({
        body: new URLSearchParams(sifangSigned(merchant, sifangNoticeFields(merchant, order), bad ? randomBytes(16).toString('hex') : merchant.key)).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    };
  }

  protected unacknowledged(): string[] {
    return this.store.unacknowledged().map((o) => o.trade_no);
  }
}
