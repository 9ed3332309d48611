import { z } from 'zod';
import { intSetting } from './settings-rules.ts';

/**
 * Promotion settings an operator may change through /admin/api/settings/update (issue 11).
 * Defaults live in the server's site/defaults.ts block of the same keys.
 */
export const promotionsSettingsSchema = z.object({
  /** wagering asked of a claimed rebate, as a multiple of it (spec: 1x) */
  rebate_turnover_multiple: intSetting('返水流水倍数', 0, 50),
  /** which VIP rate column fishing bets earn: slots (electron) unless the operator says otherwise */
  rebate_fishing_rate: z.enum(['electron', 'joker', 'realperson', 'sport', 'e_sport', 'lottery'], { error: '请选择捕鱼返水所用的类别' }),
  /** minutes after Beijing midnight before the previous day is settled (late bet records arrive) */
  rebate_settle_delay_minutes: intSetting('返水结算延迟（分钟）', 0, 360),
  /** turnover a level asks within each retention period, as a percent of its promotion flow */
  vip_retention_percent: intSetting('保级流水比例', 0, 100),
  /** days of a retention period (spec: a quarter, 90 days) */
  vip_retention_days: intSetting('保级周期（天）', 7, 366),
});
export type PromotionsSettings = z.infer<typeof promotionsSettingsSchema>;
