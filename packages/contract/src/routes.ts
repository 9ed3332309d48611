/**
 * The member site's route table (spec section 2), shared so that tests and the server
 * agree with the site on paths, titles and which routes need a logged-in member.
 *
 * - `layout: 'main'`: a child of the main layout at / (global header and bottom tab bar).
 * - `layout: 'top'`: a top-level page with its own title bar and no tab bar.
 * - `auth: true`: visited without a token it goes to /login?redirect=<full path>.
 * Routing is hash-based: /#/login, /#/mine, ...
 */
export interface SiteRoute {
  path: string;
  /** Chinese page title, shown in the page's title bar */
  title: string;
  auth: boolean;
  layout: 'main' | 'top';
}

export const SITE_ROUTES = [
  // main layout children
  { path: '/', title: '首页', auth: false, layout: 'main' },
  { path: '/hongbao', title: '抢红包', auth: false, layout: 'main' },
  { path: '/zhanzhu', title: '赞助合作', auth: false, layout: 'main' },
  { path: '/mine', title: '会员中心', auth: true, layout: 'main' },
  { path: '/app', title: 'APP下载', auth: true, layout: 'main' },
  { path: '/kefu', title: '在线客服', auth: false, layout: 'main' },
  // top level, open to all
  { path: '/activity', title: '优惠活动', auth: false, layout: 'top' },
  { path: '/login', title: '登录', auth: false, layout: 'top' },
  { path: '/register', title: '注册', auth: false, layout: 'top' },
  { path: '/gamePage', title: '游戏', auth: false, layout: 'top' },
  { path: '/activityInfo', title: '活动详情', auth: false, layout: 'top' },
  { path: '/zhanzhuye', title: '赞助详情', auth: false, layout: 'top' },
  { path: '/vip', title: 'VIP特权', auth: false, layout: 'top' },
  { path: '/vipPrivilege', title: 'VIP特权', auth: false, layout: 'top' },
  { path: '/applyagent', title: '代理加盟', auth: false, layout: 'top' },
  { path: '/boutBallBet', title: '帮助中心', auth: false, layout: 'top' },
  { path: '/boutBallBetInfo', title: '帮助中心', auth: false, layout: 'top' },
  { path: '/usdtmore', title: 'USDT说明', auth: false, layout: 'top' },
  { path: '/payInfo', title: '支付信息', auth: false, layout: 'top' },
  { path: '/concise', title: '电子游戏', auth: false, layout: 'top' },
  { path: '/search', title: '搜索', auth: false, layout: 'top' },
  { path: '/abouts', title: '关于我们', auth: false, layout: 'top' },
  // top level, login required
  { path: '/message', title: '消息中心', auth: true, layout: 'top' },
  { path: '/fanshui', title: '返水中心', auth: true, layout: 'top' },
  { path: '/userInfo', title: '个人资料', auth: true, layout: 'top' },
  { path: '/userCent', title: '安全中心', auth: true, layout: 'top' },
  { path: '/wallet', title: '卡片管理', auth: true, layout: 'top' },
  { path: '/addBankCard', title: '添加银行卡', auth: true, layout: 'top' },
  { path: '/addUsdtCard', title: '添加USDT地址', auth: true, layout: 'top' },
  { path: '/password', title: '修改密码', auth: true, layout: 'top' },
  { path: '/welfare', title: '福利中心', auth: true, layout: 'top' },
  { path: '/betRecord', title: '投注记录', auth: true, layout: 'top' },
  { path: '/activityRecord', title: '活动记录', auth: true, layout: 'top' },
  { path: '/transRecord', title: '交易记录', auth: true, layout: 'top' },
  { path: '/money', title: '我的钱包', auth: true, layout: 'top' },
  { path: '/recharge', title: '存款', auth: true, layout: 'top' },
  { path: '/withdrawal', title: '取款', auth: true, layout: 'top' },
  { path: '/transfer', title: '转账', auth: true, layout: 'top' },
  // issue 20: the agent portal (members with an agent record; others are shown the programme)
  { path: '/agent', title: '代理中心', auth: true, layout: 'top' },
  // issue 22: responsible play (limits, reality check, time-out, self-exclusion)
  { path: '/responsible', title: '自我管理', auth: true, layout: 'top' },
] as const satisfies readonly SiteRoute[];

export type SitePath = (typeof SITE_ROUTES)[number]['path'];

/** The route entry for a path (without query), or undefined for unknown paths. */
export function findSiteRoute(path: string): SiteRoute | undefined {
  return (SITE_ROUTES as readonly SiteRoute[]).find((r) => r.path === path);
}
