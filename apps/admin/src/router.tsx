import { createBrowserRouter, Navigate } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { lazyPage } from './lib/lazy-page';
import { AdminLayout } from './routes/layout/AdminLayout';
import { LoginPage } from './routes/login/LoginPage';
import { SCREENS } from './routes/screens';

/**
 * Served under /admin/ (the server answers index.html for every /admin/ path). The login screen
 * and the frame are in the first download; each screen is its own chunk.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <AdminLayout />,
      children: [
        ...SCREENS.filter((s) => s.ready).map((s) => {
          const Screen = lazyPage(s.load);
          return { path: s.path === '/' ? undefined : s.path.slice(1), index: s.path === '/' ? true : undefined, element: <Screen /> };
        }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

setUnauthorizedHandler(() => {
  if (!window.location.pathname.startsWith('/admin/login')) {
    const from = window.location.pathname.replace(/^\/admin/, '') + window.location.search;
    void router.navigate(`/login?from=${encodeURIComponent(from)}`, { replace: true });
  }
});
