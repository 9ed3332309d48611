import { createElement, useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { SITE_ROUTES } from '@casino/contract';
import { RootLayout } from '../layouts/RootLayout';
import { MainLayout } from '../layouts/MainLayout';
import { BareLayout } from '../layouts/BareLayout';
import { setNavigator } from '../lib/navigation';
import { BARE_PATHS, lazyPage, preloadPage, TopLayout } from './pages';
import { RequireAuth } from './RequireAuth';
import { RoutePage } from '../components/RouteErrorBoundary';

function pageElement(path: string, auth: boolean) {
  const page = createElement(lazyPage(path));
  return auth ? <RequireAuth>{page}</RequireAuth> : page;
}

const mainChildren: RouteObject[] = SITE_ROUTES.filter((r) => r.layout === 'main').map((r) =>
  r.path === '/' ? { index: true, element: pageElement(r.path, r.auth) } : { path: r.path.slice(1), element: pageElement(r.path, r.auth) },
);

/**
 * A title-bar page: its chunk starts loading together with the layout's, not after it. Should
 * the layout's chunk fail, the error state with 重新加载 shows here, and going elsewhere clears it.
 */
function TitleBarPage({ path, title }: { path: string; title: string }) {
  preloadPage(path);
  return (
    <RoutePage resetKey={path} skeleton={false}>
      <TopLayout title={title}>{createElement(lazyPage(path))}</TopLayout>
    </RoutePage>
  );
}

const topRoutes: RouteObject[] = SITE_ROUTES.filter((r) => r.layout === 'top').map((r) => {
  const framed = BARE_PATHS.has(r.path) ? <BareLayout>{createElement(lazyPage(r.path))}</BareLayout> : <TitleBarPage path={r.path} title={r.title} />;
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
