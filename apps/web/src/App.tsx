import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from './session/store';
import { loadAppInfo } from './session/actions';
import { SiteRouter } from './router/router';
import { DEFAULT_SITE_TITLE } from './config';
import { RoutePage } from './components/RouteErrorBoundary';
import { followVisitUrl } from './lib/visitUrl';
import { preRenderedShell } from './lib/shell';

const Maintenance = lazy(() => import('./pages/maintenance/Maintenance'));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

export function BootSplash() {
  return (
    <div className="boot" aria-busy="true" aria-label="加载中">
      <svg width="56" height="56" viewBox="0 0 64 64" aria-hidden="true">
        <path d="M14 24l9 8 9-14 9 14 9-8-4 24H18z" fill="#e6c074" />
        <rect x="18" y="50" width="28" height="4" rx="2" fill="#e6c074" />
      </svg>
      <i />
    </div>
  );
}

/**
 * POST /api/app at start: site_state 0 shows only the maintenance screen. A cached
 * appInfo that says the site is open, or index.html's pre-rendered home frame on screen, lets
 * the app render at once while it refreshes.
 */
export function App() {
  const appInfo = useSession((s) => s.appInfo);
  // the pre-rendered frame of the home is up (WEB_SHELL builds): render the site at once, as
  // with a cached appInfo, so the frame is replaced by the same screen and not by the splash
  const [ready, setReady] = useState(() => Number(appInfo?.site_state) === 1 || preRenderedShell());

  useEffect(() => {
    // the site's first screen is a large render: time-sliced (see main.tsx)
    void loadAppInfo().finally(() => startTransition(() => setReady(true)));
    // an operator's other entry address (h5_url): the member is sent there (spec section 7)
    void followVisitUrl();
  }, []);

  useEffect(() => {
    document.title = appInfo?.title || DEFAULT_SITE_TITLE;
  }, [appInfo?.title]);

  if (!ready) return <BootSplash />;
  if (appInfo && Number(appInfo.site_state) === 0) {
    return (
      <Suspense fallback={<BootSplash />}>
        <Maintenance />
      </Suspense>
    );
  }
  return (
    <QueryClientProvider client={queryClient}>
      {/* last resort: what escapes the layouts' own boundaries still gets 重新加载, not a blank page */}
      <RoutePage>
        <SiteRouter />
      </RoutePage>
    </QueryClientProvider>
  );
}
