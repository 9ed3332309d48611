import { createHash, createHmac } from 'node:crypto';

/**
 * The 四方支付 dialect of the stand-in gateway (its own code: the server's adapter is written
 * separately against the same convention). Each merchant account may speak it with other field
 * names, another amount unit, signature type, paid status and acknowledgement, as real gateways
 * differ, so a channel's settings can be tried against it.
 */
export const SIFANG_FIELDS = {
  merchant_id: 'mch_id',
  order_no: 'out_trade_no',
  amount: 'amount',
  pay_type: 'pay_type',
  notify_url: 'notify_url',
  return_url: 'return_url',
  sign: 'sign',
  pay_url: 'pay_url',
  gateway_order_no: 'trade_no',
  status: 'status',
  paid_amount: '',
  notify_id: '',
} as const;
export type SifangFieldKey = keyof typeof SIFANG_FIELDS;
export type SifangSignType = 'md5' | 'sha256' | 'hmac_sha256';

export interface SifangMerchant {
  merchant_id: string;
  key: string;
  sign_type: SifangSignType;
  amount_unit: 'yuan' | 'fen';
  /** what the merchant must answer to a notify, whole body */
  ack: string;
  /** the status value of a paid order */
  success_status: string;
  fields: Record<SifangFieldKey, string>;
}

/** sorted (ASCII) non-empty fields but the signature, `&key=<key>`, hashed, upper-case hex */
export function sifangSignature(fields: Record<string, string>, key: string, type: SifangSignType, signField: string): string {
  const text =
    Object.keys(fields)
      .filter((k) => k !== signField && fields[k] !== '')
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => `${k}=${fields[k]}`)
      .join('&') + `&key=${key}`;
  const hex = type === 'hmac_sha256' ? createHmac('sha256', key).update(text).digest('hex') : createHash(type === 'md5' ? 'md5' : 'sha256').update(text).digest('hex');
  return hex.toUpperCase();
}

export function sifangSigned(m: SifangMerchant, fields: Record<string, string>, key = m.key): Record<string, string> {
  return { ...fields, [m.fields.sign]: sifangSignature(fields, key, m.sign_type, m.fields.sign) };
}

export function sifangAmountText(m: SifangMerchant, fen: number): string {
  return m.amount_unit === 'fen' ? String(fen) : (fen / 100).toFixed(2);
}

/** the amount of a merchant's field as fen; null when it is not one */
export function sifangAmountFen(m: SifangMerchant, text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (m.amount_unit === 'fen') return /^\d{1,11}$/.test(t) ? Number(t) : null;
  const x = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  return x ? Number(x[1]) * 100 + Number((x[2] ?? '').padEnd(2, '0')) : null;
}
