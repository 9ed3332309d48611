import { MANUAL_PAY_TYPES, PAY_TYPE_NAMES, PAY_TYPES, type PayMethod, type PayMethods, type PayType } from '@casino/contract';
import type { Settings } from '../site/index.ts';

/** The methods the operator opened, as the recharge schema and GET /api/get_pay_way want them. */
export function openMethods(s: Settings, online: boolean): PayMethods {
  const out: PayMethods = {};
  for (const t of PAY_TYPES) {
    const m = s.pay_methods[t];
    // online methods need a gateway this server can reach (none when the sandbox is off and no real one is set)
    if (m && m.on === 1 && (online || MANUAL_PAY_TYPES.includes(t))) out[t] = { min: m.min, max: m.max, amounts: m.amounts ?? [] };
  }
  return out;
}

/**
 * issue 21: the methods open when payment channels exist: manual ones from the settings, online
 * ones where the operator left them on and an enabled channel offers them (`offers`, yuan).
 */
export function openMethodsVia(s: Settings, offers: PayMethods): PayMethods {
  const out: PayMethods = {};
  for (const t of PAY_TYPES) {
    const m = s.pay_methods[t];
    if (!m || m.on !== 1) continue;
    if (MANUAL_PAY_TYPES.includes(t)) out[t] = { min: m.min, max: m.max, amounts: m.amounts ?? [] };
    else if (offers[t]) out[t] = offers[t];
  }
  return out;
}

/**
 * The original front-end's names of the get_pay_way flags (issue 19), read from its recharge
 * page: card is bank transfer (it sends paytype bank), usdt our usdtpay, wechat our wxpay (it
 * sends wxpay), alipay the same. In this order, ahead of our own names: that page opens the
 * first flag that is 1 and knows only these four.
 */
export const ORIGINAL_PAY_FLAGS: readonly (readonly [string, PayType])[] = [
  ['card', 'bank'],
  ['usdt', 'usdtpay'],
  ['wechat', 'wxpay'],
  ['alipay', 'alipay'],
];

/** get_pay_way's flags: 1 for each open method under both names (a closed one is absent) */
export function payFlags(list: PayMethod[]): Record<string, 1> {
  const open = new Set(list.map((m) => m.type));
  const flags: Record<string, 1> = {};
  for (const [name, type] of ORIGINAL_PAY_FLAGS) if (open.has(type)) flags[name] = 1;
  for (const m of list) flags[m.type] = 1;
  return flags;
}

export function methodList(s: Settings, online: boolean): PayMethod[] {
  return methodListOf(openMethods(s, online));
}

export function methodListOf(open: PayMethods): PayMethod[] {
  return (Object.keys(open) as PayType[]).map((type) => ({
    type,
    name: PAY_TYPE_NAMES[type],
    kind: MANUAL_PAY_TYPES.includes(type) ? 'manual' : 'online',
    min_price: open[type]!.min,
    max_price: open[type]!.max,
    amounts: open[type]!.amounts,
  }));
}
