import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * A member's own records as CSV (issue 22, point 4): POST /api/records/export {kind, from, to}
 * with the member token answers the file itself (text/csv, UTF-8 with a byte-order mark) or, when
 * refused, the usual envelope. Days are Beijing days, both ends included, at most
 * RECORDS_EXPORT_MAX_DAYS of them.
 * - kind trans: every movement of the member's central wallet (deposits credited, withdrawals,
 *   transfers to and from venues, bonuses, rebates, red packets, adjustments), oldest first.
 * - kind bets: the member's bets by bet time, oldest first.
 */
export const RECORDS_EXPORT_KINDS = ['trans', 'bets'] as const;
export type RecordsExportKind = (typeof RECORDS_EXPORT_KINDS)[number];
export const RECORDS_EXPORT_MAX_DAYS = 90;

export const RECORDS_EXPORT_MSG = {
  kind: '请选择导出类型（交易记录或投注记录）',
  from: '请选择开始日期（YYYY-MM-DD）',
  to: '请选择结束日期（YYYY-MM-DD）',
  order: '开始日期不能晚于结束日期',
  tooLong: `每次最多导出${RECORDS_EXPORT_MAX_DAYS}天的记录，请缩小日期范围`,
} as const;

const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const day = (message: string) => z.string({ error: message }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isRealDay, message);
/** days from `from` to `to`, both included */
export const daysInRange = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const recordsExportSchema = z
  .object(
    {
      kind: z.string({ error: RECORDS_EXPORT_MSG.kind }).trim().pipe(z.enum(RECORDS_EXPORT_KINDS, { error: RECORDS_EXPORT_MSG.kind })),
      from: day(RECORDS_EXPORT_MSG.from),
      to: day(RECORDS_EXPORT_MSG.to),
    },
    { error: MSG.badRequest },
  )
  .superRefine((v, ctx) => {
    const n = daysInRange(v.from, v.to);
    if (n < 1) ctx.addIssue({ code: 'custom', message: RECORDS_EXPORT_MSG.order, path: ['to'] });
    else if (n > RECORDS_EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: RECORDS_EXPORT_MSG.tooLong, path: ['to'] });
  });
export type RecordsExportInput = z.output<typeof recordsExportSchema>;

export const RECORDS_CSV_HEADERS: Record<RecordsExportKind, string[]> = {
  trans: ['时间', '类型', '收入(元)', '支出(元)', '单号'],
  bets: ['投注时间', '注单号', '场馆', '游戏', '投注金额(元)', '有效投注(元)', '输赢(元)', '状态', '结算时间'],
};

/** what a central-wallet movement is called on the member's statement (ledger entry kinds) */
export const RECORDS_TRANS_NAMES: Record<string, string> = {
  deposit: '存款',
  withdraw_hold: '取款',
  withdraw_return: '取款退回',
  transit_hold: '转入场馆',
  transit_return: '转账退回',
  venue_transfer_in: '场馆转出',
  adjustment: '人工调整',
  bonus: '优惠彩金',
  rebate: '返水',
  red_packet: '红包',
  commission: '代理佣金',
};

/** the file's name: 交易记录-2026-03-01_2026-03-31.csv */
export const RECORDS_EXPORT_NAMES: Record<RecordsExportKind, string> = { trans: '交易记录', bets: '投注记录' };
