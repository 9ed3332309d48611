import { z } from 'zod';
import { intSetting, numberSetting } from './settings-rules.ts';

/**
 * Withdrawal settings (operator-editable through /admin/api/settings/update). Amounts are whole
 * yuan, as operators think of them; the server turns them into fen where it checks a withdrawal.
 * Times are Beijing 'HH:mm'. The USDT rate and chain fees (already userInfo fields) are here too,
 * so the settings screen validates every key the withdrawal screen depends on.
 */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const withdrawalsSettingsSchema = z
  .object({
    /** most one withdrawal may take, whole yuan (at least the spec's minimum of 100) */
    withdraw_max_per_txn: intSetting('单笔最高取款金额', 100, 100_000_000),
    /** withdrawals a member may submit per Beijing day (rejected ones do not count) */
    withdraw_daily_count: intSetting('每日取款次数', 1, 1000),
    /** most a member may withdraw per Beijing day, whole yuan */
    withdraw_daily_max: intSetting('每日最高取款金额', 100, 1_000_000_000),
    /** opening window, Beijing time; from == to means open all day; from > to runs past midnight */
    withdraw_open_from: z.string().regex(HHMM, '时间格式应为 HH:mm'),
    withdraw_open_to: z.string().regex(HHMM, '时间格式应为 HH:mm'),
    /** above this amount (whole yuan) a second, different operator must approve; 0: never */
    withdraw_second_approval_over: intSetting('双人审核金额', 0, 100_000_000),
    /** a manual deposit (or an online order in review) above this (whole yuan) is credited once a second, different operator approves it; 0: never */
    deposit_second_approval_over: intSetting('存款双人审核门槛', 0, 100_000_000),
    /** issue 25: a turnover waiver above this (whole yuan) needs a second, different operator; 0: never */
    turnover_waive_review_threshold: intSetting('打码量减免双人复核门槛', 0, 1_000_000_000),
    /** issue 33: a manual adjustment (either way) above this (whole yuan) needs a second, different operator; 0: never */
    adjust_second_approval_over: intSetting('人工调整双人复核门槛', 0, 1_000_000),
    /** issue 33: an operator's immediate adjustments per Beijing day (whole yuan, both ways); past it they wait too; 0: no cap */
    adjust_daily_immediate_max: intSetting('每位操作员每日直接调整上限', 0, 1_000_000_000),
    /** RMB per USDT for withdrawals */
    withdrawusdtrate: numberSetting('USDT取款汇率', 0, 10_000, { above: true }),
    /** per-withdrawal chain fee in USDT: ERC20, TRC20 */
    withdrawcashfee: numberSetting('ERC20手续费', 0, 10_000),
    withdrawfeeusdttrc: numberSetting('TRC20手续费', 0, 10_000),
  })
  .refine((s) => s.withdraw_max_per_txn <= s.withdraw_daily_max, { error: '单笔最高金额不能高于每日最高金额' });
export type WithdrawalsSettings = z.output<typeof withdrawalsSettingsSchema>;
