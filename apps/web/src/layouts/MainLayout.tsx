import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { TabBar } from '../components/TabBar';
import { QuickPick } from '../components/QuickPick';
import { PageSkeleton } from '../components/PageSkeleton';

/** Paths of the main layout that hide the global header. */
const NO_HEADER = new Set(['/mine']);

/**
 * The main layout at /: global header (menu on home), the page, the pull-up quick pick of
 * hot games and the bottom tab bar.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  return (
    <div className="shell shell--tabbed">
      {!NO_HEADER.has(pathname) && <AppHeader withMenu={pathname === '/'} />}
      <main>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      {/* a framed page (customer service) keeps its own controls clear */}
      {pathname !== '/kefu' && <QuickPick />}
      <TabBar />
    </div>
  );
}
