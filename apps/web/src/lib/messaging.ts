import type { AppInfo } from '@casino/contract';

/**
 * A messaging-app link from settings (appInfo tg_login_url / tg_bot_url), or null when the
 * operator set none: the link is then hidden rather than pointing at a bare home page. Only
 * web and tg: addresses are followed, whatever an operator typed.
 */
export function messagingLink(info: AppInfo | null | undefined, key: 'tg_login_url' | 'tg_bot_url'): string | null {
  const raw = typeof info?.[key] === 'string' ? info[key].trim() : '';
  return /^(https:\/\/|http:\/\/|tg:\/\/)\S+$/i.test(raw) ? raw : null;
}
