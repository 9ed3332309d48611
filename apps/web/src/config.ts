/**
 * Site settings known at build time. Everything an operator may change (title, messaging-app
 * links, download links) comes from appInfo (POST /api/app) instead.
 */
export const DEFAULT_SITE_TITLE = '鼎盛娱乐';
