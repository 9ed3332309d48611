import { z } from 'zod';
import { MSG } from '../messages.ts';
import { yuanToFen, type Fen, type Yuan } from '../money.ts';
import { ADMIN_COMMON_MSG, adminFilter, adminIntFilter, adminPage, adminPerPage, adminReason } from './admin-shared.ts';
import type { TransRecordItem } from './wallet.ts';

/**
 * Withdrawals (spec sections 2 "Withdrawal", 4, 5, 7; DESIGN.md sections 4 "Payments" and 11):
 * the member's POST /api/withdraw, its record rows (gettransrecord type 2), the operators'
 * review calls, and the USDT figures both sides compute the same way.
 */
export const WITHDRAW_MSG = {
  // spec section 5, in its order
  cardRequired: '请选择您要提现到的银行卡',
  usdtRequired: '请选择USDT地址',
  amountMin: '单笔取款不能低于100元',
  passwordRequired: '请输入您的支付密码',
  // spec section 8
  submitted: '提交成功，等待后台审核',
  // ours, same tone
  amountInvalid: '请输入正确的取款金额（最多两位小数）',
  cardNotFound: '该银行卡或USDT地址不存在或已解绑，请重新选择',
  payPassWrong: '支付密码错误',
  turnoverOwed: (yuan: string) => `您还需完成 ${yuan} 元有效投注（打码量）才能取款`,
  overMax: (yuan: string) => `单笔取款不能超过${yuan}元`,
  dailyCount: (n: number) => `今日取款次数已达上限（${n}次），请明天再来`,
  dailyTotal: (leftYuan: string) => `今日取款额度不足，今日还可取款 ${leftYuan} 元`,
  closed: (from: string, to: string) => `当前不在取款时间内，取款时间为每日 ${from}-${to}（北京时间）`,
  insufficient: (availableYuan: string) => `中心钱包余额不足，当前可取款 ${availableYuan} 元`,
  usdtNothingReceived: (feeUsdt: string) => `取款金额扣除手续费 ${feeUsdt} USDT 后实际到账须大于0，请提高取款金额`,
  usdtRateMissing: 'USDT取款暂不可用，请联系在线客服',
  busy: '取款提交繁忙，请稍后再试',
} as const;

/** Minimum per withdrawal (spec section 9), fen. */
export const WITHDRAW_MIN_FEN = 10_000;

/** The two tabs of /withdrawal (spec section 2): USDT取款 1, 银行卡取款 2. */
export const WITHDRAW_TAB = { usdt: 1, bank: 2 } as const;
export type WithdrawTab = (typeof WITHDRAW_TAB)[keyof typeof WITHDRAW_TAB];

/** Withdrawal record states (spec section 4, types 1 and 2). */
export const WITHDRAW_STATE = { pending: 1, approved: 2, rejected: 3 } as const;
export type WithdrawState = (typeof WITHDRAW_STATE)[keyof typeof WITHDRAW_STATE];

const cardId = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));

/**
 * POST /api/withdraw {bank (card id), amount (yuan), password}, the spec's client rules in its
 * order: a card or address chosen, at least 100, a password. `tab` picks the card message
 * (the server, which is not told the tab, answers the bank card's). Output amount is FEN.
 */
export function withdrawSchemaFor(tab: WithdrawTab = WITHDRAW_TAB.bank) {
  const chooseCard = tab === WITHDRAW_TAB.usdt ? WITHDRAW_MSG.usdtRequired : WITHDRAW_MSG.cardRequired;
  return z.object(
    {
      bank: cardId(chooseCard),
      amount: z.unknown().transform((v, ctx): Fen => {
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
          ctx.addIssue({ code: 'custom', message: WITHDRAW_MSG.amountMin });
          return z.NEVER;
        }
        const fen = yuanToFen(v);
        if (fen === null) {
          ctx.addIssue({ code: 'custom', message: WITHDRAW_MSG.amountInvalid });
          return z.NEVER;
        }
        if (fen < WITHDRAW_MIN_FEN) {
          ctx.addIssue({ code: 'custom', message: WITHDRAW_MSG.amountMin });
          return z.NEVER;
        }
        return fen;
      }),
      password: z
        .string({ error: WITHDRAW_MSG.passwordRequired })
        .min(1, WITHDRAW_MSG.passwordRequired)
        // no payment password is longer (spec section 9); refused without a guess counted
        .max(18, WITHDRAW_MSG.payPassWrong),
    },
    { error: MSG.badRequest },
  );
}
export const withdrawSchema = withdrawSchemaFor(WITHDRAW_TAB.bank);
export type WithdrawInput = z.output<typeof withdrawSchema>;

/** data of a successful POST /api/withdraw */
export interface WithdrawReply {
  withdraw_no: string;
}

// ---- USDT -------------------------------------------------------------------

/** The chain's fee setting: withdrawcashfee for ERC20, otherwise withdrawfeeusdttrc (spec section 5). */
export function usdtFeeOf(chain: string, s: { withdrawcashfee: number; withdrawfeeusdttrc: number }): number {
  return chain.toUpperCase() === 'ERC20' ? s.withdrawcashfee : s.withdrawfeeusdttrc;
}

/** A USDT withdrawal's figures in hundredths of a USDT. */
export interface UsdtQuote {
  /** the rate as 1/10000 of a yuan per USDT (7.1 -> 71000) */
  rateE4: number;
  /** floor(amount / rate, 2 decimals) */
  usdt: number;
  fee: number;
  /** usdt - fee; 0 or less is refused */
  received: number;
}

/**
 * amount / withdrawusdtrate floored to 2 decimals, minus the chain fee (spec section 5). Integer
 * arithmetic, so 1000 / 7.1 is 140.84 and never 140.85 by a float's rounding. Null without a rate.
 */
export function usdtQuote(amountFen: Fen, rate: number, feeUsdt: number): UsdtQuote | null {
  const rateE4 = Math.round(Number(rate) * 10_000);
  if (!Number.isSafeInteger(rateE4) || rateE4 <= 0 || !Number.isSafeInteger(amountFen) || amountFen < 0) return null;
  // fen / 100 / (rateE4 / 10000) USDT = fen * 100 / rateE4 USDT = fen * 10000 / rateE4 hundredths
  const usdt = Number((BigInt(amountFen) * 10_000n) / BigInt(rateE4));
  const fee = Math.max(0, Math.round(Number(feeUsdt) * 100));
  return { rateE4, usdt, fee, received: usdt - fee };
}

/** Hundredths of a USDT to the wire's number (2 decimals). */
export const centsToUsdt = (cents: number) => cents / 100;

// ---- member records (POST /api/gettransrecord type 2) ---------------------------

/** A row of POST /api/gettransrecord type 2: the spec's fields and the payout's details. */
export interface WithdrawalRecordRow extends TransRecordItem {
  /** 'bank' or 'usdt' */
  kind: 'bank' | 'usdt';
  /** USDT withdrawals: the chain, USDT amount, fee and what arrives (USDT); null for bank cards */
  usdt: { chain: string; rate: number; amount: number; fee: number; received: number } | null;
  /** why an operator rejected it ('' otherwise) */
  reason: string;
}

// ---- back-office (DESIGN.md section 11) -------------------------------------------

export const WITHDRAW_ADMIN_MSG = {
  withdrawNo: '请输入取款单号',
  notFound: '取款单不存在',
  decided: '该取款单已处理，不能重复操作',
  claimedByOther: (operator: string) => `该取款单已由 ${operator} 预备出款，只有该操作员可以处理`,
  notClaimed: '该取款单未被您预备出款',
  sameApprover: '大额取款须由另一位操作员复核通过，您已做过初审',
  changed: '该取款单状态刚刚发生变化，请刷新后重试',
  claimed: '已预备出款',
  released: '已释放',
  approvedOnce: '初审通过，等待另一位操作员复核',
  approved: '审核通过，款项已出',
  rejected: '已拒绝，款项已退回会员中心钱包',
} as const;

/** The member's inbox messages about a decision. */
export const WITHDRAW_INBOX = {
  approvedTitle: '取款审核通过',
  approved: (no: string, yuan: string) => `您的取款单 ${no}（${yuan} 元）已审核通过，款项已出，请留意到账。`,
  rejectedTitle: '取款未通过审核',
  rejected: (no: string, yuan: string, reason: string) => `您的取款单 ${no}（${yuan} 元）未通过审核，原因：${reason}。取款金额已退回您的中心钱包。`,
} as const;

const withdrawNo = z
  .string({ error: WITHDRAW_ADMIN_MSG.withdrawNo })
  .trim()
  .min(1, WITHDRAW_ADMIN_MSG.withdrawNo)
  .max(40, WITHDRAW_ADMIN_MSG.notFound)
  .regex(/^[A-Za-z0-9]+$/, WITHDRAW_ADMIN_MSG.notFound);

/** POST /admin/api/withdrawals/list {state?, username?, withdraw_no?, page, per_page?} -> AdminPaged<AdminWithdrawalRow>, newest first */
export const adminWithdrawalsListSchema = z.object(
  {
    state: adminIntFilter(1, 3),
    username: adminFilter(32).transform((v) => v?.toLowerCase()),
    withdraw_no: adminFilter(40),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);
export type AdminWithdrawalsListInput = z.output<typeof adminWithdrawalsListSchema>;

/** /admin/api/withdrawals/approve | claim | release {withdraw_no} */
export const adminWithdrawNoSchema = z.object({ withdraw_no: withdrawNo }, { error: WITHDRAW_ADMIN_MSG.withdrawNo });

/** /admin/api/withdrawals/reject {withdraw_no, reason} */
export const adminWithdrawRejectSchema = z.object({ withdraw_no: withdrawNo, reason: adminReason }, { error: WITHDRAW_ADMIN_MSG.withdrawNo });

/** Where a withdrawal stands in review (state stays 1 until the final decision). */
export type WithdrawReview = 'pending' | 'approved_once' | 'approved' | 'rejected';

/** Risk notes shown with each withdrawal. */
export interface WithdrawRisk {
  /** no earlier approved withdrawal of this member went to this card number */
  first_to_card: boolean;
  /** hours between binding the card and submitting (1 decimal) */
  card_age_hours: number;
  /** bound less than 24 hours before the withdrawal */
  card_new: boolean;
  /** the member's cumulative deposits, yuan */
  paysum: Yuan;
  /** amount above paysum */
  above_deposits: boolean;
  /** turnover still owed now, yuan (0 when submitted: a withdrawal is refused while any is owed) */
  turnover_remaining: Yuan;
  /** other members with the same card number bound (or once bound) */
  shared_with: string[];
  /** issue 36: the applicant's risk level (提款必审: every withdrawal waits for an operator) */
  risk_level?: import('./risk.ts').RiskLevel;
  /** issue 36: how many members are linked to the applicant (/admin/api/members/links) */
  links?: number;
  /** issue 36 point 3: the applicant's open risk events (either side of a linked pair), newest first */
  open_events?: { id: number; rule: string }[];
  /** the notes above in words (empty when none) */
  notes: string[];
}

export interface AdminWithdrawalRow {
  withdraw_no: string;
  username: string;
  amount: Yuan;
  kind: 'bank' | 'usdt';
  bank: string;
  bank_owner: string;
  /** masked unless the operator holds cards.reveal */
  bank_no: string;
  bank_address: string;
  usdt: WithdrawalRecordRow['usdt'];
  state: WithdrawState;
  review: WithdrawReview;
  /** above the second-approval amount when submitted */
  needs_two: boolean;
  first_approved_by: string | null;
  claimed_by: string | null;
  decided_by: string | null;
  reason: string;
  created_at: string;
  decided_at: string | null;
  risk: WithdrawRisk;
}
