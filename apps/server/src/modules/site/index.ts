export { createSiteService, type SiteService } from './service.ts';
export { siteRoutes } from './routes.ts';
export type { Settings, SettingKey } from './defaults.ts';
