import { z } from 'zod';
import { yuanToFen, type Yuan } from './money.ts';
import { plainLine } from './text-rules.ts';
import { ADMIN_COMMON_MSG, adminDate, adminFilter, adminPage, adminPerPage, type AdminPaged } from './schemas/admin-shared.ts';
import { MANUAL_PAY_TYPES, PAY_TYPES, type PayType } from './schemas/settings-payments.ts';

/**
 * Payment channels (issue 21, DESIGN.md sections 4 "Channels" and 11): the gateway merchant
 * accounts operators run, several per method. Every call is POST JSON under /admin/api/.
 *
 *   payment-channels/list    {state?, gateway_type?, paytype?, keyword?, page, per_page} -> AdminPaged<PaymentChannelRow>   payments.channels
 *   payment-channels/get     {id}                                  -> PaymentChannelRow                 payments.channels
 *   payment-channels/create  PaymentChannelInput (keys required)   -> PaymentChannelRow                 payments.channels (audited)
 *   payment-channels/update  {id, ...any field of create}          -> PaymentChannelRow                 payments.channels (audited)
 *                            state 'enabled' | 'disabled' switches a channel on or off; 'enabled'
 *                            also resumes a channel that paused itself. Keys: a key left out or
 *                            sent '' keeps the stored one; notify_key '-' clears it.
 *   payment-channels/delete  {id}                                  -> {id}                              payments.channels (audited)
 *                            The channel disappears from lists and routing; its orders keep it
 *                            (their notifies are still checked with its key).
 *   payment-channels/reveal  {id, reason}                          -> PaymentChannelKeys (plain)        payments.channels_reveal (audited)
 *   payment-channels/stats   {id, from?, to?}  (Beijing dates, default the last 30 days) -> PaymentChannelStats   payments.channels
 *   payment-channels/coverage {}                                  -> PaymentChannelCoverage            payments.channels
 *
 * issue 33: credentials (gateway type, merchant id, keys, order and query URLs, notify allowlist)
 * are money settings. create and update need payments.channels_keys for them too, and they take
 * effect only once a second, different operator approves: update applies the other fields at
 * once and answers the pending change; a new channel is not routed nor offered until approved.
 *   payment-channels/key-changes        {status? (default pending), channel_id?, page, per_page} -> PaymentChannelKeyChangeList   payments.channels_keys
 *   payment-channels/key-change-approve {id}          -> PaymentChannelRow    payments.channels_keys, not the proposer (audited)
 *   payment-channels/key-change-reject  {id, reason}  -> {id}                 payments.channels_keys (audited; a new channel's: the channel is deleted)
 *
 * Money is yuan on the wire (at most 2 decimals), fen inside. Keys are write-only: answers carry
 * them masked (PaymentChannelRow.keys), only reveal answers them whole.
 */

export const GATEWAY_TYPES = ['sandbox', 'sifang'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];
export const CHANNEL_STATES = ['enabled', 'disabled', 'paused'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
export const SIGN_TYPES = ['md5', 'sha256', 'hmac_sha256'] as const;
export type SignType = (typeof SIGN_TYPES)[number];
export const AMOUNT_UNITS = ['yuan', 'fen'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

/** the methods a channel can serve: the online ones (bank transfer and USDT are reviewed by hand) */
export const CHANNEL_PAY_TYPES = PAY_TYPES.filter((t) => !MANUAL_PAY_TYPES.includes(t)) as Exclude<PayType, 'bank' | 'usdtpay'>[];
export type ChannelPayType = (typeof CHANNEL_PAY_TYPES)[number];

/**
 * The generic 四方 adapter's field names (the gateway's own), and what each is for. Every one has
 * a default; an operator changes only those the gateway's document names differently. A name
 * left '' in the optional ones means the gateway has no such field.
 */
export const SIFANG_FIELD_DEFAULTS = {
  /** order and query: our merchant id */
  merchant_id: 'mch_id',
  /** order, query and notify: our order number */
  order_no: 'out_trade_no',
  /** order and notify: the amount (in amount_unit) */
  amount: 'amount',
  /** order: the gateway's method code (methods[].code) */
  pay_type: 'pay_type',
  /** order: where the gateway sends the notify */
  notify_url: 'notify_url',
  /** order: where the cashier sends the member back ('' none) */
  return_url: 'return_url',
  /** order and query: unix seconds ('' none) */
  timestamp: '',
  /** every message: the signature */
  sign: 'sign',
  /** order reply: the cashier URL the member opens */
  pay_url: 'pay_url',
  /** order reply, notify and query reply: the gateway's own order number */
  gateway_order_no: 'trade_no',
  /** notify and query reply: the payment status (paid when it equals success_status) */
  status: 'status',
  /** notify and query reply: the amount really paid ('' = the amount field) */
  paid_amount: '',
  /** notify: the gateway's notify id or nonce, remembered against replays ('' none) */
  notify_id: '',
} as const;
export type SifangFieldKey = keyof typeof SIFANG_FIELD_DEFAULTS;
export const SIFANG_FIELD_KEYS = Object.keys(SIFANG_FIELD_DEFAULTS) as SifangFieldKey[];
/** fields that must have a name */
export const SIFANG_REQUIRED_FIELDS: readonly SifangFieldKey[] = ['merchant_id', 'order_no', 'amount', 'pay_type', 'notify_url', 'sign', 'pay_url', 'status'];

export const PAYMENT_CHANNEL_MSG = {
  id: '请选择支付通道',
  notFound: '支付通道不存在或已删除',
  name: '请输入通道名称（1到40字）',
  nameTaken: '已有同名的支付通道',
  gatewayType: '请选择网关类型',
  merchantId: '请输入商户号（1到64个字符，不含空格）',
  signKey: '请输入商户密钥（1到512个字符）',
  notifyKey: '回调密钥最多512个字符',
  methods: '请至少选择一种支付方式，每种方式只能出现一次',
  paytype: '支付方式只能是在线方式（微信、支付宝、数字人民币、QQ钱包、云闪付）',
  code: '网关方式代码为1到32个字符，不含空格',
  amount: '金额须大于0且最多两位小数',
  range: '最低金额不能高于最高金额',
  amounts: '固定金额最多20个',
  dailyCap: '每日限额须为0（不限）或正数，最多两位小数',
  weight: '权重须为1到10000的整数',
  notifyIps: '回调IP白名单须为IP地址或网段（最多50个）',
  state: '状态只能是启用或停用',
  sifang: '请填写四方支付的网关设置',
  url: '网关地址须以 http:// 或 https:// 开头（最多500字）',
  signType: '请选择签名方式',
  amountUnit: '请选择金额单位',
  ack: '回调应答为1到64个字符',
  successStatus: '成功状态值为1到32个字符',
  field: '字段名为1到64个字母、数字、下划线或点',
  fieldRequired: (label: string) => `请填写${label}的字段名`,
  reason: ADMIN_COMMON_MSG.reason,
  /** member-facing: the amount is within the method's offered span, but no enabled channel takes it */
  noChannelForAmount: '该金额暂无可用的支付通道，请更换金额或选择其他充值方式',
  created: '已新增支付通道',
  saved: '已保存',
  deleted: '已删除',
  // issue 33: credentials (merchant id, keys, gateway addresses, notify allowlist) wait for a second operator
  keysForbidden: '修改通道的商户号、密钥、网关地址、回调IP白名单或回调解析规则（签名方式、金额单位、成功状态、字段名）需要「修改与审批支付通道密钥」权限',
  createdPending: '已新增支付通道：通道设置需另一位操作员批准后才会使用',
  keyChangePending: '已保存：商户号、密钥、网关地址、回调IP白名单或回调解析规则的修改需另一位操作员批准后生效，其余修改已生效',
  keyChangeBusy: '该通道已有待批准的密钥修改，请先批准或拒绝',
  keyChangeNotFound: '密钥修改不存在或已处理',
  keyChangeSelf: '不能批准自己提交的密钥修改，请由另一位操作员批准',
  keyChangeApproved: '已批准，新的通道设置已生效',
  keyChangeRejected: '已拒绝该密钥修改',
  keyChangeId: '请选择密钥修改',
} as const;

// ---- pieces -------------------------------------------------------------------------------

const M = PAYMENT_CHANNEL_MSG;

const channelId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,12}$/, M.id)], { error: M.id })
  .transform(Number)
  .pipe(z.number({ error: M.id }).int(M.id).min(1, M.id).max(Number.MAX_SAFE_INTEGER, M.id));

/** yuan > 0 with at most two decimals, as fen */
const positiveFen = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return fen;
  });
/** the same, where null or '' means "not set" */
const optionalFen = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const fen = yuanToFen(v);
      if (fen === null || fen <= 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return fen;
    });

const token = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message).regex(/^\S*$/, message);

/**
 * One method a channel serves. Amounts are fen after parsing. A fixed list (amounts) wins over a
 * range; min / max left empty fall back to the site's cashier setting for that method (the
 * default range and the spec's fixed lists apply when nothing overrides them).
 */
export const channelMethodSchema = z
  .object(
    {
      paytype: z.enum(CHANNEL_PAY_TYPES, { error: M.paytype }),
      /** the gateway's code for this method ('' = our paytype as it is) */
      code: z
        .union([z.string(), z.null()], { error: M.code })
        .optional()
        .transform((v) => (v ?? '').trim())
        .pipe(z.string().max(32, M.code).regex(/^\S*$/, M.code)),
      min: optionalFen(M.amount),
      max: optionalFen(M.amount),
      amounts: z.array(positiveFen(M.amount), { error: M.amounts }).max(20, M.amounts).optional().default([]),
    },
    { error: M.methods },
  )
  .refine((m) => m.min === null || m.max === null || m.min <= m.max, { error: M.range });
export type ChannelMethodInput = z.output<typeof channelMethodSchema>;

const methods = z
  .array(channelMethodSchema, { error: M.methods })
  .min(1, M.methods)
  .max(CHANNEL_PAY_TYPES.length, M.methods)
  .refine((list) => new Set(list.map((m) => m.paytype)).size === list.length, { error: M.methods });

/** IPv4 / IPv6 addresses or CIDR ranges */
const notifyIps = z
  .array(z.string({ error: M.notifyIps }).trim().pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: M.notifyIps })), { error: M.notifyIps })
  .max(50, M.notifyIps);

/** yuan >= 0 as fen; absent = undefined (create turns it into 0, update keeps the stored cap) */
const dailyCap = z
  .union([z.number(), z.string(), z.null()], { error: M.dailyCap })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return 0;
    const fen = yuanToFen(v);
    if (fen === null || fen < 0) {
      ctx.addIssue({ code: 'custom', message: M.dailyCap });
      return z.NEVER;
    }
    return fen;
  });

const url = z.string({ error: M.url }).trim().max(500, M.url).regex(/^https?:\/\/[^\s]+$/i, M.url);
const fieldName = z.string({ error: M.field }).trim().max(64, M.field).regex(/^[A-Za-z0-9_.]*$/, M.field);

/** The generic 四方 adapter's settings (gateway_type 'sifang'); defaults as a typical gateway's document. */
export const sifangConfigSchema = z.object(
  {
    order_url: url,
    /** the order-query call ('' = the gateway has none: pending orders wait for the notify) */
    query_url: z.union([url, z.literal('')], { error: M.url }).optional().default(''),
    sign_type: z.enum(SIGN_TYPES, { error: M.signType }).optional().default('md5'),
    amount_unit: z.enum(AMOUNT_UNITS, { error: M.amountUnit }).optional().default('yuan'),
    /** the literal body the gateway wants back for a notify */
    ack: z.string({ error: M.ack }).trim().min(1, M.ack).max(64, M.ack).optional().default('success'),
    /** the status field's value for a paid order */
    success_status: z.string({ error: M.successStatus }).trim().min(1, M.successStatus).max(32, M.successStatus).optional().default('1'),
    /** field names (only those that differ from SIFANG_FIELD_DEFAULTS need be sent) */
    fields: z
      .object(Object.fromEntries(SIFANG_FIELD_KEYS.map((k) => [k, fieldName.optional()])) as Record<SifangFieldKey, z.ZodOptional<typeof fieldName>>, { error: M.field })
      .optional()
      .default({})
      .transform((given, ctx) => {
        const out = { ...SIFANG_FIELD_DEFAULTS } as Record<SifangFieldKey, string>;
        for (const k of SIFANG_FIELD_KEYS) if (given[k] !== undefined) out[k] = given[k]!;
        for (const k of SIFANG_REQUIRED_FIELDS) {
          if (!out[k]) {
            ctx.addIssue({ code: 'custom', message: M.fieldRequired(SIFANG_FIELD_LABELS[k]) });
            return z.NEVER;
          }
        }
        return out;
      }),
  },
  { error: M.sifang },
);
export type SifangConfig = z.output<typeof sifangConfigSchema>;

/** Chinese labels of the field-name settings (the form's labels and its messages) */
export const SIFANG_FIELD_LABELS: Record<SifangFieldKey, string> = {
  merchant_id: '商户号',
  order_no: '订单号',
  amount: '金额',
  pay_type: '支付方式',
  notify_url: '回调地址',
  return_url: '返回地址',
  timestamp: '时间戳',
  sign: '签名',
  pay_url: '支付链接',
  gateway_order_no: '网关订单号',
  status: '支付状态',
  paid_amount: '实付金额',
  notify_id: '回调编号',
};

/** keys as written: sign_key signs orders and checks notifies unless notify_key is set */
const keysInput = z.object(
  {
    sign_key: z.string({ error: M.signKey }).trim().max(512, M.signKey).optional().default(''),
    notify_key: z.string({ error: M.notifyKey }).trim().max(512, M.notifyKey).optional().default(''),
  },
  { error: M.signKey },
);

const channelFields = {
  name: z.string({ error: M.name }).trim().min(1, M.name).max(40, M.name).refine(...plainLine('通道名称')),
  gateway_type: z.enum(GATEWAY_TYPES, { error: M.gatewayType }),
  merchant_id: token(1, 64, M.merchantId),
  methods,
  /** most yuan a Beijing day may route to this channel; 0 = no cap */
  daily_cap: dailyCap.transform((v) => v ?? 0),
  weight: z
    .union([z.number(), z.string().trim().regex(/^\d{1,5}$/, M.weight)], { error: M.weight })
    .optional()
    .transform((v) => (v === undefined || v === '' ? 100 : Number(v)))
    .pipe(z.number({ error: M.weight }).int(M.weight).min(1, M.weight).max(10_000, M.weight)),
  /** addresses the notify may come from; empty = any */
  notify_ips: notifyIps.optional().default([]),
  /** operators switch a channel on or off; 'paused' is set by the server only */
  state: z.enum(['enabled', 'disabled'], { error: M.state }).optional().default('enabled'),
  /** required when gateway_type is 'sifang', ignored otherwise */
  sifang: sifangConfigSchema.nullable().optional(),
};

export const paymentChannelCreateSchema = z
  .object({ ...channelFields, keys: keysInput }, { error: M.name })
  .superRefine((v, ctx) => {
    if (!v.keys.sign_key) ctx.addIssue({ code: 'custom', message: M.signKey, path: ['keys', 'sign_key'] });
    if (v.gateway_type === 'sifang' && !v.sifang) ctx.addIssue({ code: 'custom', message: M.sifang, path: ['sifang'] });
  });
export type PaymentChannelCreateInput = z.output<typeof paymentChannelCreateSchema>;

/** Any subset of the fields; what is left out stays as it is. */
export const paymentChannelUpdateSchema = z.object(
  {
    id: channelId,
    name: channelFields.name.optional(),
    gateway_type: channelFields.gateway_type.optional(),
    merchant_id: channelFields.merchant_id.optional(),
    methods: methods.optional(),
    daily_cap: dailyCap,
    weight: z
      .union([z.number(), z.string().trim().regex(/^\d{1,5}$/, M.weight)], { error: M.weight })
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
      .pipe(z.number({ error: M.weight }).int(M.weight).min(1, M.weight).max(10_000, M.weight).optional()),
    notify_ips: notifyIps.optional(),
    state: z.enum(['enabled', 'disabled'], { error: M.state }).optional(),
    sifang: sifangConfigSchema.nullable().optional(),
    keys: keysInput.optional(),
  },
  { error: M.id },
);
export type PaymentChannelUpdateInput = z.output<typeof paymentChannelUpdateSchema>;

export const paymentChannelGetSchema = z.object({ id: channelId }, { error: M.id });
export const paymentChannelDeleteSchema = paymentChannelGetSchema;
export const paymentChannelRevealSchema = z.object(
  {
    id: channelId,
    reason: z.string({ error: M.reason }).trim().min(1, M.reason).max(200, M.reason).refine(...plainLine('操作原因')),
  },
  { error: M.id },
);
export const paymentChannelListSchema = z.object(
  {
    state: z.union([z.enum(CHANNEL_STATES), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v || undefined),
    gateway_type: z.union([z.enum(GATEWAY_TYPES), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v || undefined),
    paytype: z.union([z.enum(CHANNEL_PAY_TYPES), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v || undefined),
    /** name or merchant id contains */
    keyword: adminFilter(64),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type PaymentChannelListQuery = z.output<typeof paymentChannelListSchema>;
/** issue 33: what operators call each credential of a channel (a key change's lines) */
export const CHANNEL_CREDENTIAL_NAMES: Record<string, string> = {
  gateway_type: '网关类型',
  merchant_id: '商户号',
  sign_key: '商户密钥',
  notify_key: '回调密钥',
  order_url: '下单地址',
  query_url: '查询地址',
  notify_ips: '回调IP白名单',
  sifang: '四方网关设置',
};

/** issue 33: credential changes waiting for (or decided by) a second operator */
export const KEY_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KeyChangeStatus = (typeof KEY_CHANGE_STATUSES)[number];
export const paymentChannelKeyChangeListSchema = z.object(
  {
    status: z.union([z.enum(KEY_CHANGE_STATUSES), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => v || 'pending'),
    channel_id: z.union([channelId, z.literal(''), z.null()]).optional().transform((v) => (typeof v === 'number' ? v : undefined)),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type PaymentChannelKeyChangeListQuery = z.output<typeof paymentChannelKeyChangeListSchema>;
const keyChangeId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,12}$/, PAYMENT_CHANNEL_MSG.keyChangeId)], { error: PAYMENT_CHANNEL_MSG.keyChangeId })
  .transform(Number)
  .pipe(z.number({ error: PAYMENT_CHANNEL_MSG.keyChangeId }).int(PAYMENT_CHANNEL_MSG.keyChangeId).min(1, PAYMENT_CHANNEL_MSG.keyChangeId).max(Number.MAX_SAFE_INTEGER, PAYMENT_CHANNEL_MSG.keyChangeId));
export const paymentChannelKeyApproveSchema = z.object({ id: keyChangeId }, { error: PAYMENT_CHANNEL_MSG.keyChangeId });
export const paymentChannelKeyRejectSchema = z.object(
  { id: keyChangeId, reason: z.string({ error: M.reason }).trim().min(1, M.reason).max(200, M.reason).refine(...plainLine('拒绝原因')) },
  { error: PAYMENT_CHANNEL_MSG.keyChangeId },
);

export const paymentChannelStatsSchema = z.object({ id: channelId, from: adminDate, to: adminDate }, { error: M.id });
export type PaymentChannelStatsQuery = z.output<typeof paymentChannelStatsSchema>;

// ---- answers ------------------------------------------------------------------------------

export interface PaymentChannelMethod {
  paytype: ChannelPayType;
  paytype_name: string;
  code: string;
  /** null: the site's cashier setting for the method applies */
  min: Yuan | null;
  max: Yuan | null;
  /** fixed amounts (empty: the range) */
  amounts: Yuan[];
}

export interface PaymentChannelKeys {
  sign_key: string;
  /** '' = notifies are checked with sign_key */
  notify_key: string;
}

export interface PaymentChannelRow {
  id: number;
  name: string;
  gateway_type: GatewayType;
  gateway_type_name: string;
  merchant_id: string;
  /** masked: '••••' and the last 4 characters; '' when not set */
  keys: PaymentChannelKeys;
  methods: PaymentChannelMethod[];
  /** 0 = no cap */
  daily_cap: Yuan;
  weight: number;
  notify_ips: string[];
  state: ChannelState;
  state_name: string;
  /** why and when the channel paused itself (state 'paused'), else null */
  paused_reason: string | null;
  paused_at: string | null;
  /** null unless gateway_type is 'sifang' */
  sifang: SifangConfig | null;
  /** the URL to give the gateway as its notify (callback) address */
  notify_url: string;
  /** this Beijing day so far: orders routed here, their paid volume, what the cap leaves */
  today_orders: number;
  today_volume: Yuan;
  /** null when there is no cap */
  today_cap_left: Yuan | null;
  created_at: string;
  updated_at: string;
  /** issue 33: false while a new channel's settings wait for a second operator (not routed, not offered) */
  approved: boolean;
  /** the credential change waiting for a second operator, else null */
  pending_key_change: number | null;
}
export type PaymentChannelList = AdminPaged<PaymentChannelRow>;

/** One changed credential of a key change, as operators read it (keys as fingerprints, never the key). */
export interface PaymentChannelKeyChangeField {
  field: string;
  field_name: string;
  before: string;
  after: string;
}
/** A credential change of a channel (issue 33): proposed by one operator, approved or rejected by another. */
export interface PaymentChannelKeyChange {
  id: number;
  channel_id: number;
  channel_name: string;
  /** create: a new channel's settings; update: a change of an existing channel's */
  kind: 'create' | 'update';
  kind_name: string;
  status: KeyChangeStatus;
  status_name: string;
  changes: PaymentChannelKeyChangeField[];
  proposed_by: string;
  proposed_at: string;
  /** proposed by the operator asking: they may not approve it */
  mine: boolean;
  decided_by: string | null;
  decided_at: string | null;
  reason: string;
}
export type PaymentChannelKeyChangeList = AdminPaged<PaymentChannelKeyChange>;

/** issue 34: online methods switched on in the cashier settings that members do not see now */
export interface PaymentChannelCoverage {
  /** false: no channel yet, online methods go through the default gateway setting */
  channels_active: boolean;
  hidden: { paytype: ChannelPayType; paytype_name: string; why: 'no_channel' | 'cap_used'; why_name: string }[];
}

/** one Beijing day of a channel */
export interface PaymentChannelDay {
  day: string;
  /** orders routed to the channel that day */
  orders: number;
  /** of which paid */
  paid: number;
  /** paid / orders in percent with 2 decimals (0 when there were no orders) */
  success_rate: number;
  /** yuan credited through the channel that day */
  volume: Yuan;
}
export interface PaymentChannelStats {
  id: number;
  from: string;
  to: string;
  /** every day of [from, to], oldest first, days without orders included */
  days: PaymentChannelDay[];
  total: Omit<PaymentChannelDay, 'day'>;
}
