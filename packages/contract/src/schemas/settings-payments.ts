import { z } from 'zod';
import { intSetting } from './settings-rules.ts';

/**
 * Cashier settings (operator-editable through /admin/api/settings/update). Amounts are whole
 * yuan, as operators think of them; the server turns them into fen where it checks an order.
 */

/** Deposit method codes, sent as `paytype` (spec section 2 lists the online ones). */
export const PAY_TYPES = ['bank', 'usdtpay', 'wxpay', 'alipay', 'ecny', 'qqpay', 'unionpay'] as const;
export type PayType = (typeof PAY_TYPES)[number];
/** methods an operator reviews by hand; the others go through the payment gateway */
export const MANUAL_PAY_TYPES: readonly PayType[] = ['bank', 'usdtpay'];

export const PAY_TYPE_NAMES: Record<PayType, string> = {
  bank: '银行卡转账',
  usdtpay: 'USDT充值',
  wxpay: '好友微信',
  alipay: '支付宝扫码',
  ecny: '数字人民币',
  qqpay: 'QQ钱包',
  unionpay: '云闪付扫码',
};

const yuan = intSetting('金额', 1, 10_000_000);

/** One method: on/off and either a range (min-max) or a fixed list of amounts. */
export const payMethodSettingSchema = z
  .object({
    on: z.union([z.literal(0), z.literal(1)], { error: '开关只能是0或1' }),
    min: yuan,
    max: yuan,
    /** a fixed list of amounts replaces the range when not empty */
    amounts: z.array(yuan, { error: '固定金额须为金额列表' }).max(20, '固定金额最多20个').default([]),
  })
  .refine((m) => m.min <= m.max, { error: '最低金额不能高于最高金额' });
export type PayMethodSetting = z.output<typeof payMethodSettingSchema>;

/** percent (10..50) -> turnover multiple of (deposit + bonus) */
export const bonusMultiplesSchema = z.object({
  '10': intSetting('10%彩金流水倍数', 0, 100),
  '20': intSetting('20%彩金流水倍数', 0, 100),
  '30': intSetting('30%彩金流水倍数', 0, 100),
  '40': intSetting('40%彩金流水倍数', 0, 100),
  '50': intSetting('50%彩金流水倍数', 0, 100),
});

export const paymentsSettingsSchema = z.object({
  pay_methods: z.object(Object.fromEntries(PAY_TYPES.map((t) => [t, payMethodSettingSchema])) as Record<PayType, typeof payMethodSettingSchema>),
  /** turnover the deposit itself asks, as a multiple of its amount (DESIGN.md: 1x) */
  deposit_turnover_multiple: intSetting('存款流水倍数', 0, 100),
  deposit_bonus_multiples: bonusMultiplesSchema,
  /** most bonus a member may receive per Beijing day, whole yuan (0: no bonus at all) */
  deposit_bonus_daily_cap: intSetting('每日彩金上限', 0, 10_000_000),
  /** the gateway online methods go through (adapters/payments registry name) */
  payment_gateway: z.string({ error: '请选择支付通道' }).min(1, '请选择支付通道').max(32, '请选择支付通道'),
  /** issue 21: a payment channel pauses itself after this many order failures (0: never) ... */
  payment_channel_pause_failures: intSetting('通道自动暂停失败次数', 0, 1000),
  /** ... within this many minutes */
  payment_channel_pause_minutes: intSetting('通道失败统计时长（分钟）', 1, 1440),
});
export type PaymentsSettings = z.output<typeof paymentsSettingsSchema>;
