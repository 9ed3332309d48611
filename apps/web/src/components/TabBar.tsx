import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session/store';
import { AppLink } from '../lib/nav';
import { IconDeposit, IconGift, IconHome, IconService, IconUser, IconUserPlus, IconWithdraw } from './icons';
import './TabBar.css';

// signed-in members only: a guest's first screen never loads the badge or its poll
const ChatUnreadBadge = lazy(() => import('./ChatUnreadBadge'));

interface Tab {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
}

const HOME: Tab = { key: 'home', label: '首页', to: '/', icon: <IconHome /> };
const MINE: Tab = { key: 'mine', label: '会员中心', to: '/mine', icon: <IconUser /> };
const KEFU: Tab = { key: 'kefu', label: '在线客服', to: '/kefu', icon: <IconService /> };

const MEMBER_TABS: Tab[] = [
  HOME,
  { key: 'recharge', label: '存款', to: '/recharge', icon: <IconDeposit /> },
  { key: 'withdrawal', label: '取款', to: '/withdrawal', icon: <IconWithdraw /> },
  KEFU,
  MINE,
];

const GUEST_TABS: Tab[] = [
  HOME,
  KEFU,
  { key: 'activity', label: '优惠活动', to: '/activity', icon: <IconGift /> },
  { key: 'register', label: '免费注册', to: '/login?type=1', icon: <IconUserPlus /> },
  MINE,
];

/** The bottom tab bar of the main layout (spec section 2). */
export function TabBar() {
  const token = useSession((s) => s.token);
  const { pathname } = useLocation();
  const tabs = token ? MEMBER_TABS : GUEST_TABS;
  return (
    <nav className="tabbar" data-testid="tab-bar" aria-label="主导航">
      {tabs.map((t) => {
        const active = t.to === pathname;
        return (
          <AppLink
            key={t.key}
            to={t.to}
            className={active ? 'tab tab--active' : 'tab'}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${t.key}`}
          >
            <span className="tab-icon">{t.icon}</span>
            <span className="tab-label">{t.label}</span>
            {token && t.key === 'kefu' ? (
              <Suspense fallback={null}>
                <ChatUnreadBadge variant="corner" testId="tab-kefu-unread" />
              </Suspense>
            ) : null}
          </AppLink>
        );
      })}
    </nav>
  );
}
