/**
 * Site settings known at build time. appInfo (POST /api/app) has no field for the
 * messaging-app (Telegram) links, so they come from the build environment:
 *   VITE_TG_BOT_URL    the bot behind the home shortcut
 *   VITE_TG_LOGIN_URL  the drawer's messaging-app login
 */
export const DEFAULT_SITE_TITLE = '鼎盛娱乐';

const env = import.meta.env as Record<string, string | undefined>;

export const MESSAGING = {
  botUrl: env.VITE_TG_BOT_URL || 'https://t.me/',
  loginUrl: env.VITE_TG_LOGIN_URL || env.VITE_TG_BOT_URL || 'https://t.me/',
};
