import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';

/**
 * Self-service password reset (忘记密码, issue 15): the member proves ownership with facts only
 * the owner holds, since the site has no mail or SMS: real name, payment password and the last
 * 4 characters of a bound bank card or USDT address.
 */
export const RESET_MSG = {
  name: '请输入您的用户名！',
  card: '请输入已绑定银行卡号或USDT地址的后4位！',
  newTooLong: '新密码长度不能超过32位',
  // one answer for every wrong fact (and an unknown account): it must not tell which was wrong
  mismatch: '验证信息不正确，请核对后重试！',
  ok: '密码已重置，请使用新密码登录',
} as const;

/**
 * POST /api/resetPassword {name, realname, paypassword, card_last4, password, confirmPass}.
 * Field rules in the form's order; the first failing one is answered.
 */
export const resetPasswordSchema = z
  .object(
    {
      name: z.string({ error: RESET_MSG.name }).trim().min(1, RESET_MSG.name).max(LIMITS.usernameMax, RESET_MSG.mismatch),
      realname: z.string({ error: MSG.realname }).trim().min(LIMITS.realnameMin, MSG.realname).max(LIMITS.realnameMax, MSG.realname),
      paypassword: z
        .string({ error: MSG.payPasswordLength })
        .min(LIMITS.payPasswordMin, MSG.payPasswordLength)
        .max(LIMITS.payPasswordMax, MSG.payPasswordLength),
      // bank cards end in digits, USDT addresses in base58 or hex characters
      card_last4: z.string({ error: RESET_MSG.card }).trim().regex(/^[A-Za-z0-9]{4}$/, RESET_MSG.card),
      password: z.string({ error: MSG.passwordLength }).min(LIMITS.passwordMin, MSG.passwordLength).max(LIMITS.passwordMax, RESET_MSG.newTooLong),
      confirmPass: z.string({ error: MSG.passwordMismatch }).max(LIMITS.passwordMax, MSG.passwordMismatch),
    },
    { error: MSG.badRequest },
  )
  .refine((v) => v.password === v.confirmPass, {
    error: MSG.passwordMismatch,
    path: ['confirmPass'],
    when: (p) => {
      const v = p.value as { password?: unknown; confirmPass?: unknown } | null;
      return typeof v?.password === 'string' && typeof v?.confirmPass === 'string';
    },
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
