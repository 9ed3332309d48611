import type { ComponentType } from 'react';
import { retryableLazy } from '../lib/retryableLazy';

type Loader = () => Promise<{ default: ComponentType }>;

/** One code-split chunk per route. */
export const PAGE_LOADERS: Record<string, Loader> = {
  '/': () => import('../pages/home/HomePage'),
  '/hongbao': () => import('../pages/hongbao/HongbaoPage'),
  '/zhanzhu': () => import('../pages/zhanzhu/ZhanzhuPage'),
  '/mine': () => import('../pages/mine/MinePage'),
  '/app': () => import('../pages/app/AppDownloadPage'),
  '/kefu': () => import('../pages/kefu/KefuPage'),
  '/activity': () => import('../pages/activity/ActivityPage'),
  '/login': () => import('../pages/login/LoginPage'),
  '/register': () => import('../pages/register/RegisterPage'),
  '/gamePage': () => import('../pages/gamePage/GamePage'),
  '/activityInfo': () => import('../pages/activityInfo/ActivityInfoPage'),
  '/zhanzhuye': () => import('../pages/zhanzhuye/ZhanzhuyePage'),
  '/vip': () => import('../pages/vip/VipPage'),
  '/vipPrivilege': () => import('../pages/vipPrivilege/VipPrivilegePage'),
  '/applyagent': () => import('../pages/applyagent/ApplyAgentPage'),
  '/boutBallBet': () => import('../pages/boutBallBet/HelpCenterPage'),
  '/boutBallBetInfo': () => import('../pages/boutBallBetInfo/HelpArticlePage'),
  '/usdtmore': () => import('../pages/usdtmore/UsdtMorePage'),
  '/payInfo': () => import('../pages/payInfo/PayInfoPage'),
  '/concise': () => import('../pages/concise/ConcisePage'),
  '/search': () => import('../pages/search/SearchPage'),
  '/abouts': () => import('../pages/abouts/AboutsPage'),
  '/message': () => import('../pages/message/MessagePage'),
  '/fanshui': () => import('../pages/fanshui/FanshuiPage'),
  '/userInfo': () => import('../pages/userInfo/UserInfoPage'),
  '/userCent': () => import('../pages/userCent/UserCentPage'),
  '/wallet': () => import('../pages/wallet/WalletPage'),
  '/addBankCard': () => import('../pages/addBankCard/AddBankCardPage'),
  '/addUsdtCard': () => import('../pages/addUsdtCard/AddUsdtCardPage'),
  '/password': () => import('../pages/password/PasswordPage'),
  '/welfare': () => import('../pages/welfare/WelfarePage'),
  '/betRecord': () => import('../pages/betRecord/BetRecordPage'),
  '/activityRecord': () => import('../pages/activityRecord/ActivityRecordPage'),
  '/transRecord': () => import('../pages/transRecord/TransRecordPage'),
  '/money': () => import('../pages/money/MoneyPage'),
  '/recharge': () => import('../pages/recharge/RechargePage'),
  '/withdrawal': () => import('../pages/withdrawal/WithdrawalPage'),
  '/transfer': () => import('../pages/transfer/TransferPage'),
  '/agent': () => import('../pages/agent/AgentPage'),
  '/responsible': () => import('../pages/responsible/ResponsiblePage'), // issue 22
};

const pages = new Map<string, ComponentType>();

/**
 * The route's page, code-split; a chunk that failed to load is imported again after
 * `forgetFailedLoads()` (the route error boundary's retry).
 */
export function lazyPage(path: string): ComponentType {
  let page = pages.get(path);
  if (!page) {
    const load = PAGE_LOADERS[path];
    if (!load) throw new Error(`no page for ${path}`);
    page = retryableLazy(load, path);
    pages.set(path, page);
  }
  return page;
}

/** Start fetching the chunk of the page the URL opens on, in parallel with start-up calls. */
export function preloadInitialPage(): void {
  const path = (window.location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/(.)\/+$/, '$1');
  void PAGE_LOADERS[path]?.().catch(() => undefined);
}
