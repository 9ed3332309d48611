import { z } from 'zod';

/**
 * Site settings (appInfo of spec section 3 and the deposit USDT rate), operator-editable through
 * /admin/api/settings/update. `webcontent` is HTML shown to members: the server sanitizes it with
 * the content allowlist when it is saved.
 */
const SITE_MSG = {
  title: '站点名称为1到50个字',
  flag: '开关只能是0或1',
  repairTips: '维护提示最多500字',
  webcontent: '欢迎内容最多20000字',
  url: '请输入以 http:// 或 https:// 开头的网址',
  link: '请输入网址（http(s)://...）或以 / 开头的站内路径，最多500字',
  httpsLink: '请留空或输入以 https:// 开头的网址',
  rate: '汇率必须是大于0且不超过10000的数字',
  optionalUrl: '请留空（使用本站页面）或输入以 http:// 或 https:// 开头的网址',
  entryUrl: '请留空（不另设访问地址）或输入以 http:// 或 https:// 开头的网址',
  realityDefault: '默认提醒间隔须为0到240分钟的整数（0表示默认关闭）',
} as const;

const flag = z.union([z.literal(0), z.literal(1)], { error: SITE_MSG.flag });
/** an absolute http(s) URL or a path on our own server */
const link = z.string({ error: SITE_MSG.link }).trim().max(500, SITE_MSG.link).regex(/^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/i, SITE_MSG.link);
/** '' = our own page (issue 13: customer-service and agent links) */
const optionalHttpLink = z.string({ error: SITE_MSG.optionalUrl }).trim().max(500, SITE_MSG.optionalUrl).regex(/^(https?:\/\/[^\s<>"']+)?$/i, SITE_MSG.optionalUrl);
/** '' hides the link */
const optionalHttps = z.string({ error: SITE_MSG.httpsLink }).trim().max(500, SITE_MSG.httpsLink).regex(/^(https:\/\/[^\s<>"']+)?$/i, SITE_MSG.httpsLink);

export const siteSettingsSchema = z.object({
  title: z.string({ error: SITE_MSG.title }).trim().min(1, SITE_MSG.title).max(50, SITE_MSG.title),
  /** 1 open, 0 closed for maintenance (members see repair_tips) */
  site_state: flag,
  repair_tips: z.string({ error: SITE_MSG.repairTips }).trim().max(500, SITE_MSG.repairTips),
  redpacket_switch: flag,
  index_modal: flag,
  webcontent: z.string({ error: SITE_MSG.webcontent }).max(20_000, SITE_MSG.webcontent),
  /** the entry address GET /api/getVisitUrl hands out; '' = none (issue 19) */
  h5_url: z.string({ error: SITE_MSG.entryUrl }).trim().max(500, SITE_MSG.entryUrl).regex(/^(https?:\/\/[^\s<>"']+)?$/i, SITE_MSG.entryUrl),
  ios_download_url: link,
  ios_download_qrcode: link,
  tg_login_url: optionalHttps,
  tg_bot_url: optionalHttps,
  /** RMB per USDT for deposits */
  usdtrate: z.number({ error: SITE_MSG.rate }).positive(SITE_MSG.rate).max(10_000, SITE_MSG.rate),
  // issue 13: content (links screen): '' = our own /support/ and /support/agent pages
  service_url: optionalHttpLink,
  agent_login_url: optionalHttpLink,
  /** issue 25: 1 = operators whose role holds money permissions must sign in with a second factor */
  operator_2fa_required: flag,
  /** issue 22: the reality check's interval (minutes) for members who have not chosen one; 0 = off */
  responsible_reality_default_minutes: z.number({ error: SITE_MSG.realityDefault }).int(SITE_MSG.realityDefault).min(0, SITE_MSG.realityDefault).max(240, SITE_MSG.realityDefault),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;
