import { createElement, useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { SITE_ROUTES } from '@casino/contract';
import { RootLayout } from '../layouts/RootLayout';
import { MainLayout } from '../layouts/MainLayout';
import { BareLayout, TopLayout } from '../layouts/TopLayout';
import { setNavigator } from '../lib/navigation';
import { lazyPage } from './pages';
import { RequireAuth } from './RequireAuth';

/** Routes that draw their own top instead of the title bar (the game page is full screen). */
const BARE = new Set(['/login', '/register', '/gamePage']);

function pageElement(path: string, auth: boolean) {
  const page = createElement(lazyPage(path));
  return auth ? <RequireAuth>{page}</RequireAuth> : page;
}

const mainChildren: RouteObject[] = SITE_ROUTES.filter((r) => r.layout === 'main').map((r) =>
  r.path === '/' ? { index: true, element: pageElement(r.path, r.auth) } : { path: r.path.slice(1), element: pageElement(r.path, r.auth) },
);

const topRoutes: RouteObject[] = SITE_ROUTES.filter((r) => r.layout === 'top').map((r) => {
  const page = createElement(lazyPage(r.path));
  const framed = BARE.has(r.path) ? <BareLayout>{page}</BareLayout> : <TopLayout title={r.title}>{page}</TopLayout>;
  return { path: r.path, element: r.auth ? <RequireAuth>{framed}</RequireAuth> : framed };
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <MainLayout />, children: mainChildren },
      ...topRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Longest a navigateTo caller waits for the new page (a navigation that never commits). */
const NAVIGATE_WAIT_MS = 3000;

function SiteRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const waiting = useRef<(() => void)[]>([]);

  // the page of the new location is committed: navigateTo's callers may go on (e.g. clear
  // the session, which the old page's login guard would otherwise answer with a redirect)
  useLayoutEffect(() => {
    for (const resolve of waiting.current.splice(0)) resolve();
  }, [location]);

  useEffect(() => {
    setNavigator(
      (to, opts) =>
        new Promise<void>((resolve) => {
          waiting.current.push(resolve);
          void navigate(to, opts);
          setTimeout(resolve, NAVIGATE_WAIT_MS);
        }),
    );
    return () => setNavigator(null);
  }, [navigate]);

  return useRoutes(routes);
}

/**
 * The site's hash routes. Declarative mode (HashRouter + useRoutes) rather than a data router:
 * the site uses no loaders or actions, and it keeps the data router's code out of the first load.
 */
export function SiteRouter() {
  return (
    <HashRouter>
      <SiteRoutes />
    </HashRouter>
  );
}
