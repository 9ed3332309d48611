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

export function methodList(s: Settings, online: boolean): PayMethod[] {
  const open = openMethods(s, online);
  return (Object.keys(open) as PayType[]).map((type) => ({
    type,
    name: PAY_TYPE_NAMES[type],
    kind: MANUAL_PAY_TYPES.includes(type) ? 'manual' : 'online',
    min_price: open[type]!.min,
    max_price: open[type]!.max,
    amounts: open[type]!.amounts,
  }));
}
