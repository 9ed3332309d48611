import { BlockList, isIP } from 'node:net';
import type { ChannelPayType, ChannelState, GatewayType, PayMethodSetting, SifangConfig } from '@casino/contract';
import type { PaymentChannelRecord } from '../../db/schema.ts';

/** One method of a channel as stored (fen; null min / max: the site's cashier setting applies). */
export interface ChannelMethod {
  paytype: ChannelPayType;
  code: string;
  min: number | null;
  max: number | null;
  amounts: number[];
}

/** A channel as the module works with it: JSON columns parsed, keys still sealed. */
export interface Channel {
  id: number;
  name: string;
  gatewayType: GatewayType;
  merchantId: string;
  methods: ChannelMethod[];
  dailyCap: number;
  weight: number;
  notifyIps: string[];
  state: ChannelState;
  pausedReason: string | null;
  pausedAt: number | null;
  stateChangedAt: number;
  sifang: SifangConfig | null;
  updatedAt: number;
  deleted: boolean;
  record: PaymentChannelRecord;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

export function channelOf(r: PaymentChannelRecord): Channel {
  return {
    id: Number(r.id),
    name: r.name,
    gatewayType: r.gateway_type as GatewayType,
    merchantId: r.merchant_id,
    methods: parse<ChannelMethod[]>(r.methods, []),
    dailyCap: Number(r.daily_cap),
    weight: Number(r.weight),
    notifyIps: parse<string[]>(r.notify_ips, []),
    state: r.state as ChannelState,
    pausedReason: r.paused_reason,
    pausedAt: r.paused_at === null ? null : Number(r.paused_at),
    stateChangedAt: Number(r.state_changed_at),
    sifang: parse<SifangConfig | null>(r.sifang, null),
    updatedAt: Number(r.updated_at),
    deleted: r.deleted_at !== null,
    record: r,
  };
}

/** The amounts a channel's method takes, in fen: a fixed list, or a range. */
export interface AmountRule {
  min: number;
  max: number;
  /** not empty: only these */
  amounts: number[];
}

/**
 * What a channel's method takes: its own fixed list, else its own range (an end left empty is
 * the site's), else the site's cashier setting for the method (its fixed list or range).
 */
export function ruleOf(m: ChannelMethod, site: Pick<PayMethodSetting, 'min' | 'max' | 'amounts'>): AmountRule {
  if (m.amounts.length > 0) return { min: Math.min(...m.amounts), max: Math.max(...m.amounts), amounts: [...m.amounts].sort((a, b) => a - b) };
  if (m.min !== null || m.max !== null) return { min: m.min ?? site.min * 100, max: m.max ?? site.max * 100, amounts: [] };
  const fixed = (site.amounts ?? []).map((a) => a * 100);
  return fixed.length > 0 ? { min: Math.min(...fixed), max: Math.max(...fixed), amounts: fixed.sort((a, b) => a - b) } : { min: site.min * 100, max: site.max * 100, amounts: [] };
}

export const fits = (rule: AmountRule, amount: number) => (rule.amounts.length > 0 ? rule.amounts.includes(amount) : amount >= rule.min && amount <= rule.max);

/** whether a notify from `ip` may be taken for this channel (no list: any address) */
export function notifyIpAllowed(list: string[], ip: string): boolean {
  if (list.length === 0) return true;
  const block = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) block.addAddress(addr, family);
    else block.addSubnet(addr, Number(bits), family);
  }
  // an IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4) is the IPv4 address
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && block.check(plain, family);
}

/** '••••' and the last 4 characters of a stored key (none for a short one), or '' when none is stored */
export const maskedKey = (sealed: string, hint: string) => (sealed ? `••••${hint}` : '');
/** the characters a masked key shows: the last 4 of a key long enough that they give little away */
export const keyHint = (key: string) => (key.length >= 16 ? key.slice(-4) : '');
