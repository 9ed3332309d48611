import { createBrowserRouter, Navigate } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { queryClient } from './api/query-client';
import { meQuery } from './hooks/api/auth';
import { AdminLayout } from './routes/layout/AdminLayout';
import { lazyPage } from './lib/lazy-page';
import { preloadScreen, screenPage } from './routes/screen-pages';
import { SCREENS } from './routes/screens';
import { readToken } from './session/token';

/**
 * The sign-in and first sign-in pages, each its own chunk (issue 37 point 5): a signed-in load
 * draws neither, yet their forms, the contract's operator schemas and zod were in its first
 * download and evaluated before any screen. Signed out, the route preload script asks for the
 * sign-in page's files beside the first download (src/build/route-preload.ts).
 */
const LoginPage = lazyPage(() => import('./routes/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const SetupPage = lazyPage(() => import('./routes/account/SetupPage'));

/**
 * Served under /admin/ (the server answers index.html for every /admin/ path). The frame is in
 * the first download; each screen, and the sign-in pages, is its own chunk.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    // issue 25: first sign-in: their own password, then (money roles) the authenticator
    { path: '/setup', element: <SetupPage /> },
    {
      path: '/',
      element: <AdminLayout />,
      children: [
        ...SCREENS.filter((s) => s.ready).map((s) => {
          const Screen = screenPage(s);
          return { path: s.path === '/' ? undefined : s.path.slice(1), index: s.path === '/' ? true : undefined, element: <Screen /> };
        }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

// a signed-in operator's screen downloads while the server is asked who they are, and that
// question goes before React's first draw rather than after it (issue 25: every screen < 1 s)
if (readToken()) {
  void queryClient.prefetchQuery(meQuery());
  preloadScreen(window.location.pathname.replace(/^\/admin(?=\/|$)/, '') || '/');
}

setUnauthorizedHandler(() => {
  if (!window.location.pathname.startsWith('/admin/login')) {
    const from = window.location.pathname.replace(/^\/admin/, '') + window.location.search;
    void router.navigate(`/login?from=${encodeURIComponent(from)}`, { replace: true });
  }
});
