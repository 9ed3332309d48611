import { z } from 'zod';

/**
 * Promotion settings an operator may change through /admin/api/settings/update (issue 11).
 * Defaults live in the server's site/defaults.ts block of the same keys.
 */
export const promotionsSettingsSchema = z.object({
  /** wagering asked of a claimed rebate, as a multiple of it (spec: 1x) */
  rebate_turnover_multiple: z.number().int().min(0).max(50),
  /** which VIP rate column fishing bets earn: slots (electron) unless the operator says otherwise */
  rebate_fishing_rate: z.enum(['electron', 'joker', 'realperson', 'sport', 'e_sport', 'lottery']),
  /** minutes after Beijing midnight before the previous day is settled (late bet records arrive) */
  rebate_settle_delay_minutes: z.number().int().min(0).max(360),
  /** turnover a level asks within each retention period, as a percent of its promotion flow */
  vip_retention_percent: z.number().int().min(0).max(100),
  /** days of a retention period (spec: a quarter, 90 days) */
  vip_retention_days: z.number().int().min(7).max(366),
});
export type PromotionsSettings = z.infer<typeof promotionsSettingsSchema>;
