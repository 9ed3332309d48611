import { z } from 'zod';
import { yuanToFen } from '../money.ts';
import { plainLine } from '../text-rules.ts';

/** Back-office messages (operators read them; same tone as the member site). */
export const ADMIN_MSG = {
  loginRequired: '请输入管理员账号和密码！',
  loginFailed: '管理员账号或密码错误！',
  username: '请输入会员账号',
  memberNotFound: '会员不存在',
  amount: '请输入正确的调整金额（非零，最多两位小数，单笔不超过100万元）',
  reason: '请输入调整原因（最多200字）',
  turnover: '打码倍数必须是0到50之间的整数',
  insufficient: '会员中心钱包余额不足，无法扣款',
  adjustOk: '调整成功',
} as const;

/** One adjustment is at most 1,000,000 yuan either way. */
const MAX_ADJUST_FEN = 100_000_000;

/** POST /admin/api/members/adjust: amount in yuan, positive credits, negative debits. */
export const adminAdjustSchema = z.object(
  {
    username: z.string({ error: ADMIN_MSG.username }).trim().min(1, ADMIN_MSG.username).max(32, ADMIN_MSG.memberNotFound),
    amount: z
      .union([z.number(), z.string()], { error: ADMIN_MSG.amount })
      .transform((v, ctx) => {
        const fen = yuanToFen(v);
        if (fen === null || fen === 0 || Math.abs(fen) > MAX_ADJUST_FEN) {
          ctx.addIssue({ code: 'custom', message: ADMIN_MSG.amount });
          return z.NEVER;
        }
        return fen;
      }),
    reason: z.string({ error: ADMIN_MSG.reason }).trim().min(1, ADMIN_MSG.reason).max(200, ADMIN_MSG.reason).refine(...plainLine('调整原因')),
    /** wagering requirement added with a credit, as a multiple of it (default 0) */
    turnover_multiple: z.number({ error: ADMIN_MSG.turnover }).int(ADMIN_MSG.turnover).min(0, ADMIN_MSG.turnover).max(50, ADMIN_MSG.turnover).optional(),
    /** the operator's own id for this request: a retry with the same id has one effect */
    request_id: z.string().trim().min(8).max(64).optional().catch(undefined),
  },
  { error: ADMIN_MSG.username },
);
export type AdminAdjustInput = z.output<typeof adminAdjustSchema>;
