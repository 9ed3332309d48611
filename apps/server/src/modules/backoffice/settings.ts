import { checkSettingGroups, CODE, isSecretSetting, MONEY_CONTROL_SETTINGS, SECRET_MASK, SETTINGS_MSG, SETTING_GROUP_OF, SETTINGS_GROUPS, type SettingsGroup, type SettingsReply } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { sanitizeHtml } from '../content/index.ts';
import type { SiteService } from '../site/index.ts';
import { audit } from '../audit/index.ts';
import type { ClientMeta } from './service.ts';

/** keys holding HTML shown to members: sanitized with the content allowlist when saved */
const HTML_KEYS = new Set(['webcontent']);

const masked = (all: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(all).map(([k, v]) => [k, isSecretSetting(k) && v ? SECRET_MASK : v]));

function groups(): Record<SettingsGroup, string[]> {
  const out = Object.fromEntries(Object.keys(SETTINGS_GROUPS).map((g) => [g, [] as string[]])) as Record<SettingsGroup, string[]>;
  for (const [key, group] of Object.entries(SETTING_GROUP_OF)) out[group].push(key);
  return out;
}

/**
 * /admin/api/settings/get and /update. An update writes the changed keys and the audit row (with
 * each key's before and after) in one transaction; this process forgets its cached settings at
 * once and the others within the site module's 5-second cache.
 */
export function createSettingsDesk(ctx: AppContext, site: SiteService) {
  const { db } = ctx;
  return {
    async get(): Promise<SettingsReply> {
      return { settings: masked(await site.settings()), groups: groups() };
    },

    async update(admin: SessionAdmin, input: Record<string, unknown>, meta: ClientMeta) {
      const current = (await site.settings()) as Record<string, unknown>;
      const wanted: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(input)) {
        // the mask sent back means "leave the secret as it is"
        if (isSecretSetting(key) && value === SECRET_MASK) continue;
        wanted[key] = HTML_KEYS.has(key) && typeof value === 'string' ? sanitizeHtml(value) : value;
      }
      const next = { ...current, ...wanted };
      const problem = checkSettingGroups(next, Object.keys(wanted));
      if (problem) refuse(problem);
      const changed = Object.keys(wanted).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(wanted[k]));
      // the rules money operators are bound by: not for a role that only holds settings.update
      if (!admin.permissions.includes('*') && changed.some((k) => MONEY_CONTROL_SETTINGS.includes(k))) refuse(SETTINGS_MSG.controlsSuperOnly, CODE.forbidden);
      if (changed.length > 0) {
        await db.transaction().execute(async (trx) => {
          for (const key of changed) {
            const value = JSON.stringify(wanted[key]);
            await trx.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
          }
          const show = (k: string, v: unknown) => (isSecretSetting(k) ? SECRET_MASK : v);
          await audit(trx, {
            adminId: admin.adminId,
            action: 'settings.update',
            target: 'settings',
            detail: {
              keys: changed,
              before: Object.fromEntries(changed.map((k) => [k, show(k, current[k] ?? null)])),
              after: Object.fromEntries(changed.map((k) => [k, show(k, wanted[k])])),
            },
            ip: meta.ip,
          });
        });
        site.forget();
      }
      return { ...(await this.get()), changed };
    },
  };
}
export type SettingsDesk = ReturnType<typeof createSettingsDesk>;
