import { z } from 'zod';
import { MSG } from '../messages.ts';
import { hasControlChars } from '../text-rules.ts';

/**
 * Bank cards and USDT addresses (spec sections 3 "Card", 5 "Cards", 7 getcard / bindcard /
 * delcard / banklist, 9 "Cards"). One rule set per kind of card, shared by the server and the
 * two add-card forms: the same rules, in the spec's order, with the spec's messages first.
 *
 * POST /api/bindcard carries both kinds: `bank` 'USDT' binds a USDT address (bank_owner is the
 * protocol, bank_no the address); any other bank binds a bank card. Use `bindCardSchemaFor`.
 */

export const CARD_MSG = {
  // spec section 5 "Cards", verbatim, USDT card in order
  protocolRequired: '请选择钱包协议',
  addressRequired: '请输入USDT地址',
  payPassRequired: '请输入支付密码',
  payPassLengthUsdt: '支付密码长度必须在6到18位之间',
  // bank card in order
  ownerRequired: '请输入姓名',
  bankRequired: '请选择银行类型',
  bankNoInvalid: '请输入正确的银行卡号',
  bankAddressRequired: '请输入开户行地址',
  payPassLengthBank: '请输入正确的支付密码长度',
  // deletion and success toasts (spec sections 5, 8)
  deleteConfirm: '确定要解除绑定该卡片吗？',
  unbound: '解绑成功',
  bound: '绑定成功',
  // ours, same tone
  addressInvalid: '请输入正确的USDT地址',
  trc20Invalid: '请输入正确的TRC20地址（以T开头的34位字符）',
  erc20Invalid: '请输入正确的ERC20地址（以0x开头的42位字符）',
  ownerInvalid: '请输入正确的姓名',
  bankAddressInvalid: '请输入正确的开户行地址',
  payPassWrong: '支付密码错误',
  usdtLimit: 'USDT地址最多只能绑定5个',
  bankLimit: '银行卡最多只能绑定5张',
  usdtDuplicate: '该USDT地址已绑定，请勿重复添加',
  bankDuplicate: '该银行卡已绑定，请勿重复添加',
  cardType: '请选择正确的卡片类型',
  cardRequired: '请选择要解绑的卡片',
  cardNotFound: '卡片不存在或已解绑',
  noCards: '暂未绑定任何卡片',
} as const;

/** Kinds on the wire (POST /api/getcard {type}): 1 bank cards, 2 USDT addresses. */
export const CARD_TYPE = { bank: 1, usdt: 2 } as const;
export type CardType = (typeof CARD_TYPE)[keyof typeof CARD_TYPE];

/** The `bank` of a USDT address. */
export const USDT_BANK = 'USDT';
export const USDT_PROTOCOLS = ['TRC20', 'ERC20'] as const;
export type UsdtProtocol = (typeof USDT_PROTOCOLS)[number];
export const DEFAULT_USDT_PROTOCOL: UsdtProtocol = 'TRC20';

export const CARD_LIMITS = {
  /** cards per kind (spec section 9) */
  perType: 5,
  bankNoMin: 8,
  bankNoMax: 19,
  payPassMin: 6,
  payPassMax: 18,
  ownerMax: 32,
  bankNameMax: 32,
  bankAddressMax: 100,
  /** the longest address of either chain (ERC20: 0x + 40) */
  addressMax: 42,
} as const;

/** TRC20 (TRON): 'T' and 33 base58 characters. ERC20 (Ethereum): '0x' and 40 hex digits. */
export const USDT_ADDRESS_PATTERN: Record<UsdtProtocol, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/** Angle brackets have no place in a name or an address; nor control and format characters (issue 14). */
const UNSAFE_TEXT = /[<>]/;

const text = (required: string, max: number, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, invalid)
    .refine((v) => !UNSAFE_TEXT.test(v) && !hasControlChars(v), { error: invalid });

const payPass = (required: string, length: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(CARD_LIMITS.payPassMin, length)
    .max(CARD_LIMITS.payPassMax, length);

/** Spaces (and dashes) typed between digit groups are not part of a card number. */
export function normalizeBankNo(raw: string): string {
  return raw.replace(/[\s-]+/g, '');
}

function addressRule(protocol: UsdtProtocol) {
  return {
    error: protocol === 'TRC20' ? CARD_MSG.trc20Invalid : CARD_MSG.erc20Invalid,
    path: ['bank_no'],
    when: (p: { value: unknown }) => {
      const v = p.value as { bank_owner?: unknown; bank_no?: unknown } | null;
      return (
        v?.bank_owner === protocol &&
        typeof v.bank_no === 'string' &&
        v.bank_no.trim() !== '' &&
        v.bank_no.trim().length <= CARD_LIMITS.addressMax * 2
      );
    },
  };
}

/** USDT address bound in the add-address form: protocol, address, payment password. */
export const usdtBindSchema = z
  .object(
    {
      bank_owner: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(USDT_PROTOCOLS, { error: CARD_MSG.protocolRequired }),
      ),
      bank_no: z
        .string({ error: CARD_MSG.addressRequired })
        .trim()
        .min(1, CARD_MSG.addressRequired)
        .max(CARD_LIMITS.addressMax * 2, CARD_MSG.addressInvalid),
      pay_pass: payPass(CARD_MSG.payPassRequired, CARD_MSG.payPassLengthUsdt),
      bank: z.literal(USDT_BANK).optional().catch(USDT_BANK),
      bank_address: z.unknown().optional().transform(() => ''),
    },
    { error: MSG.badRequest },
  )
  // the address must fit its chain; checked even when the password is still missing, so the
  // address's message comes first (its field's place in the spec's order)
  .refine((v) => USDT_ADDRESS_PATTERN.TRC20.test(v.bank_no), addressRule('TRC20'))
  .refine((v) => USDT_ADDRESS_PATTERN.ERC20.test(v.bank_no), addressRule('ERC20'));
export type UsdtBindInput = z.output<typeof usdtBindSchema>;

/** A USDT address whose protocol is known: the address rules alone (the form checks as the member types). */
export function usdtAddressMessage(protocol: UsdtProtocol, address: string): string | null {
  const a = address.trim();
  if (!a) return CARD_MSG.addressRequired;
  if (!USDT_ADDRESS_PATTERN[protocol].test(a)) return protocol === 'TRC20' ? CARD_MSG.trc20Invalid : CARD_MSG.erc20Invalid;
  return null;
}

/** Bank card bound in the add-card form, rules in the spec's order. */
export const bankBindSchema = z.object(
  {
    bank_owner: text(CARD_MSG.ownerRequired, CARD_LIMITS.ownerMax, CARD_MSG.ownerInvalid),
    bank: text(CARD_MSG.bankRequired, CARD_LIMITS.bankNameMax, CARD_MSG.bankRequired),
    bank_no: z
      .union([z.string(), z.number()], { error: CARD_MSG.bankNoInvalid })
      .transform((v) => normalizeBankNo(String(v)))
      .pipe(
        z
          .string()
          .min(CARD_LIMITS.bankNoMin, CARD_MSG.bankNoInvalid)
          .max(CARD_LIMITS.bankNoMax, CARD_MSG.bankNoInvalid)
          .regex(/^\d+$/, CARD_MSG.bankNoInvalid),
      ),
    bank_address: text(CARD_MSG.bankAddressRequired, CARD_LIMITS.bankAddressMax, CARD_MSG.bankAddressInvalid),
    pay_pass: payPass(CARD_MSG.payPassLengthBank, CARD_MSG.payPassLengthBank),
  },
  { error: MSG.badRequest },
);
export type BankBindInput = z.output<typeof bankBindSchema>;

/** Whether a POST /api/bindcard body binds a USDT address (bank 'USDT', any case). */
export function isUsdtBind(body: unknown): boolean {
  const bank = (body as { bank?: unknown } | null)?.bank;
  return typeof bank === 'string' && bank.trim().toUpperCase() === USDT_BANK;
}

/** The rule set of a POST /api/bindcard body. */
export function bindCardSchemaFor(body: unknown) {
  return isUsdtBind(body) ? usdtBindSchema : bankBindSchema;
}

/** A whole number id sent as a number or a numeric string. */
const idParam = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message));

/** POST /api/getcard {type: 1 bank cards, 2 USDT} */
export const getCardSchema = z.object(
  {
    type: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: CARD_MSG.cardType })
      .transform((v) => Number(v) as CardType),
  },
  { error: MSG.badRequest },
);

/** POST /api/delcard {id} */
export const delCardSchema = z.object({ id: idParam(CARD_MSG.cardRequired) }, { error: MSG.badRequest });

/** One card of POST /api/getcard (and the reply of bindcard). bank_no is masked: only the last 4 show. */
export interface CardItem {
  id: number;
  /** bank name, or 'USDT' */
  bank: string;
  /** holder's name, or the protocol TRC20 | ERC20 */
  bank_owner: string;
  /** masked, e.g. '**** **** **** 1234' */
  bank_no: string;
  bank_address: string;
  /** key of the badge the site draws: a bank code (icbc, cmb, ...), 'trc20' or 'erc20' */
  ico: string;
  created_at: string;
}

/** One entry of POST /api/banklist. */
export interface BankType {
  bank_name: string;
  /** key of the bank's badge */
  ico: string;
}

/** Every card number on the wire: all but the last 4 characters hidden. */
export function maskCardNo(no: string): string {
  const last4 = no.slice(-4);
  return `**** **** **** ${last4}`;
}
