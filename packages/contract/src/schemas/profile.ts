import { z } from 'zod';
import { beijingToday } from '../beijing.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { plainText } from '../text-rules.ts';

/**
 * The member's own account: profile (mobile, email, birthday), avatar upload, login and
 * payment password changes, agent application (spec sections 2, 5 "Uploads and profile",
 * 5 "Password change", 7). Shared by the server and the site: the same rules, in the same
 * order, with the same messages.
 */
export const PROFILE_MSG = {
  // spec section 5, verbatim
  mobile: '请输入正确手机号',
  email: '请输入正确邮箱号',
  birthday: '请输入正确的日期格式：YYYY-MM-DD',
  applyReason: '请输入申请理由',
  oldRequired: '请输入旧密码',
  newRequired: '请输入新密码',
  confirmRequired: '请输入确认密码',
  oldLength: '请输入正确的旧密码长度',
  newLength: '请输入正确的新密码长度',
  mismatch: MSG.passwordMismatch,
  sameAsOld: '新旧密码不能一致！',
  passwordChanged: '密码修改成功！',
  payPasswordLength: '支付密码长度必须在6到18位之间',
  // ours, same tone
  birthdayRange: '出生日期须在1980-01-01至今天之间',
  newTooLong: `新密码长度不能超过${LIMITS.passwordMax}位`,
  oldWrong: '旧密码错误！',
  oldPayWrong: '旧支付密码错误！',
  profileSaved: '保存成功',
  applyReasonTooLong: '申请理由不能超过200个字',
  applyPending: '您的申请正在审核中，请耐心等待',
  /** issue 34: an agent (approved, or made by an operator) does not apply again */
  applyAgent: '您已经是代理，请前往代理中心',
  applyOk: '申请已提交，请耐心等待审核',
  avatarMissing: '请选择要上传的头像图片',
  avatarType: '头像仅支持PNG或GIF格式的图片',
  avatarTooLarge: '头像图片不能超过2MB',
  avatarOk: '头像上传成功',
} as const;

export const PROFILE_LIMITS = {
  emailMax: 64,
  mobileMax: 16,
  applyInfoMax: 200,
  /** bytes of an avatar file */
  avatarMaxBytes: 2 * 1024 * 1024,
  birthdayMin: '1980-01-01',
} as const;

/** Mainland mobile (spec section 5): optional 0 / 86 / 17951, then 13x 15x 17[678] 18x 14[57] and 8 digits. */
export const MOBILE_PATTERN = /^(?:0|86|17951)?(?:13\d|15\d|17[678]|18\d|14[57])\d{8}$/;
/** A plain address: local part, @, dotted domain ending in letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,24}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for YYYY-MM-DD naming a day that exists (no 2001-02-30). */
export function isRealDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const text = (message: string) => z.string({ error: message }).trim();

const mobileField = text(PROFILE_MSG.mobile).max(PROFILE_LIMITS.mobileMax, PROFILE_MSG.mobile).regex(MOBILE_PATTERN, PROFILE_MSG.mobile);

/**
 * POST /api/updateuserinfo {email, mobile, birthday}, checked mobile, email, birthday (the
 * spec's order). All three are required (docs/decisions.md): the spec's patterns do not match
 * an empty value. Any other field (an id, a username) is dropped: a member edits only their own
 * profile, named by the session.
 */
export const updateUserInfoSchema = z.object(
  {
    mobile: mobileField,
    email: text(PROFILE_MSG.email).max(PROFILE_LIMITS.emailMax, PROFILE_MSG.email).regex(EMAIL_PATTERN, PROFILE_MSG.email),
    birthday: text(PROFILE_MSG.birthday)
      .refine(isRealDate, PROFILE_MSG.birthday)
      .refine((s) => !isRealDate(s) || (s >= PROFILE_LIMITS.birthdayMin && s <= beijingToday()), PROFILE_MSG.birthdayRange),
  },
  { error: MSG.badRequest },
);
export type UpdateUserInfoInput = z.infer<typeof updateUserInfoSchema>;

/** POST /api/applyagentdo {mobile, apply_info} */
export const applyAgentSchema = z.object(
  {
    mobile: mobileField,
    apply_info: text(PROFILE_MSG.applyReason)
      .min(1, PROFILE_MSG.applyReason)
      .max(PROFILE_LIMITS.applyInfoMax, PROFILE_MSG.applyReasonTooLong)
      .refine(...plainText('申请说明')),
  },
  { error: MSG.badRequest },
);
export type ApplyAgentInput = z.infer<typeof applyAgentSchema>;

/** 1 login password (/api/editPassword), 2 payment password (/api/editPayPassword): the /password?type= values. */
export type PasswordKind = 1 | 2;

const LENGTHS: Record<PasswordKind, { min: number; max: number; tooLong: string }> = {
  1: { min: LIMITS.passwordMin, max: LIMITS.passwordMax, tooLong: PROFILE_MSG.newTooLong },
  2: { min: LIMITS.payPasswordMin, max: LIMITS.payPasswordMax, tooLong: PROFILE_MSG.payPasswordLength },
};

/** Largest input the password boxes accept, per kind. */
export const passwordMaxLength = (kind: PasswordKind) => LENGTHS[kind].max;

const given = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * Rules of spec section 5 "Password change", in its order, across fields: old, new and confirm
 * required; old length; new length; confirm equals new; new differs from old. One message (the
 * first failing rule) is reported at the object's root, so `check` answers exactly that one.
 */
function passwordRules(kind: PasswordKind, withConfirm: boolean) {
  const { min, max, tooLong } = LENGTHS[kind];
  return (v: { password?: unknown; paypassword?: unknown; confirm?: unknown }): string | null => {
    const { password: oldPw, paypassword: newPw, confirm } = v;
    if (!given(oldPw)) return PROFILE_MSG.oldRequired;
    if (!given(newPw)) return PROFILE_MSG.newRequired;
    if (withConfirm && !given(confirm)) return PROFILE_MSG.confirmRequired;
    if (oldPw.length < min || oldPw.length > max) return PROFILE_MSG.oldLength;
    if (newPw.length < min) return PROFILE_MSG.newLength;
    if (newPw.length > max) return tooLong;
    if (withConfirm && confirm !== newPw) return PROFILE_MSG.mismatch;
    if (newPw === oldPw) return PROFILE_MSG.sameAsOld;
    return null;
  };
}

function passwordSchema(kind: PasswordKind, withConfirm: boolean) {
  const rules = passwordRules(kind, withConfirm);
  return z
    .object({ password: z.unknown().optional(), paypassword: z.unknown().optional(), confirm: z.unknown().optional() }, { error: MSG.badRequest })
    .superRefine((v, ctx) => {
      const message = rules(v);
      if (message) ctx.addIssue({ code: 'custom', message, path: [] });
    })
    .transform((v) => ({ password: v.password as string, paypassword: v.paypassword as string }));
}

/**
 * POST /api/editPassword and /api/editPayPassword {password (the OLD one), paypassword (the NEW
 * one)} (spec section 7). Output: {password, paypassword}, both strings.
 */
export const editPasswordSchema = passwordSchema(1, false);
export const editPayPasswordSchema = passwordSchema(2, false);
export type EditPasswordInput = z.infer<typeof editPasswordSchema>;

/** The /password form: old, new and confirm ({password, paypassword, confirm}); confirm stays in the browser. */
export const passwordFormSchema = (kind: PasswordKind) => passwordSchema(kind, true);
