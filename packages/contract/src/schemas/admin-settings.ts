import { z } from 'zod';
import { paymentsSettingsSchema } from './settings-payments.ts';
import { siteSettingsSchema } from './settings-site.ts';
import { withdrawalsSettingsSchema } from './settings-withdrawals.ts';
import { promotionsSettingsSchema } from './settings-promotions.ts';
import { agentsSettingsSchema } from './agents.ts';

/**
 * POST /admin/api/settings/get {}            -> { settings: {key: value, ...}, groups: {group: keys[]} }
 * POST /admin/api/settings/update {key: value, ...} -> { settings, changed: keys[] }
 *
 * The keys an operator may set are those of the settings-*.ts schemas merged here (a new domain
 * adds its schema to SETTINGS_GROUPS). An update names only the keys it changes; each value is
 * checked by its own field rule, then every group is checked whole on the values it would leave
 * (rules across keys, e.g. min <= max). Unknown keys are refused. Keys whose name holds
 * 'secret' are answered masked (SECRET_MASK) and sending the mask back leaves them as they are.
 */
export const SETTINGS_GROUPS = {
  site: siteSettingsSchema,
  payments: paymentsSettingsSchema,
  withdrawals: withdrawalsSettingsSchema,
  promotions: promotionsSettingsSchema,
  // issue 20: affiliate programme
  agents: agentsSettingsSchema,
} as const;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

export const SETTINGS_MSG = {
  empty: '请至少修改一项设置',
  unknown: (key: string) => `未知的设置项：${key}`,
  invalid: (key: string) => `设置项 ${key} 的值无效`,
  saved: '设置已保存，所有服务器将在5秒内生效',
  controlsSuperOnly: '双人复核门槛、每日直接调整上限和资金角色两步验证只有超级管理员可以修改',
} as const;

/**
 * The settings that hold money operators back (two-person thresholds, the daily cap on immediate
 * adjustments, the second-factor requirement): only a super admin changes them, so a role with
 * settings.update cannot switch off the rules its own money permissions are bound by.
 */
export const MONEY_CONTROL_SETTINGS: readonly string[] = [
  'withdraw_second_approval_over',
  'deposit_second_approval_over',
  'adjust_second_approval_over',
  'adjust_daily_immediate_max',
  'turnover_waive_review_threshold',
  'agent_review_threshold',
  'operator_2fa_required',
];

export const SECRET_MASK = '********';
export const isSecretSetting = (key: string) => /secret/i.test(key);

type Shape = Record<string, z.ZodType>;
const shapeOf = (s: unknown) => (s as { shape: Shape }).shape;

/** Every settable key with its own rule (the last group to name a key wins). */
export const SETTING_FIELDS: Shape = Object.assign({}, ...Object.values(SETTINGS_GROUPS).map(shapeOf));

/** Which group holds each key (the settings screen's sections). */
export const SETTING_GROUP_OF: Record<string, SettingsGroup> = Object.fromEntries(
  (Object.entries(SETTINGS_GROUPS) as [SettingsGroup, unknown][]).flatMap(([group, s]) => Object.keys(shapeOf(s)).map((k) => [k, group])),
);

/** Checks one key's value; rules without a Chinese message answer SETTINGS_MSG.invalid(key). */
export function checkSettingValue(key: string, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const field = SETTING_FIELDS[key];
  if (!field) return { ok: false, message: SETTINGS_MSG.unknown(key) };
  const r = field.safeParse(value, { error: () => SETTINGS_MSG.invalid(key) });
  if (r.success) return { ok: true, value: r.data };
  const message = r.error.issues[0]?.message;
  return { ok: false, message: message && /[\u4e00-\u9fff]/.test(message) ? message : SETTINGS_MSG.invalid(key) };
}

export const settingsGetSchema = z.object({}, { error: SETTINGS_MSG.empty });

/** The body of settings/update: a non-empty object of known keys, each value checked by its rule. */
export const settingsUpdateSchema = z
  .record(z.string().max(64), z.unknown(), { error: SETTINGS_MSG.empty })
  .transform((body, ctx) => {
    const keys = Object.keys(body);
    if (keys.length === 0) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MSG.empty });
      return z.NEVER;
    }
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const checked = checkSettingValue(key, body[key]);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      out[key] = checked.value;
    }
    return out;
  });
export type SettingsUpdateInput = z.output<typeof settingsUpdateSchema>;

/**
 * Checks every group whole on the values an update would leave; answers the first message.
 * Groups whose keys the update does not touch are skipped (an older stored value never blocks
 * an unrelated change).
 */
export function checkSettingGroups(next: Record<string, unknown>, changed: string[]): string | null {
  for (const [group, schema] of Object.entries(SETTINGS_GROUPS)) {
    const keys = Object.keys(shapeOf(schema));
    if (!changed.some((k) => keys.includes(k))) continue;
    const values = Object.fromEntries(keys.map((k) => [k, next[k]]));
    const r = (schema as z.ZodType).safeParse(values, { error: () => SETTINGS_MSG.invalid(group) });
    if (!r.success) {
      const issue = r.error.issues[0];
      const key = issue?.path[0] !== undefined ? String(issue.path[0]) : group;
      return issue?.message && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : SETTINGS_MSG.invalid(key);
    }
  }
  return null;
}

export interface SettingsReply {
  settings: Record<string, unknown>;
  groups: Record<SettingsGroup, string[]>;
}
