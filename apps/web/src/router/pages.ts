import type { ComponentType, ReactNode } from 'react';
import { SITE_ROUTES } from '@casino/contract';
import { retryableLazy } from '../lib/retryableLazy';
import HomePage from '../pages/home/HomePage';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * The home: the first screen of nearly every visit, so part of the start-up bundle rather than
 * a chunk of its own (which would cost another round trip and another file's headers).
 */
const EAGER_PAGES: Record<string, ComponentType> = { '/': HomePage };

/** One code-split chunk per route (but the home). */
export const PAGE_LOADERS: Record<string, Loader> = {
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
 * The route's page (code-split, but the home); a chunk that failed to load is imported again after
 * `forgetFailedLoads()` (the route error boundary's retry).
 */
export function lazyPage(path: string): ComponentType {
  let page = pages.get(path) ?? EAGER_PAGES[path];
  if (!page) {
    const load = PAGE_LOADERS[path];
    if (!load) throw new Error(`no page for ${path}`);
    page = retryableLazy(load, path);
    pages.set(path, page);
  }
  return page;
}

/** Top-level routes that draw their own top instead of the title bar (the game page is full screen). */
export const BARE_PATHS = new Set(['/login', '/register', '/gamePage']);

const loadTopLayout = () => import('../layouts/TopLayout').then((m) => ({ default: m.TopLayout }));

/**
 * The title-bar layout of the top-level pages, code-split like them: the home does not show
 * it, and its antd-mobile NavBar (with the kit's locale) is a good part of it.
 */
export const TopLayout = retryableLazy<{ title: string; children: ReactNode }>(loadTopLayout, 'TopLayout');

const preloaded = new Set<string>();

/**
 * Starts fetching a page's chunk (once): a title-bar page renders only after its layout's
 * chunk arrives, and its own chunk should not wait for that.
 */
export function preloadPage(path: string): void {
  if (preloaded.has(path)) return;
  preloaded.add(path);
  void PAGE_LOADERS[path]?.().catch(() => preloaded.delete(path));
}

/** Whether the route is a top-level page under the title bar. */
const underTitleBar = (path: string) => !BARE_PATHS.has(path) && SITE_ROUTES.some((r) => r.path === path && r.layout === 'top');

/** The route the URL opens on. */
export const initialPath = () => (window.location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/(.)\/+$/, '$1');

/** Start fetching the chunk of the page the URL opens on, in parallel with start-up calls. */
export function preloadInitialPage(): void {
  const path = initialPath();
  preloadPage(path);
  if (underTitleBar(path)) void loadTopLayout().catch(() => undefined);
}

/**
 * The member's first tap anywhere fetches the title-bar layout, so that the first top-level
 * page opened from the home finds it ready (a guest who only looks downloads nothing more).
 */
export function warmTopLayoutOnFirstTap(): void {
  window.addEventListener('pointerdown', () => void loadTopLayout().catch(() => undefined), { once: true, capture: true, passive: true });
}
