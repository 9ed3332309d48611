import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { plainLine } from '../text-rules.ts';

const L = LIMITS;

/** Captcha answer and the key of the image it answers; emptiness is judged by the server's captcha setting. */
const captchaFields = {
  code: z.string({ error: MSG.captchaWrong }).trim().max(16, MSG.captchaWrong).optional(),
  captcha_key: z.string({ error: MSG.captchaWrong }).max(64, MSG.captchaWrong).optional(),
};

/**
 * Register fields in the spec's order (section 5). The spec enforces only the minimum
 * username length; its message promises letters or digits, so we hold it to that
 * (plus underscore) and to the inputs' maxlength 32 so no odd name reaches the ledger.
 */
const registerShape = {
  name: z
    .string({ error: MSG.username })
    .trim()
    .min(L.usernameMin, MSG.username)
    .max(L.usernameMax, MSG.username)
    .regex(/^[A-Za-z0-9_]+$/, MSG.username),
  password: z
    .string({ error: MSG.passwordLength })
    .min(L.passwordMin, MSG.passwordLength)
    .max(L.passwordMax, MSG.passwordLength),
  confirmPass: z.string({ error: MSG.passwordMismatch }).max(L.passwordMax, MSG.passwordMismatch),
  realname: z
    .string({ error: MSG.realname })
    .trim()
    .min(L.realnameMin, MSG.realname)
    .max(L.realnameMax, MSG.realname)
    .refine(...plainLine('真实姓名')),
  // payment passwords are 6-18 everywhere else (cards, withdrawals): hold registration to the same bound
  paypassword: z
    .string({ error: MSG.payPasswordLength })
    .min(L.payPasswordMin, MSG.payPasswordLength)
    .max(L.payPasswordMax, MSG.payPasswordLength),
  ...captchaFields,
  pid: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(L.pidMax)).optional().catch(undefined),
  referrer: z.string().trim().max(L.pidMax).optional().catch(undefined),
};

const samePasswords = {
  error: MSG.passwordMismatch,
  path: ['confirmPass'],
  // run even when later fields already failed: rule 4 outranks rules 5-7
  when: (p: { value: unknown }) => {
    const v = p.value as { password?: unknown; confirmPass?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPass === 'string';
  },
};

/** POST /api/register */
export const registerSchema = z
  .object(registerShape, { error: MSG.badRequest })
  .refine((v) => v.password === v.confirmPass, samePasswords);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the agreement box comes first (rule 1), then the wire fields. */
export const registerFormSchema = z
  .object(
    { agreement: z.literal(true, { error: MSG.agreement }), ...registerShape },
    { error: MSG.badRequest },
  )
  .refine((v) => v.password === v.confirmPass, samePasswords);

/** POST /api/login_pc and /api/login */
export const loginSchema = z.object(
  {
    name: z.string({ error: MSG.loginRequired }).trim().min(1, MSG.loginRequired).max(64, MSG.loginFailed),
    password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired).max(128, MSG.loginFailed),
    ...captchaFields,
  },
  { error: MSG.badRequest },
);
export type LoginInput = z.infer<typeof loginSchema>;

/** GET /api/captcha: a fresh image; the answer stays on the server. */
export interface CaptchaReply {
  key: string;
  /** data: URL of an SVG image */
  img: string;
}

export interface TokenReply {
  api_token: string;
}

/** userInfo of spec section 3. Money in yuan. */
export interface UserInfo {
  username: string;
  realname: string;
  avatar: string;
  mobile: string;
  email: string;
  birthday: string;
  balance: number;
  gameblance: number;
  paysum: number;
  vip: number;
  current_vip: string;
  usdtrate: number;
  transferstatus: 0 | 1;
  withdrawcashfee: number;
  withdrawfeeusdttrc: number;
  withdrawusdtrate: number;
  /** ours (issue 15): 1 once an operator verified the real name; the 已实名 badge shows only then */
  realname_verified: 0 | 1;
  /** the original front-end's (issue 19): whole Beijing days since registration (0 on that day) */
  joinday: number;
  /** 1 when the member is an agent (agent record), else 0 */
  isagent: 0 | 1;
  /**
   * issue 36 (ours): 1 for a 限制优惠 member, who may not take a bonus, rebate, red packet or
   * activity reward: the activity page says so (RISK_MSG.activityWithheld) instead of offering an
   * application the server refuses; absent for others and from an older server
   */
  promo_withheld?: 1;
}
