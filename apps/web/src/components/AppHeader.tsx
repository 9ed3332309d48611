import { Suspense, useState } from 'react';
import { useSession } from '../session/store';
import { AppLink } from '../lib/nav';
import { useBalanceActions } from '../session/useBalanceActions';
import { DEFAULT_SITE_TITLE } from '../config';
import { retryableLazy } from '../lib/retryableLazy';
import { ChunkBoundary } from './ChunkBoundary';
import { Logo } from './Logo';
import { Money } from './Money';
import { IconMenu, IconRecover, RefreshButton } from './icons';
import './AppHeader.css';

const SideDrawer = retryableLazy(() => import('./SideDrawer'), 'SideDrawer');

/**
 * The global top header (spec section 2): logo and site title; members see their
 * balance with a refresh icon and the one-tap recover-all button, guests 登录 / 注册.
 * Money sitting in game venues (自动免转 moves all of it there) shows under the central
 * balance, so the header never reads a bare ¥0.00 while the member's money is in a game.
 */
export function AppHeader({ withMenu = false }: { withMenu?: boolean }) {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const title = useSession((s) => s.appInfo?.title) || DEFAULT_SITE_TITLE;
  const { refreshing, recovering, refresh, recover } = useBalanceActions();
  const [drawer, setDrawer] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  return (
    <header className="hdr" data-testid="app-header">
      {withMenu && (
        <button
          type="button"
          className="hdr-menu"
          aria-label="菜单"
          data-testid="header-menu"
          onClick={() => {
            setDrawerLoaded(true);
            setDrawer(true);
          }}
        >
          <IconMenu size={24} />
        </button>
      )}
      <AppLink to="/" className="hdr-brand" aria-label={title}>
        <Logo size={30} />
        <span className="hdr-title" data-testid="header-title">
          {title}
        </span>
      </AppLink>
      <div className="hdr-right">
        {token ? (
          <>
            <div className="hdr-balance">
              <span className="hdr-figures">
                <span className="hdr-line">
                  <span className="hdr-cur">¥</span>
                  {user ? (
                    <Money className="hdr-amount" testId="header-balance" value={Number(user.balance) || 0} />
                  ) : (
                    <span className="sk hdr-amount-sk" />
                  )}
                </span>
                {user && Number(user.gameblance) > 0 ? (
                  <AppLink to="/transfer" className="hdr-game" aria-label="游戏钱包余额" data-testid="header-game-balance">
                    <span className="hdr-game-label">游戏 ¥</span>
                    <Money value={Number(user.gameblance)} />
                  </AppLink>
                ) : null}
              </span>
              <RefreshButton className="hdr-refresh" testId="header-refresh" onClick={refresh} refreshing={refreshing} />
            </div>
            <button
              type="button"
              className="btn-gold hdr-recover"
              data-testid="header-recover"
              onClick={recover}
              disabled={recovering}
            >
              <IconRecover size={14} strokeWidth={2.2} />
              <span className="hdr-recover-label">一键回收</span>
            </button>
          </>
        ) : (
          <>
            <AppLink to="/login" className="btn-ghost-gold hdr-btn" data-testid="header-login">
              登录
            </AppLink>
            <AppLink to="/login?type=1" className="btn-gold hdr-btn" data-testid="header-register">
              注册
            </AppLink>
          </>
        )}
      </div>
      {drawerLoaded && (
        <ChunkBoundary onFailed={() => setDrawerLoaded(false)}>
          <Suspense fallback={null}>
            <SideDrawer open={drawer} onClose={() => setDrawer(false)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </header>
  );
}
