import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PERMISSIONS, type Grant } from '../permissions.ts';
import { adminFilter, adminPage, adminPerPage, ADMIN_COMMON_MSG } from './admin-shared.ts';

/**
 * Operators, roles, their own account and second factor (issue 12, DESIGN.md sections 5 and 11).
 *
 * - POST /admin/api/captcha {}                         -> { key, img }   (no session; login's captcha)
 * - POST /admin/api/login {username, password, otp?, captcha_key?, code?} -> OperatorLoginReply
 *   (issue 25: a new operator, or one whose password another operator reset, must set their own
 *   password first; a role holding money permissions must enrol a second factor while the
 *   setting operator_2fa_required is on; until both are done every call but the operator's own
 *   account calls answers 403 with OPS_MSG.mustChangePassword / mustEnrolTotp)
 * - POST /admin/api/me {}                              -> OperatorSelf
 * - POST /admin/api/me/password {old_password, new_password}   (ends the operator's other sessions)
 * - POST /admin/api/me/totp/setup {}                   -> { secret, otpauth_url, qr }  (shown once)
 * - POST /admin/api/me/totp/enable {code}              -> OperatorSelf
 * - POST /admin/api/me/totp/disable {code}             (refused for super admins: required once set)
 * - POST /admin/api/operators/list {username?, role?, status?, page, per_page?} -> AdminPaged<OperatorRow>
 * - POST /admin/api/operators/create {username, password, role, ip_allowlist?} -> OperatorRow
 * - POST /admin/api/operators/update {username, role?, ip_allowlist?} -> OperatorRow
 * - POST /admin/api/operators/disable {username} / enable {username}   (disable ends their sessions)
 * - POST /admin/api/operators/reset-password {username, password}      (ends their sessions)
 * - POST /admin/api/operators/reset-totp {username}    (removes a lost second factor)
 * - POST /admin/api/roles/list {}                      -> { roles: RoleRow[], permissions: {slug, name}[] }
 * - POST /admin/api/roles/create {code, name, permissions} / update {code, name?, permissions?}
 */
export const OPS_MSG = {
  captchaRequired: MSG.captchaEmpty,
  otpRequired: '请输入身份验证器中的6位动态码',
  otpWrong: '动态码错误或已过期',
  otpFormat: '动态码为6位数字',
  ipNotAllowed: '当前网络地址不在该账号的允许列表中',
  disabled: '该管理员账号已停用',
  operatorUsername: '管理员账号为3到32位字母、数字或下划线',
  operatorPassword: '密码长度8到64位，须同时包含字母和数字',
  oldPassword: '请输入当前密码',
  oldPasswordWrong: '当前密码错误',
  samePassword: '新密码不能与当前密码相同',
  role: '请选择角色',
  roleUnknown: '角色不存在',
  roleCode: '角色代码为2到32位小写字母、数字或下划线，以字母开头',
  roleName: '角色名称为1到32个字',
  roleTaken: '该角色代码已存在',
  rolePermissions: '请选择有效的权限',
  roleBuiltin: '内置的超级管理员角色不能修改',
  escalation: '不能授予您自己没有的权限',
  operatorTaken: '该管理员账号已存在',
  operatorNotFound: '管理员不存在',
  notSelf: '不能对自己的账号执行此操作',
  ipList: '允许地址须为IP或CIDR网段，最多20个',
  totpNotSetUp: '请先生成身份验证器密钥',
  totpAlreadyOn: '已启用双重验证',
  totpOff: '尚未启用双重验证',
  totpRequiredForSuper: '超级管理员启用双重验证后不能关闭',
  lastSuper: '至少需要保留一个启用的超级管理员',
  passwordChanged: '密码已修改，请重新登录',
  // issue 25: first sign-in steps
  mustChangePassword: '首次登录或密码被重置后，请先设置您自己的新密码',
  mustEnrolTotp: '您的角色可处理资金，请先绑定身份验证器（两步验证）',
  totpRequired: '您的角色可处理资金，必须开启两步验证，不能关闭',
  ownPasswordSet: '新密码已设置',
  ok: '操作成功',
} as const;

const OTP = /^\d{6}$/;
const otpCode = z.string({ error: OPS_MSG.otpFormat }).trim().regex(OTP, OPS_MSG.otpFormat);

/** POST /admin/api/login: captcha (when the site has it on), then the second factor if the operator set one. */
export const operatorLoginSchema = z.object(
  {
    username: z.string({ error: '请输入管理员账号和密码！' }).trim().min(1, '请输入管理员账号和密码！').max(64, '管理员账号或密码错误！'),
    password: z.string({ error: '请输入管理员账号和密码！' }).min(1, '请输入管理员账号和密码！').max(128, '管理员账号或密码错误！'),
    /** the 6-digit code of the operator's authenticator; asked for only when they enrolled one */
    otp: z.union([z.string().trim().max(6, OPS_MSG.otpFormat), z.null()], { error: OPS_MSG.otpFormat }).optional().transform((v) => v || undefined),
    captcha_key: z.string().max(64).optional().catch(undefined),
    code: z.string().trim().max(8, MSG.captchaWrong).optional().catch(undefined),
  },
  { error: '请输入管理员账号和密码！' },
);
export type OperatorLoginInput = z.output<typeof operatorLoginSchema>;

export const operatorUsername = z
  .string({ error: OPS_MSG.operatorUsername })
  .trim()
  .regex(/^[A-Za-z0-9_]{3,32}$/, OPS_MSG.operatorUsername)
  .transform((v) => v.toLowerCase());

export const operatorPassword = z
  .string({ error: OPS_MSG.operatorPassword })
  .min(8, OPS_MSG.operatorPassword)
  .max(64, OPS_MSG.operatorPassword)
  .regex(/[A-Za-z]/, OPS_MSG.operatorPassword)
  .regex(/\d/, OPS_MSG.operatorPassword);

export const roleCode = z.string({ error: OPS_MSG.roleCode }).trim().regex(/^[a-z][a-z0-9_]{1,31}$/, OPS_MSG.roleCode);

/** An address or CIDR range (IPv4 or IPv6); the server checks each one precisely. */
const ipEntry = z.string({ error: OPS_MSG.ipList }).trim().min(2, OPS_MSG.ipList).max(49, OPS_MSG.ipList).regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/, OPS_MSG.ipList);
/** Empty list: any address may sign in. */
export const ipAllowlist = z.array(ipEntry, { error: OPS_MSG.ipList }).max(20, OPS_MSG.ipList);

const grant = z.enum(['*', ...(Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[])], { error: OPS_MSG.rolePermissions });
export const roleGrants = z
  .array(grant, { error: OPS_MSG.rolePermissions })
  .min(1, OPS_MSG.rolePermissions)
  .max(64, OPS_MSG.rolePermissions)
  .transform((v) => [...new Set(v)] as Grant[]);

export const meSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });

export const changeOwnPasswordSchema = z.object(
  {
    old_password: z.string({ error: OPS_MSG.oldPassword }).min(1, OPS_MSG.oldPassword).max(128, OPS_MSG.oldPasswordWrong),
    new_password: operatorPassword,
  },
  { error: OPS_MSG.oldPassword },
);

export const totpSetupSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });
export const totpCodeSchema = z.object({ code: otpCode }, { error: OPS_MSG.otpFormat });

export const operatorListSchema = z.object(
  {
    username: adminFilter(32),
    role: adminFilter(32),
    /** 1 active, 0 disabled */
    status: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal(''), z.null()], { error: ADMIN_COMMON_MSG.badRequest }).optional().transform((v) => (v === undefined || v === null || v === '' ? undefined : (Number(v) as 0 | 1))),
    page: adminPage,
    per_page: adminPerPage,
  },
  { error: ADMIN_COMMON_MSG.badRequest },
);

export const operatorCreateSchema = z.object(
  {
    username: operatorUsername,
    password: operatorPassword,
    role: z.string({ error: OPS_MSG.role }).trim().min(1, OPS_MSG.role).max(32, OPS_MSG.roleUnknown),
    ip_allowlist: ipAllowlist.optional(),
  },
  { error: OPS_MSG.operatorUsername },
);

export const operatorUpdateSchema = z.object(
  {
    username: operatorUsername,
    role: z.string({ error: OPS_MSG.role }).trim().min(1, OPS_MSG.role).max(32, OPS_MSG.roleUnknown).optional(),
    ip_allowlist: ipAllowlist.optional(),
  },
  { error: OPS_MSG.operatorUsername },
);

export const operatorTargetSchema = z.object({ username: operatorUsername }, { error: OPS_MSG.operatorUsername });

export const operatorResetPasswordSchema = z.object({ username: operatorUsername, password: operatorPassword }, { error: OPS_MSG.operatorUsername });

export const roleListSchema = z.object({}, { error: ADMIN_COMMON_MSG.badRequest });

export const roleCreateSchema = z.object(
  {
    code: roleCode,
    name: z.string({ error: OPS_MSG.roleName }).trim().min(1, OPS_MSG.roleName).max(32, OPS_MSG.roleName),
    permissions: roleGrants,
  },
  { error: OPS_MSG.roleCode },
);

export const roleUpdateSchema = z.object(
  {
    code: roleCode,
    name: z.string({ error: OPS_MSG.roleName }).trim().min(1, OPS_MSG.roleName).max(32, OPS_MSG.roleName).optional(),
    permissions: roleGrants.optional(),
  },
  { error: OPS_MSG.roleCode },
);

/** The signed-in operator (POST /admin/api/me). */
export interface OperatorSelf {
  id: number;
  username: string;
  role: string;
  role_name: string;
  permissions: string[];
  totp_enabled: boolean;
  /** a super admin who has not set a second factor yet is reminded to */
  totp_recommended: boolean;
  ip_allowlist: string[];
  /** minutes without a call before the session ends */
  idle_minutes: number;
  /** issue 25: the operator must set their own password before anything else */
  must_change_password: boolean;
  /** issue 25: the role holds money permissions and the site requires a second factor for it */
  totp_required: boolean;
  /** issue 25: totp_required and none enrolled yet: the enrol step comes before anything else */
  must_enrol_totp: boolean;
}

export interface OperatorRow {
  id: number;
  username: string;
  role: string;
  role_name: string;
  /** 1 active, 0 disabled */
  status: 0 | 1;
  totp_enabled: boolean;
  ip_allowlist: string[];
  created_at: string;
  created_by: string | null;
  last_login_at: string | null;
  last_login_ip: string | null;
}

export interface RoleRow {
  code: string;
  name: string;
  permissions: Grant[];
  builtin: boolean;
  operators: number;
  created_at: string;
  updated_at: string;
}

export interface TotpSetupReply {
  /** base32 secret, for typing into an authenticator by hand */
  secret: string;
  otpauth_url: string;
  /** PNG data URL of the otpauth URL */
  qr: string;
}

export interface OperatorLoginReply {
  token: string;
  /** issue 25: set a new password first (every other call is refused until then) */
  must_change_password: boolean;
  /** issue 25: enrol a second factor first (after the password, when both are due) */
  must_enrol_totp: boolean;
}
