import { z } from 'zod';
import { yuanToFen } from '../money.ts';
import { plainLine } from '../text-rules.ts';

/**
 * Pieces every back-office call schema is built from (DESIGN.md section 11): page numbers,
 * Beijing dates, an operator's reason, a member's username. Other admin-*.ts files reuse them.
 */
export const ADMIN_COMMON_MSG = {
  badRequest: '参数格式错误，请检查后重试',
  page: '页码必须是正整数',
  perPage: '每页条数必须在1到100之间',
  date: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss（北京时间）',
  dateOrder: '开始时间不能晚于结束时间',
  reason: '请输入操作原因（1到200字）',
  username: '请输入会员账号',
  amount: '金额格式错误（最多两位小数）',
} as const;

/** rows per page of back-office lists unless the call says otherwise */
export const ADMIN_PER_PAGE = 20;
export const ADMIN_MAX_PER_PAGE = 100;

/** An integer given as a number or digits (forms send strings); absent means `fallback`. */
export const adminInt = (min: number, max: number, fallback: number, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{0,12}$/, message), z.null()], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? fallback : Number(v)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** An optional integer filter: absent, null or '' means no filter. */
export const adminIntFilter = (min: number, max: number, message: string = ADMIN_COMMON_MSG.badRequest) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d{0,12}$/, message), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

export const adminPage = adminInt(1, 1_000_000, 1, ADMIN_COMMON_MSG.page);
export const adminPerPage = adminInt(1, ADMIN_MAX_PER_PAGE, ADMIN_PER_PAGE, ADMIN_COMMON_MSG.perPage);

/** An optional text filter: trimmed, empty means absent. */
export const adminFilter = (max: number, message: string = ADMIN_COMMON_MSG.badRequest) =>
  z
    .union([z.string().trim().max(max, message), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A Beijing date or time on the wire ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]'), kept as the
 * string; the server turns it into an instant in Asia/Shanghai. Impossible dates are refused.
 */
export const adminDate = z
  .union([z.string().trim(), z.null()], { error: ADMIN_COMMON_MSG.date })
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const m = DATE.exec(v);
    const ok =
      m &&
      Number(m[2]) >= 1 && Number(m[2]) <= 12 &&
      Number(m[3]) >= 1 && Number(m[3]) <= new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate() &&
      Number(m[4] ?? 0) <= 23 && Number(m[5] ?? 0) <= 59 && Number(m[6] ?? 0) <= 59;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: ADMIN_COMMON_MSG.date });
      return z.NEVER;
    }
    return v;
  });

/** The reason an operator gives for an action on a member (kept in the audit log). */
export const adminReason = z
  .string({ error: ADMIN_COMMON_MSG.reason })
  .trim()
  .min(1, ADMIN_COMMON_MSG.reason)
  .max(200, ADMIN_COMMON_MSG.reason)
  .refine(...plainLine('操作原因'));

/** A member's username as operators type it (matched ignoring case). */
export const adminMemberUsername = z
  .string({ error: ADMIN_COMMON_MSG.username })
  .trim()
  .min(1, ADMIN_COMMON_MSG.username)
  .max(32, ADMIN_COMMON_MSG.username)
  .transform((v) => v.toLowerCase());

/** An optional amount filter in yuan, turned into fen. */
export const adminYuanFilter = z
  .union([z.number(), z.string(), z.null()], { error: ADMIN_COMMON_MSG.amount })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return undefined;
    const fen = yuanToFen(v);
    if (fen === null) {
      ctx.addIssue({ code: 'custom', message: ADMIN_COMMON_MSG.amount });
      return z.NEVER;
    }
    return fen;
  });

/** A paged back-office list (the table hook's `{data, total}` plus the pages). */
export interface AdminPaged<T> {
  data: T[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
  /**
   * issue 24: present (true) when more than 10,000 rows match and `total` is the database's
   * estimate rather than a count (a site-wide list of a large site); the last pages then hold the
   * oldest rows
   */
  total_estimated?: true;
}
