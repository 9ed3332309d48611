import { z } from 'zod';
import { MSG } from '../messages.ts';
import { USDT_PROTOCOLS } from './cards.ts';
import { yuanToFen, type Fen, type Yuan } from '../money.ts';
import { MANUAL_PAY_TYPES, PAY_TYPES, type PayMethodSetting, type PayType } from './settings-payments.ts';
import type { DepositPhase } from './deposit-phase.ts';

/**
 * Deposits (spec sections 2, 4, 5 "Deposit", 7 "Money"): the calls' schemas, messages and
 * shapes, shared by the server and the site's /recharge and /payInfo forms.
 */
export const PAY_MSG = {
  // spec section 5 and 2, verbatim
  amountRange: (min: number, max: number) => `请输入金额在${min}-${max}之间！`,
  depositorName: '请输入存款人姓名',
  bankType: '请输入银行类型',
  bankNo: '请输入银行卡号',
  bankAddress: '请输入银行开户行地址',
  fixedAmounts: (amounts: number[]) => `请输入有效的金额：${amounts.join(',')}`,
  onlineRange: (min: number, max: number) => `请输入有效的金额范围：${min} - ${max}`,
  noCard: '您还为绑定任何钱包卡片，请前往绑定！',
  submitted: '提交成功，等待后台审核',
  paid: '充值成功',
  failed: '充值失败',
  // ours, same tone
  payTypeRequired: '请选择充值方式',
  payTypeClosed: '该充值方式暂未开放，请选择其他方式',
  bankNoInvalid: '请输入正确的银行卡号',
  tooLong: '输入内容过长',
  protocol: '请选择USDT协议',
  proportion: '请选择正确的优惠比例',
  noReceivingAccount: '暂无可用的收款账户，请选择其他充值方式或联系在线客服',
  gatewayBusy: '支付通道繁忙，请稍后再试或选择其他充值方式',
  tooManyPending: '您有多笔未完成的充值订单，请完成或等待订单过期后再试',
  orderNotFound: '订单不存在',
  depositNoRequired: '请输入订单号',
  inReview: '支付金额与订单不符或支付超时，已转人工审核',
  usernameMismatch: '用户名与当前登录账号不一致',
  // back-office
  notReviewable: '该订单当前状态不可审核',
  reasonRequired: '请输入拒绝原因',
} as const;

/** The inbox message a member gets when an operator decides a deposit. */
export const DEPOSIT_INBOX = {
  approvedTitle: '存款已到账',
  approved: (no: string, yuan: string, bonusYuan: string | null) =>
    `您的存款订单 ${no} 已审核通过，${yuan} 元已存入中心钱包${bonusYuan ? `，另赠送 ${bonusYuan} 元` : ''}。`,
  rejectedTitle: '存款未通过审核',
  rejected: (no: string, yuan: string, reason: string) => `您的存款订单 ${no}（${yuan} 元）未通过审核，原因：${reason}。如有疑问请联系在线客服。`,
} as const;

/** Bonus choices of spec section 9: percent, sent as the fraction `amount_proportion`. */
export const BONUS_PERCENTS = [0, 10, 20, 30, 40, 50] as const;
export type BonusPercent = (typeof BONUS_PERCENTS)[number];

// the card schemas' USDT_PROTOCOLS (TRC20, ERC20) are the deposit protocols too

/** Minutes an order waits for its payment (spec section 4: one hour). */
export const DEPOSIT_EXPIRY_MINUTES = 60;

/** Deposit record states of spec section 4 (types 1 and 2). */
export const DEPOSIT_STATE = { pending: 1, approved: 2, rejected: 3 } as const;

/** The method settings the form needs, as GET /api/get_pay_way answers them (yuan). */
export interface PayMethod {
  type: PayType;
  name: string;
  /** manual: reviewed by an operator; online: through the gateway's cashier */
  kind: 'manual' | 'online';
  min_price: number;
  max_price: number;
  /** fixed amounts (empty: any amount in the range) */
  amounts: number[];
}

export type PayMethods = Partial<Record<PayType, Pick<PayMethodSetting, 'min' | 'max' | 'amounts'>>>;

const text = (required: string, max: number) => (v: unknown): string | { message: string } => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return { message: required };
  if (typeof v !== 'string' && typeof v !== 'number') return { message: MSG.badRequest };
  const s = String(v).trim();
  return s.length > max ? { message: PAY_MSG.tooLong } : s;
};

/** 0 / 0.1 .. 0.5 (or the same as strings) -> percent; anything else null. */
export function bonusPercentOf(v: unknown): BonusPercent | null {
  if (v === undefined || v === null || v === '') return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d(\.\d{1,2})?$/.test(v.trim()) ? Number(v) : NaN;
  const pct = Math.round(n * 100);
  return (BONUS_PERCENTS as readonly number[]).includes(pct) && Math.abs(n * 100 - pct) < 1e-9 ? (pct as BonusPercent) : null;
}

/**
 * Other names a spec client uses for a method (DESIGN.md section 3): the original front-end
 * sends paytype 'usdt' to /api/recharge, asks /api/getPayRange for 'wechat', 'usdt-trc20' or
 * 'usdt-erc20', and get_pay_way calls bank transfer 'card'.
 */
export const PAY_TYPE_ALIASES: Readonly<Record<string, PayType>> = {
  usdt: 'usdtpay',
  'usdt-trc20': 'usdtpay',
  'usdt-erc20': 'usdtpay',
  wechat: 'wxpay',
  card: 'bank',
};

/** A sent method name, trimmed, with its alias resolved (anything else is left as it came). */
export function payTypeOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return PAY_TYPE_ALIASES[t.toLowerCase()] ?? t;
}

/**
 * POST /api/recharge {paytype, amount, bank_owner, bank, bank_no, bank_address, catepay,
 * amount_proportion}, built over the methods the operator opened (what get_pay_way answers).
 * Rules in the spec's order: the method, its amount rule, then the bank fields (depositor
 * name, bank type, card number, branch address), the USDT protocol, the bonus choice.
 * Output: amount in fen, bonus as a whole percent.
 */
export function rechargeSchema(methods: PayMethods) {
  return z
    .object(
      {
        paytype: z.unknown().optional(),
        amount: z.unknown().optional(),
        bank_owner: z.unknown().optional(),
        bank: z.unknown().optional(),
        bank_no: z.unknown().optional(),
        bank_address: z.unknown().optional(),
        catepay: z.unknown().optional(),
        amount_proportion: z.unknown().optional(),
      },
      { error: MSG.badRequest },
    )
    .transform((v, ctx) => {
      const fail = (path: string, message: string) => {
        ctx.addIssue({ code: 'custom', path: [path], message });
        return z.NEVER;
      };
      if (typeof v.paytype !== 'string' || v.paytype.trim() === '') return fail('paytype', PAY_MSG.payTypeRequired);
      const paytype = payTypeOf(v.paytype) as PayType;
      const method = (PAY_TYPES as readonly string[]).includes(paytype) ? methods[paytype] : undefined;
      if (!method) return fail('paytype', PAY_MSG.payTypeClosed);

      const manual = MANUAL_PAY_TYPES.includes(paytype);
      const fen = yuanToFen(v.amount);
      const yuan = fen === null ? NaN : fen / 100;
      if (manual) {
        if (fen === null || yuan < method.min || yuan > method.max) return fail('amount', PAY_MSG.amountRange(method.min, method.max));
      } else if (method.amounts.length > 0) {
        if (fen === null || !method.amounts.includes(yuan)) return fail('amount', PAY_MSG.fixedAmounts(method.amounts));
      } else if (fen === null || yuan < method.min || yuan > method.max) {
        return fail('amount', PAY_MSG.onlineRange(method.min, method.max));
      }

      const out = {
        paytype,
        amount: fen as Fen,
        bank_owner: '',
        bank: '',
        bank_no: '',
        bank_address: '',
        catepay: '' as '' | (typeof USDT_PROTOCOLS)[number],
        bonusPercent: 0 as BonusPercent,
      };
      if (paytype === 'bank') {
        const owner = text(PAY_MSG.depositorName, 32)(v.bank_owner);
        if (typeof owner !== 'string') return fail('bank_owner', owner.message);
        const bank = text(PAY_MSG.bankType, 32)(v.bank);
        if (typeof bank !== 'string') return fail('bank', bank.message);
        const no = text(PAY_MSG.bankNo, 32)(v.bank_no);
        if (typeof no !== 'string') return fail('bank_no', no.message);
        const digits = no.replace(/[\s-]/g, '');
        if (!/^\d{8,19}$/.test(digits)) return fail('bank_no', PAY_MSG.bankNoInvalid);
        const address = text(PAY_MSG.bankAddress, 64)(v.bank_address);
        if (typeof address !== 'string') return fail('bank_address', address.message);
        Object.assign(out, { bank_owner: owner, bank, bank_no: digits, bank_address: address });
      }
      if (paytype === 'usdtpay') {
        const p = typeof v.catepay === 'string' && v.catepay.trim() !== '' ? v.catepay.trim().toUpperCase() : 'TRC20';
        if (!(USDT_PROTOCOLS as readonly string[]).includes(p)) return fail('catepay', PAY_MSG.protocol);
        out.catepay = p as (typeof USDT_PROTOCOLS)[number];
      }
      const pct = bonusPercentOf(v.amount_proportion);
      if (pct === null) return fail('amount_proportion', PAY_MSG.proportion);
      out.bonusPercent = pct;
      return out;
    });
}
export type RechargeInput = z.output<ReturnType<typeof rechargeSchema>>;

/** POST /api/getPayRange {type} (the original front-end's names too: wechat, usdt-trc20, ...) */
export const payRangeQuerySchema = z.object(
  { type: z.preprocess(payTypeOf, z.enum(PAY_TYPES, { error: PAY_MSG.payTypeRequired })) },
  { error: MSG.badRequest },
);

/** A deposit number as members and operators send it. */
const depositNo = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, PAY_MSG.orderNotFound)
    .regex(/^[A-Za-z0-9]+$/, PAY_MSG.orderNotFound);

/** POST /api/payinfo {deposit_no} */
export const payInfoQuerySchema = z.object({ deposit_no: depositNo(PAY_MSG.depositNoRequired) }, { error: MSG.badRequest });

/** GET /pay/api/queryOrderNo?orderNo= */
export const queryOrderNoSchema = z.object({ orderNo: depositNo(PAY_MSG.depositNoRequired) }, { error: MSG.badRequest });

/** POST /pay/api/recharge {payAmount, username, payType}: the same rules as /api/recharge. */
export const payApiRechargeSchema = z.object(
  {
    payAmount: z.unknown().optional(),
    username: z.string({ error: PAY_MSG.usernameMismatch }).trim().min(1, PAY_MSG.usernameMismatch).max(32, PAY_MSG.usernameMismatch),
    payType: z.unknown().optional(),
  },
  { error: MSG.badRequest },
);

// ---- back-office (DESIGN.md section 11) -----------------------------------------------------

/** Statuses an operator may approve or reject from: any open manual order; online ones only in review. */
export function depositDecidableFrom(kind: string): readonly DepositStatus[] {
  return kind === 'manual' ? ['pending', 'review', 'expired'] : ['review'];
}

/** deposit states as operators filter them */
export const DEPOSIT_STATUSES = ['pending', 'review', 'credited', 'rejected', 'expired', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_STATUS_NAMES: Record<DepositStatus, string> = {
  pending: '待支付/待审核',
  review: '待人工审核',
  credited: '已入账',
  rejected: '已拒绝',
  expired: '已过期',
  failed: '支付失败',
};

const pageParam = z
  .union([z.number(), z.string().trim().regex(/^\d{1,6}$/)], { error: MSG.badRequest })
  .optional()
  .transform((v) => (v === undefined || v === '' ? 1 : Number(v)))
  .pipe(z.number().int().min(1, MSG.badRequest).max(100_000, MSG.badRequest));

/** /admin/api/deposits/list {state?, username?, page} */
export const adminDepositListSchema = z.object(
  {
    state: z.enum(DEPOSIT_STATUSES, { error: MSG.badRequest }).optional(),
    username: z.string({ error: MSG.badRequest }).trim().max(32, MSG.badRequest).optional(),
    page: pageParam,
  },
  { error: MSG.badRequest },
);

/** /admin/api/deposits/approve {deposit_no} */
export const adminDepositApproveSchema = z.object({ deposit_no: depositNo(PAY_MSG.depositNoRequired) }, { error: MSG.badRequest });

/** /admin/api/deposits/reject {deposit_no, reason} */
export const adminDepositRejectSchema = z.object(
  {
    deposit_no: depositNo(PAY_MSG.depositNoRequired),
    reason: z.string({ error: PAY_MSG.reasonRequired }).trim().min(1, PAY_MSG.reasonRequired).max(200, PAY_MSG.tooLong),
  },
  { error: MSG.badRequest },
);

// ---- shapes on the wire (yuan) ----------------------------------------------------------

/** POST /api/payinfo: `message` is the kind (usdtpay, bank, or the online method: its paytype). */
export interface PayInfo {
  deposit_no: string;
  info: {
    created_at: string;
    /** when the order stops waiting for its payment (created_at + 1 hour) */
    expires_at: string;
    paytype: PayType;
    paytype_name: string;
    amount: number;
    /** RMB per USDT (USDT orders) */
    usdt_rate: number | null;
    /** floor(amount / usdt_rate, 2 decimals) (USDT orders) */
    usdt_amount: number | null;
    /** 1 pending, 2 approved, 3 rejected */
    state: number;
    bonus_percent: number;
    /** issue 34: what the member sees (deposit-phase.ts): the phase, its one name and why */
    phase: DepositPhase;
    phase_name: string;
    why: string;
  };
  /** online orders: the gateway's cashier link, where the order is paid (null: manual, or unknown) */
  url: string | null;
  /**
   * the original front-end's receiving account, one object (issue 19): usdtpay: mch_id the
   * address, content the protocol, payimg a QR code of the address; online: mch_id the cashier
   * link, content the method's name, payimg a QR code of the link; bank: mch_id the account
   * number, content bank, owner and branch in one line, payimg ''. payimg is a PNG data URL
   * (data:image/png;base64,...) to show as an image, or ''.
   */
  cardlist: { mch_id: string; content: string; payimg: string };
  /**
   * the same account one line per field (mch_id the label, content the value; payimg: text to
   * draw as a QR code, or ''): bank 4 lines, usdtpay the address, online the cashier link
   * ('支付链接'); empty when unknown
   */
  cardlines: { mch_id: string; content: string; payimg: string }[];
}

/** GET /pay/api/queryOrderNo */
export interface OrderStatus {
  orderNo: string;
  /** 1 pending, 2 approved (credited), 3 rejected / failed / expired */
  state: number;
  /** pending, review, credited, rejected, expired, failed */
  status: DepositStatus;
  amount: number;
  /** issue 34: what the member sees (deposit-phase.ts) */
  phase: DepositPhase;
  phase_name: string;
  why: string;
}

/** A row of /admin/api/deposits/list. */
export interface AdminDepositRow {
  deposit_no: string;
  username: string;
  paytype: PayType;
  kind: 'manual' | 'online';
  amount: Yuan;
  paid_amount: Yuan | null;
  bonus_percent: number;
  bonus_amount: Yuan;
  status: DepositStatus;
  state: number;
  review_reason: string;
  reject_reason: string;
  depositor: { bank_owner: string; bank: string; bank_no: string; bank_address: string } | null;
  usdt: { protocol: string; rate: number; amount: Yuan } | null;
  receiving: string;
  gateway_order_no: string | null;
  /** issue 33: the payment channel (merchant account) that took an online order; null: none (manual, or the default gateway) */
  channel_id: number | null;
  channel_name: string | null;
  created_at: string;
  expires_at: string;
  credited_at: string | null;
  decided_by: string | null;
  /** above deposit_second_approval_over: a second, different operator credits it (the first approval only records itself) */
  needs_two: boolean;
  /** the first of two approvals: the operator's name and when (null: none yet) */
  first_approved_by: string | null;
  first_approved_at: string | null;
}

/** the two-person review of large deposits (deposit_second_approval_over) */
export const DEPOSIT_REVIEW_MSG = {
  firstApproved: (over: string) => `初审通过：金额超过 ${over} 元，需另一位操作员复核通过后才入账`,
  sameApprover: '大额存款须由另一位操作员复核通过，您已做过初审',
  amountChanged: '初审后订单金额已变化，请重新审核',
  approved: '审核通过，已入账',
} as const;

/** What GET /api/get_pay_way answers beyond the spec's flags: each method's rule and the bonus terms. */
export interface PayWaysReply {
  methods: PayMethod[];
  bonus: {
    /** turnover of the deposit itself, x its amount */
    deposit_multiple: number;
    /** percent -> turnover multiple of (deposit + bonus) */
    multiples: Record<string, number>;
    /** most bonus per member per Beijing day, yuan */
    daily_cap: number;
    /**
     * issue 36: the bonus percents this member may choose (BONUS_PERCENTS above 0); empty for a
     * 限制优惠 member, whose form then shows RISK_MSG.depositBonusWithheld instead of choices.
     * Absent (an older server): all of them.
     */
    percents?: number[];
  };
  /** RMB per USDT for deposits */
  usdt_rate: number;
}

/**
 * The bonus a choice brings and the turnover the deposit then asks (issue 9), in fen: the
 * deposit x its multiple, plus (deposit + bonus) x the choice's multiple. The daily cap may
 * lower the bonus when it is credited; the server computes the same way.
 */
export function depositTurnover(amountFen: number, percent: number, depositMultiple: number, multiples: Record<string, number>) {
  const bonus = percent > 0 ? Math.floor((amountFen * percent) / 100) : 0;
  const bonusRequired = bonus > 0 ? (amountFen + bonus) * (multiples[String(percent)] ?? 0) : 0;
  return { bonus, required: amountFen * depositMultiple + bonusRequired, bonusRequired };
}

// ---- receiving accounts (back-office) ------------------------------------------------------

export const RECEIVING_MSG = {
  type: '请选择账户类型',
  bankName: '请输入收款银行或USDT协议',
  owner: '请输入收款人姓名',
  number: '请输入收款账号或地址',
  notFound: '收款账户不存在',
  // a new account or changed details wait for a second operator holding payments.channels_keys
  approveForbidden: '批准收款账户需要「修改与审批支付通道密钥」权限',
  sameApprover: '新增或修改收款账户的操作员不能批准自己的修改，需另一位操作员批准',
  approved: '已批准：该收款账户将分配给会员',
  alreadyApproved: '该收款账户已批准',
  pending: '已保存：新增或修改的收款信息需另一位操作员批准后才会分配给会员',
  id: '请选择收款账户',
} as const;

/** /admin/api/deposit-accounts/approve {id}: a second operator approves a new account or changed details */
export const adminReceivingApproveSchema = z.object({ id: z.number({ error: RECEIVING_MSG.id }).int(RECEIVING_MSG.id).positive(RECEIVING_MSG.id) }, { error: RECEIVING_MSG.id });

const accountFields = {
  type: z.enum(['bank', 'usdt'], { error: RECEIVING_MSG.type }),
  bank_name: z.string({ error: RECEIVING_MSG.bankName }).trim().min(1, RECEIVING_MSG.bankName).max(64, PAY_MSG.tooLong),
  bank_owner: z.string({ error: RECEIVING_MSG.owner }).trim().max(64, PAY_MSG.tooLong).default(''),
  bank_no: z.string({ error: RECEIVING_MSG.number }).trim().min(8, RECEIVING_MSG.number).max(128, PAY_MSG.tooLong).regex(/^[A-Za-z0-9 -]+$/, RECEIVING_MSG.number),
  bank_address: z.string({ error: MSG.badRequest }).trim().max(128, PAY_MSG.tooLong).default(''),
  enabled: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }).default(1),
};

/** /admin/api/deposit-accounts/create: a bank card (owner required) or a USDT address (bank_name TRC20 / ERC20). */
export const adminReceivingCreateSchema = z
  .object(accountFields, { error: MSG.badRequest })
  .refine((a) => a.type !== 'bank' || a.bank_owner !== '', { error: RECEIVING_MSG.owner, path: ['bank_owner'] })
  .refine((a) => a.type !== 'usdt' || (USDT_PROTOCOLS as readonly string[]).includes(a.bank_name), { error: PAY_MSG.protocol, path: ['bank_name'] });

/** /admin/api/deposit-accounts/update {id, ...fields to change} (e.g. enabled 0 to withdraw one) */
export const adminReceivingUpdateSchema = z.object(
  {
    id: z.number({ error: RECEIVING_MSG.notFound }).int().positive(RECEIVING_MSG.notFound),
    bank_name: accountFields.bank_name.optional(),
    bank_owner: z.string({ error: MSG.badRequest }).trim().max(64, PAY_MSG.tooLong).optional(),
    bank_no: accountFields.bank_no.optional(),
    bank_address: z.string({ error: MSG.badRequest }).trim().max(128, PAY_MSG.tooLong).optional(),
    enabled: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }).optional(),
  },
  { error: MSG.badRequest },
);
