import { Outlet, useLocation } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { TabBar } from '../components/TabBar';
import { QuickPick } from '../components/QuickPick';
import { BottomDock } from '../components/BottomDock';
import { RedPacketDock } from '../components/RedPacketDock';
import { RoutePage } from '../components/RouteErrorBoundary';

/** Paths of the main layout that hide the global header. */
const NO_HEADER = new Set(['/mine']);

/**
 * The main layout at /: global header (menu on home), the page, the pull-up quick pick of
 * hot games and the bottom tab bar.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  // a framed page (customer service) keeps its own controls clear: no dock there
  const docked = pathname !== '/kefu';
  return (
    <div className={docked ? 'shell shell--tabbed shell--docked' : 'shell shell--tabbed'}>
      {!NO_HEADER.has(pathname) && <AppHeader withMenu={pathname === '/'} />}
      <main>
        <RoutePage resetKey={pathname}>
          <Outlet />
        </RoutePage>
      </main>
      {docked && (
        <BottomDock>
          <QuickPick />
          {pathname === '/' && <RedPacketDock />}
        </BottomDock>
      )}
      <TabBar />
    </div>
  );
}
