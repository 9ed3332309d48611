import type { AppInfo } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { SETTING_DEFAULTS, type SettingKey, type Settings } from './defaults.ts';
import * as repo from './repo.ts';

/** Settings change rarely and are read on hot paths: each process keeps them for a few seconds. */
const CACHE_MS = 5000;

export function createSiteService(ctx: AppContext) {
  let cached: { at: number; value: Settings } | null = null;
  const clock = ctx.config.cacheNow ?? Date.now;

  async function settings(): Promise<Settings> {
    if (cached && clock() - cached.at < CACHE_MS) return cached.value;
    const stored = await repo.readAll(ctx.db);
    const value = { ...SETTING_DEFAULTS, ...stored } as Settings;
    cached = { at: clock(), value };
    return value;
  }

  return {
    settings,
    async seed() {
      await repo.insertMissing(ctx.db, SETTING_DEFAULTS);
    },
    async set<K extends SettingKey>(key: K, value: Settings[K]) {
      await repo.write(ctx.db, key, value);
      cached = null;
    },
    /** Forget this process's copy (after settings written in another module's transaction; other processes follow within CACHE_MS). */
    forget() {
      cached = null;
    },
    async appInfo(): Promise<AppInfo> {
      const s = await settings();
      return {
        title: s.title,
        site_state: s.site_state,
        repair_tips: s.repair_tips,
        redpacket_switch: s.redpacket_switch,
        index_modal: s.index_modal,
        webcontent: s.webcontent,
        h5_url: s.h5_url,
        ios_download_url: s.ios_download_url,
        ios_download_qrcode: s.ios_download_qrcode,
        tg_login_url: s.tg_login_url,
        tg_bot_url: s.tg_bot_url,
      };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
