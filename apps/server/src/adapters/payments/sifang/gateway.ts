import { createHash } from 'node:crypto';
import { yuanToFen, type SifangConfig } from '@casino/contract';
import { GatewayError, type GatewayOrder, type PaymentGateway, type VerifiedNotice } from '../types.ts';
import { fieldSetsOf, signedValue, verifiedFields } from '../../verified-fields.ts';
import { postForm } from './client.ts';
import { sign, verify, type Fields } from './sign.ts';

export interface SifangGatewayOptions {
  /** e.g. sifang:12 (deposits.gateway of the channel's orders) */
  name: string;
  merchantId: string;
  /** signs what we send */
  signKey: string;
  /** checks what the gateway sends (notifies, replies); '' = signKey */
  notifyKey?: string;
  config: SifangConfig;
  /** our method code -> the gateway's ('' or absent: ours as it is) */
  codes: Record<string, string>;
  timeoutMs: number;
  /** unix seconds for the timestamp field (tests) */
  now?: () => number;
}

/**
 * The generic 四方支付 adapter: form-encoded order and query calls, the MD5 / SHA-256 /
 * HMAC-SHA256 signature over the ASCII-sorted non-empty fields plus `&key=`, a form (or JSON)
 * notify checked before anything in it is believed, and the gateway's literal acknowledgement.
 * Field names, the amount unit, the paid status and the acknowledgement come from the channel.
 */
export function createSifangGateway(o: SifangGatewayOptions): PaymentGateway {
  const c = o.config;
  const f = c.fields;
  const theirKey = o.notifyKey || o.signKey;
  const unixNow = o.now ?? (() => Math.floor(Date.now() / 1000));

  const amountText = (fen: number) => (c.amount_unit === 'fen' ? String(fen) : (fen / 100).toFixed(2));
  const fenOf = (text: string | undefined): number | null => {
    if (text === undefined) return null;
    if (c.amount_unit === 'fen') return /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : null;
    const fen = yuanToFen(text.trim());
    return fen !== null && fen >= 0 ? fen : null;
  };

  function signed(fields: Fields): Fields {
    if (f.timestamp) fields[f.timestamp] = String(unixNow());
    return { ...fields, [f.sign]: sign(fields, o.signKey, c.sign_type, f.sign) };
  }

  /** the one field set of a message our partner signed (adapters/verified-fields: nothing merged in) */
  const read = (text: string) => verifiedFields(text, f.sign, (set) => verify(set, theirKey, c.sign_type, f.sign));

  /**
   * What the gateway says of an order, from its signed fields only; null when a field we need is
   * missing (an empty field is unsigned, so it counts as missing) or unreadable, or when the
   * message names another merchant than the channel's.
   */
  function orderOf(fields: Fields): GatewayOrder | null {
    const merchant = signedValue(fields, f.merchant_id);
    if (merchant !== undefined && merchant !== o.merchantId) return null;
    const merchantOrderNo = signedValue(fields, f.order_no);
    const amount = fenOf(signedValue(fields, f.amount));
    if (!merchantOrderNo || amount === null || amount === 0) return null;
    const paid = signedValue(fields, f.status) === c.success_status;
    const paidAmount = paid ? fenOf(signedValue(fields, f.paid_amount || f.amount)) : null;
    if (paid && paidAmount === null) return null;
    return {
      gatewayOrderNo: signedValue(fields, f.gateway_order_no) ?? '',
      merchantOrderNo,
      // anything but the paid status changes nothing here: the order waits for its payment or expires
      state: paid ? 'paid' : 'pending',
      amount,
      paidAmount,
      paidAt: null,
    };
  }

  return {
    name: o.name,
    ack: c.ack,
    async createOrder(req) {
      const fields: Fields = {
        [f.merchant_id]: o.merchantId,
        [f.order_no]: req.merchantOrderNo,
        [f.amount]: amountText(req.amount),
        [f.pay_type]: o.codes[req.payType] || req.payType,
        [f.notify_url]: req.notifyUrl,
      };
      if (f.return_url) fields[f.return_url] = req.returnUrl;
      const text = await postForm(c.order_url, signed(fields), o.timeoutMs);
      const sets = fieldSetsOf(text);
      if (!sets) throw new GatewayError('unknown', 'sifang gateway: unreadable order reply');
      // a signed reply is read from its signed set alone; many gateways do not sign this one at
      // all (it moves no money: the cashier link comes back on our own call), then it is read
      // where gateways put it, the data object first
      let reply: Fields;
      if (sets.some((set) => (set[f.sign] ?? '') !== '')) {
        const v = read(text);
        if (!v.ok) throw new GatewayError('refused', 'sifang gateway: the order reply is not signed with the channel key');
        reply = v.fields;
      } else reply = Object.assign({}, ...sets) as Fields;
      const url = reply[f.pay_url];
      if (!url || !/^(https?:\/\/|\/(?!\/))\S+$/i.test(url)) {
        const why = reply.msg ?? reply.message ?? reply.error ?? reply.retmsg ?? '';
        throw new GatewayError('refused', `sifang gateway refused the order${why ? `: ${why.slice(0, 100)}` : ''}`);
      }
      return { gatewayOrderNo: (f.gateway_order_no && reply[f.gateway_order_no]) || '', cashierUrl: url };
    },
    async queryOrder(merchantOrderNo) {
      if (!c.query_url) throw new GatewayError('refused', 'sifang gateway: this channel has no order query');
      const text = await postForm(c.query_url, signed({ [f.merchant_id]: o.merchantId, [f.order_no]: merchantOrderNo }), o.timeoutMs);
      // a query answer moves money like a notify: believed only from its signed fields
      const v = read(text);
      if (!v.ok) throw new GatewayError(v.problem === 'malformed' ? 'unknown' : 'refused', 'sifang gateway: the query reply is not signed with the channel key');
      const order = orderOf(v.fields);
      if (!order || order.merchantOrderNo !== merchantOrderNo) throw new GatewayError('unknown', 'sifang gateway: malformed query reply');
      return order;
    },
    verifyNotify(rawBody): VerifiedNotice {
      const v = read(rawBody);
      if (!v.ok) return { ok: false, problem: v.problem };
      const fields = v.fields;
      const order = orderOf(fields);
      if (!order) return { ok: false, problem: 'malformed' };
      // the gateway's notify id where it sends one, else the notify itself: a retry of the same
      // notify is byte for byte the same (see the payments module on replays)
      const notifyId = signedValue(fields, f.notify_id) || `h:${createHash('sha256').update(rawBody).digest('hex')}`;
      return { ok: true, order, notifyId: notifyId.slice(0, 128) };
    },
  };
}
