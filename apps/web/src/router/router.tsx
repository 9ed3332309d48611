import { createElement } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
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

export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <MainLayout />, children: mainChildren },
      ...topRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

// flushSync: the new page is committed before the caller continues (e.g. clears the
// session), instead of inside a transition that keeps the old page mounted meanwhile
setNavigator((to, opts) => router.navigate(to, { ...opts, flushSync: true }));
